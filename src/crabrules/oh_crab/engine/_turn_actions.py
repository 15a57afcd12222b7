"""The setup's actions and the turn's own actions, as rules.

Placing, activating and planning; adding the card or Rest, Use and the end of the turn:
each kind's options, refusal and play side by side. ``_table`` holds them in its table;
the turn's course they drive is ``engine/_turns``.
"""

from __future__ import annotations

from typing import Any, Final

from crabrules.core.game import PlayerId
from crabrules.oh_crab.content._components import NOWHERE, SEA
from crabrules.oh_crab.content._primitives import Phase, Source, Stage
from crabrules.oh_crab.engine._effects import advance, grant_usable
from crabrules.oh_crab.engine._expansion import ActionRule, Refused, not_begun
from crabrules.oh_crab.engine._moment import (
    Moment,
    count_cards,
    crab_refusal,
    end_turn_refusal,
    in_hand,
    shortcut_refusal,
    side_refusal,
    take_refusal,
    why_nothing,
)
from crabrules.oh_crab.engine._movement import do_move
from crabrules.oh_crab.engine._tables import Tables, shared
from crabrules.oh_crab.engine._turns import (
    activate,
    add_to_trace,
    end_turn,
    exchange,
    market_takes,
    maybe_start_actions,
    rest,
    turn_grants,
)
from crabrules.oh_crab.engine._work import View, Work, discard_from_hand, forget
from crabrules.oh_crab.model._actions import (
    BASIC_TITLES,
    NO_PILE,
    Action,
    Activate,
    AddCard,
    EndTurn,
    ExchangeAndEnd,
    IllegalReason,
    Place,
    Plan,
    Rest,
    Shortcut,
    Side,
    Use,
    cell_label,
    grant_words,
    shells,
)
from crabrules.oh_crab.model._events import ActionUsed, CardPlanned, CrabPlaced, Motion
from crabrules.oh_crab.model._state import NO_CARD, RESTING, State

R = IllegalReason


# --- Place (2-player setup, step 6) -----------------------------------------------------------


def _spaces(rules: Tables, crabs: tuple[int, ...]) -> list[int]:
    """The Start spaces open now: 1 for the very first crab, then the free ones of 2-4."""
    if all(cell == NOWHERE for cell in crabs):
        return [1]
    return [k for k in (2, 3, 4) if rules.layout.starts[k - 1] not in crabs]


def place_options(rules: Tables, state: State) -> list[Action]:
    """Start space 1 for the first player's first crab, then the free ones of 2-4.

    The first player's second crab takes the space left over without a choice.
    """
    p = state.current
    unplaced = [c for c in rules.crabs_of[p] if state.crabs[c] == NOWHERE]
    spaces = _spaces(rules, state.crabs)
    return [Place(p, c, k) for c in unplaced for k in spaces]


def _place_refusal(m: Moment, action: Place, same: list[Place]) -> Refused:
    state = m.state
    crabs = [a.crab for a in same]
    if action.crab not in crabs:
        if action.crab in m.rules.crabs_of[m.player]:
            return f"crab: {m.crab_name(action.crab)} is on the board already", R.WRONG_CRAB
        return crab_refusal(m, action.crab, sorted(set(crabs)))
    space = action.space
    if _spaces(m.rules, state.crabs) == [1]:
        return f"space: the first crab goes on Start space 1, not {space}", R.BAD_DESTINATION
    if space not in (2, 3, 4):
        return f"space: the other crabs go on Start spaces 2, 3 and 4, not {space}", (
            R.BAD_DESTINATION
        )
    taken = state.crabs.index(m.rules.layout.starts[space - 1])
    return f"space: Start space {space} is taken by {m.crab_name(taken)}", R.BAD_DESTINATION


