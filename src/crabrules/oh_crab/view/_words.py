"""Actions and events in words: one short sentence each, in the game's own vocabulary.

Players are named by their crab's colour (a 2-player team by both, ``red+orange``, and
by its active crab's colour for what that crab does), cards by their id and actions (see
:func:`~crabrules.oh_crab.model._actions.card_names`), spaces by the labels
:func:`~crabrules.oh_crab.view._render` prints on the board's edges (``c4``: column c, row 4).

>>> from crabrules.oh_crab import Config, initial_state, legal_actions
>>> state = initial_state(Config(players=3), seed=7)
>>> describe(state, legal_actions(state, 0)[1])
'red plans red-2 (Move forward) face down'
>>> from crabrules.oh_crab.model._events import KnockedOver
>>> describe_event(KnockedOver(crab=1, colour="orange"))
'orange is knocked over'
"""

from __future__ import annotations

from collections.abc import Sequence

from crabrules.core.events import check_event
from crabrules.oh_crab.content._components import NOWHERE
from crabrules.oh_crab.content._primitives import Primitive, Source
from crabrules.oh_crab.engine._movement import teammates
from crabrules.oh_crab.engine._turns import carried_to
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model import _actions as acts
from crabrules.oh_crab.model import _events as ev
from crabrules.oh_crab.model._actions import (
    DRAW_PILE,
    NO_PILE,
    SOURCES,
    Action,
    cell_label,
    grant_words,
    pile_label,
    shells,
)
from crabrules.oh_crab.model._events import AnyEvent, every_event
from crabrules.oh_crab.model._state import NO_CARD, State
from crabrules.oh_crab.view import ByKind
from crabrules.oh_crab.view import _observe as expansion
from crabrules.oh_crab.view._notation import legal_rules

#: Each way a game ends (``Outcome.reason``) in words (``GAME.names.endings``).
ENDINGS = {
    "sea_reached": "alone in the sea",
    "most_cards_in_hand": "in the sea with the most cards in hand",
    "most_shells": "in the sea with as many cards and the most shells",
    "joint_winners": "in the sea, tied on cards and shells",
}


def describe(state: State, action: Action) -> str:
    """Say in one sentence what ``action`` does in ``state``.

    Raises:
        NotAStateError: ``state`` is not a :class:`~crabrules.oh_crab.State`.
    """
    rules = legal_rules(state, action)
    return sentence_of(action, state, rules, _colour(rules, action.player))


def _plays(action: Action, state: State, rules: Rules, who: str) -> str:
    return f"{who} plays {action!r}"  # a module's action whose words are not registered


#: The sentence of an action by its kind (``who``: its player's name); the Adventure Pack
#: registers its own.
sentence_of: ByKind[[Action, State, Rules, str], str] = ByKind("sentence", _plays)


@sentence_of.on(acts.Place)
def _place(action: acts.Place, state: State, rules: Rules, who: str) -> str:
    return f"{who} places {_crab(rules, action.crab)} on Start space {action.space}"


@sentence_of.on(acts.Activate)
def _activate(action: acts.Activate, state: State, rules: Rules, who: str) -> str:
    return f"{who} activates {_crab(rules, action.crab)} (token 1)"


@sentence_of.on(acts.Plan)
def _plan(action: acts.Plan, state: State, rules: Rules, who: str) -> str:
    return f"{who} plans {_card(rules, action.card)} face down"


@sentence_of.on(acts.AddCard)
def _add(action: acts.AddCard, state: State, rules: Rules, who: str) -> str:
    card = _card(rules, state.planned[action.player])
    return f"{who} adds {card} to the {action.side.value} of their Trace"


@sentence_of.on(acts.Rest)
def _rest(action: acts.Rest, state: State, rules: Rules, who: str) -> str:
    if action.keep == NO_CARD:
        return f"{who} rests with an empty Trace, taking {_take(action.take)}"
    return f"{who} rests, keeping {_card(rules, action.keep)}, taking {_take(action.take)}"


@sentence_of.on(acts.Use)
def _use(action: acts.Use, state: State, rules: Rules, who: str) -> str:
    grants = state.turn.grants if state.turn is not None else ()
    if 0 <= action.grant < len(grants):
        return f"{who} uses {grant_words(rules.titles, grants[action.grant])}"
    return f"{who} uses action {action.grant}"


@sentence_of.on(acts.StandUp)
def _stand_up(action: acts.StandUp, state: State, rules: Rules, who: str) -> str:
    return f"{_active(state, rules, action.player)} stands up"


@sentence_of.on(acts.Discard)
def _discard(action: acts.Discard, state: State, rules: Rules, who: str) -> str:
    return f"{who} discards {_card(rules, action.card)}"


