"""Moving Crabs: exact lengths, steps over crabs, no space twice, landing, top crabs only.

Also the page's decisions 2 (paths), 3 (the size rule), 9 (the order of actions), and
how illegal actions are refused.
"""

from __future__ import annotations

import itertools

import pytest

from crabrules import IllegalActionError, NotYourTurnError, marche_du_crabe
from crabrules import crab_stack as cs
from crabrules.core import CommonReason
from tests.crab_stack.helpers import (
    A,
    B,
    C,
    D,
    E,
    cell,
    crabs,
    move,
    moves_from,
    random_games,
    sketch,
)

# A triangle of spaces on ring 1 and ring 2, and a fourth space touching two of them.
T0, T1, T2, T3 = (1, 0), (1, -1), (2, -1), (2, -2)


def test_large_crab_moves_exactly_one_space() -> None:
    state = sketch({A: "rL", B: "bS", C: "bS", D: "bS"})
    assert moves_from(state, A) == {B}


def test_medium_crab_moves_exactly_two_spaces() -> None:
    state = sketch({A: "rM", B: "bS", C: "bS", D: "bS"})
    assert moves_from(state, A) == {C}


def test_small_crab_moves_exactly_three_spaces() -> None:
    state = sketch({A: "rS", B: "bS", C: "bS", D: "bS", E: "bS"})
    assert moves_from(state, A) == {D}


def test_every_step_is_onto_a_space_holding_a_crab() -> None:
    gap = sketch({A: "bS", B: "rM", D: "bS", E: "bS"})
    assert moves_from(gap, B) == set()
    filled = sketch({A: "bS", B: "rM", C: "bS", D: "bS", E: "bS"})
    assert moves_from(filled, B) == {D}


@pytest.mark.parametrize(
    ("mover", "gap"),
    [("rL", 1), ("rM", 1), ("rM", 2), ("rS", 1), ("rS", 2), ("rS", 3)],
)
def test_no_step_of_a_path_crosses_open_water(mover: str, gap: int) -> None:
    # Along the line A-B-C-D, the crab on A reaches the space its length away only when
    # every space on the way holds a crab; here step ``gap`` of the path is open water.
    line = [A, B, C, D]
    length = cs.STEPS[cs.crab_size(crabs(mover)[0])]
    stacks = dict.fromkeys(line[1 : length + 1], "bS")
    stacks[A] = mover
    assert moves_from(sketch(stacks), A) == {line[length]}
    del stacks[line[gap]]
    assert moves_from(sketch(stacks), A) == set()


def test_no_backtracking_over_a_space_already_crossed() -> None:
    # A-B-C-B would end on B; without backtracking the small crab has nowhere to go.
    state = sketch({A: "rS", B: "bS", C: "bS"})
    assert moves_from(state, A) == set()


def test_the_starting_space_cannot_be_crossed_again() -> None:
    # B-A-B-C and B-C-B-A would pass the start; a medium crab cannot go B-A-B either.
    assert moves_from(sketch({A: "bS", B: "rS", C: "bS"}), B) == set()
    assert moves_from(sketch({A: "bS", B: "rM"}), B) == set()
    # Round the triangle back to the start is no move either.
    assert moves_from(sketch({T0: "rS", T1: "bS", T2: "bS"}), T0) == set()


def test_the_starting_space_cannot_be_crossed_again_even_with_crabs_left_on_it() -> None:
    # The crab leaves blue's small crab behind on B, so B still holds a crab; B-A-B-C and
    # B-C-B-A would still enter B twice.
    assert moves_from(sketch({A: "bS", B: "bS rS", C: "bS"}), B) == set()
    # Round the triangle back onto the start, which still holds a crab: no move.
    assert moves_from(sketch({T0: "bS rS", T1: "bM", T2: "bM"}), T0) == set()


