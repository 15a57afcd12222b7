"""One rule, one place: the move generator and the refusal ask the same named check.

Each test builds a position by hand (scenario 1: inaccessible b4, Reeds
on c7, a standard Obstacle at d5), asks the rule's check, and shows that the action it
forbids is absent from the legal actions and refused in the rule's words.
"""

from __future__ import annotations

import pytest

from crabrules.core.errors import IllegalActionError
from crabrules.oh_crab import (
    SEA,
    Action,
    Config,
    IllegalReason,
    Move,
    Primitive,
    Shift,
    State,
    Use,
    apply,
    legal_actions,
)
from crabrules.oh_crab.content._components import crosses_reeds, shape
from crabrules.oh_crab.engine._effects import FREE_ONLY, REEDS_BAR
from crabrules.oh_crab.engine._movement import (
    chains_onto,
    costs_a_card,
    every_push_chain,
    occupants,
    push_chains,
    teammates,
)
from crabrules.oh_crab.engine._tables import rules_of
from tests.oh_crab.helpers import at, cid, grant, make

P = Primitive
R = IllegalReason
R1 = cid("red-1")


def refused(state: State, action: Action, *words: str) -> IllegalReason:
    """``action`` is not generated, and its refusal says ``words``; return its reason."""
    assert action not in legal_actions(state)
    with pytest.raises(IllegalActionError) as error:
        apply(state, action)
    for word in words:
        assert word in error.value.message, error.value.message
    reason = error.value.reason
    assert isinstance(reason, IllegalReason), reason
    return reason


def moving(step: Primitive, red: int, *others: int, hand: tuple[int, ...] = (R1,)) -> State:
    crabs = (red, *others, at(0, 3), at(0, 4))[:3]
    return make(crabs=crabs, queue=[step], hands=[list(hand), [], []])


def dests(state: State) -> set[int]:
    return {a.dest for a in legal_actions(state) if isinstance(a, Move | Shift)}


def test_step_shape() -> None:
    # The shape that builds the layout's tables is the one the refusal measures.
    state = moving(P.MOVE_FORWARD, at(1, 1))
    layout = rules_of(state).layout
    assert shape(layout.rows, at(1, 1), P.MOVE_FORWARD) == layout.forward[at(1, 1)]
    assert dests(state) == {at(2, 1)}
    assert refused(state, Move(0, at(2, 2)), "dest: Move forward") is R.BAD_DESTINATION
    # From the last two rows, the jump's line runs into the sea.
    last = layout.rows - 1
    assert shape(layout.rows, at(last - 1, 0), P.JUMP_TWO_STRAIGHT) == (SEA,)


def test_inaccessible_space() -> None:
    state = moving(P.MOVE_TOWARD_SEA, at(3, 1))
    layout = rules_of(state).layout
    assert at(4, 1) in shape(layout.rows, at(3, 1), P.MOVE_TOWARD_SEA)
    assert not layout.spaces[at(4, 1)].accessible
    assert at(4, 1) not in dests(state)
    assert refused(state, Move(0, at(4, 1)), "b4 is an inaccessible space") is R.BAD_DESTINATION


def test_reeds() -> None:
    state = moving(P.MOVE_TOWARD_SEA, at(6, 2))
    layout = rules_of(state).layout
    assert P.MOVE_TOWARD_SEA in REEDS_BAR
    assert crosses_reeds(layout.spaces, at(6, 2), at(7, 2))
    assert not crosses_reeds(layout.spaces, at(7, 1), at(7, 2))  # along the row
    assert at(7, 2) not in dests(state)
    assert refused(state, Move(0, at(7, 2)), "the Reeds on c7") is R.BAD_DESTINATION
    # Head Down!: the active crab's own move goes over them, and both sides know it.
    head_down = make(
        crabs=(at(6, 2), at(0, 3), at(0, 4)), queue=[P.MOVE_TOWARD_SEA], head_down=True
    )
    assert at(7, 2) in dests(head_down)


def test_free_space() -> None:
    state = moving(P.JUMP_SAME_DISTANCE, at(2, 1), at(2, 3))
    layout = rules_of(state).layout
    assert P.JUMP_SAME_DISTANCE in FREE_ONLY
    assert at(2, 3) in layout.same_row[at(2, 1)]
    assert at(2, 3) not in dests(state)
    assert refused(state, Move(0, at(2, 3)), "d2 is taken by orange") is R.BAD_DESTINATION


def test_push() -> None:
    # Red moves forward onto orange: the pushes generated are chains_onto's, no other.
    state = moving(P.MOVE_FORWARD, at(1, 1), at(2, 1))
    rules = rules_of(state)
    occupied = occupants(state)
    del occupied[at(1, 1)]
    chains = chains_onto(rules, occupied, 0, at(2, 1))
    assert chains == push_chains(rules.layout, occupied, at(2, 1))
    moves = [a for a in legal_actions(state) if isinstance(a, Move)]
    assert [a.pushes for a in moves] == chains
    assert refused(state, Move(0, at(2, 1)), "orange on b2 is pushed") is R.BAD_PUSH


def test_reeds_do_not_bar_a_jump() -> None:
    # The jump's table ignores Reeds, so does the refusal: REEDS_BAR leaves the jump out.
    state = moving(P.JUMP_TWO_STRAIGHT, at(5, 2))
    assert P.JUMP_TWO_STRAIGHT not in REEDS_BAR
    assert crosses_reeds(rules_of(state).layout.spaces, at(5, 2), at(7, 2))
    assert at(7, 2) in dests(state)


def test_obstacle_card() -> None:
    state = moving(P.MOVE_TOWARD_SEA, at(4, 3), hand=())
    rules = rules_of(state)
    assert costs_a_card(rules, at(5, 3), head_down=False)
    assert not costs_a_card(rules, at(5, 3), head_down=True)
    assert not costs_a_card(rules, SEA, head_down=False)
    assert at(5, 3) not in dests(state)
    assert refused(state, Move(0, at(5, 3)), "d5 is a standard Obstacle", "no card") is (
        R.BAD_DESTINATION
    )


DUEL = Config(players=2)


def test_teammates() -> None:
    # 2 players: red moves forward onto orange, its own other crab: they swap, no push.
    state = make(
        DUEL,
        crabs=[at(1, 1), at(2, 1), at(0, 3), at(0, 4)],
        grants=[grant("move_forward")],
        tokens=[1, 0, 0, 0],
        crab=0,
    )
    rules = rules_of(state)
    assert teammates(rules, 0, 1)
    assert not teammates(rules, 0, 2)
    occupied = occupants(state)
    del occupied[at(1, 1)]
    assert chains_onto(rules, occupied, 0, at(2, 1)) == [()]
    state = apply(state, Use(0, 0))
    assert legal_actions(state) == (Move(0, at(2, 1)),)
    words = "swaps places with its teammate"
    assert refused(state, Move(0, at(2, 1), pushes=(at(3, 1),)), words) is R.BAD_PUSH


def test_every_push_chain_holds_each_chain_a_position_allows() -> None:
    # The encoding numbers every_push_chain's chains: each real push must be among them.
    layout = rules_of(moving(P.MOVE_FORWARD, at(1, 1))).layout
    occupied = {at(2, 1): 1, at(3, 1): 2, at(3, 2): 3}
    every = every_push_chain(layout, at(2, 1), 3)
    assert push_chains(layout, occupied, at(2, 1))
    assert all(chain in every for chain in push_chains(layout, occupied, at(2, 1)))
    assert every_push_chain(layout, at(2, 1), 0) == []