@sentence_of.on(acts.PickTrace)
def _pick(action: acts.PickTrace, state: State, rules: Rules, who: str) -> str:
    if _step(state) is Primitive.TAKE_TRACE_CARD:
        return f"{who} takes {_card(rules, action.card)} from their Trace into their Hand"
    return f"{who} uses the main action of {_card(rules, action.card)} from their Trace"


@sentence_of.on(acts.Dope)
def _dope(action: acts.Dope, state: State, rules: Rules, who: str) -> str:
    card = _card(rules, action.card)
    return f"{who} adds {card} from their Hand to the {action.side.value} of their Trace"


@sentence_of.on(acts.Exchange)
def _exchange(action: acts.Exchange, state: State, rules: Rules, who: str) -> str:
    return f"{who} gives {_card(rules, action.card)} and takes {_take(action.take)}"


@sentence_of.on(acts.Shift)
def _shift(action: acts.Shift, state: State, rules: Rules, who: str) -> str:
    moved = _crab(rules, action.crab)
    start = _cell(state, action.crab)
    text = f"{who} moves {moved} from {start} to {cell_label(action.dest)}"
    return text + _discarding(rules, action.discard)


@sentence_of.on(acts.Finish)
def _finish(action: acts.Finish, state: State, rules: Rules, who: str) -> str:
    return f"{who} stops moving crabs"


@sentence_of.on(acts.ExchangeAndEnd)
def _exchange_and_end(action: acts.ExchangeAndEnd, state: State, rules: Rules, who: str) -> str:
    card = _card(rules, action.card)
    return f"{who} exchanges {card} for {_take(action.take)} and ends their turn"


@sentence_of.on(acts.Shortcut)
def _shortcut(action: acts.Shortcut, state: State, rules: Rules, player: str) -> str:
    cards = _join([_card(rules, c) for c in action.cards])
    mover = _active_crab(state, action.player)
    arrow = rules.layout.shortcut[state.crabs[mover]] if _on_board(state, action) else None
    dest = NOWHERE if arrow is None else arrow[0]
    who = _active(state, rules, action.player)  # the crab that moves, not its team
    text = f"{who} discards {cards} and follows the Shortcut to {cell_label(dest)}"
    return text + _pushing(state, rules, mover, action.pushes, dest)


@sentence_of.on(acts.Move)
def _move(action: acts.Move, state: State, rules: Rules, player: str) -> str:
    who = _active(state, rules, action.player)  # the crab that moves, not its team
    crab = _active_crab(state, action.player)
    start = _cell(state, crab)
    step = _step(state)
    dest = cell_label(action.dest)
    if step is Primitive.SWAP_WITH_ADJACENT:
        other = state.crabs.index(action.dest) if action.dest in state.crabs else None
        with_whom = "" if other is None else f" with {_crab(rules, other)}"
        text = f"{who} swaps places{with_whom}, from {start} to {dest}"
    elif step in (Primitive.JUMP_SAME_DISTANCE, Primitive.JUMP_TWO_STRAIGHT):
        text = f"{who} jumps from {start} to {dest}"
    else:
        text = f"{who} moves from {start} to {dest}"
    text += _discarding(rules, action.discard)
    if step is not Primitive.SWAP_WITH_ADJACENT:
        text += _pushing(state, rules, crab, action.pushes, action.dest)
    return text


def _step(state: State) -> Primitive | None:
    return expansion.resolving_step(state.adventure, state)


@sentence_of.on(acts.EndTurn)
def _end(action: acts.EndTurn, state: State, rules: Rules, player: str) -> str:
    who = _active(state, rules, action.player)  # the crab whose turn ends
    text = f"{who} ends their turn"
    if not _on_board(state, action):
        return text
    head_down = state.turn is not None and state.turn.head_down
    crab = _active_crab(state, action.player)
    target = carried_to(rules.layout, state.crabs, crab, head_down=head_down)
    if target == NOWHERE:
        return text
    if action.ignore_current:
        return f"{text}, keeping their head down: the current does not carry them"
    carried = f"{text}; the current carries them to {cell_label(target)}"
    return carried + _discarding(rules, action.discard)


def _on_board(state: State, action: Action) -> bool:
    crab = _active_crab(state, action.player)
    return 0 <= crab < len(state.crabs) and state.crabs[crab] >= 0


def _active_crab(state: State, player: int) -> int:
    """The crab ``player``'s actions move now."""
    return expansion.acting_crab(state.adventure, state, player)


def _active(state: State, rules: Rules, player: int) -> str:
    """The colour of the crab ``player``'s actions move now."""
    return _crab(rules, _active_crab(state, player))


