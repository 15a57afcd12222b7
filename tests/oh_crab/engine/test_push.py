"""Push, chain reactions, knocking over and standing up; the rulebook's two examples."""

from __future__ import annotations

import dataclasses

import attrs
import pytest

from crabrules.oh_crab import (
    Config,
    Move,
    Primitive,
    Rest,
    Stage,
    StandUp,
    apply,
    legal_actions,
)
from crabrules.oh_crab.engine._movement import own_moves, push_chains
from crabrules.oh_crab.engine._tables import rules_for
from tests.oh_crab.helpers import at, cid, grant, make, redrawn_config

P = Primitive


def push_test_config() -> Config:
    """Scenario 1 with Beach tiles 1A and 2A redrawn as the rulebook's push pictures."""
    return redrawn_config(
        "push-test",
        5,
        {
            "1A": [  # example 1: shell, Obstacle, standard in front of orange
                ".?  .?  .?  .   .",
                ".   .$  o   .   .",
                ".   .   .   .   .",
                ".   .   .   .   .",
            ],
            "2A": [  # example 2: in front of and right of brown is inaccessible
                ".?  .?  .   .?  .",
                ".   #   #   .   .",
                ".   .   .   .   .",
                ".   .   .   .   .",
            ],
        },
    )


BLUE, ORANGE, RED, BROWN, GREEN = 2, 1, 0, 4, 3


def test_rulebook_push_example_1_offers_the_three_spaces_and_knocks_over() -> None:
    config = push_test_config()
    crabs = [at(0, 0), at(3, 2), at(2, 2), at(0, 3), at(0, 4)]
    state = make(
        config,
        crabs=crabs,
        current=BLUE,
        hands=[[], [cid("orange-1")], [], [], []],
        queue=[P.MOVE_FORWARD],
    )
    moves = legal_actions(state)
    assert moves == (
        Move(BLUE, at(3, 2), pushes=(at(4, 2),)),
        Move(BLUE, at(3, 2), pushes=(at(4, 1),)),
        Move(BLUE, at(3, 2), pushes=(at(4, 3),)),
    )
    on_shell = apply(state, moves[1])
    assert on_shell.crabs[ORANGE] == at(4, 1)
    assert on_shell.knocked[ORANGE]
    assert on_shell.shells[ORANGE] == 1
    on_obstacle = apply(state, moves[0])
    assert on_obstacle.hands[ORANGE] == ()
    assert on_obstacle.discards[ORANGE] == (cid("orange-1"),)


def test_rulebook_push_example_2_chain_reaction_knocks_both_over() -> None:
    config = push_test_config()
    crabs = [at(6, 0), at(0, 1), at(0, 2), at(8, 0), at(7, 1)]  # red, ..., green, brown
    state = make(config, crabs=crabs, current=RED, queue=[P.MOVE_DIAGONAL])
    moves = [m for m in legal_actions(state) if isinstance(m, Move) and m.dest == at(7, 1)]
    assert moves == [
        Move(RED, at(7, 1), pushes=(at(8, 0), at(9, 0))),
        Move(RED, at(7, 1), pushes=(at(8, 0), at(9, 1))),
    ]
    after = apply(state, moves[1])
    assert after.crabs[RED] == at(7, 1)
    assert after.crabs[BROWN] == at(8, 0)
    assert after.crabs[GREEN] == at(9, 1)
    assert after.knocked == (False, False, False, True, True)


def test_a_push_with_no_legal_space_makes_the_move_impossible() -> None:
    # Checked content has no dead end, so a real board always lets a push through; a
    # layout with one cut out shows that the move which would push is then refused.
    state = make(crabs=(at(1, 2), at(2, 2), at(0, 4)), queue=[P.MOVE_TOWARD_SEA])
    rules = rules_for(state.config)
    table = list(rules.layout.toward_sea)
    table[at(2, 2)] = ()
    walled = dataclasses.replace(rules, layout=attrs.evolve(rules.layout, toward_sea=tuple(table)))
    assert push_chains(walled.layout, {at(2, 2): 1}, at(2, 2)) == []
    targets = rules.layout.toward_sea[at(1, 2)]
    moves = own_moves(walled, state, 0, targets, head_down=False)
    assert all(isinstance(m, Move) for m in moves)
    assert {m.dest for m in moves if isinstance(m, Move)} == {at(2, 1), at(2, 3)}
    moves = own_moves(rules, state, 0, targets, head_down=False)
    assert all(isinstance(m, Move) for m in moves)
    assert at(2, 2) in {m.dest for m in moves if isinstance(m, Move)}


