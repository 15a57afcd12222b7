"""Events and words: what each action did, in order, for hand-built positions and every end.

Issue 10: a crab moved; a group washed away; a tie left to the mover; a group kept; a
player eliminated; the game ended. Also the rulebook's example of the Wave Rule.
"""

from __future__ import annotations

import itertools

import pytest

from crabrules import Outcome, from_json, to_json
from crabrules import crab_stack as cs
from crabrules.core import InvalidPlayerError
from crabrules.crab_stack import Size
from tests.crab_stack.helpers import (
    RED_COVERS_BLUE,
    SHUFFLE,
    TIED_SPLIT,
    A,
    B,
    C,
    D,
    E,
    F,
    build,
    cell,
    crabs,
    random_games,
)

S, M, L = Size.SMALL, Size.MEDIUM, Size.LARGE
COLOURS = ("red", "blue")


def _move(state: cs.State, src: tuple[int, int], dst: tuple[int, int]) -> cs.Move:
    return cs.Move(state.to_move, cell(state.config, src), cell(state.config, dst))


def _label(state: cs.State, qr: tuple[int, int]) -> str:
    return cs.cell_labels(state.config.spaces)[cell(state.config, qr)]


def _moved(state: cs.State, src: tuple[int, int], dst: tuple[int, int]) -> cs.CrabMoved:
    """The CrabMoved of the move src-dst, written out from the stacks of ``state``."""
    config = state.config
    moved = state.stacks[cell(config, src)][-1]
    onto = state.stacks[cell(config, dst)][-1]
    return cs.CrabMoved(
        moved // 3,
        config.colours[moved // 3],
        Size(moved % 3),
        cell(config, src),
        cell(config, dst),
        _label(state, src),
        _label(state, dst),
        onto // 3,
        config.colours[onto // 3],
        Size(onto % 3),
    )


def test_a_move_is_one_event_naming_the_crab_its_spaces_and_the_crab_it_covers() -> None:
    state = build({A: "rM", B: "bS", C: "bS", D: "bL", E: "rL"})
    after, events = cs.apply_with_events(state, _move(state, A, C))
    assert after == cs.apply(state, _move(state, A, C))
    assert events == (cs.CrabMoved(0, "red", M, 15, 17, "E1", "E3", 1, "blue", S),)
    assert cs.describe_event(events[0]) == (
        "red moves a medium crab from E1 to E3, onto a blue small crab"
    )
    assert cs.describe(state, _move(state, A, C)) == cs.describe_event(events[0])


def test_a_wave_lists_the_group_washed_away_with_its_crabs() -> None:
    state = build({A: "bS", B: "bS", C: "rL", D: "bS", E: "bM", F: "bL"})
    _, events = cs.apply_with_events(state, _move(state, C, D))
    cells = tuple(sorted(cell(state.config, qr) for qr in (A, B)))
    washed = cs.GroupWashedAway(
        cells, (_label(state, A), _label(state, B)), (crabs("bS"), crabs("bS")), COLOURS
    )
    assert events == (_moved(state, C, D), washed)
    assert cs.describe_event(washed) == "the wave washes away E1, E2 and their 2 crabs (2 blue)"


def test_a_full_tie_is_left_to_the_mover_then_kept_and_the_other_group_washed() -> None:
    state = build(TIED_SPLIT)
    tied, events = cs.apply_with_events(state, _move(state, C, D))
    ab = tuple(sorted(cell(state.config, qr) for qr in (A, B)))
    de = tuple(sorted(cell(state.config, qr) for qr in (D, E)))
    # Groups are ordered by their lowest cell: {D, E} is C4 and D4, {A, B} E1 and E2.
    tie = cs.WaveTie(0, "red", (de, ab), (("C4", "D4"), ("E1", "E2")))
    assert events == (_moved(state, C, D), tie)
    assert cs.describe_event(tie) == (
        "the crabs split into tied groups: red chooses which stays: C4, D4 or E1, E2"
    )
    keep = cs.KeepGroup(0, de[0])
    kept, events = cs.apply_with_events(tied, keep)
    washed = cs.GroupWashedAway(ab, ("E1", "E2"), (crabs("bS bM"), crabs("bS")), COLOURS)
    assert events == (cs.GroupKept(0, "red", de, ("C4", "D4")), washed)
    assert kept == cs.apply(tied, keep)
    assert cs.describe(tied, keep) == (
        "red keeps the tied group of C4, D4; the wave washes away the others"
    )


def test_keeping_a_group_no_one_can_move_in_ends_the_game_with_everyone_out() -> None:
    tied = cs.apply(build(TIED_SPLIT), _move(build(TIED_SPLIT), C, D))
    ab = tuple(sorted(cell(tied.config, qr) for qr in (A, B)))
    _, events = cs.apply_with_events(tied, cs.KeepGroup(0, ab[0]))
    ended = cs.GameEnded(Outcome(frozenset(), True, (0, 0), "all_eliminated"), COLOURS)
    assert events[-3:] == (cs.PlayerEliminated(1, "blue"), cs.PlayerEliminated(0, "red"), ended)
    assert cs.describe_event(ended) == ("the game is a draw: no player is left with a legal move")


def test_the_last_player_left_ends_the_game_after_the_elimination() -> None:
    state = build(RED_COVERS_BLUE)
    _, events = cs.apply_with_events(state, _move(state, A, B))
    ended = cs.GameEnded(Outcome(frozenset({0}), False, (1, 0), "last_player"), COLOURS)
    assert events == (_moved(state, A, B), cs.PlayerEliminated(1, "blue"), ended)
    assert cs.describe_event(ended) == "red wins, the last player left"
    assert cs.describe_event(events[1]) == "blue is out: no crab of theirs can move"


def test_eliminations_are_listed_in_the_order_players_went_out() -> None:
    state = build({A: "bL", B: "yL", C: "rL", D: "gS", E: "gL", F: "gS"}, players=4)
    _, events = cs.apply_with_events(state, _move(state, C, B))
    out = [e.player for e in events if isinstance(e, cs.PlayerEliminated)]
    assert out == [1, 3, 0]
    assert isinstance(events[-1], cs.GameEnded)
    assert events[-1].outcome.winners == frozenset({2})


def test_a_draw_by_repetition_ends_with_its_event() -> None:
    state = build(SHUFFLE)
    events: tuple[cs.Event, ...] = ()
    for _ in range(2):
        for src, dst in [(A, B), (C, D), (B, A), (D, C)]:
            state, events = cs.apply_with_events(state, _move(state, src, dst))
    ended = cs.GameEnded(Outcome(frozenset(), True, (0, 0), "repetition"), COLOURS)
    assert events[-1] == ended
    assert cs.describe_event(ended) == (
        "the game is a draw: the same position occurred for the third time"
    )


def test_the_turn_limit_ends_with_its_event() -> None:
    state = cs.initial_state(cs.Config(max_turns=1), seed=3)
    _, events = cs.apply_with_events(state, cs.legal_actions(state)[0])
    assert events[-1] == cs.GameEnded(Outcome(frozenset(), True, (0, 0), "turn_limit"), COLOURS)
    assert cs.describe_event(events[-1]) == "the game is a draw: the turn limit is reached"


# The rulebook: "a move splits the crabs into a group of 23 spaces and one of 5: the group
# of 5 is washed away". The stacks of seeded game 186 (4 players) at turn 9, red to move.
RULEBOOK_STACKS = [
    (11,), (2,), (4,), (8, 11), (6, 5), (), (4,), (3,), (), (5,), (1,), (), (1,), (), (7,),
    (), (10,), (9, 8), (), (6, 1), (10,), (8,), (2,), (4,), (0,), (3,), (5,), (3, 7), (),
    (11,), (7,), (2,), (9,), (0, 9), (10,), (6, 0),
]  # fmt: skip


def test_the_rulebooks_wave_of_twenty_three_spaces_against_five() -> None:
    state = cs.position(cs.Config(players=4), RULEBOOK_STACKS, to_move=0, turn=9)
    after, events = cs.apply_with_events(state, cs.Move(0, 1, 0))  # A2-A1
    (washed,) = (e for e in events if isinstance(e, cs.GroupWashedAway))
    assert washed.labels == ("A3", "A4", "B3", "B4", "C4")
    assert after.occupied.bit_count() == 23
    assert [cs.describe_event(e) for e in events] == [
        "red moves a large crab from A2 to A1, onto a yellow large crab",
        "the wave washes away A3, A4, B3, B4, C4 and their 6 crabs (3 blue, 1 green, 1 yellow, "
        "1 red)",
    ]


def test_events_of_random_games_agree_with_apply_and_round_trip() -> None:
    for game in random_games(9, seed=8):
        for state, following in itertools.pairwise(game):
            for action in cs.legal_actions(state):
                after, events = cs.apply_with_events(state, action)
                assert events
                if after == following:
                    text = to_json(events)
                    assert from_json(text, tuple[cs.Event, ...]) == events
                    assert cs.observe_events(events, None) == events
                    assert all("\n" not in cs.describe_event(e) for e in events)


def test_observe_events_shows_everyone_everything_and_checks_the_player() -> None:
    state = build(RED_COVERS_BLUE)
    _, events = cs.apply_with_events(state, _move(state, A, B))
    assert cs.observe_events(events, 0) == cs.observe_events(events, 1) == events
    with pytest.raises(InvalidPlayerError):
        cs.observe_events(events, 2)  # the events name two colours
    with pytest.raises(InvalidPlayerError):
        cs.observe_events((), "red")  # type: ignore[arg-type]