def _pushing(state: State, rules: Rules, crab: int, pushes: Sequence[int], dest: int) -> str:
    """The chain of pushes in words (", pushing orange to b5 and blue to b6")."""
    occupied = {cell: c for c, cell in enumerate(state.crabs) if cell >= 0}
    mate = occupied.get(dest)
    # 2-player mode: onto a teammate, the two swap places.
    other = 0 <= crab < len(rules.owners) and mate is not None and mate != crab
    if not pushes and other and mate is not None and teammates(rules, crab, mate):
        return f", swapping places with {_crab(rules, mate)}"
    if not pushes:
        return ""
    parts = []
    at = dest
    for target in pushes:
        pushed = occupied.get(at)
        name = "a crab" if pushed is None else _crab(rules, pushed)
        parts.append(f"{name} to {cell_label(target)}")
        at = target
    return ", pushing " + _join(parts)


def _discarding(rules: Rules, card: int) -> str:
    return "" if card == NO_CARD else f", discarding {_card(rules, card)}"


def _take(pile: acts.Pile) -> str:
    if pile == NO_PILE:
        return "no card (the Market is exhausted)"
    if pile == DRAW_PILE:
        return "a card from the draw pile"
    return f"the card on Market pile {pile_label(pile)}"


def describe_event(event: AnyEvent) -> str:
    """Say in one sentence what happened.

    >>> from crabrules.oh_crab.model._events import CrabMoved, Motion
    >>> describe_event(CrabMoved(1, "orange", 0, "red", Motion.PUSH, 17, 22, "c3", "c4"))
    'red pushes orange from c3 to c4'
    >>> describe_event(CrabMoved(1, "orange", 0, "red", Motion.STEP_BACK, 22, 17, "c4", "c3"))
    'orange steps back from c4 to c3, swapping places with red'
    """
    check_event(event, every_event())
    return event_sentence(event)


def _unknown(event: AnyEvent) -> str:
    return repr(event)  # a module's event whose words are not registered


#: The sentence of an event by its kind; the Adventure Pack registers its own.
event_sentence: ByKind[[AnyEvent], str] = ByKind("event sentence", _unknown)


@event_sentence.on(ev.CrabPlaced)
def _placed(event: ev.CrabPlaced) -> str:
    return f"{event.colour} is placed on Start space {event.start} ({event.cell_label})"


@event_sentence.on(ev.CrabActivated)
def _activated(event: ev.CrabActivated) -> str:
    return f"{event.name} activates {event.colour} (token {event.token})"


@event_sentence.on(ev.PlanningStarted)
def _planning(event: ev.PlanningStarted) -> str:
    return f"round {event.round}: Planning phase {event.phase}"


@event_sentence.on(ev.CardPlanned)
def _planned(event: ev.CardPlanned) -> str:
    card = "a card" if event.card < 0 else event.card_name
    return f"{event.colour} plans {card} face down"


@event_sentence.on(ev.RestDeclared)
def _rest_declared(event: ev.RestDeclared) -> str:
    return f"{event.colour} has no card left and will rest"


@event_sentence.on(ev.TurnStarted)
def _turn_started(event: ev.TurnStarted) -> str:
    return f"round {event.round}: {event.colour}'s turn"


@event_sentence.on(ev.CardAdded)
def _added(event: ev.CardAdded) -> str:
    where = f"to the {event.side.value} of their Trace"
    how = "from their Hand " if event.doping else ""
    return f"{event.colour} adds {event.card_name} {how}{where}"


@event_sentence.on(ev.Rested)
def _rested(event: ev.Rested) -> str:
    kept = event.kept_name or "nothing"
    thrown = _join(list(event.discarded_names)) or "nothing"
    return f"{event.colour} rests, keeping {kept} and discarding {thrown}"


@event_sentence.on(ev.MarketCardTaken)
def _market_taken(event: ev.MarketCardTaken) -> str:
    card = event.card_name or "a card"
    return f"{event.colour} takes {card} from {_pile_words(event.pile)}"


@event_sentence.on(ev.MarketRefilled)
def _refilled(event: ev.MarketRefilled) -> str:
    return f"{event.card_name} is turned face up on Market pile {pile_label(event.pile)}"


@event_sentence.on(ev.DiscardPileTaken)
def _discard_pile_taken(event: ev.DiscardPileTaken) -> str:
    return f"{event.colour} takes back their Discard pile: {_join(list(event.card_names))}"


@event_sentence.on(ev.TraceActionPicked)
def _trace_picked(event: ev.TraceActionPicked) -> str:
    return f"{event.colour} picks {event.card_name} from their Trace: {event.action}"