def _place(work: Work, action: Place) -> None:
    """Place the crab; after the second player's two, the last one takes the space left."""
    rules = work.rules
    _put(work, action.crab, action.space)
    placed = sum(cell != NOWHERE for cell in work.crabs)
    if placed == 1:
        work.current = (work.cook + 1) % rules.players
    elif placed == 3:
        last = next(c for c in rules.crabs_of[work.cook] if work.crabs[c] == NOWHERE)
        _put(work, last, _spaces(rules, tuple(work.crabs))[0])
        work.current = work.cook
        work.phase = Phase.PLANNING


def _put(work: Work, crab: int, space: int) -> None:
    cell = work.rules.layout.starts[space - 1]
    work.crabs[crab] = cell
    if work.events is not None:
        rules = work.rules
        work.events.append(
            CrabPlaced(
                rules.owners[crab], crab, rules.colours[crab], space, cell, cell_label(cell)
            )
        )


# --- Plan (the Planning phase) ----------------------------------------------------------------


def plan_options(rules: Tables, state: State, player: PlayerId | None) -> list[Action]:
    """Each planning player's Plan actions (``player``'s only, unless ``None``), by card."""
    plans = rules.plans
    out: list[Action] = []
    for p, planned in enumerate(state.planned):
        if planned == NO_CARD and player in (None, p):
            mine = plans[p]
            out.extend([mine[c] for c in state.hands[p]])
    return out


def _plan_refusal(m: Moment, action: Plan, same: list[Plan]) -> Refused:
    return in_hand(m, "card", action.card)


def _plan(work: Work, action: Plan) -> None:
    p, card = action.player, action.card
    work.hand(p).remove(card)
    work.planned[p] = card
    if work.events is not None:
        rules = work.rules
        work.events.append(CardPlanned(p, rules.names[p], card, rules.card_names[card]))
    maybe_start_actions(work)


# --- Activate (2-player mode, Action 1) -------------------------------------------------------


def activate_options(rules: Tables, view: View, player: PlayerId) -> list[Action]:
    """The player's crabs without an activation token, by crab."""
    return [Activate(player, c) for c in rules.crabs_of[player] if not view.tokens[c]]


def _activate_refusal(m: Moment, action: Activate, same: list[Activate]) -> Refused:
    return crab_refusal(m, action.crab, [a.crab for a in same])


def _activate(work: Work, action: Activate) -> None:
    activate(work, action.crab)


#: The family's rules, by action kind.
SETUP_RULES: Final[dict[type, ActionRule[Any]]] = {
    Place: ActionRule(_place, _place_refusal),
    Plan: ActionRule(_plan, _plan_refusal),
    Activate: ActionRule(_activate, _activate_refusal),
}


# --- The start of the turn: AddCard or Rest ---------------------------------------------------


def start_options(rules: Tables, state: State, p: PlayerId) -> list[Action]:
    """Add the face-down card to the Trace, or Rest (a declared Rest must)."""
    out: list[Action] = []
    if state.planned[p] != RESTING:
        # "If it is your first turn of play, simply place the card": one side only.
        sides = (Side.LEFT, Side.RIGHT) if state.traces[p] else (Side.LEFT,)
        out.extend(shared(rules, AddCard, p, s) for s in sides)
    keeps = state.traces[p] or (NO_CARD,)
    takes = market_takes(state.market, state.draw) or (NO_PILE,)
    out.extend(shared(rules, Rest, p, k, t) for k in keeps for t in takes)
    return out


def _add_card_refusal(m: Moment, action: AddCard, same: list[AddCard]) -> Refused:
    return side_refusal(m, action.side)


def _add_card(work: Work, action: AddCard) -> None:
    p = action.player
    card = work.planned[p]
    work.planned[p] = NO_CARD
    forget(work, p, card)
    work.stage = Stage.ACT
    add_to_trace(work, p, card, action.side)
    work.grants.extend(turn_grants(work, p))


