"""Rounds: planning, the action phase, actions A to F, the Market, end of round and game."""

from __future__ import annotations

import pytest

from crabrules.core.errors import IllegalActionError, NotYourTurnError
from crabrules.oh_crab import (
    DRAW_PILE,
    NO_CARD,
    RESTING,
    AddCard,
    Config,
    EndTurn,
    ExchangeAndEnd,
    IllegalReason,
    Move,
    Phase,
    Plan,
    Primitive,
    Rest,
    Side,
    Source,
    Stage,
    Use,
    active_players,
    apply,
    initial_state,
    legal_actions,
    observe,
    outcome,
)
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.engine._turns import next_cook
from tests.oh_crab.helpers import FIRST_ESCAPE, at, cid, grant, make, with_special

R1, R2, R3, R4 = (cid(f"red-{i}") for i in range(1, 5))
O1, B1 = cid("orange-1"), cid("blue-1")
P_FWD = Primitive.MOVE_FORWARD


# --- planning ------------------------------------------------------------------------------


def test_planning_is_simultaneous_and_hidden() -> None:
    state = initial_state(FIRST_ESCAPE, seed=5)
    assert active_players(state) == {0, 1, 2}
    state = apply(state, Plan(2, cid("blue-3")))
    assert active_players(state) == {0, 1}
    assert observe(state, 0).planned[2] == -3
    assert observe(state, 2).planned[2] == cid("blue-3")
    assert cid("blue-3") not in state.hands[2]


def test_a_player_with_an_empty_hand_declares_a_rest() -> None:
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        hands=[[], [O1], [B1]],
        current=2,
        cook=0,
        traces=[[R3], [], []],
    )
    after = apply(state, EndTurn(2))
    assert after.phase is Phase.PLANNING
    assert after.planned == (RESTING, NO_CARD, NO_CARD)
    assert active_players(after) == {1, 2}


def test_the_action_phase_starts_with_the_cook_and_goes_clockwise() -> None:
    state = initial_state(FIRST_ESCAPE, seed=5)
    for p in range(3):
        state = apply(state, legal_actions(state, p)[0])
    assert state.phase is Phase.ACTION
    cook = state.cook
    assert active_players(state) == {cook}
    state = apply(state, AddCard(cook, Side.LEFT))
    state = apply(state, EndTurn(cook))
    assert active_players(state) == {(cook + 1) % 3}


def test_another_player_cannot_act_out_of_turn() -> None:
    state = make(crabs=(at(1, 0), at(1, 1), at(1, 2)), current=1)
    with pytest.raises(NotYourTurnError):
        apply(state, EndTurn(0))


# --- add a card or rest -------------------------------------------------------------------------


def test_the_first_card_starts_the_trace_then_cards_join_left_or_right() -> None:
    first = make(crabs=(at(1, 0), at(1, 1), at(1, 2)), stage=Stage.START, planned=[R1, -1, -1])
    assert legal_actions(first)[:1] == (AddCard(0, Side.LEFT),)
    assert AddCard(0, Side.RIGHT) not in legal_actions(first)
    later = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        stage=Stage.START,
        planned=[R2, -1, -1],
        traces=[[R1], [], []],
    )
    assert apply(later, AddCard(0, Side.LEFT)).traces[0] == (R2, R1)
    assert apply(later, AddCard(0, Side.RIGHT)).traces[0] == (R1, R2)


def test_a_declared_rest_must_be_taken() -> None:
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        stage=Stage.START,
        planned=[RESTING, -1, -1],
        traces=[[R1, R2], [], []],
    )
    assert all(isinstance(a, Rest) for a in legal_actions(state))


def test_rest_follows_its_five_steps() -> None:
    market_card = with_special("faster")
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        stage=Stage.START,
        planned=[R4, -1, -1],
        traces=[[R1, R2], [], []],
        discards=[[R3], [], []],
        knocked=(True, False, False),
        market=[[market_card], [], []],
    )
    after = apply(state, Rest(0, R2, 0))
    assert after.traces[0] == (R2,)  # 2. keep one Trace card
    assert after.discards[0] == ()  # 4. the Discard pile comes back to the Hand
    assert set(after.hands[0]) == {R1, R3, R4, market_card}  # 1. + 3.
    assert after.knocked[0] is False  # 5. stand up
    assert after.market[0] != ()  # refilled
    assert after.market[0][-1] != market_card


