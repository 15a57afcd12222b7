"""Actions and events in words: one short sentence each, in the game's own vocabulary.

Players are named by their crab's colour (a 2-player team by both, ``red+orange``, and
by its active crab's colour for what that crab does), cards by their id and actions (see
:func:`~crabrules.oh_crab.model.names.card_names`), spaces by the labels
:func:`~crabrules.oh_crab.view.render` prints on the board's edges (``c4``: column c, row 4).

>>> from crabrules.oh_crab import Config, initial_state, legal_actions
>>> state = initial_state(Config(players=3), seed=7)
>>> describe(state, legal_actions(state, 0)[1])
'red plans red-2 (Move forward) face down'
>>> from crabrules.oh_crab.model.events import KnockedOver
>>> describe_event(KnockedOver(crab=1, colour="orange"))
'orange is knocked over'
"""

from __future__ import annotations

from collections.abc import Sequence

from crabrules.core.events import check_event
from crabrules.core.game import not_a_state
from crabrules.oh_crab.content.board import NOWHERE
from crabrules.oh_crab.content.primitives import Primitive
from crabrules.oh_crab.engine.movement import teammates
from crabrules.oh_crab.engine.turns import carried_to
from crabrules.oh_crab.engine.work import Rules, rules_for
from crabrules.oh_crab.model.actions import (
    DRAW_PILE,
    NO_PILE,
    Action,
    Activate,
    AddCard,
    Discard,
    Dope,
    EndTurn,
    Exchange,
    ExchangeAndEnd,
    Finish,
    Move,
    PickTrace,
    Pile,
    Place,
    Plan,
    Rest,
    Shift,
    Shortcut,
    StandUp,
    Use,
)
from crabrules.oh_crab.model.events import (
    ActionUsed,
    CardAdded,
    CardDiscarded,
    CardExchanged,
    CardPlanned,
    CookPassed,
    CrabActivated,
    CrabMoved,
    CrabPlaced,
    DiscardPileTaken,
    Event,
    GameEnded,
    KnockedOver,
    MarketCardTaken,
    MarketRefilled,
    Motion,
    MovingFinished,
    PlanningStarted,
    ReachedSea,
    RestDeclared,
    Rested,
    RoundEnded,
    ShellTaken,
    StoodUp,
    TraceActionPicked,
    TurnEnded,
    TurnStarted,
)
from crabrules.oh_crab.model.names import SOURCES, cell_label, grant_words, pile_label, shells
from crabrules.oh_crab.model.state import NO_CARD, Source, State
from crabrules.oh_crab.rules import check_legal
from crabrules.oh_crab.view.expansion import registered

__all__ = ["ENDINGS", "describe", "describe_event", "grant_words", "winners_words"]

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
    if type(state) is not State:
        raise not_a_state(state, State)
    check_legal(state, action)
    rules = rules_for(state.config)
    who = _colour(rules, action.player)
    if isinstance(action, Place):
        crab = _crab(rules, action.crab)
        return f"{who} places {crab} on Start space {action.space}"
    if isinstance(action, Activate):
        return f"{who} activates {_crab(rules, action.crab)} (token 1)"
    if isinstance(action, Plan):
        return f"{who} plans {_card(rules, action.card)} face down"
    if isinstance(action, AddCard):
        card = _card(rules, state.planned[action.player])
        return f"{who} adds {card} to the {action.side.value} of their Trace"
    if isinstance(action, Rest):
        if action.keep == NO_CARD:
            return f"{who} rests with an empty Trace, taking {_take(action.take)}"
        return f"{who} rests, keeping {_card(rules, action.keep)}, taking {_take(action.take)}"
    return _describe_turn_action(state, rules, who, action)