def test_a_crab_cannot_end_on_the_stack_it_started_from() -> None:
    # B-A-B would put the medium crab back on blue's small crab it started on.
    assert moves_from(sketch({A: "bS", B: "bS rM"}), B) == set()


def test_two_paths_to_one_space_are_one_action() -> None:
    state = sketch({T0: "rS", T1: "bS", T2: "bS", T3: "bS"})
    # T0-T1-T2-T3 and T0-T2-T1-T3 both end on T3; each neighbour is reached once too.
    assert moves_from(state, T0) == {T1, T2, T3}
    actions = cs.legal_actions(state)
    assert len(actions) == len(set(actions)) == 3


@pytest.mark.parametrize(
    ("mover", "target", "allowed"),
    [
        ("rL", "bL", True),
        ("rL", "bM", True),
        ("rL", "bS", True),
        ("rM", "bL", False),
        ("rM", "bM", True),
        ("rM", "bS", True),
        ("rS", "bL", False),
        ("rS", "bM", False),
        ("rS", "bS", True),
    ],
)
def test_a_crab_ends_only_on_a_crab_of_its_size_or_smaller(
    mover: str, target: str, allowed: bool
) -> None:
    # The path to the target runs over small crabs; the target is the move's length away.
    line = [A, B, C, D]
    length = cs.STEPS[cs.crab_size(crabs(mover)[0])]
    stacks = dict.fromkeys(line[1:length], "bS")
    stacks[A] = mover
    stacks[line[length]] = target
    assert (line[length] in moves_from(sketch(stacks), A)) is allowed


def test_the_size_rule_compares_with_the_top_crab_only() -> None:
    state = sketch({A: "rM", B: "bS", C: "bL bS"})  # a small crab on top of a large one
    assert moves_from(state, A) == {C}
    state = sketch({A: "rM", B: "bS", C: "bS bL"})  # a large crab on top of a small one
    assert moves_from(state, A) == set()


def test_only_the_top_crab_of_a_stack_moves() -> None:
    state = sketch({A: "rL bS", B: "bS", C: "bS"})
    assert moves_from(state, A) == set()
    blue = sketch({A: "rL bS", B: "bS", C: "bS", D: "bS"}, to_move=1)
    assert moves_from(blue, A) == {D}


def test_a_crab_may_end_on_its_own_crabs() -> None:
    state = sketch({A: "rL", B: "rS", C: "bS"})
    after = move(state, A, B)
    assert after.stacks[cell(after.config, B)] == crabs("rS rL")


def test_moving_lifts_only_the_top_crab() -> None:
    state = sketch({A: "bS rL", B: "bM", C: "bS"})
    after = move(state, A, B)
    config = after.config
    assert after.stacks[cell(config, A)] == crabs("bS")
    assert after.stacks[cell(config, B)] == crabs("bM rL")


def test_only_the_player_to_move_has_actions() -> None:
    state = sketch({A: "rL", B: "bL", C: "bS"})
    assert {a.player for a in cs.legal_actions(state)} == {0}
    assert cs.legal_actions(state, 1) == ()
    assert cs.active_players(state) == frozenset({0})


def test_moves_are_listed_by_source_then_destination() -> None:
    state = cs.initial_state(cs.Config(players=4), seed=3)
    pairs = [(a.src, a.dst) for a in cs.legal_actions(state) if isinstance(a, cs.Move)]
    assert pairs == sorted(pairs)


def _refusal(state: cs.State, action: object) -> object:
    with pytest.raises(IllegalActionError) as refused:
        cs.apply(state, action)  # type: ignore[arg-type]
    assert refused.value.action == action
    return refused.value.reason


