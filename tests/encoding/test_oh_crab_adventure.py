"""Oh Crab!'s encoding with the Adventure Pack: every module mix numbered, nothing leaked."""

from __future__ import annotations

import random
import typing
from typing import Any

import attrs
import pytest

np = pytest.importorskip("numpy")

from crabrules import oh_crab  # noqa: E402
from crabrules.encoding import encoding  # noqa: E402
from crabrules.encoding.oh_crab import FIELDS, OhCrabEncoding  # noqa: E402
from crabrules.encoding.oh_crab_adventure import ADVENTURE_FIELDS  # noqa: E402
from crabrules.oh_crab.adventure._content import AdventureContent, Rule, RuleChange  # noqa: E402
from crabrules.oh_crab.adventure._model import Adventure, Overlay  # noqa: E402
from crabrules.oh_crab.adventure._triggers import adventure_of  # noqa: E402

ALL = ("surprises", "events", "challenges", "asymmetry")
#: One mix per module (with a variant where the module has them), and all four together.
MIXES: list[tuple[tuple[str, ...], tuple[str, ...]]] = [
    (("surprises",), ("alls-well-that-ends-well",)),
    (("events",), ("crystal-ball",)),
    (("challenges",), ()),
    (("asymmetry",), ()),
    (ALL, ("only-the-good", "the-lucky-ones")),
]
CONFIGS = [
    pytest.param(players, modules, variants, id=f"{players}p-{'+'.join(modules)}")
    for modules, variants in MIXES
    for players in (2, 4)
]


def _encoding(players: int, modules: tuple[str, ...], variants: tuple[str, ...] = ()) -> Any:
    config = oh_crab.Config(players=players, modules=set(modules), variants=set(variants))
    enc = encoding("oh-crab", config)
    assert isinstance(enc, OhCrabEncoding)
    return enc