def test_rest_without_a_market_card_when_the_market_is_exhausted() -> None:
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        stage=Stage.START,
        planned=[RESTING, -1, -1],
        traces=[[R1], [], []],
        draw=[],
    )
    assert legal_actions(state) == (Rest(0, R1, -1),)


def test_resting_gives_no_card_actions() -> None:
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        stage=Stage.START,
        cook=1,
        planned=[RESTING, -1, -1],
        traces=[[R1], [], []],
    )
    after = apply(state, Rest(0, R1, DRAW_PILE))
    assert after.turn is not None
    assert {g.source for g in after.turn.grants} == {Source.TILE}


# --- actions A to F ------------------------------------------------------------------------------


def test_a_card_gives_its_main_action() -> None:
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)), stage=Stage.START, planned=[R4, -1, -1], cook=1
    )
    after = apply(state, AddCard(0, Side.LEFT))
    assert after.turn is not None
    assert [g.name for g in after.turn.grants if g.source is Source.MAIN] == ["take_shell"]


def test_a_completed_half_icon_gives_a_secondary_action() -> None:
    # red-1's lower right half (take_shell) meets red-2's lower left half (take_shell).
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        stage=Stage.START,
        planned=[R2, -1, -1],
        traces=[[R1], [], []],
        cook=1,
    )
    right = apply(state, AddCard(0, Side.RIGHT)).turn
    left = apply(state, AddCard(0, Side.LEFT)).turn
    assert right is not None
    assert left is not None
    assert [g.name for g in right.grants if g.source is Source.SECONDARY] == ["take_shell"]
    assert [g for g in left.grants if g.source is Source.SECONDARY] == []


def test_two_icons_completed_at_once_give_both_actions() -> None:
    cards = rules_for(FIRST_ESCAPE).cards
    # a04's right edge shows two halves that a06's left edge completes.
    assert cards[cid("a04")].right == cards[cid("a06")].left
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        stage=Stage.START,
        planned=[cid("a06"), -1, -1],
        traces=[[cid("a04")], [], []],
        cook=1,
    )
    turn = apply(state, AddCard(0, Side.RIGHT)).turn
    assert turn is not None
    halves = [h.value for h in cards[cid("a06")].left if h is not None]
    assert [g.name for g in turn.grants if g.source is Source.SECONDARY] == halves


def test_an_action_card_gives_its_special_action() -> None:
    card = with_special("sand-in-the-eyes")
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)), stage=Stage.START, planned=[card, -1, -1], cook=1
    )
    turn = apply(state, AddCard(0, Side.LEFT)).turn
    assert turn is not None
    assert [g.name for g in turn.grants if g.source is Source.SPECIAL] == ["sand-in-the-eyes"]


def test_only_the_cook_holder_has_the_extra_diagonal() -> None:
    for cook, expected in ((0, ["move_diagonal"]), (1, [])):
        state = make(
            crabs=(at(1, 0), at(1, 1), at(1, 2)),
            stage=Stage.START,
            planned=[R4, -1, -1],
            cook=cook,
        )
        turn = apply(state, AddCard(0, Side.LEFT)).turn
        assert turn is not None
        assert [g.name for g in turn.grants if g.source is Source.COOK] == expected


def test_each_action_is_used_at_most_once() -> None:
    state = make(crabs=(at(1, 0), at(1, 1), at(1, 2)), grants=[grant("take_shell")])
    after = apply(state, Use(0, 0))
    assert after.shells[0] == 1
    assert after.turn is not None
    assert [g.source for g in after.turn.grants] == [Source.TILE] * 3


def test_one_additional_action_tile_per_turn_paid_in_shells() -> None:
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        shells=[3, 0, 0],
        grants=[grant("Aa"), grant("Ba"), grant("Ca")],
    )
    supply = state.supply
    after = apply(state, Use(0, 0))  # Aa: Diagonally!, 1 shell
    assert after.shells[0] == 2
    assert after.supply == supply + 1
    after = apply(after, legal_actions(after)[0])
    assert after.turn is not None
    assert after.turn.grants == ()
    assert after.turn.tile_used


