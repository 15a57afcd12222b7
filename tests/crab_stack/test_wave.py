"""The Wave Rule: after a move splits the crabs, only the largest group stays.

Also the page's decisions 4 (several groups, the mover keeps one of a tie) and 8 (the
tie is a follow-up KeepGroup).
"""

from __future__ import annotations

import random

import pytest

from crabrules import IllegalActionError, NotYourTurnError
from crabrules import crab_stack as cs
from crabrules.crab_stack._wave import groups, groups_after, splits
from tests.crab_stack.helpers import TIED_SPLIT, A, B, C, D, E, F, build, cell, move, occupied

# Three arms around X = (1, 0), touching X but not each other.
X = (1, 0)
ARM1 = ((1, -1), (1, -2))
ARM2 = (2, 0)
ARM3 = ((0, 1), (0, 2), (-1, 2))


def test_the_group_with_fewer_spaces_is_washed_away() -> None:
    state = build({A: "bS", B: "bS", C: "rL", D: "bS", E: "bM", F: "bL"})
    after = move(state, C, D)
    assert occupied(after) == {D, E, F}
    assert after.to_move == 1


def test_on_equal_spaces_the_group_with_fewer_crabs_is_washed_away() -> None:
    # {A, B} holds 4 crabs, {D, E} 3 (the mover's crab included): the mover's group goes.
    state = build({A: "bS bM bS", B: "bS", C: "rL", D: "bM", E: "bL"})
    after = move(state, C, D)
    assert occupied(after) == {A, B}


def test_on_a_full_tie_the_mover_chooses_which_group_stays() -> None:
    tied = move(build(TIED_SPLIT), C, D)
    config = tied.config
    ab, de = (tuple(sorted(cell(config, qr) for qr in pair)) for pair in ((A, B), (D, E)))
    assert tied.pending == tuple(sorted((ab, de)))  # each group's cells, ascending
    assert occupied(tied) == {A, B, D, E}  # nothing washed yet
    assert tied.to_move == 0
    assert tied.turn == 1
    assert cs.active_players(tied) == frozenset({0})
    assert set(cs.legal_actions(tied)) == {cs.KeepGroup(0, ab[0]), cs.KeepGroup(0, de[0])}
    kept = cs.apply(tied, cs.KeepGroup(0, de[0]))
    assert occupied(kept) == {D, E}
    assert kept.to_move == 1
    assert kept.turn == 1
    assert kept.pending == ()


def test_a_tie_must_be_settled_before_anything_else() -> None:
    tied = move(build(TIED_SPLIT), C, D)
    config = tied.config
    other = max(cell(config, D), cell(config, E))
    with pytest.raises(IllegalActionError) as refused:
        cs.apply(tied, cs.Move(0, cell(config, D), cell(config, E)))
    assert refused.value.reason is cs.IllegalReason.WAVE_DECISION_PENDING
    with pytest.raises(IllegalActionError) as refused:
        cs.apply(tied, cs.KeepGroup(0, other))  # a tied group is named by its lowest cell
    assert refused.value.reason is cs.IllegalReason.NOT_A_TIED_GROUP
    with pytest.raises(NotYourTurnError):
        cs.apply(tied, cs.KeepGroup(1, cell(config, D)))


def test_with_several_groups_only_the_largest_stays() -> None:
    stacks = {X: "rL", ARM2: "bS", **dict.fromkeys(ARM1, "bS"), **dict.fromkeys(ARM3, "bL")}
    after = move(build(stacks), X, ARM2)
    assert occupied(after) == set(ARM3)


def test_smaller_groups_go_at_once_and_the_tied_largest_wait_for_the_mover() -> None:
    stacks = {X: "rL", ARM2: "bS", **dict.fromkeys(ARM1, "bS"), **dict.fromkeys(ARM3[:2], "bL")}
    tied = move(build(stacks), X, ARM2)
    assert occupied(tied) == {*ARM1, *ARM3[:2]}  # ARM2, with the mover's crab, is gone
    assert len(tied.pending) == 2
    assert all(isinstance(a, cs.KeepGroup) for a in cs.legal_actions(tied))


def test_a_move_that_leaves_a_crab_behind_never_splits_the_crabs() -> None:
    stacks = {X: "bM rL", ARM2: "bS", **dict.fromkeys(ARM1, "bS"), **dict.fromkeys(ARM3, "bL")}
    after = move(build(stacks), X, ARM2)
    assert occupied(after) == {X, ARM2, *ARM1, *ARM3}


def test_eliminated_players_crabs_count_for_the_wave() -> None:
    # Green (2) is out; its group of 4 crabs outweighs red's and blue's group of 3.
    state = build({A: "gS gM gL", B: "gS", C: "rL", D: "bM", E: "bL"}, players=3, eliminated=(2,))
    after = move(state, C, D)
    assert occupied(after) == {A, B}


def test_spaces_count_before_crabs() -> None:
    # {A, B} holds 5 crabs on 2 spaces, {D, E, F} 4 crabs on 3 spaces: {A, B} goes.
    state = build({A: "bS bM bL bM", B: "bS", C: "rL", D: "bM", E: "bS", F: "bL"})
    after = move(state, C, D)
    assert occupied(after) == {D, E, F}


# Three single spaces around X, none touching another: a large crab leaving X for the
# middle one splits the crabs into three groups of one space each.
SPOKES = ((1, -1), (2, 0), (0, 1))


def _three_groups(first: str, third: str) -> cs.State:
    """Red's large crab on X moves onto blue's large crab on the middle spoke (2 crabs)."""
    stacks = {X: "rL", SPOKES[0]: first, SPOKES[1]: "bL", SPOKES[2]: third}
    return move(build(stacks), X, SPOKES[1])


def test_of_three_groups_tied_on_spaces_the_one_with_most_crabs_alone_stays() -> None:
    # 3 crabs against 2 and 2: the two smaller groups go, though they tie with each other.
    after = _three_groups("bS bM bS", "bS bM")
    assert after.pending == ()
    assert occupied(after) == {SPOKES[0]}


def test_of_three_groups_tied_on_spaces_and_crabs_the_mover_keeps_one_and_two_go() -> None:
    tied = _three_groups("bS bM", "bM bS")
    config = tied.config
    spokes = sorted(cell(config, qr) for qr in SPOKES)
    assert tied.pending == tuple((c,) for c in spokes)
    assert cs.legal_actions(tied) == tuple(cs.KeepGroup(0, c) for c in spokes)
    kept = cs.apply(tied, cs.KeepGroup(0, cell(config, SPOKES[2])))
    assert occupied(kept) == {SPOKES[2]}


def test_of_three_groups_the_one_with_fewest_crabs_goes_and_the_tied_two_wait() -> None:
    tied = _three_groups("bS bM", "bS")
    assert occupied(tied) == {SPOKES[0], SPOKES[1]}
    config = tied.config
    assert tied.pending == tuple(sorted((cell(config, qr),) for qr in SPOKES[:2]))


def test_groups_after_a_move_matches_the_split_test_then_groups() -> None:
    # groups_after is the rules' shortcut for splits() then groups(): the same groups in the
    # same order, for any cell emptied from random occupied spaces of the 4-player board
    # (in one group or not).
    geo = cs.Config(players=4).geometry
    rnd = random.Random(3)
    for _ in range(3000):
        vacated = rnd.randrange(geo.size)
        occupied = (rnd.getrandbits(geo.size) | rnd.getrandbits(geo.size)) & ~(1 << vacated)
        expected = groups(geo, occupied) if splits(geo, occupied, vacated) else (occupied,)
        assert groups_after(geo, occupied, vacated) == expected