def _rest_refusal(m: Moment, action: Rest, same: list[Rest]) -> Refused:
    trace = m.state.traces[m.player]
    keep = action.keep
    if not trace and keep != NO_CARD:
        return f"keep: {m.who}'s Trace is empty, a Rest keeps nothing (-1)", R.NO_SUCH_CARD
    if trace and keep == NO_CARD:
        return f"keep: a Rest keeps one card of {m.who}'s Trace", R.NO_SUCH_CARD
    if trace and keep not in trace:
        return f"keep: {m.card_name(keep)} is not in {m.who}'s Trace", R.NO_SUCH_CARD
    return take_refusal(m, action.take)


def _rest(work: Work, action: Rest) -> None:
    rest(work, action.player, action.keep, action.take)


# --- Use: begin one of the turn's actions -----------------------------------------------------


def use_options(rules: Tables, state: State, crab: int) -> list[Action]:
    """The turn's actions the player may begin now, by grant index."""
    turn = state.turn
    assert turn is not None
    head_down, tile_used = turn.head_down, turn.tile_used
    p = state.current
    return [
        shared(rules, Use, p, i)
        for i, grant in enumerate(turn.grants)
        if grant_usable(rules, state, crab, grant, head_down=head_down, tile_used=tile_used)
    ]


def _use_refusal(m: Moment, action: Use, same: list[Use]) -> Refused:
    """A Use refused while the turn's actions are open: which rule closes it."""
    state, rules = m.state, m.rules
    turn = state.turn
    assert turn is not None
    grants = turn.grants
    index = action.grant
    if not 0 <= index < len(grants):
        count = len(grants)
        have = f"0 to {count - 1}" if count else "none left"
        return f"grant: {m.who}'s actions this turn are {have}, not {index}", R.NO_SUCH_OPTION
    grant = grants[index]
    words = grant_words(rules.titles, grant)
    if grant.source is Source.TILE:
        costs = rules.tile_costs
        cost = grant.cost if costs is None else costs.get(grant.name)
        tile = f"tile {grant.name} {rules.titles.get(grant.name, grant.name)}"
        if cost is None:
            return f"grant: {tile} cannot be used while this Event lasts", R.CANNOT_PAY
        if state.shells[m.player] < cost:
            have = shells(state.shells[m.player])
            return f"grant: {tile} costs {shells(cost)}, {m.who} has {have}", R.CANNOT_PAY
    return f"grant: {words} would do nothing now{why_nothing(m, grant.steps)}", R.NO_EFFECT


def _use_closed(m: Moment, action: Use, kind: str, knocked: bool) -> Refused:
    # The turn's actions are open, and none is offered: which rule closes this one.
    return _use_refusal(m, action, [])


def _use(work: Work, action: Use) -> None:
    """Begin the action ``grant``: its steps go into the queue, automatic ones resolve."""
    grant = work.grants.pop(action.grant)
    if work.events is not None:
        rules, p = work.rules, work.current
        title = rules.titles[grant.name]
        work.events.append(
            ActionUsed(p, rules.names[p], grant.source, grant.name, title, grant.cost)
        )
    steps = grant.steps
    if grant.source is Source.COOK:
        # The cook serves once a round (2-player mode: "for a single crab").
        work.cook_used = True
        steps = work.rules.cook_steps or steps
    elif grant.source is Source.TILE:
        # E: once per turn, pay the tile's shells (what the rules say now) to the supply.
        costs = work.rules.tile_costs
        cost = grant.cost if costs is None else costs[grant.name]
        work.shells[work.current] -= cost
        work.supply += cost
        work.grants = [g for g in work.grants if g.source is not Source.TILE]
        work.tile_used = True
    own = work.turn_decision
    own.queue, own.crabs_left = list(steps), None
    advance(work)


# --- Shortcut (a board action) ----------------------------------------------------------------


def _shortcut_closed(m: Moment, action: Shortcut, kind: str, knocked: bool) -> Refused:
    """Why no Shortcut is offered: no arrow here, too few cards, or a crab in the way."""
    if knocked:
        return not_begun(m, action, kind, knocked)
    rules, cell = m.rules, m.here()
    arrow = rules.layout.shortcut[cell] if cell >= 0 else None
    if arrow is None:
        return f"{kind}: {m.crab_name(m.crab)} is on no Shortcut space", R.WRONG_PHASE
    _, icon, count = arrow
    title = BASIC_TITLES[icon]
    if sum(rules.cards[c].main is icon for c in m.state.hands[m.player]) < count:
        return (
            f"{kind}: the Shortcut takes {count_cards(count)} whose main action is {title}",
            R.CANNOT_PAY,
        )
    return f"{kind}: the crab at the Shortcut's end cannot be pushed", R.BAD_DESTINATION


