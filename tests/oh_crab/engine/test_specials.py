"""The 8 special actions and the 8 Additional Action tile effects, as the rulebook words them."""

from __future__ import annotations

from typing import Any

import pytest

from crabrules.core.errors import IllegalActionError
from crabrules.oh_crab import (
    DRAW_PILE,
    Config,
    Discard,
    Dope,
    EndTurn,
    Exchange,
    Finish,
    Move,
    PickTrace,
    Shift,
    Side,
    Source,
    StandUp,
    State,
    Use,
    apply,
    legal_actions,
)
from tests.oh_crab.helpers import FIRST_ESCAPE, at, cid, grant, make, with_special

R1, R2, R3, R4 = (cid(f"red-{i}") for i in range(1, 5))
O1, O2 = cid("orange-1"), cid("orange-2")


def dests(state: State) -> list[int]:
    return [a.dest for a in legal_actions(state) if isinstance(a, Move)]


# --- special actions -----------------------------------------------------------------------


def test_seagull_moves_crabs_in_front_one_space_toward_the_land() -> None:
    crabs = (at(6, 2), at(9, 0), at(3, 0))  # 1 is in front, 2 behind
    state = apply(make(crabs=crabs, grants=[grant("seagull")]), Use(0, 0))
    assert legal_actions(state) == (Shift(0, 1, at(8, 0)), Shift(0, 1, at(8, 1)), Finish(0))
    after = apply(state, Shift(0, 1, at(8, 1)))
    assert after.crabs[1] == at(8, 1)
    assert legal_actions(after) == (EndTurn(0),)  # each crab moves once; then it is over


def test_seagull_lets_the_player_stop_and_choose_the_order() -> None:
    crabs = (at(6, 2), at(9, 0), at(9, 4))
    state = apply(make(crabs=crabs, grants=[grant("seagull")]), Use(0, 0))
    assert {a.crab for a in legal_actions(state) if isinstance(a, Shift)} == {1, 2}
    after = apply(state, Finish(0))
    assert after.crabs == crabs
    assert after.turn is not None
    assert after.turn.queue == ()


def test_seagull_destinations_must_be_free() -> None:
    crabs = (at(6, 2), at(9, 0), at(8, 0))
    state = apply(make(crabs=crabs, grants=[grant("seagull")]), Use(0, 0))
    assert Shift(0, 1, at(8, 0)) not in legal_actions(state)


def test_little_sidestep_jumps_to_a_free_space_at_the_same_distance() -> None:
    crabs = (at(4, 0), at(4, 4), at(0, 4))  # (4,1) is inaccessible: jumped over
    state = apply(make(crabs=crabs, grants=[grant("little-sidestep")]), Use(0, 0))
    assert [a.dest for a in legal_actions(state) if isinstance(a, Move)] == [at(4, 2), at(4, 3)]
    assert apply(state, Move(0, at(4, 2))).shells[0] == 1  # a Shell space's effect applies


def test_call_of_the_sea_moves_you_and_the_crabs_behind_you() -> None:
    crabs = (at(6, 2), at(3, 0), at(9, 0))  # 1 behind, 2 in front
    state = apply(make(crabs=crabs, grants=[grant("call-of-the-sea")]), Use(0, 0))
    movers = {a.crab for a in legal_actions(state) if isinstance(a, Shift)}
    assert movers == {0, 1}
    after = apply(state, Shift(0, 1, at(4, 0)))
    after = apply(after, Shift(0, 0, at(7, 3)))
    assert after.crabs == (at(7, 3), at(4, 0), at(9, 0))
    assert legal_actions(after) == (EndTurn(0),)


def test_call_of_the_sea_counts_the_crabs_behind_at_its_start() -> None:
    crabs = (at(6, 2), at(5, 2), at(9, 4))
    state = apply(make(crabs=crabs, grants=[grant("call-of-the-sea")]), Use(0, 0))
    # Moving crab 1 forward past you does not take it out of the action.
    after = apply(state, Shift(0, 0, at(7, 3)))
    assert {a.crab for a in legal_actions(after) if isinstance(a, Shift)} == {1}