def test_an_action_tile_needs_enough_shells() -> None:
    state = make(crabs=(at(1, 0), at(1, 1), at(1, 2)), shells=[2, 0, 0], grants=[grant("Ca")])
    assert Use(0, 0) not in legal_actions(state)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Use(0, 0))
    assert refused.value.reason is IllegalReason.CANNOT_PAY


def test_actions_are_optional_the_turn_ends_when_the_player_says() -> None:
    state = make(crabs=(at(1, 0), at(1, 1), at(1, 2)), grants=[grant("move_forward")])
    after = apply(state, EndTurn(0))
    assert after.current == 1
    assert after.crabs[0] == at(1, 0)


# --- the Market and Card Exchange ----------------------------------------------------------------


def test_taking_a_face_up_card_takes_the_top_of_its_stack() -> None:
    a, b = with_special("seagull"), with_special("seagull", 1)
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        stage=Stage.START,
        planned=[RESTING, -1, -1],
        traces=[[R1], [], []],
        market=[[a, b], [], []],
    )
    after = apply(state, Rest(0, R1, 0))
    assert b in after.hands[0]
    assert after.market[0] == (a,)


def test_an_emptied_face_up_pile_is_refilled_at_once_stacking_equal_specials() -> None:
    gull, head, fast = with_special("seagull"), with_special("head-down"), with_special("faster")
    fast2, sand = with_special("faster", 1), with_special("sand-in-the-eyes")
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        stage=Stage.START,
        planned=[RESTING, -1, -1],
        traces=[[R1], [], []],
        market=[[gull], [head], [fast]],
        draw=[fast2, sand],
    )
    after = apply(state, Rest(0, R1, 0))
    # The drawn Faster! joins the Faster! pile; the next card fills the empty space.
    assert after.market == ((sand,), (head,), (fast, fast2))
    assert after.draw == ()


def test_card_exchange_puts_a_starting_card_back_in_the_box() -> None:
    state = make(crabs=(at(3, 4), at(1, 1), at(1, 2)), hands=[[R1], [], []])
    exchange = ExchangeAndEnd(0, R1, DRAW_PILE)
    assert exchange in legal_actions(state)
    top = state.draw[0]
    after = apply(state, exchange)
    assert R1 in after.removed
    assert after.hands[0] == (top,)
    assert after.current == 1  # the exchange ends the turn


def test_card_exchange_puts_another_card_under_the_draw_pile() -> None:
    card = with_special("faster")
    state = make(crabs=(at(3, 4), at(1, 1), at(1, 2)), hands=[[card], [], []])
    after = apply(state, ExchangeAndEnd(0, card, DRAW_PILE))
    assert after.draw[-1] == card


def test_no_card_exchange_with_an_empty_hand_or_an_exhausted_market() -> None:
    empty_hand = make(crabs=(at(3, 4), at(1, 1), at(1, 2)))
    assert legal_actions(empty_hand) == (EndTurn(0),)
    exhausted = make(crabs=(at(3, 4), at(1, 1), at(1, 2)), hands=[[R1], [], []], draw=[])
    assert legal_actions(exhausted) == (EndTurn(0),)


# --- end of round and game -----------------------------------------------------------------


def test_end_of_round_passes_the_cook_to_the_crab_farthest_from_the_sea() -> None:
    state = make(crabs=(at(5, 0), at(2, 1), at(9, 2)), hands=[[R1], [O1], [B1]], current=2, cook=0)
    after = apply(state, EndTurn(2))
    assert after.phase is Phase.PLANNING
    assert after.round == 2
    assert after.cook == 1