def test_crabs_in_the_sea_cannot_be_pushed() -> None:
    # A crab pushed from the last row goes into the sea, which takes any number of crabs.
    crabs = (at(14, 0), at(15, 0), -1)
    state = make(crabs=crabs, queue=[P.MOVE_FORWARD])
    assert legal_actions(state) == (Move(0, at(15, 0), pushes=(-1,)),)
    after = apply(state, legal_actions(state)[0])
    assert after.crabs == (at(15, 0), -1, -1)


def test_a_pushed_crab_moves_as_a_move_toward_the_sea_so_reeds_stop_it() -> None:
    # (7,2) has Reeds on its land edge: the crab pushed from (6,2) cannot be moved there.
    state = make(crabs=(at(5, 2), at(6, 2), at(0, 4)), queue=[P.MOVE_FORWARD])
    assert legal_actions(state) == (
        Move(0, at(6, 2), pushes=(at(7, 1),)),
        Move(0, at(6, 2), pushes=(at(7, 3),)),
    )


def test_a_knocked_over_crab_can_only_stand_up_with_a_basic_move() -> None:
    state = make(
        crabs=(at(1, 0), at(0, 1), at(0, 2)),
        knocked=(True, False, False),
        queue=[P.MOVE_TOWARD_SEA],
    )
    assert legal_actions(state) == (StandUp(0),)
    after = apply(state, StandUp(0))
    assert after.knocked[0] is False
    assert after.crabs[0] == at(1, 0)
    assert after.turn is not None
    assert after.turn.queue == ()


def test_a_knocked_over_crab_ignores_its_own_other_movement_effects() -> None:
    grants = [grant("little-sidestep"), grant("take_shell")]
    state = make(crabs=(at(1, 0), at(0, 1), at(0, 2)), knocked=(True, False, False), grants=grants)
    assert [type(a).__name__ for a in legal_actions(state)] == ["Use", "EndTurn"]
    assert legal_actions(state)[0].grant == 1  # type: ignore[union-attr]


def test_a_knocked_over_crab_can_still_be_moved_by_others() -> None:
    crabs = (at(1, 1), at(2, 1), at(0, 2))
    state = make(crabs=crabs, knocked=(False, True, False), queue=[P.MOVE_FORWARD])
    after = apply(state, legal_actions(state)[0])
    assert after.crabs[1] != at(2, 1)
    assert after.knocked[1]


def test_rest_stands_the_crab_up() -> None:
    state = make(
        crabs=(at(1, 0), at(0, 1), at(0, 2)),
        knocked=(True, False, False),
        stage=Stage.START,
        planned=[-2, -1, -1],
        traces=[[cid("red-1")], [], []],
    )
    after = apply(state, Rest(0, cid("red-1"), 3))
    assert after.knocked[0] is False


def test_knocking_over_an_already_knocked_crab_changes_nothing() -> None:
    crabs = (at(1, 1), at(2, 1), at(0, 2))
    state = make(crabs=crabs, knocked=(False, True, False), queue=[P.MOVE_FORWARD])
    after = apply(state, legal_actions(state)[0])
    assert after.knocked == (False, True, False)


@pytest.mark.parametrize("step", [P.MOVE_FORWARD, P.MOVE_DIAGONAL, P.MOVE_TOWARD_SEA])
def test_basic_moves_go_one_row_toward_the_sea(step: Primitive) -> None:
    state = make(crabs=(at(1, 2), at(0, 0), at(0, 4)), queue=[step])
    dests = sorted(m.dest for m in legal_actions(state) if isinstance(m, Move))
    expected = {
        P.MOVE_FORWARD: [at(2, 2)],
        P.MOVE_DIAGONAL: [at(2, 1), at(2, 3)],
        P.MOVE_TOWARD_SEA: [at(2, 1), at(2, 2), at(2, 3)],
    }[step]
    assert dests == expected