def test_head_down_ignores_obstacles_knock_overs_and_reeds() -> None:
    state = make(crabs=(at(2, 2), at(0, 3), at(0, 4)), grants=[grant("head-down")])
    state = apply(state, Use(0, 0))
    assert state.turn is not None
    assert state.turn.head_down
    knock = apply(
        make(
            crabs=(at(2, 2), at(0, 3), at(0, 4)),
            queue=[],
            grants=[grant("move_forward")],
            head_down=True,
        ),
        Use(0, 0),
    )
    assert not apply(knock, Move(0, at(3, 2))).knocked[0]
    obstacle = make(
        crabs=(at(4, 3), at(0, 3), at(0, 4)), grants=[grant("move_forward")], head_down=True
    )
    assert Use(0, 0) in legal_actions(obstacle)  # no card needed
    reeds = make(
        crabs=(at(6, 2), at(0, 3), at(0, 4)), grants=[grant("move_forward")], head_down=True
    )
    assert dests(apply(reeds, Use(0, 0))) == [at(7, 2)]  # (7,2) has Reeds


def test_head_down_lets_call_of_the_sea_cross_reeds_for_your_crab_only() -> None:
    crabs = (at(6, 2), at(6, 3), at(0, 4))  # (6,3) is not behind: only you move
    state = make(crabs=crabs, grants=[grant("call-of-the-sea")], head_down=True)
    state = apply(state, Use(0, 0))
    assert Shift(0, 0, at(7, 2)) in legal_actions(state)


def test_head_down_may_ignore_a_water_current() -> None:
    # "You MAY ignore the negative effects": the player chooses whether the current acts.
    state = make(crabs=(at(8, 1), at(0, 3), at(0, 4)), head_down=True)  # (8,1) carries east
    assert legal_actions(state) == (EndTurn(0), EndTurn(0, ignore_current=True))
    assert apply(state, EndTurn(0, ignore_current=True)).crabs[0] == at(8, 1)
    assert apply(state, EndTurn(0)).crabs[0] == at(8, 2)


def test_without_head_down_a_water_current_cannot_be_ignored() -> None:
    state = make(crabs=(at(8, 1), at(0, 3), at(0, 4)))
    assert legal_actions(state) == (EndTurn(0),)
    with pytest.raises(IllegalActionError):
        apply(state, EndTurn(0, ignore_current=True))


def test_head_down_ignores_the_obstacle_a_water_current_carries_you_onto() -> None:
    config = Config(players=3, scenario="shortcut")  # (5,1) carries north onto an Obstacle
    state = make(
        config, crabs=(at(5, 1), at(0, 3), at(0, 4)), hands=[[R1], [], []], head_down=True
    )
    after = apply(state, EndTurn(0))
    assert after.crabs[0] == at(6, 1)
    assert after.hands[0] == (R1,)


def test_running_jump_discards_to_use_the_main_action_of_a_trace_card() -> None:
    state = make(
        crabs=(at(1, 0), at(0, 3), at(0, 4)),
        hands=[[R2], [], []],
        traces=[[R3, R4], [], []],
        grants=[grant("running-jump")],
    )
    state = apply(state, Use(0, 0))
    assert legal_actions(state) == (Discard(0, R2),)
    state = apply(state, Discard(0, R2))
    assert legal_actions(state) == (PickTrace(0, R3), PickTrace(0, R4))
    shell = apply(state, PickTrace(0, R4))  # red-4's main action: take a shell
    assert shell.shells[0] == 1
    diagonal = apply(state, PickTrace(0, R3))  # red-3's: move diagonally
    assert {a.dest for a in legal_actions(diagonal) if isinstance(a, Move)} == {at(2, 1)}


def test_running_jump_offers_only_trace_cards_whose_main_action_does_something() -> None:
    # The supply is empty: red-4's Take a shell would do nothing for the discarded card.
    state = make(
        crabs=(at(1, 0), at(0, 3), at(0, 4)),
        hands=[[R2], [], []],
        traces=[[R3, R4], [], []],
        shells=[14, 10, 0],
        grants=[grant("running-jump")],
    )
    assert state.supply == 0
    state = apply(apply(state, Use(0, 0)), Discard(0, R2))
    assert legal_actions(state) == (PickTrace(0, R3),)


