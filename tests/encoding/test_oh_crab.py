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
