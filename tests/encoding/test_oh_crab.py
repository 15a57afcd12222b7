"""Oh Crab!'s table of action numbers: complete and exact (modules: test_oh_crab_adventure)."""

from __future__ import annotations

import random
import typing

import attrs
import pytest

np = pytest.importorskip("numpy")

from crabrules import oh_crab  # noqa: E402
from crabrules.encoding import encoding  # noqa: E402
from crabrules.encoding.oh_crab import FIELDS, OhCrabEncoding  # noqa: E402


def _encoding(config: oh_crab.Config | None = None) -> OhCrabEncoding:
    enc = encoding("oh-crab", config)
    assert isinstance(enc, OhCrabEncoding)
    return enc


def test_every_action_class_is_numbered_by_all_its_fields() -> None:
    # The base game's actions: those of the Adventure Pack come only with modules.
    classes = tuple(
        c for c in typing.get_args(oh_crab.Action) if c not in oh_crab.ADVENTURE_ACTIONS
    )
    assert set(FIELDS) == set(classes)
    for cls in classes:
        assert FIELDS[cls] == tuple(f.name for f in attrs.fields(cls) if f.name != "player")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_number_of_the_table_decodes_to_itself(players: int) -> None:
    enc = _encoding(oh_crab.Config(players=players))
    state = oh_crab.initial_state(enc.config, seed=1)
    for number in range(enc.num_distinct_actions):
        assert enc.action_to_int(enc.int_to_action(state, 1, number)) == number
    starts = sorted(first for first, _ in enc.kinds.values())
    assert starts[0] == 0
    assert sum(count for _, count in enc.kinds.values()) == enc.num_distinct_actions


@pytest.mark.parametrize("players", [2, 4, 5])
def test_whole_random_games_round_trip_with_their_pushes_and_discards(players: int) -> None:
    enc = _encoding(oh_crab.Config(players=players))
    seen: set[str] = set()
    pushed = discarded = 0
    for seed in range(4):
        state = oh_crab.initial_state(enc.config, seed=seed)
        rng = random.Random(seed)
        while not oh_crab.is_terminal(state):
            for player in oh_crab.active_players(state):
                legal = oh_crab.legal_actions(state, player)
                numbers = [enc.action_to_int(a) for a in legal]
                assert [enc.int_to_action(state, player, n) for n in numbers] == list(legal)
                mask = enc.legal_action_mask(state, player)
                assert np.flatnonzero(mask).tolist() == sorted(numbers)
            action = rng.choice(oh_crab.legal_actions(state))
            seen.add(type(action).__name__)
            if isinstance(action, oh_crab.Move):
                pushed += bool(action.pushes)
                discarded += action.discard != oh_crab.NO_CARD
            state = oh_crab.apply(state, action)
    assert {"Plan", "AddCard", "Rest", "Use", "Move", "EndTurn"} <= seen
    assert pushed
    assert discarded


def test_a_move_that_pushes_a_chain_and_discards_has_its_own_number() -> None:
    enc = _encoding(oh_crab.Config(players=5))
    layout = oh_crab.get_layout("reference", enc.config.resolved_board())
    obstacle = next(
        c
        for c in range(layout.cells)
        if layout.spaces[c].type.value == "obstacle" and len(layout.toward_sea[c]) > 1
    )
    first = layout.toward_sea[obstacle][0]
    second = layout.toward_sea[first][-1]
    move = oh_crab.Move(player=3, dest=obstacle, discard=7, pushes=(first, second))
    number = enc.action_to_int(move)
    begin, count = enc.kinds["Move"]
    assert begin <= number < begin + count
    state = oh_crab.initial_state(enc.config, seed=1)
    assert enc.int_to_action(state, 3, number) == move
    other = oh_crab.Move(player=3, dest=obstacle, discard=7, pushes=(first,))
    assert enc.action_to_int(other) != number


def test_an_action_no_board_allows_has_no_number() -> None:
    enc = _encoding()
    with pytest.raises(ValueError, match="no action number"):
        enc.action_to_int(oh_crab.Move(player=0, dest=oh_crab.SEA, discard=3))
    with pytest.raises(ValueError, match="no action number"):
        enc.action_to_int(oh_crab.Use(player=0, grant=enc.grants))


def test_the_2_player_mode_numbers_placing_and_activating() -> None:
    duel = _encoding(oh_crab.Config(players=2))
    assert duel.kinds["Place"][1] == 4 * 4
    assert duel.kinds["Activate"][1] == 4
    assert "Place" not in _encoding(oh_crab.Config(players=3)).kinds