def test_running_jump_is_not_offered_when_no_trace_card_can_act() -> None:
    state = make(
        crabs=(at(1, 0), at(0, 3), at(0, 4)),
        hands=[[R2], [], []],
        traces=[[R4], [], []],
        shells=[14, 10, 0],
        grants=[grant("running-jump")],
        tile_used=True,
    )
    assert legal_actions(state) == (EndTurn(0),)


def test_diagonally_is_a_basic_diagonal_move() -> None:
    state = apply(
        make(crabs=(at(1, 2), at(0, 3), at(0, 4)), grants=[grant("diagonally")]), Use(0, 0)
    )
    assert dests(state) == [at(2, 1), at(2, 3)]


def test_diagonally_stands_a_knocked_over_crab_up() -> None:
    state = make(
        crabs=(at(1, 2), at(0, 3), at(0, 4)),
        knocked=(True, False, False),
        grants=[grant("diagonally")],
    )
    assert legal_actions(apply(state, Use(0, 0))) == (StandUp(0),)


def test_sand_in_the_eyes_discards_a_random_card_of_each_crab_in_front() -> None:
    crabs = (at(3, 0), at(6, 0), at(1, 0))
    state = make(
        crabs=crabs, hands=[[], [O1, O2], [cid("blue-1")]], grants=[grant("sand-in-the-eyes")]
    )
    after = apply(state, Use(0, 0))
    assert len(after.hands[1]) == 1
    assert after.discards[1][0] in (O1, O2)
    assert after.hands[2] == state.hands[2]  # behind you: untouched


def test_sand_in_the_eyes_is_useless_when_nobody_in_front_has_a_card() -> None:
    state = make(
        crabs=(at(3, 0), at(6, 0), at(1, 0)),
        hands=[[], [], [cid("blue-1")]],
        grants=[grant("sand-in-the-eyes")],
    )
    assert legal_actions(state) == (EndTurn(0),)


def test_a_crab_in_the_sea_is_no_longer_targeted_by_any_action() -> None:
    # Player 1's crab is in the sea: Sand in the Eyes! takes no card from its player, and
    # neither Seagull! nor In My Place! can move it.
    hands = [[], [O1, O2], []]
    sand = make(crabs=(at(3, 0), -1, at(1, 0)), hands=hands, grants=[grant("sand-in-the-eyes")])
    assert legal_actions(sand) == (EndTurn(0),)
    gull = make(crabs=(at(14, 0), -1, at(1, 0)), grants=[grant("seagull")])
    assert legal_actions(gull) == (EndTurn(0),)
    swap = make(crabs=(at(15, 0), -1, at(1, 0)), shells=[3, 0, 0], grants=[grant("Ba")])
    assert Use(0, 0) not in legal_actions(swap)


def test_faster_discards_a_card_to_move_forward() -> None:
    state = make(
        crabs=(at(1, 2), at(0, 3), at(0, 4)), hands=[[R1], [], []], grants=[grant("faster")]
    )
    state = apply(apply(state, Use(0, 0)), Discard(0, R1))
    assert legal_actions(state) == (Move(0, at(2, 2)),)
    assert grant("faster").steps[0].value == "discard_card"


def test_faster_needs_a_card_left_for_the_obstacle_ahead() -> None:
    # (5,3) is a standard Obstacle: with one card, paying Faster! leaves none to enter it.
    one = make(
        crabs=(at(4, 3), at(0, 3), at(0, 4)), hands=[[R1], [], []], grants=[grant("faster")]
    )
    assert legal_actions(one) == (EndTurn(0),)
    two = make(
        crabs=(at(4, 3), at(0, 3), at(0, 4)), hands=[[R1, R2], [], []], grants=[grant("faster")]
    )
    assert Use(0, 0) in legal_actions(two)


def test_faster_needs_a_card_to_discard() -> None:
    state = make(crabs=(at(1, 2), at(0, 3), at(0, 4)), grants=[grant("faster")])
    assert legal_actions(state) == (EndTurn(0),)


# --- Additional Action tiles --------------------------------------------------------------------