@event_sentence.on(ev.KnockedOver)
def _knocked(event: ev.KnockedOver) -> str:
    return f"{event.colour} is knocked over"


@event_sentence.on(ev.StoodUp)
def _stood_up(event: ev.StoodUp) -> str:
    return f"{event.colour} stands up"


@event_sentence.on(ev.ShellTaken)
def _shell_taken(event: ev.ShellTaken) -> str:
    return f"{event.colour} takes a shell ({shells(event.shells)} now)"


@event_sentence.on(ev.CardDiscarded)
def _discarded(event: ev.CardDiscarded) -> str:
    how = " at random" if event.at_random else ""
    return f"{event.colour} discards {event.card_name}{how}"


@event_sentence.on(ev.CardExchanged)
def _exchanged(event: ev.CardExchanged) -> str:
    where = "back in the box" if event.boxed else "under the draw pile"
    return f"{event.colour} gives {event.card_name}, which goes {where}"


@event_sentence.on(ev.ReachedSea)
def _reached_sea(event: ev.ReachedSea) -> str:
    return f"{event.colour} reaches the sea!"


@event_sentence.on(ev.MovingFinished)
def _moving_finished(event: ev.MovingFinished) -> str:
    return f"{event.colour} stops moving crabs"


@event_sentence.on(ev.TurnEnded)
def _turn_ended(event: ev.TurnEnded) -> str:
    return f"{event.colour} ends their turn"


@event_sentence.on(ev.RoundEnded)
def _round_ended(event: ev.RoundEnded) -> str:
    return f"round {event.round} ends"


@event_sentence.on(ev.CookPassed)
def _cook_passed(event: ev.CookPassed) -> str:
    if event.src == event.dst:
        return f"{event.dst_colour} keeps the cook"
    return f"the cook passes from {event.src_colour} to {event.dst_colour}"


@event_sentence.on(ev.GameEnded)
def _game_ended(event: ev.GameEnded) -> str:
    return f"the game is over: {winners_words(event.colours, event.reason)}"


def winners_words(colours: Sequence[str], reason: str) -> str:
    """Who won and why, in the rulebook's words (the end event's and the picture's).

    >>> winners_words(["red"], "sea_reached")
    'red wins, alone in the sea'
    """
    verb = "wins" if len(colours) == 1 else "win"
    return f"{_join(list(colours))} {verb}, {ENDINGS.get(reason, reason)}"


@event_sentence.on(ev.CrabMoved)
def _moved(event: ev.CrabMoved) -> str:
    way = f"from {event.src_label} to {event.dst_label}"
    if event.dst_label == "sea":
        way = f"from {event.src_label} into the sea"
    if event.how is ev.Motion.PUSH:
        return f"{event.by_colour} pushes {event.colour} {way}"
    if event.how is ev.Motion.SHIFT:
        return f"{event.by_colour} moves {event.colour} {way}"
    if event.how is ev.Motion.CURRENT:
        return f"a Water Current carries {event.colour} {way}"
    if event.how is ev.Motion.SWAP:
        return f"{event.colour} swaps places, {way}"
    if event.how is ev.Motion.STEP_BACK:
        return f"{event.colour} steps back {way}, swapping places with {event.by_colour}"
    verb = {ev.Motion.JUMP: "jumps", ev.Motion.SHORTCUT: "takes the Shortcut"}.get(
        event.how, "moves"
    )
    return f"{event.colour} {verb} {way}"


@event_sentence.on(ev.ActionUsed)
def _used(event: ev.ActionUsed) -> str:
    if event.source is Source.TILE:
        return f"{event.colour} uses tile {event.name} {event.title}, paying {shells(event.cost)}"
    if event.source is Source.COOK:
        return f"{event.colour} uses the cook's {event.title}"
    return f"{event.colour} uses {SOURCES[event.source]} {event.title}"


def _pile_words(pile: acts.Pile) -> str:
    return "the draw pile" if pile == DRAW_PILE else f"Market pile {pile_label(pile)}"


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _colour(rules: Rules, player: int) -> str:
    return rules.names[player] if 0 <= player < len(rules.names) else f"player {player}"


def _crab(rules: Rules, crab: int) -> str:
    return rules.colours[crab] if 0 <= crab < len(rules.colours) else f"crab {crab}"


def _card(rules: Rules, card: int) -> str:
    return rules.card_names[card] if 0 <= card < len(rules.card_names) else "a card"


def _cell(state: State, crab: int) -> str:
    return cell_label(state.crabs[crab]) if 0 <= crab < len(state.crabs) else "?"