def _describe_turn_action(state: State, rules: Rules, who: str, action: Action) -> str:
    """The sentence of an action taken in a crab's turn (after setup and planning)."""
    if isinstance(action, Use):
        grants = state.turn.grants if state.turn is not None else ()
        if 0 <= action.grant < len(grants):
            return f"{who} uses {grant_words(rules.titles, grants[action.grant])}"
        return f"{who} uses action {action.grant}"
    if isinstance(action, Move):
        return _describe_move(state, rules, action)
    if isinstance(action, StandUp):
        return f"{_active(state, rules, action.player)} stands up"
    if isinstance(action, Discard):
        return f"{who} discards {_card(rules, action.card)}"
    if isinstance(action, PickTrace):
        if _step(state) is Primitive.TAKE_TRACE_CARD:
            return f"{who} takes {_card(rules, action.card)} from their Trace into their Hand"
        return f"{who} uses the main action of {_card(rules, action.card)} from their Trace"
    if isinstance(action, Dope):
        card = _card(rules, action.card)
        return f"{who} adds {card} from their Hand to the {action.side.value} of their Trace"
    if isinstance(action, Exchange):
        return f"{who} gives {_card(rules, action.card)} and takes {_take(action.take)}"
    if isinstance(action, Shift):
        moved = _crab(rules, action.crab)
        start = _cell(state, action.crab)
        text = f"{who} moves {moved} from {start} to {cell_label(action.dest)}"
        return text + _discarding(rules, action.discard)
    if isinstance(action, Finish):
        return f"{who} stops moving crabs"
    if isinstance(action, Shortcut):
        return _describe_shortcut(state, rules, action)
    if isinstance(action, ExchangeAndEnd):
        card = _card(rules, action.card)
        return f"{who} exchanges {card} for {_take(action.take)} and ends their turn"
    if isinstance(action, EndTurn):
        return _describe_end(state, rules, action)
    parts = registered()  # an expansion's action
    return (
        f"{who} plays {action!r}"
        if parts is None
        else parts.describe_action(state, rules, who, action)
    )


def _describe_shortcut(state: State, rules: Rules, action: Shortcut) -> str:
    cards = _join([_card(rules, c) for c in action.cards])
    mover = _active_crab(state, action.player)
    arrow = rules.layout.shortcut[state.crabs[mover]] if _on_board(state, action) else None
    dest = NOWHERE if arrow is None else arrow[0]
    who = _active(state, rules, action.player)
    text = f"{who} discards {cards} and follows the Shortcut to {cell_label(dest)}"
    return text + _pushing(state, rules, mover, action.pushes, dest)


def _describe_move(state: State, rules: Rules, action: Move) -> str:
    who = _active(state, rules, action.player)
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
    """The step being resolved: the top frame's (Adventure Pack), else the turn's."""
    adventure = state.adventure
    if adventure is not None and adventure.frames:
        return adventure.frames[-1].queue[0]
    return state.turn.queue[0] if state.turn is not None and state.turn.queue else None


def _describe_end(state: State, rules: Rules, action: EndTurn) -> str:
    who = _active(state, rules, action.player)
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
    """The crab ``player``'s actions move now.

    Their frame's (Adventure Pack), the turn's active crab, else their first.
    """
    adventure = state.adventure
    if adventure is not None and adventure.frames and adventure.frames[-1].player == player:
        return adventure.frames[-1].crab
    turn = state.turn
    if turn is not None and turn.crab >= 0 and state.current == player:
        return turn.crab
    crabs_of = rules_for(state.config).crabs_of
    return crabs_of[player][0] if 0 <= player < len(crabs_of) else -1


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


def _take(pile: Pile) -> str:
    if pile == NO_PILE:
        return "no card (the Market is exhausted)"
    if pile == DRAW_PILE:
        return "a card from the draw pile"
    return f"the card on Market pile {pile_label(pile)}"