def _game(config: oh_crab.Config, seed: int) -> list[oh_crab.State]:
    """The states of a whole random game."""
    state = oh_crab.initial_state(config, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not oh_crab.is_terminal(state):
        state = oh_crab.apply(state, rng.choice(oh_crab.legal_actions(state)))
        states.append(state)
    return states


def _adventure(state: oh_crab.State) -> Adventure:
    adventure = adventure_of(state)
    assert adventure is not None
    return adventure


def _with_surprises(state: oh_crab.State, **changes: Any) -> oh_crab.State:
    """``state`` with its Surprises part changed."""
    adventure = _adventure(state)
    assert adventure.surprises is not None
    surprises = attrs.evolve(adventure.surprises, **changes)
    return attrs.evolve(state, adventure=attrs.evolve(adventure, surprises=surprises))


def _section(enc: Any, tensor: Any, name: str) -> Any:
    section = next(s for s in enc.sections if s.name == name)
    start = enc.layout.offsets[name]
    return tensor[start : start + section.size].reshape(section.shape)


def test_every_adventure_action_class_is_numbered_by_all_its_fields() -> None:
    assert set(ADVENTURE_FIELDS) == set(oh_crab.ADVENTURE_ACTIONS)
    assert set(FIELDS) | set(ADVENTURE_FIELDS) == set(typing.get_args(oh_crab.Action))
    for cls, fields in ADVENTURE_FIELDS.items():
        assert fields == tuple(f.name for f in attrs.fields(cls) if f.name != "player")


@pytest.mark.parametrize(("players", "modules", "variants"), CONFIGS)
def test_whole_random_games_round_trip_and_masks_are_legal_actions(
    players: int, modules: tuple[str, ...], variants: tuple[str, ...]
) -> None:
    enc = _encoding(players, modules, variants)
    played: set[str] = set()
    for state in _game(enc.config, seed=players):
        for player in oh_crab.active_players(state):
            legal = oh_crab.legal_actions(state, player)
            numbers = [enc.action_to_int(a) for a in legal]
            assert [enc.int_to_action(state, player, n) for n in numbers] == list(legal)
            mask = enc.legal_action_mask(state, player)
            assert np.flatnonzero(mask).tolist() == sorted(numbers)
            played.update(type(a).__name__ for a in legal)
    offered = {
        "surprises": {"UseTreasure"},
        "events": {"Reveal"},
        "challenges": {"Reveal", "Choose"},
        "asymmetry": {"ChooseSkills", "Skill"},
    }
    for module in modules:
        assert offered[module] <= played


@pytest.mark.parametrize("players", [2, 4])
def test_every_number_of_the_table_decodes_to_itself(players: int) -> None:
    enc = _encoding(players, ALL)
    state = oh_crab.initial_state(enc.config, seed=1)
    for number in range(enc.num_distinct_actions):
        assert enc.action_to_int(enc.int_to_action(state, 1, number)) == number
    assert sum(count for _, count in enc.kinds.values()) == enc.num_distinct_actions
    kinds = list(enc.kinds)
    assert kinds[kinds.index("Shortcut") + 1 :] == [
        "TakeMarket",
        "UseTreasure",
        "Reveal",
        "Choose",
        "ChooseSkills",
        "Skill",
        "Decline",
        "MakeObstacle",
    ]


@pytest.mark.parametrize(("players", "modules", "variants"), CONFIGS)
def test_equal_observations_give_equal_tensors(
    players: int, modules: tuple[str, ...], variants: tuple[str, ...]
) -> None:
    enc = _encoding(players, modules, variants)
    for state in _game(enc.config, seed=10 + players)[::9]:
        for viewer in [None, *range(players)]:
            view = oh_crab.observe(state, viewer)
            tensor = enc.observation_tensor(view)
            assert tensor.shape == enc.observation_shape
            for seed in (3, 99):
                twin = oh_crab.determinize(state, viewer, seed)
                assert oh_crab.observe(twin, viewer) == view
                assert np.array_equal(
                    tensor, enc.observation_tensor(oh_crab.observe(twin, viewer))
                )
                # The environments' shortcut past the observation shows no more.
                assert np.array_equal(tensor, enc.state_tensor(twin, viewer))
            assert np.array_equal(tensor, enc.state_tensor(state, viewer))


def test_the_base_games_numbers_and_sections_come_first_unchanged() -> None:
    base = _encoding(4, ())
    mixed = _encoding(4, ("surprises", "events", "challenges"))
    assert base.adventure is None
    assert mixed.sections[: len(base.sections)] == base.sections
    assert {k: v for k, v in mixed.kinds.items() if k in base.kinds} == base.kinds
    state = oh_crab.initial_state(base.config, seed=1)
    mixed_state = oh_crab.initial_state(mixed.config, seed=1)
    for number in range(base.num_distinct_actions):
        assert mixed.int_to_action(mixed_state, 0, number) == base.int_to_action(state, 0, number)


def test_a_face_down_surprise_token_leaves_no_trace() -> None:
    enc = _encoding(3, ("surprises",))
    state = oh_crab.initial_state(enc.config, seed=5)
    surprises = _adventure(state).surprises
    assert surprises is not None
    board = list(surprises.board)
    down = [c for c, t in enumerate(board) if t >= 0]
    board[down[0]], board[down[1]] = board[down[1]], board[down[0]]
    swapped = _with_surprises(state, board=tuple(board))
    assert swapped.adventure != state.adventure
    for viewer in (None, 0, 1, 2):
        tensor = enc.observation_tensor(oh_crab.observe(state, viewer))
        assert np.array_equal(tensor, enc.observation_tensor(oh_crab.observe(swapped, viewer)))
        assert _section(enc, tensor, "surprise_board")[down].tolist() == [1.0] * len(down)


def test_a_kept_treasure_is_seen_by_its_finder_only() -> None:
    enc = _encoding(3, ("surprises",))
    state = oh_crab.initial_state(enc.config, seed=5)
    pack = oh_crab.get_content("reference").adventure
    assert isinstance(pack, AdventureContent)
    keepable = [t for t, token in enumerate(pack.surprises) if not token.immediate]
    first, second = (_with_surprises(state, kept=((), (t,), ())) for t in keepable[:2])
    for viewer in (None, 0, 2):
        tensor = enc.observation_tensor(oh_crab.observe(first, viewer))
        assert np.array_equal(tensor, enc.observation_tensor(oh_crab.observe(second, viewer)))
        assert _section(enc, tensor, "kept_counts").tolist() == [0.0, 1.0, 0.0]
    mine = enc.observation_tensor(oh_crab.observe(first, 1))
    assert np.flatnonzero(_section(enc, mine, "my_kept")).tolist() == [keepable[0]]


def test_a_hidden_skill_choice_is_seen_by_its_chooser_only() -> None:
    enc = _encoding(3, ("asymmetry",))
    state = oh_crab.initial_state(enc.config, seed=35)
    first, second = (oh_crab.apply(state, a) for a in oh_crab.legal_actions(state, 1))
    for viewer in (None, 0, 2):
        tensor = enc.observation_tensor(oh_crab.observe(first, viewer))
        assert np.array_equal(tensor, enc.observation_tensor(oh_crab.observe(second, viewer)))
        assert _section(enc, tensor, "skills")[1, -1] == 1.0  # chosen, not shown yet
        assert _section(enc, tensor, "skills_to_choose").tolist() == [2.0, 0.0, 2.0]
    chooser = [enc.observation_tensor(oh_crab.observe(s, 1)) for s in (first, second)]
    assert not np.array_equal(*chooser)


def test_a_move_onto_a_space_made_an_obstacle_discards_with_its_own_number() -> None:
    enc = _encoding(3, ("asymmetry",))
    state = oh_crab.initial_state(enc.config, seed=35)
    for text in ("red: skills diver", "orange: skills armoured", "blue: skills tumbler"):
        state = oh_crab.apply(state, oh_crab.parse_action(state, text))
    made = Overlay(lasting=(RuleChange(Rule.OBSTACLE_AT, cell=5),))  # a1, a standard space
    state = attrs.evolve(
        state, crabs=(0, 11, 2), adventure=attrs.evolve(_adventure(state), overlay=made)
    )
    for player, card in ((0, 0), (1, 4), (2, 8)):
        state = oh_crab.apply(state, oh_crab.Plan(player, card))
    state = oh_crab.apply(state, oh_crab.AddCard(0, oh_crab.Side.LEFT))
    state = oh_crab.apply(state, oh_crab.Use(0, 0))  # red-1: Move forward
    legal = oh_crab.legal_actions(state)
    assert legal == tuple(oh_crab.Move(0, 5, discard=c) for c in (1, 2, 3))
    numbers = [enc.action_to_int(a) for a in legal]
    first, count = enc.kinds["Move"]
    assert len(set(numbers)) == 3
    assert all(first <= n < first + count for n in numbers)
    assert _section(enc, enc.observation_tensor(oh_crab.observe(state, 1)), "obstacles_made")[5]
    with pytest.raises(ValueError, match="no action number"):
        _encoding(3, ("surprises",)).action_to_int(legal[0])  # no Builder: no such Move


def test_a_decision_out_of_turn_is_the_top_frame() -> None:
    # The docs' example: orange, pushed onto a Sunburn token in red's turn, discards.
    enc = _encoding(3, ("surprises",))
    state = oh_crab.initial_state(enc.config, seed=24)
    state = attrs.evolve(state, crabs=(0, 5, 2))
    for player, card in ((0, 0), (1, 4), (2, 8)):
        state = oh_crab.apply(state, oh_crab.Plan(player, card))
    state = oh_crab.apply(state, oh_crab.AddCard(0, oh_crab.Side.LEFT))
    state = oh_crab.apply(state, oh_crab.Use(0, 0))
    state = oh_crab.apply(state, oh_crab.Move(0, 5, pushes=(10,)))
    assert oh_crab.active_players(state) == {1}
    tensor = enc.observation_tensor(oh_crab.observe(state, 0))
    assert _section(enc, tensor, "frames").tolist() == [1.0]
    assert np.flatnonzero(_section(enc, tensor, "frame_player")[0]).tolist() == [1]
    assert np.flatnonzero(_section(enc, tensor, "frame_kind")[0]).tolist() == [0]  # surprise
    steps = _section(enc, tensor, "frame_queue")[0]
    discard = list(oh_crab.Primitive).index(oh_crab.Primitive.DISCARD_CARD)
    assert np.flatnonzero(steps[0]).tolist() == [discard]
    assert not _section(enc, tensor, "frame_kind")[1:].any()


def test_cards_due_are_in_the_rules_order() -> None:
    # The docs' example: red crosses the border holding Beach 1's Challenge, Beach 2's Event.
    enc = _encoding(3, ("events", "challenges"))
    state = oh_crab.initial_state(enc.config, seed=47)
    state = attrs.evolve(state, crabs=(25, 1, 2))
    for player, card in ((0, 0), (1, 4), (2, 8)):
        state = oh_crab.apply(state, oh_crab.Plan(player, card))
    state = oh_crab.apply(state, oh_crab.AddCard(0, oh_crab.Side.LEFT))
    state = oh_crab.apply(state, oh_crab.Use(0, 0))
    state = oh_crab.apply(state, oh_crab.Move(0, 30))
    due = _section(enc, enc.observation_tensor(oh_crab.observe(state, 2)), "due")
    # kind (challenge 0, event 1), then the tile at 2 + tile
    assert [np.flatnonzero(row).tolist() for row in due] == [[0, 2], [1, 3], [], [], [], []]


def test_a_spy_shows_its_cards_to_the_spy_only() -> None:
    # The docs' example: red's Lookout spies the three face-down Events.
    enc = _encoding(3, ("asymmetry", "events"))
    state = oh_crab.initial_state(enc.config, seed=50)
    for text in ("red: skills lookout", "orange: skills rebound", "blue: skills hoarder"):
        state = oh_crab.apply(state, oh_crab.parse_action(state, text))
    for player, card in ((0, 0), (1, 4), (2, 8)):
        state = oh_crab.apply(state, oh_crab.Plan(player, card))
    state = oh_crab.apply(state, oh_crab.AddCard(0, oh_crab.Side.LEFT))
    state = oh_crab.apply(state, oh_crab.parse_action(state, "red: skill red"))
    spy = enc.observation_tensor(oh_crab.observe(state, 0))
    other = enc.observation_tensor(oh_crab.observe(state, 1))
    assert [np.flatnonzero(row).tolist() for row in _section(enc, spy, "spied_events")] == [
        [2],
        [3],
        [6],
    ]
    assert not _section(enc, other, "spied_events").any()
    for tensor in (spy, other):
        assert _section(enc, tensor, "spies")[0, 0].tolist() == [1.0, 1.0, 1.0]  # red, Events


def test_sections_are_present_with_their_module_only() -> None:
    events = {s.name for s in _encoding(2, ("events",)).sections}
    assert {"due", "frame_kind", "event_tiles", "events_foreseen"} <= events
    assert not {"surprise_board", "trophies", "skills"} & events
    assert "Reveal" in _encoding(2, ("events",)).kinds
    assert "Choose" not in _encoding(2, ("events",)).kinds
    assert "UseTreasure" not in _encoding(2, ("challenges",)).kinds
