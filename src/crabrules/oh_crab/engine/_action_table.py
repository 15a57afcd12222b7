"""The one table from action kind to rule, and the dispatch through it.

:func:`rule_of` looks a kind up; the legal actions, ``apply`` and the refusals dispatch
through it. The rules of the answers to a step being resolved (a Move, a Discard, a card
picked, a crab shifted) are here too; the setup's and the turn's own kinds are in
``_turn``, an expansion's join through ``engine/_expansion``.

>>> from crabrules.oh_crab import Move
>>> rule_of(Move(0, 7)).choice
True

>>> from crabrules.oh_crab import Config, Move, Plan, Use, apply, initial_state
>>> state = initial_state(Config(players=3), seed=7)
>>> apply(state, Plan(0, 9))
Traceback (most recent call last):
...
crabrules.core.errors.IllegalActionError: card: blue-2 (Move forward) is not in red's Hand
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from crabrules.core.construct import constructor
from crabrules.core.errors import IllegalActionError
from crabrules.core.game import PlayerId
from crabrules.oh_crab.content._components import Cell
from crabrules.oh_crab.content._primitives import MOVES, Phase, Primitive, Stage
from crabrules.oh_crab.engine._effects import resolve, shortcut_options, step_options
from crabrules.oh_crab.engine._expansion import EXPANSION_RULES, ActionRule, Refused
from crabrules.oh_crab.engine._moment import (
    Moment,
    in_hand,
    move_refusal,
    shift_refusal,
    side_refusal,
    step_name,
    take_refusal,
)
from crabrules.oh_crab.engine._movement import do_move, enter_moved, enter_own, stand_up
from crabrules.oh_crab.engine._tables import Tables, rules_for
from crabrules.oh_crab.engine._turn_actions import (
    SETUP_RULES,
    TURN_RULES,
    activate_options,
    exchange_and_end_options,
    place_options,
    plan_options,
    start_options,
    use_options,
)
from crabrules.oh_crab.engine._turns import add_to_trace, end_turn_options, exchange, take_market
from crabrules.oh_crab.engine._work import Work, discard_from_hand, forget, learn
from crabrules.oh_crab.model._actions import (
    BASIC_TITLES,
    Action,
    Discard,
    Dope,
    Exchange,
    Finish,
    IllegalReason,
    Move,
    PickTrace,
    Plan,
    Shift,
    StandUp,
    TakeMarket,
)
from crabrules.oh_crab.model._events import (
    AnyEvent,
    CardTakenBack,
    Motion,
    MovingFinished,
    TraceActionPicked,
)
from crabrules.oh_crab.model._state import NO_CARD, CardId, State

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
CHOICE_RULES: Final[dict[type, ActionRule[Any]]] = {
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


#: The base game's kinds, by family: looked up before the registered expansion's
#: (:data:`~crabrules.oh_crab.engine._expansion.EXPANSION_RULES`), so a base game's kind
#: stays the base game's.
ACTION_RULES: Final[dict[type, ActionRule[Any]]] = {**SETUP_RULES, **TURN_RULES, **CHOICE_RULES}


def _unruled(work: object, action: object) -> None:
    raise AssertionError(f"no registered rule plays {action!r}")  # check=False only


#: The rule of a kind nothing registered (an expansion's, none being registered): never
#: legal, refused as a kind the moment does not offer.
_UNRULED: Final[ActionRule[Any]] = ActionRule(_unruled)


def rule_of(action: object) -> ActionRule[Any]:
    """The rule of ``action``'s kind: the base game's, else the registered expansion's."""
    kind = type(action)
    rule = ACTION_RULES.get(kind)
    return rule if rule is not None else EXPANSION_RULES.get(kind, _UNRULED)


# Built field by field (crabrules.core.construct): in the compiled wheel, a fraction of
# the cost of State's own __init__ (the class itself in the pure build).
_new_state: Final = constructor(State)


def legal_actions(state: State, player: PlayerId | None) -> tuple[Action, ...]:
    """Every legal action now (or only ``player``'s, a player of the game)."""
    rules = rules_for(state.config)
    for first_options in rules.moments.first_options:
        # With modules: a decision that comes first (a setup choice, a frame), maybe
        # another player's.
        first = first_options(state, player)
        if first is not None:
            return first
    if state.phase is Phase.PLANNING:
        return tuple(plan_options(rules, state, player))
    if player not in (None, state.current):
        return ()
    if state.phase is Phase.ACTION:
        return tuple(_turn_actions(rules, state))
    if state.phase is Phase.PLACING:
        return tuple(place_options(rules, state))
    return ()