def describe_event(event: Event) -> str:
    """Say in one sentence what happened.

    >>> from crabrules.oh_crab.model.events import CrabMoved, Motion
    >>> describe_event(CrabMoved(1, "orange", 0, "red", Motion.PUSH, 17, 22, "c3", "c4"))
    'red pushes orange from c3 to c4'
    >>> describe_event(CrabMoved(1, "orange", 0, "red", Motion.STEP_BACK, 22, 17, "c4", "c3"))
    'orange steps back from c4 to c3, swapping places with red'
    """
    check_event(event, Event)
    if isinstance(event, CrabMoved):
        return _moved(event)
    if isinstance(event, CrabPlaced):
        return f"{event.colour} is placed on Start space {event.start} ({event.cell_label})"
    if isinstance(event, CrabActivated):
        return f"{event.name} activates {event.colour} (token {event.token})"
    if isinstance(event, PlanningStarted):
        return f"round {event.round}: Planning phase {event.phase}"
    if isinstance(event, CardPlanned):
        card = "a card" if event.card < 0 else event.card_name
        return f"{event.colour} plans {card} face down"
    if isinstance(event, RestDeclared):
        return f"{event.colour} has no card left and will rest"
    if isinstance(event, TurnStarted):
        return f"round {event.round}: {event.colour}'s turn"
    if isinstance(event, CardAdded):
        where = f"to the {event.side.value} of their Trace"
        how = "from their Hand " if event.doping else ""
        return f"{event.colour} adds {event.card_name} {how}{where}"
    if isinstance(event, Rested):
        kept = event.kept_name or "nothing"
        thrown = _join(list(event.discarded_names)) or "nothing"
        return f"{event.colour} rests, keeping {kept} and discarding {thrown}"
    if isinstance(event, MarketCardTaken):
        card = event.card_name or "a card"
        return f"{event.colour} takes {card} from {_pile_words(event.pile)}"
    if isinstance(event, MarketRefilled):
        return f"{event.card_name} is turned face up on Market pile {pile_label(event.pile)}"
    if isinstance(event, DiscardPileTaken):
        return f"{event.colour} takes back their Discard pile: {_join(list(event.card_names))}"
    if isinstance(event, ActionUsed):
        return _used(event)
    if isinstance(event, TraceActionPicked):
        return f"{event.colour} picks {event.card_name} from their Trace: {event.action}"
    return _other_event(event)


def _other_event(event: Event) -> str:
    if isinstance(event, KnockedOver):
        return f"{event.colour} is knocked over"
    if isinstance(event, StoodUp):
        return f"{event.colour} stands up"
    if isinstance(event, ShellTaken):
        return f"{event.colour} takes a shell ({shells(event.shells)} now)"
    if isinstance(event, CardDiscarded):
        how = " at random" if event.at_random else ""
        return f"{event.colour} discards {event.card_name}{how}"
    if isinstance(event, CardExchanged):
        where = "back in the box" if event.boxed else "under the draw pile"
        return f"{event.colour} gives {event.card_name}, which goes {where}"
    if isinstance(event, ReachedSea):
        return f"{event.colour} reaches the sea!"
    if isinstance(event, MovingFinished):
        return f"{event.colour} stops moving crabs"
    if isinstance(event, TurnEnded):
        return f"{event.colour} ends their turn"
    if isinstance(event, RoundEnded):
        return f"round {event.round} ends"
    if isinstance(event, CookPassed):
        if event.src == event.dst:
            return f"{event.dst_colour} keeps the cook"
        return f"the cook passes from {event.src_colour} to {event.dst_colour}"
    if not isinstance(event, GameEnded):
        parts = registered()  # an expansion's event
        return repr(event) if parts is None else parts.describe_event(event)
    return f"the game is over: {winners_words(event.colours, event.reason)}"


def winners_words(colours: Sequence[str], reason: str) -> str:
    """Who won and why, in the rulebook's words (the end event's and the picture's).

    >>> winners_words(["red"], "sea_reached")
    'red wins, alone in the sea'
    """
    verb = "wins" if len(colours) == 1 else "win"
    return f"{_join(list(colours))} {verb}, {ENDINGS.get(reason, reason)}"


def _moved(event: CrabMoved) -> str:
    way = f"from {event.src_label} to {event.dst_label}"
    if event.dst_label == "sea":
        way = f"from {event.src_label} into the sea"
    if event.how is Motion.PUSH:
        return f"{event.by_colour} pushes {event.colour} {way}"
    if event.how is Motion.SHIFT:
        return f"{event.by_colour} moves {event.colour} {way}"
    if event.how is Motion.CURRENT:
        return f"a Water Current carries {event.colour} {way}"
    if event.how is Motion.SWAP:
        return f"{event.colour} swaps places, {way}"
    if event.how is Motion.STEP_BACK:
        return f"{event.colour} steps back {way}, swapping places with {event.by_colour}"
    verb = {Motion.JUMP: "jumps", Motion.SHORTCUT: "takes the Shortcut"}.get(event.how, "moves")
    return f"{event.colour} {verb} {way}"


def _used(event: ActionUsed) -> str:
    if event.source is Source.TILE:
        return f"{event.colour} uses tile {event.name} {event.title}, paying {shells(event.cost)}"
    if event.source is Source.COOK:
        return f"{event.colour} uses the cook's {event.title}"
    return f"{event.colour} uses {SOURCES[event.source]} {event.title}"


def _pile_words(pile: Pile) -> str:
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