def _documented_tensor(enc: OhCrabEncoding, view: oh_crab.Observation) -> typing.Any:
    """The module docstring's table, one ``Tensor.set`` per entry (slow, plain, independent)."""
    tensor = enc.new_tensor()
    players, cells = enc.players, enc.cells
    tensor.set("observer", players if view.player is None else view.player)
    tensor.set("round", 0, value=view.round)
    tensor.set("phase", list(oh_crab.Phase).index(view.phase))
    tensor.set("cook", view.cook)
    tensor.set("current", view.current)
    for crab, cell in enumerate(view.crabs):
        tensor.set(
            "crabs", crab, cell if cell >= 0 else cells if cell == oh_crab.SEA else cells + 1
        )
    for crab, down in enumerate(view.knocked):
        if down:
            tensor.set("knocked", crab)
    for crab, token in enumerate(view.tokens):
        tensor.set("tokens", crab, token)
    tensor.set("cook_used", 0, value=float(view.cook_used))
    for card in view.hand:
        tensor.set("hand", card)
    for p, size in enumerate(view.hand_sizes):
        tensor.set("hand_sizes", p, value=size)
    for p, card in enumerate(view.planned):
        if card != oh_crab.NO_CARD:
            tensor.set("planned", p, 2 if card == oh_crab.RESTING else 1)
    if view.player is not None and view.planned[view.player] >= 0:
        tensor.set("my_planned", view.planned[view.player])
    for p, trace in enumerate(view.traces):
        for card in trace:
            tensor.set("traces", p, card)
        if trace:
            tensor.set("trace_ends", p, 0, trace[0])
            tensor.set("trace_ends", p, 1, trace[-1])
    for p, pile in enumerate(view.discards):
        for card in pile:
            tensor.set("discards", p, card)
    for p, shells in enumerate(view.shells):
        tensor.set("shells", p, value=shells)
    tensor.set("supply", 0, value=view.supply)
    for i, pile in enumerate(view.market):
        for card in pile:
            tensor.set("market", i, card)
        if pile:
            tensor.set("market_top", i, pile[-1])
    tensor.set("draw_size", 0, value=view.draw_size)
    for card in view.removed:
        tensor.set("removed", card)
    for p, seen in enumerate(view.known):
        for card in seen:
            tensor.set("known", p, card)
    for card in view.draw_bottom:
        tensor.set("draw_bottom", card)
    turn = view.turn
    if turn is not None:
        tensor.set("stage", list(oh_crab.Stage).index(turn.stage))
        if turn.crab >= 0:
            tensor.set("active_crab", turn.crab)
        sources = list(oh_crab.Source)
        for i, grant in enumerate(turn.grants):
            tensor.set("grants", i, sources.index(grant.source))
            tensor.set("grants", i, len(sources) + enc.grant_names.index(grant.name))
        for i, step in enumerate(turn.queue):
            tensor.set("queue", i, list(oh_crab.Primitive).index(step))
        for crab in [enc.crabs] if turn.crabs_left is None else turn.crabs_left:
            tensor.set("crabs_left", crab)
        tensor.set("head_down", 0, value=float(turn.head_down))
        tensor.set("tile_used", 0, value=float(turn.tile_used))
    return tensor.values


@pytest.mark.parametrize(("players", "scenario"), [(2, "first-escape"), (4, "shortcut")])
def test_the_tensor_is_the_documented_layout(players: int, scenario: str) -> None:
    config = oh_crab.Config(players=players, scenario=scenario)
    enc = _encoding(config)
    views = []
    for seed in range(3):
        state = oh_crab.initial_state(config, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            views += [oh_crab.observe(state, viewer) for viewer in (None, *range(players))]
            if oh_crab.is_terminal(state):
                break
            state = oh_crab.apply(state, rng.choice(oh_crab.legal_actions(state)))
    # The games reach what the optional sections show, so each is compared for real.
    assert any(v.turn is not None and v.turn.grants and v.turn.queue for v in views)
    assert any(any(v.knocked) for v in views)
    assert any(any(v.market) and any(v.discards) and any(v.known) for v in views)
    assert any(v.player is not None and v.planned[v.player] >= 0 for v in views)
    for view in views:
        assert np.array_equal(enc.observation_tensor(view), _documented_tensor(enc, view))