def _shortcut(work: Work, action: Shortcut) -> None:
    # Discard the cards the arrow asks for, then follow it, pushing as a move does (onto a
    # 2-player teammate: a swap).
    for card in action.cards:
        discard_from_hand(work, action.player, card)
    crab = work.turn_decision.crab
    arrow = work.rules.layout.shortcut[work.crabs[crab]]
    assert arrow is not None
    do_move(work, crab, arrow[0], NO_CARD, action.pushes, Motion.SHORTCUT)


# --- The turn's end: Card Exchange, EndTurn ---------------------------------------------------


def _turn_held(m: Moment) -> bool:
    """A module holds the turn (a card due): it cannot end before it is revealed."""
    rules, state = m.rules, m.state
    return any(offer(rules, state, m.crab, m.head_down)[1] for offer in rules.moments.turn_options)


def exchange_and_end_options(rules: Tables, state: State, crab: int) -> list[Action]:
    """On a Card Exchange space, while the Market lasts: each card of the Hand, each pile."""
    cell = state.crabs[crab]
    if cell == SEA or not rules.exchange[cell]:
        return []
    p = state.current
    takes = market_takes(state.market, state.draw)
    return [shared(rules, ExchangeAndEnd, p, c, t) for c in state.hands[p] for t in takes]


def _exchange_refusal(m: Moment, action: ExchangeAndEnd, same: list[ExchangeAndEnd]) -> Refused:
    if action.card not in m.state.hands[m.player]:
        return in_hand(m, "card", action.card)
    return take_refusal(m, action.take)


def _exchange_closed(m: Moment, action: ExchangeAndEnd, kind: str, knocked: bool) -> Refused:
    # Knocked over or not: a Card Exchange is no move.
    if _turn_held(m):
        return f"{kind}: the turn cannot end before {m.who} reveals what is due", R.WRONG_PHASE
    cell = m.here()
    if cell < 0 or not m.rules.exchange[cell]:
        return f"{kind}: {m.crab_name(m.crab)} is on no Card Exchange space", R.WRONG_PHASE
    if not m.state.hands[m.player]:
        return f"{kind}: {m.who} has no card in Hand to exchange", R.CANNOT_PAY
    return f"{kind}: the Market is exhausted, Card Exchange no longer works", R.NO_SUCH_PILE


def _exchange_and_end(work: Work, action: ExchangeAndEnd) -> None:
    exchange(work, action.player, action.card, action.take)
    end_turn(work)


def _end_turn_closed(m: Moment, action: EndTurn, kind: str, knocked: bool) -> Refused:
    if _turn_held(m):
        return f"{kind}: the turn cannot end before {m.who} reveals what is due", R.WRONG_PHASE
    return not_begun(m, action, kind, knocked)


def _end_turn(work: Work, action: EndTurn) -> None:
    end_turn(work, action.discard, ignore_current=action.ignore_current)


#: The family's rules, by action kind.
TURN_RULES: Final[dict[type, ActionRule[Any]]] = {
    AddCard: ActionRule(_add_card, _add_card_refusal),
    Rest: ActionRule(_rest, _rest_refusal),
    Use: ActionRule(_use, _use_refusal, closed=_use_closed),
    Shortcut: ActionRule(_shortcut, shortcut_refusal, closed=_shortcut_closed),
    ExchangeAndEnd: ActionRule(_exchange_and_end, _exchange_refusal, closed=_exchange_closed),
    EndTurn: ActionRule(_end_turn, end_turn_refusal, closed=_end_turn_closed),
}
