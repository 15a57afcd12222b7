"""Types of spaces on the game board, each with its timing (scenario 1's board)."""

from __future__ import annotations

from crabrules.oh_crab import (
    SEA,
    Config,
    EndTurn,
    Move,
    Primitive,
    Shortcut,
    Use,
    apply,
    legal_actions,
)
from crabrules.oh_crab.engine._tables import rules_for
from tests.oh_crab.helpers import FIRST_ESCAPE, at, cid, grant, make

P = Primitive
R1, R2, R3 = cid("red-1"), cid("red-2"), cid("red-3")
LAYOUT = rules_for(FIRST_ESCAPE).layout
AWAY = (at(0, 3), at(0, 4))  # two crabs out of the way


def test_an_inaccessible_space_is_never_entered() -> None:
    state = make(crabs=(at(3, 1), *AWAY), grants=[grant("move_forward")])  # (4,1) is '#'
    assert Use(0, 0) not in legal_actions(state)
    assert LAYOUT.forward[at(3, 1)] == ()


def test_a_standard_obstacle_costs_a_card_of_your_choice() -> None:
    state = make(crabs=(at(4, 3), *AWAY), hands=[[R1, R2], [], []], queue=[P.MOVE_FORWARD])
    assert legal_actions(state) == (Move(0, at(5, 3), R1), Move(0, at(5, 3), R2))
    after = apply(state, Move(0, at(5, 3), R2))
    assert after.hands[0] == (R1,)
    assert after.discards[0] == (R2,)


def test_without_a_card_you_cannot_enter_a_standard_obstacle() -> None:
    state = make(crabs=(at(4, 3), *AWAY), grants=[grant("move_forward")])
    assert Use(0, 0) not in legal_actions(state)


def test_a_knocking_over_obstacle_knocks_the_crab_over_on_entry() -> None:
    state = make(crabs=(at(2, 2), *AWAY), queue=[P.MOVE_FORWARD])
    after = apply(state, Move(0, at(3, 2)))
    assert after.knocked[0]


def test_a_shell_space_gives_a_shell_from_the_supply() -> None:
    state = make(crabs=(at(0, 1), *AWAY), queue=[P.MOVE_FORWARD])
    after = apply(state, Move(0, at(1, 1)))
    assert after.shells[0] == 1
    assert after.supply == state.supply - 1


def test_a_shell_space_gives_nothing_when_the_supply_is_empty() -> None:
    state = make(crabs=(at(0, 1), *AWAY), queue=[P.MOVE_FORWARD], shells=[14, 10, 0])
    assert state.supply == 0
    assert apply(state, Move(0, at(1, 1))).shells[0] == 14


def test_a_shortcut_costs_cards_with_its_icon_at_any_moment() -> None:
    # (2,3) points to (4,4) for one card whose main action is Move forward.
    state = make(crabs=(at(2, 3), *AWAY), hands=[[R1, R3], [], []], grants=[grant("take_shell")])
    assert Shortcut(0, (R1,)) in legal_actions(state)
    after = apply(state, Shortcut(0, (R1,)))
    assert after.crabs[0] == at(4, 4)
    assert after.discards[0] == (R1,)
    assert Use(0, 0) in legal_actions(after)  # the turn goes on


def test_a_shortcut_needs_the_cards_in_hand() -> None:
    state = make(crabs=(at(2, 3), *AWAY), hands=[[R3], [], []])
    assert not any(isinstance(a, Shortcut) for a in legal_actions(state))


def test_reeds_block_moves_toward_the_sea_from_below_only() -> None:
    reeds = at(7, 2)
    assert reeds not in LAYOUT.forward[at(6, 2)]
    assert reeds not in LAYOUT.diagonal[at(6, 1)]
    assert reeds not in LAYOUT.toward_sea[at(6, 3)]
    assert reeds in LAYOUT.same_row[at(7, 1)]  # a sidestep may enter it
    assert reeds in LAYOUT.toward_land[at(8, 2)]  # a move toward the land is not blocked