def _turn_actions(config_rules: Tables, state: State) -> list[Action]:
    """The legal actions of the action phase, in the order the module documents."""
    turn = state.turn
    assert turn is not None
    p, crab = state.current, turn.crab
    moments = config_rules.moments
    rules = moments.in_play(config_rules, state.adventure)
    if turn.stage is Stage.START:
        return start_options(rules, state, p)
    if turn.stage is Stage.ACTIVATE:
        return activate_options(rules, state, p)
    if turn.queue:
        return step_options(
            rules, state, crab, turn.queue[0], head_down=turn.head_down, crabs_left=turn.crabs_left
        )
    if turn.stage is Stage.ENDING:
        # The turn has ended (only with modules); what it triggered is due before it passes.
        ending: list[Action] = []
        for turn_options in moments.turn_options:
            ending.extend(turn_options(rules, state, crab, turn.head_down)[0])
        return ending
    out = use_options(rules, state, crab)
    for turn_options in moments.turn_options:
        more, held = turn_options(rules, state, crab, turn.head_down)
        out.extend(more)
        if held:
            # A card due: the turn cannot end before it is revealed.
            out.extend(shortcut_options(rules, state, crab))
            return out
    # F. Board actions: available whenever no other action is being resolved.
    out.extend(shortcut_options(rules, state, crab))
    out.extend(exchange_and_end_options(rules, state, crab))
    out.extend(end_turn_options(rules, state, crab, turn.head_down))
    return out


def apply(state: State, action: Action, events: list[AnyEvent] | None = None) -> State:
    """Return the state after ``action``, logging its events in ``events`` if given."""
    if events is None and type(action) is Plan:
        planned = _planned_alone(state, action)
        if planned is not None:
            return planned
    work = Work(state, events)
    _run(work, action)
    work.rules.moments.ended(work, state)
    return work.freeze()


def _planned_alone(state: State, action: Plan) -> State | None:
    """The state after a Plan that leaves others to plan, or ``None`` for the last one.

    Such a Plan moves one card from the Hand to the face-down card and nothing else: the
    new state is built directly, without the working copy (a fifth of a game's actions).
    """
    p, card = action.player, action.card
    planned = list(state.planned)
    planned[p] = card
    if NO_CARD not in planned:
        return None  # the last Plan starts the action phase: the full path
    hands = list(state.hands)
    hands[p] = tuple([c for c in hands[p] if c != card])
    s = state
    return _new_state(
        s.config,
        s.seed,
        s.rng,
        s.round,
        s.phase,
        s.cook,
        s.current,
        s.owners,
        s.crabs,
        s.knocked,
        s.tokens,
        s.cook_used,
        tuple(hands),
        tuple(planned),
        s.traces,
        s.discards,
        s.shells,
        s.supply,
        s.market,
        s.draw,
        s.removed,
        s.known,
        s.draw_seen,
        s.turn,
        s.adventure,
    )


def _run(work: Work, action: Action) -> None:
    """Play ``action`` on ``work``: its rule, looked up once by its kind, plays it."""
    rule = rule_of(action)
    if not rule.choice:
        rule.play(work, action)
    elif not work.rules.moments.answered(work, rule, action):
        resolve(work, rule, action)  # the answer of the step on top of the decisions


def refusal(state: State, action: Action, legal: Sequence[Action]) -> IllegalActionError:
    """The error for ``action``, of an active player, which is not in ``legal`` (their actions).

    >>> from crabrules.oh_crab import Config, initial_state, legal_actions, Plan
    >>> state = initial_state(Config(players=3), seed=7)
    >>> refusal(state, Plan(0, 99), legal_actions(state, 0)).reason.value
    'no_such_card'
    """
    moment = Moment(state, action.player)
    rule = rule_of(action)
    same = [a for a in legal if type(a) is type(action)]
    if same:
        message, reason = rule.field(moment, action, same)
    else:
        message, reason = _wrong_phase(moment, rule, action)
    return IllegalActionError(message, action=action, reason=reason)


def _wrong_phase(m: Moment, rule: ActionRule[Any], action: Action) -> Refused:
    """What the moment waits for, when it offers no action of this kind."""
    name = type(action).__name__
    # "a Use", "a UseTreasure": the U of Use sounds like "you".
    kind = f"{'an' if name[0] in 'AEIO' else 'a'} {name} is not possible now"
    state, turn = m.state, m.state.turn
    for waits_for in m.rules.moments.waits_for:
        waiting = waits_for(state)
        if waiting is not None:
            return f"{kind}: {waiting}", R.WRONG_PHASE
    if state.phase is Phase.PLANNING:
        return f"{kind}: it is the Planning phase, {m.who} plans a card", R.WRONG_PHASE
    if state.phase is Phase.PLACING:
        return f"{kind}: the crabs are being placed on their Start spaces", R.WRONG_PHASE
    if m.frame is not None:
        return f"{kind}: {m.who} first decides what {step_name(m.step)} asks", R.WRONG_PHASE
    assert turn is not None
    if turn.stage is Stage.ACTIVATE:
        return f"{kind}: {m.who} first activates a crab with token 1", R.WRONG_PHASE
    if turn.stage is Stage.START:
        return f"{kind}: {m.who} first adds their card to the Trace, or rests", R.WRONG_PHASE
    if turn.stage is Stage.ENDING:
        return f"{kind}: the turn has ended, {m.who} reveals what is due", R.WRONG_PHASE
    crab = m.crab_name(m.crab)
    knocked = state.crabs[m.crab] >= 0 and state.knocked[m.crab]
    if knocked and m.step in MOVES:
        step = step_name(m.step)
        return f"{kind}: {crab} is knocked over, {step} only stands it up", R.WRONG_PHASE
    if turn.queue:
        step = step_name(m.step)
        return f"{kind}: {m.who} is resolving {step} and finishes it first", R.WRONG_PHASE
    # Between the turn's actions: the kind's rule says which rule closes it.
    return rule.closed(m, action, kind, knocked)