def tile_state(tile: str, crabs: tuple[int, int, int], **kwargs: Any) -> State:
    # Scenario 1's board with ``tile`` among the three tiles in play.
    others = [f"{letter}a" for letter in "ABCD" if letter != tile[0]][:2]
    config = Config(
        players=3, scenario=None, board=FIRST_ESCAPE.resolved_board(), action_tiles=(tile, *others)
    )
    state = make(config, crabs=crabs, shells=[3, 0, 0], grants=[grant(tile)], **kwargs)
    return apply(state, Use(0, 0))


def test_tile_aa_diagonally() -> None:
    state = tile_state("Aa", (at(1, 2), at(0, 3), at(0, 4)))
    assert dests(state) == [at(2, 1), at(2, 3)]


def test_tile_ab_little_sidestep() -> None:
    state = tile_state("Ab", (at(2, 0), at(2, 2), at(0, 4)))
    assert dests(state) == [at(2, 1), at(2, 3), at(2, 4)]


def test_tile_ba_in_my_place_swaps_with_an_adjacent_crab() -> None:
    state = tile_state("Ba", (at(6, 2), at(7, 3), at(0, 4)))
    assert legal_actions(state) == (Move(0, at(7, 3)),)
    after = apply(state, Move(0, at(7, 3)))
    assert after.crabs[:2] == (at(7, 3), at(6, 2))
    assert after.knocked == (False, False, False)
    assert after.shells[1] == 1  # (6,2) is a Shell space: the other crab entered it


def test_tile_ba_respects_the_entry_conditions_of_your_new_space() -> None:
    crabs = (at(6, 3), at(7, 4), at(0, 4))  # (7,4) is an Obstacle and your Hand is empty
    state = make(crabs=crabs, shells=[3, 0, 0], grants=[grant("Ba")])
    assert Use(0, 0) not in legal_actions(state)


def test_tile_ba_in_my_place_is_not_stopped_by_reeds() -> None:
    # Decision: a swap crosses no border, so (7,2)'s Reeds do not stop it.
    state = tile_state("Ba", (at(6, 2), at(7, 2), at(0, 4)))
    assert legal_actions(state) == (Move(0, at(7, 2)),)


def test_tile_bb_faster_moves_forward() -> None:
    state = tile_state("Bb", (at(1, 2), at(0, 3), at(0, 4)))
    assert legal_actions(state) == (Move(0, at(2, 2)),)


def test_tile_ca_running_jump_flies_two_spaces_straight() -> None:
    # Forward over (4,1), inaccessible; to the right, (5,3) is an Obstacle: a card is due.
    state = tile_state("Ca", (at(3, 1), at(0, 3), at(0, 4)), hands=[[R1], [], []])
    assert legal_actions(state) == (Move(0, at(5, 1)), Move(0, at(5, 3), R1))


def test_tile_ca_running_jump_flies_over_the_currents_into_the_sea() -> None:
    state = tile_state("Ca", (at(14, 2), at(0, 3), at(0, 4)))
    assert dests(state) == [-1]
    assert apply(state, Move(0, -1)).crabs[0] == -1


def test_tile_cb_doping_adds_a_card_and_its_actions() -> None:
    card = with_special("faster")
    state = tile_state(
        "Cb", (at(1, 2), at(0, 3), at(0, 4)), hands=[[card], [], []], traces=[[R1], [], []]
    )
    assert legal_actions(state) == (Dope(0, card, Side.LEFT), Dope(0, card, Side.RIGHT))
    after = apply(state, Dope(0, card, Side.RIGHT))
    assert after.traces[0] == (R1, card)
    assert after.turn is not None
    sources = [g.source for g in after.turn.grants]
    assert Source.MAIN in sources
    assert Source.SPECIAL in sources


def test_tile_da_takes_the_discard_pile_back() -> None:
    state = tile_state("Da", (at(1, 2), at(0, 3), at(0, 4)), discards=[[R1, R2], [], []])
    assert state.hands[0] == (R1, R2)
    assert state.discards[0] == ()


def test_tile_db_a_little_exchange() -> None:
    state = tile_state("Db", (at(1, 2), at(0, 3), at(0, 4)), hands=[[R1], [], []])
    exchange = Exchange(0, R1, DRAW_PILE)
    assert exchange in legal_actions(state)
    after = apply(state, exchange)
    assert R1 in after.removed
    assert after.current == 0  # unlike the board's exchange, the turn goes on
