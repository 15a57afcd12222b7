"""The answers to a step being resolved: a Move, a Discard, a card picked, a crab shifted...

A step's options are made by :func:`~crabrules.oh_crab.engine._effects.step_options`, step
by step; here each kind of answer has its refusal and its play on the decision on top
(:attr:`~crabrules.oh_crab.engine._work.Work.decision`), after which the engine goes on
(:func:`~crabrules.oh_crab.engine._effects.resolve`).
"""

from __future__ import annotations

from typing import Any, Final

from crabrules.core.game import PlayerId
from crabrules.oh_crab.content._components import Cell
from crabrules.oh_crab.content._primitives import MOVES, Primitive
from crabrules.oh_crab.engine._expansion import ActionRule, Refused
from crabrules.oh_crab.engine._movement import do_move, enter_moved, enter_own, stand_up
from crabrules.oh_crab.engine._turns import add_to_trace, exchange, take_market
from crabrules.oh_crab.engine._work import Work, discard_from_hand, forget, learn
from crabrules.oh_crab.engine.actions._moment import (
    Moment,
    in_hand,
    move_refusal,
    shift_refusal,
    side_refusal,
    take_refusal,
)
from crabrules.oh_crab.model._actions import (
    BASIC_TITLES,
    Discard,
    Dope,
    Exchange,
    Finish,
    IllegalReason,
    Move,
    PickTrace,
    Shift,
    StandUp,
    TakeMarket,
)
from crabrules.oh_crab.model._events import (
    CardTakenBack,
    Motion,
    MovingFinished,
    TraceActionPicked,
)
from crabrules.oh_crab.model._state import CardId

__all__ = ["RULES"]

R = IllegalReason


def _player(work: Work) -> PlayerId:
    """The player who answers: the owner of the crab the decision on top moves."""
    return work.rules.owners[work.decision.crab]


# --- Moves of the active crab -----------------------------------------------------------------


def _stand_up(work: Work, action: StandUp) -> None:
    decision = work.decision
    stand_up(work, decision.crab)
    decision.queue.pop(0)


def _move(work: Work, action: Move) -> None:
    decision = work.decision
    crab = decision.crab
    step = decision.queue.pop(0)
    if step is Primitive.SWAP_WITH_ADJACENT:
        _swap(work, crab, action.dest, action.discard)
    else:
        how = Motion.MOVE if step in MOVES or step is Primitive.MOVE_TOWARD_LAND else Motion.JUMP
        do_move(work, crab, action.dest, action.discard, action.pushes, how)


def _swap(work: Work, crab: int, dest: Cell, discard: CardId) -> None:
    # In My Place!: the other crab takes your space; no push, nobody is knocked over.
    other = work.crabs.index(dest)
    origin = work.crabs[crab]
    enter_own(work, crab, dest, discard, Motion.SWAP)
    enter_moved(work, other, origin, Motion.SWAP)


# --- Seagull! and Call of the Sea!: crabs moved one at a time ----------------------------------


def _shift(work: Work, action: Shift) -> None:
    decision = work.decision
    assert decision.crabs_left is not None
    decision.crabs_left.remove(action.crab)
    if action.crab == decision.crab:
        enter_own(work, action.crab, action.dest, action.discard, Motion.MOVE)
    else:
        enter_moved(work, action.crab, action.dest, Motion.SHIFT)


def _finish(work: Work, action: Finish) -> None:
    decision = work.decision
    decision.queue.pop(0)
    decision.crabs_left = None
    if work.events is not None:
        player = _player(work)
        work.events.append(MovingFinished(player, work.rules.names[player]))


# --- Cards --------------------------------------------------------------------------------------


def _discard_refusal(m: Moment, action: Discard, same: list[Discard]) -> Refused:
    return in_hand(m, "card", action.card)


def _discard(work: Work, action: Discard) -> None:
    discard_from_hand(work, _player(work), action.card)
    work.decision.queue.pop(0)


def _pick_trace_refusal(m: Moment, action: PickTrace, same: list[PickTrace]) -> Refused:
    card = action.card
    if card not in m.state.traces[m.player]:
        return f"card: {m.card_name(card)} is not in {m.who}'s Trace", R.NO_SUCH_CARD
    main = BASIC_TITLES[m.rules.cards[card].main]
    return f"card: the main action of {m.card_name(card)}, {main}, would do nothing now", (
        R.NO_EFFECT
    )


def _pick_trace(work: Work, action: PickTrace) -> None:
    """Take a card back from the Trace, or play its main action (Running Jump)."""
    decision = work.decision
    player = _player(work)
    card = action.card
    if decision.queue[0] is Primitive.TAKE_TRACE_CARD:
        decision.queue.pop(0)
        _take_from_trace(work, player, card)
        return
    main = work.rules.cards[card].main
    decision.queue[0] = main
    if work.events is not None:
        rules = work.rules
        work.events.append(
            TraceActionPicked(
                player, rules.names[player], card, rules.card_names[card], rules.titles[main.value]
            )
        )


def _take_from_trace(work: Work, player: PlayerId, card: CardId) -> None:
    # "Take a card from your Trace into your Hand. If a gap forms in the Trace, slide the
    # cards to fill the space": it was face up, so every player saw it go into the Hand.
    work.trace(player).remove(card)
    work.hand(player).append(card)
    learn(work, player, (card,))
    if work.events is not None:
        rules = work.rules
        work.events.append(
            CardTakenBack(player, rules.names[player], card, rules.card_names[card])
        )


def _dope_refusal(m: Moment, action: Dope, same: list[Dope]) -> Refused:
    if action.card not in m.state.hands[m.player]:
        return in_hand(m, "card", action.card)
    return side_refusal(m, action.side)


def _dope(work: Work, action: Dope) -> None:
    player = _player(work)
    work.hand(player).remove(action.card)
    forget(work, player, action.card)
    work.decision.queue.pop(0)
    add_to_trace(work, player, action.card, action.side, doping=True)


def _exchange_refusal(m: Moment, action: Exchange, same: list[Exchange]) -> Refused:
    if action.card not in m.state.hands[m.player]:
        return in_hand(m, "card", action.card)
    return take_refusal(m, action.take)


def _exchange(work: Work, action: Exchange) -> None:
    work.decision.queue.pop(0)
    exchange(work, _player(work), action.card, action.take)


def _take_market_refusal(m: Moment, action: TakeMarket, same: list[TakeMarket]) -> Refused:
    return take_refusal(m, action.take)


def _take_market(work: Work, action: TakeMarket) -> None:
    work.decision.queue.pop(0)
    take_market(work, _player(work), action.take)


#: The family's rules, by action kind: each answers the step on top.
RULES: Final[dict[type, ActionRule[Any]]] = {
    StandUp: ActionRule(_stand_up, choice=True),
    Move: ActionRule(_move, move_refusal, choice=True),
    Shift: ActionRule(_shift, shift_refusal, choice=True),
    Finish: ActionRule(_finish, choice=True),
    Discard: ActionRule(_discard, _discard_refusal, choice=True),
    PickTrace: ActionRule(_pick_trace, _pick_trace_refusal, choice=True),
    Dope: ActionRule(_dope, _dope_refusal, choice=True),
    Exchange: ActionRule(_exchange, _exchange_refusal, choice=True),
    TakeMarket: ActionRule(_take_market, _take_market_refusal, choice=True),
}