def test_illegal_moves_say_why() -> None:
    state = sketch({A: "rM", B: "bS", C: "bL", D: "bS", E: "rS"})
    config = state.config
    a, b, c, e = (cell(config, qr) for qr in (A, B, C, E))
    reason = cs.IllegalReason
    assert _refusal(state, cs.Move(0, a, 99)) is reason.NO_SUCH_SPACE
    assert _refusal(state, cs.Move(0, -1, a)) is reason.NO_SUCH_SPACE
    assert _refusal(state, cs.Move(0, 2**70, a)) is reason.NO_SUCH_SPACE
    assert _refusal(state, cs.Move(0, cell(config, (0, 1)), a)) is reason.NO_CRAB
    assert _refusal(state, cs.Move(0, b, a)) is reason.NOT_YOUR_CRAB
    assert _refusal(state, cs.Move(0, a, b)) is reason.NO_PATH
    assert _refusal(state, cs.Move(0, a, c)) is reason.TOO_BIG
    assert _refusal(state, cs.Move(0, e, a)) is reason.NO_PATH
    assert _refusal(state, cs.Move(0, "a", b)) is CommonReason.MALFORMED  # type: ignore[arg-type]
    assert _refusal(state, "move") is CommonReason.MALFORMED
    assert _refusal(state, cs.KeepGroup(0, a)) is reason.NO_WAVE_DECISION
    with pytest.raises(NotYourTurnError):
        cs.apply(state, cs.Move(1, b, a))
    with pytest.raises(NotYourTurnError):
        cs.apply(state, cs.Move(7, b, a))


def _checked(state: cs.State, action: cs.Move) -> IllegalActionError | None:
    try:
        cs.check_legal(state, action)
    except IllegalActionError as error:
        return error
    return None


def test_every_move_of_the_board_is_refused_exactly_when_it_is_not_listed() -> None:
    # The generator and the refusal agree for every source and destination; a refused
    # move of one's own top crab breaks the path rule or, the path being there, the
    # landing rule.
    reason = cs.IllegalReason
    checked = 0
    for states in random_games(3, seed=11):
        for state in states[:-1:7]:
            if state.pending:
                continue
            legal = set(cs.legal_actions(state))
            player, cells = state.to_move, range(len(state.stacks))
            for src, dst in itertools.product(cells, cells):
                action = cs.Move(player, src, dst)
                error = _checked(state, action)
                assert (error is None) == (action in legal), f"{action}: {error}"
                mine = bool(state.stacks[src]) and state.stacks[src][-1] // 3 == player
                if error is not None and mine:
                    assert error.reason in (reason.NO_PATH, reason.TOO_BIG), error
                checked += error is not None
    assert checked > 1000


def test_apply_leaves_its_input_untouched() -> None:
    state = sketch({A: "rL", B: "bS", C: "bS"})
    before = cs.render(state), state.stacks
    move(state, A, B)
    assert (cs.render(state), state.stacks) == before


@pytest.mark.parametrize(
    "action",
    [
        None,
        0,
        "move",
        (0, 1, 2),
        cs.Move(0, None, 1),  # type: ignore[arg-type]
        cs.Move(0, 1.0, 2),  # type: ignore[arg-type]
        cs.Move(0, True, 1),
        cs.Move(0, 0, -(2**80)),
        cs.Move(None, 0, 1),  # type: ignore[arg-type]
        cs.Move(True, 0, 1),
        cs.Move(-1, 0, 1),
        cs.Move(2**80, 0, 1),
        cs.KeepGroup(0, 2**80),
        cs.KeepGroup(0, None),  # type: ignore[arg-type]
    ],
)
def test_malformed_actions_of_every_shape_are_refused(action: object) -> None:
    state = sketch({A: "rL", B: "bS", C: "bS"})
    with pytest.raises(IllegalActionError):
        cs.apply(state, action)  # type: ignore[arg-type]


def test_other_games_actions_are_refused() -> None:
    state = sketch({A: "rL", B: "bS", C: "bS"})
    with pytest.raises(IllegalActionError) as refused:
        cs.apply(state, marche_du_crabe.Move(0, 1))  # type: ignore[arg-type]
    assert refused.value.reason is CommonReason.MALFORMED