def test_a_water_current_acts_at_the_end_of_its_owners_turn() -> None:
    state = make(crabs=(at(8, 1), *AWAY))  # (8,1) carries east to (8,2)
    after = apply(state, EndTurn(0))
    assert after.crabs[0] == at(8, 2)


def test_a_water_current_into_an_occupied_space_leans_and_stays() -> None:
    state = make(crabs=(at(8, 1), at(8, 2), at(0, 4)))
    after = apply(state, EndTurn(0))
    assert after.crabs[:2] == (at(8, 1), at(8, 2))
    assert after.knocked == (False, False, False)


def test_a_water_current_does_not_move_another_players_crab() -> None:
    state = make(crabs=(at(0, 3), at(8, 1), at(0, 4)))
    assert apply(state, EndTurn(0)).crabs[1] == at(8, 1)


def test_a_water_current_acts_once_even_onto_another_current() -> None:
    config = Config(players=3, scenario="shortcut")  # 9B: "^ ^ > ^ ^"
    state = make(config, crabs=(at(15, 2), at(0, 3), at(0, 4)))
    assert apply(state, EndTurn(0)).crabs[0] == at(15, 3)


def test_a_water_current_onto_a_standard_obstacle_costs_a_card_of_your_choice() -> None:
    # The current is no push by another player: its owner discards the card they choose.
    config = Config(players=3, scenario="shortcut")  # (5,1) carries north onto an Obstacle
    state = make(config, crabs=(at(5, 1), at(0, 3), at(0, 4)), hands=[[R1, R2], [], []])
    assert legal_actions(state) == (EndTurn(0, R1), EndTurn(0, R2))
    after = apply(state, EndTurn(0, discard=R2))
    assert after.crabs[0] == at(6, 1)
    assert (after.hands[0], after.discards[0]) == ((R1,), (R2,))


def test_a_water_current_carries_a_crab_with_no_card_onto_a_standard_obstacle() -> None:
    config = Config(players=3, scenario="shortcut")
    state = make(config, crabs=(at(5, 1), at(0, 3), at(0, 4)))
    assert legal_actions(state) == (EndTurn(0),)
    assert apply(state, EndTurn(0)).crabs[0] == at(6, 1)


def test_a_water_current_acts_after_the_turn_so_it_gives_no_card_exchange() -> None:
    config = Config(players=3, scenario="shortcut")  # (9,2) carries north onto (10,2), 'e'
    state = make(config, crabs=(at(9, 2), at(0, 3), at(0, 4)), hands=[[R1], [], []])
    assert rules_for(config).exchange[at(10, 2)]
    assert legal_actions(state) == (EndTurn(0),)
    after = apply(state, EndTurn(0))
    assert (after.crabs[0], after.current, after.hands[0]) == (at(10, 2), 1, (R1,))


def test_a_water_current_into_the_sea_finishes_the_race() -> None:
    state = make(crabs=(at(15, 0), -1, at(0, 4)))  # the sea takes any number of crabs
    assert apply(state, EndTurn(0)).crabs[:2] == (SEA, SEA)


def test_a_crab_enters_the_sea_by_a_standard_move() -> None:
    state = make(crabs=(at(15, 4), *AWAY), queue=[P.MOVE_DIAGONAL])
    assert legal_actions(state) == (Move(0, SEA),)


def test_a_surprise_space_has_no_effect_without_the_adventure_pack() -> None:
    state = make(crabs=(at(1, 0), *AWAY), hands=[[R1], [], []], queue=[P.MOVE_FORWARD])
    after = apply(state, Move(0, at(2, 0)))
    assert LAYOUT.spaces[at(2, 0)].surprise
    assert (after.hands, after.shells, after.knocked) == (state.hands, state.shells, state.knocked)