def test_cook_tie_goes_to_the_tied_player_furthest_left_of_the_holder() -> None:
    # The rulebook's example: red and blue tied farthest, blue holds the pawn, red gets it.
    red, orange, blue, green, brown = range(5)
    crabs = [0] * 5
    crabs[red], crabs[blue] = at(2, 0), at(2, 4)
    crabs[orange], crabs[green], crabs[brown] = at(9, 0), at(5, 1), at(5, 3)
    layout = rules_for(Config(players=5)).layout
    assert next_cook(layout, crabs, range(5), holder=blue) == red
    assert next_cook(layout, crabs, range(5), holder=red) == blue
    # Decision: with several tied players, the first one met going left (clockwise) from
    # the holder; the holder itself comes last.
    crabs[green] = at(2, 2)
    assert next_cook(layout, crabs, range(5), holder=red) == blue
    assert next_cook(layout, crabs, range(5), holder=blue) == green
    assert next_cook(layout, crabs, range(5), holder=orange) == blue
    alone = [at(9, 0), at(9, 1), at(2, 2), at(9, 3), at(9, 4)]
    assert next_cook(layout, alone, range(5), holder=blue) == blue  # the holder alone is farthest


def test_the_round_is_finished_after_a_crab_reaches_the_sea() -> None:
    state = make(
        crabs=(-1, at(14, 1), at(1, 2)),
        current=1,
        cook=0,
        hands=[[], [O1], []],
        planned=[-1, -1, B1],
    )
    after = apply(state, EndTurn(1))
    assert after.phase is Phase.ACTION  # player 2 still plays
    assert outcome(after) is None
    over = apply(apply(after, AddCard(2, Side.LEFT)), EndTurn(2))
    assert over.phase is Phase.OVER
    result = outcome(over)
    assert result is not None
    assert result.winners == {0}
    assert result.reason == "sea_reached"


@pytest.mark.parametrize(
    ("hands", "shells", "winners", "reason"),
    [
        ([[R1, R2], [cid("orange-1")], []], [0, 0, 0], {0}, "most_cards_in_hand"),
        ([[R1], [cid("orange-1")], []], [1, 2, 0], {1}, "most_shells"),
        ([[R1], [cid("orange-1")], []], [1, 1, 0], {0, 1}, "joint_winners"),
    ],
)
def test_ties_in_the_sea_break_by_cards_then_shells_then_joint_winners(
    hands: list[list[int]], shells: list[int], winners: set[int], reason: str
) -> None:
    state = make(crabs=(-1, -1, at(1, 2)), current=2, cook=0, hands=hands, shells=shells)
    result = outcome(apply(state, EndTurn(2)))
    assert result is not None
    assert result.winners == winners
    assert result.reason == reason
    assert result.scores == tuple(int(p in winners) for p in range(3))


def test_moves_are_refused_with_a_reason() -> None:
    state = make(crabs=(at(1, 0), at(1, 1), at(1, 2)), grants=[grant("move_forward")])
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Move(0, at(2, 0)))
    assert refused.value.reason is IllegalReason.WRONG_PHASE
    started = apply(state, Use(0, 0))
    with pytest.raises(IllegalActionError) as refused:
        apply(started, Move(0, at(3, 0)))
    assert refused.value.reason is IllegalReason.BAD_DESTINATION


def test_a_card_that_is_not_where_the_action_takes_it_from_is_refused() -> None:
    planning = initial_state(FIRST_ESCAPE, seed=5)
    with pytest.raises(IllegalActionError) as refused:
        apply(planning, Plan(0, cid("blue-1")))  # in player 2's Hand
    assert refused.value.reason is IllegalReason.NO_SUCH_CARD
    resting = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        stage=Stage.START,
        planned=[RESTING, -1, -1],
        traces=[[R1], [], []],
    )
    with pytest.raises(IllegalActionError) as refused:
        apply(resting, Rest(0, R2, DRAW_PILE))  # R2 is not in the Trace
    assert refused.value.reason is IllegalReason.NO_SUCH_CARD
    exchange = make(crabs=(at(3, 4), at(1, 1), at(1, 2)), hands=[[R1], [], []])
    with pytest.raises(IllegalActionError) as refused:
        apply(exchange, ExchangeAndEnd(0, R2, DRAW_PILE))
    assert refused.value.reason is IllegalReason.NO_SUCH_CARD
    obstacle = make(crabs=(at(4, 3), at(1, 1), at(1, 2)), hands=[[R1], [], []], queue=[P_FWD])
    with pytest.raises(IllegalActionError) as refused:
        apply(obstacle, Move(0, at(5, 3), R2))
    assert refused.value.reason is IllegalReason.NO_SUCH_CARD
