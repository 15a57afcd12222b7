"""A notation for actions, to read in logs and to type: ``"red: move c4 push c5"``.

An action is written as the player's colour, a colon, a verb and its arguments (in the
2-player mode, the colour of the crab that acts: the active crab in a turn, else the
player's first crab; either of a player's colours, or their team name ``red+orange``, is
read as that player). Spaces
are the labels :func:`~crabrules.oh_crab.view._render` prints on the board's edges (column
letter, row number: ``c4``; ``sea``); cards their content ids (``red-2``, ``a07``);
Market piles ``m1``-``m3``, ``draw`` or ``none``; crabs their colours; an action of the
turn ``source:name`` as :func:`~crabrules.oh_crab.view._render` lists them (``main:move_forward``,
``special:faster``, ``cook:move_diagonal``, ``tile:Ba``; ``/2`` for a second one alike).

=====================  ===============================================================
action                 notation
=====================  ===============================================================
``Place``              ``red: place orange 1`` (2-player setup: crab, Start space)
``Activate``           ``red: activate orange`` (2-player mode, Action 1)
``Plan``               ``red: plan red-2``
``AddCard``            ``red: add left`` / ``red: add right``
``Rest``               ``red: rest keep red-1 take m2`` (no ``keep`` with an empty Trace)
``Use``                ``red: use main:move_forward``
``Move``               ``red: move c4`` [``discard a07``] [``push c5 d6``]
``StandUp``            ``red: stand up``
``Discard``            ``red: discard a07``
``PickTrace``          ``red: pick red-1``
``Dope``               ``red: dope a07 right``
``Exchange``           ``red: exchange red-1 take draw``
``Shift``              ``red: shift orange c6`` [``discard a07``]
``Finish``             ``red: finish``
``Shortcut``           ``red: shortcut a03 a07`` [``push c9``]
``ExchangeAndEnd``     ``red: exchange red-1 take m1 end``
``EndTurn``            ``red: end`` [``discard a07``] [``ignore current``]
=====================  ===============================================================

Each action is written by its kind (:data:`notation_of`) and read by its verb
(:func:`register_verb`); the Adventure Pack registers its own there (``take``,
``treasure``, ``reveal``, ``choose``, ``skills``, ``skill``, ``decline``, ``obstacle``).

>>> from crabrules.oh_crab import Config, initial_state, legal_actions
>>> state = initial_state(Config(players=3), seed=7)
>>> action_to_str(state, legal_actions(state, 2)[0])
'blue: plan blue-1'
>>> parse_action(state, "blue: plan blue-1") == legal_actions(state, 2)[0]
True
>>> parse_action(state, "blue: move z9")
Traceback (most recent call last):
...
crabrules.core.errors.IllegalActionError: not Oh Crab! notation: 'z9' is no space of the board
>>> parse_action(state, "blue: plan red-1").reason.value
Traceback (most recent call last):
...
crabrules.core.errors.IllegalActionError: card: red-1 (Move forward) is not in blue's Hand
"""

from __future__ import annotations

from collections.abc import Callable

from crabrules.core.errors import CommonReason, IllegalActionError
from crabrules.core.game import not_a_state
from crabrules.oh_crab.content._components import Cell
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model import _actions as acts
from crabrules.oh_crab.model._actions import (
    Action,
    Side,
    cell_label,
    parse_cell,
    parse_pile,
    pile_label,
)
from crabrules.oh_crab.model._state import NO_CARD, CardId, Grant, State
from crabrules.oh_crab.rules import check_legal
from crabrules.oh_crab.view import ByKind
from crabrules.oh_crab.view import _observe as expansion


def grant_labels(grants: tuple[Grant, ...]) -> list[str]:
    """The notation of each action of the turn: ``source:name``, ``/2`` for a second alike."""
    labels: list[str] = []
    for grant in grants:
        label = f"{grant.source.value}:{grant.name}"
        count = sum(1 for known in labels if known.split("/")[0] == label)
        labels.append(label if not count else f"{label}/{count + 1}")
    return labels


def legal_rules(state: State, action: Action) -> Rules:
    """The rules of ``state``'s game, once ``state`` is a state and ``action`` legal in it.

    Raises:
        NotAStateError: ``state`` is not a :class:`~crabrules.oh_crab.State`.
        IllegalActionError: ``action`` is not legal in ``state`` (as ``apply`` says).
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    check_legal(state, action)
    return rules_for(state.config)


def action_to_str(state: State, action: Action) -> str:
    """Write ``action`` in the notation.

    Raises:
        NotAStateError: ``state`` is not a :class:`~crabrules.oh_crab.State`.
    """
    rules = legal_rules(state, action)
    return f"{actor_colour(state, rules, action.player)}: {notation_of(action, state, rules)}"


def actor_colour(state: State, rules: Rules, player: int) -> str:
    """The colour an action of ``player`` is written with.

    Their active crab's in their turn, else their first crab's (with one crab each, simply
    theirs).
    """
    crab = expansion.acting_crab(state.adventure, state, player)
    return rules.colours[crab] if crab >= 0 else f"player {player}"


def _no_notation(action: Action, state: State, rules: Rules) -> str:
    # Only an action of a module whose notation is not registered comes here.
    raise IllegalActionError(
        f"not Oh Crab! notation: no notation for {action!r:.80}",
        action=action,
        reason=CommonReason.BAD_NOTATION,
    )


#: The words after the colour, by the action's kind (the Adventure Pack registers its own).
notation_of: ByKind[[Action, State, Rules], str] = ByKind("notation", _no_notation)


@notation_of.on(acts.Place)
def _place(action: acts.Place, state: State, rules: Rules) -> str:
    return f"place {rules.colours[action.crab]} {action.space}"


@notation_of.on(acts.Activate)
def _activate(action: acts.Activate, state: State, rules: Rules) -> str:
    return f"activate {rules.colours[action.crab]}"


@notation_of.on(acts.Plan)
def _plan(action: acts.Plan, state: State, rules: Rules) -> str:
    return f"plan {rules.cards[action.card].id}"


@notation_of.on(acts.AddCard)
def _add(action: acts.AddCard, state: State, rules: Rules) -> str:
    return f"add {action.side.value}"


@notation_of.on(acts.Rest)
def _rest(action: acts.Rest, state: State, rules: Rules) -> str:
    keep = "" if action.keep == NO_CARD else f"keep {rules.cards[action.keep].id} "
    return f"rest {keep}take {pile_label(action.take)}"


@notation_of.on(acts.Use)
def _use(action: acts.Use, state: State, rules: Rules) -> str:
    grants = state.turn.grants if state.turn is not None else ()
    return f"use {grant_labels(grants)[action.grant]}"


@notation_of.on(acts.Move)
def _move(action: acts.Move, state: State, rules: Rules) -> str:
    return f"move {cell_label(action.dest)}" + _extras(rules, action.discard, action.pushes)


@notation_of.on(acts.StandUp)
def _stand_up(action: acts.StandUp, state: State, rules: Rules) -> str:
    return "stand up"


@notation_of.on(acts.Discard)
def _discard(action: acts.Discard, state: State, rules: Rules) -> str:
    return f"discard {rules.cards[action.card].id}"


@notation_of.on(acts.PickTrace)
def _pick(action: acts.PickTrace, state: State, rules: Rules) -> str:
    return f"pick {rules.cards[action.card].id}"


@notation_of.on(acts.Dope)
def _dope(action: acts.Dope, state: State, rules: Rules) -> str:
    return f"dope {rules.cards[action.card].id} {action.side.value}"


@notation_of.on(acts.Exchange)
def _exchange(action: acts.Exchange, state: State, rules: Rules) -> str:
    return f"exchange {rules.cards[action.card].id} take {pile_label(action.take)}"


@notation_of.on(acts.Shift)
def _shift(action: acts.Shift, state: State, rules: Rules) -> str:
    target = f"{rules.colours[action.crab]} {cell_label(action.dest)}"
    return f"shift {target}" + _extras(rules, action.discard, ())


@notation_of.on(acts.Finish)
def _finish(action: acts.Finish, state: State, rules: Rules) -> str:
    return "finish"


@notation_of.on(acts.Shortcut)
def _shortcut(action: acts.Shortcut, state: State, rules: Rules) -> str:
    cards = " ".join(rules.cards[c].id for c in action.cards)
    return f"shortcut {cards}" + _extras(rules, NO_CARD, action.pushes)


@notation_of.on(acts.ExchangeAndEnd)
def _exchange_and_end(action: acts.ExchangeAndEnd, state: State, rules: Rules) -> str:
    return f"exchange {rules.cards[action.card].id} take {pile_label(action.take)} end"


@notation_of.on(acts.EndTurn)
def _end(action: acts.EndTurn, state: State, rules: Rules) -> str:
    text = "end" + _extras(rules, action.discard, ())
    return text + (" ignore current" if action.ignore_current else "")


def _extras(rules: Rules, discard: CardId, pushes: tuple[Cell, ...]) -> str:
    text = "" if discard == NO_CARD else f" discard {rules.cards[discard].id}"
    if pushes:
        text += " push " + " ".join(cell_label(c) for c in pushes)
    return text


class NotationError(Exception):
    """The text is not the notation (the message says why).

    :func:`parse_action` turns it into an
    :class:`~crabrules.core.errors.IllegalActionError` with reason ``bad_notation``.
    """


def parse_action(state: State, text: str) -> Action:
    """Read an action written in the notation, and check that it is legal now.

    Raises:
        NotAStateError: ``state`` is not a :class:`~crabrules.oh_crab.State`.
        IllegalActionError: with reason ``bad_notation`` for text that is not the
            notation; otherwise the reason :func:`~crabrules.oh_crab.apply` would give.
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    try:
        action = _parse(state, text)
    except NotationError as problem:
        raise IllegalActionError(
            f"not Oh Crab! notation: {problem}", action=text, reason=CommonReason.BAD_NOTATION
        ) from None
    check_legal(state, action)
    return action


def _parse(state: State, text: str) -> Action:
    rules = rules_for(state.config)
    if type(text) is not str:
        raise NotationError(f"a string is needed, not {text!r:.40}")
    # Every word of the notation is lower case, so "RED: Plan Red-1" reads as well.
    who, colon, rest = text.lower().partition(":")
    if not colon:
        raise NotationError(f"{text.strip()!r:.40} names no player (write 'red: move c4')")
    player = _player(rules, who.strip())
    words = rest.split()
    if not words:
        raise NotationError("no verb after the colour")
    verb, args = words[0], Arguments(state, rules, player, words[1:])
    if verb not in _PARSERS:
        raise NotationError(f"{verb!r:.40} is no verb ({', '.join(_PARSERS)})")
    action = _PARSERS[verb](args)
    args.done()
    return action


# One reader per verb, each taking the words after it. The simple ones are written inline.


def _read_place(args: Arguments) -> Action:
    crab = args.crab()
    space = args.word("a Start space (1 to 5)")
    if space not in ("1", "2", "3", "4", "5"):
        raise NotationError(f"{space!r:.40} is no Start space (1 to 5)")
    return acts.Place(args.player, crab, int(space))


def _read_rest(args: Arguments) -> Action:
    keep = args.card() if args.keyword("keep") else NO_CARD
    args.expect("take")
    return acts.Rest(args.player, keep, args.pile())


def _read_use(args: Arguments) -> Action:
    label = args.word("an action of the turn")
    grants = args.state.turn.grants if args.state.turn is not None else ()
    labels = grant_labels(grants)
    lowered = [known.lower() for known in labels]  # the text was read in lower case
    if label not in lowered:
        raise NotationError(
            f"{label!r:.40} is no action of this turn ({', '.join(labels) or 'none'})"
        )
    return acts.Use(args.player, lowered.index(label))


def _read_move(args: Arguments) -> Action:
    dest = args.cell()
    return acts.Move(args.player, dest, args.discard(), args.pushes())


def _read_stand(args: Arguments) -> Action:
    args.expect("up")
    return acts.StandUp(args.player)


def _read_dope(args: Arguments) -> Action:
    card = args.card()
    return acts.Dope(args.player, card, args.side())


def _read_exchange(args: Arguments) -> Action:
    card = args.card()
    args.expect("take")
    pile = args.pile()
    if args.keyword("end"):
        return acts.ExchangeAndEnd(args.player, card, pile)
    return acts.Exchange(args.player, card, pile)


def _read_shift(args: Arguments) -> Action:
    crab = args.crab()
    dest = args.cell()
    return acts.Shift(args.player, crab, dest, args.discard())


def _read_shortcut(args: Arguments) -> Action:
    cards = []
    while args.left() and args.peek() != "push":
        cards.append(args.card())
    return acts.Shortcut(args.player, tuple(cards), args.pushes())


def _read_end(args: Arguments) -> Action:
    discard = args.discard()
    ignore = args.keyword("ignore")
    if ignore:
        args.expect("current")
    return acts.EndTurn(args.player, discard, ignore)


#: Each verb and its reader, in the order an error message lists them.
_PARSERS: dict[str, Callable[[Arguments], Action]] = {
    "place": _read_place,
    "activate": lambda args: acts.Activate(args.player, args.crab()),
    "plan": lambda args: acts.Plan(args.player, args.card()),
    "add": lambda args: acts.AddCard(args.player, args.side()),
    "rest": _read_rest,
    "use": _read_use,
    "move": _read_move,
    "stand": _read_stand,
    "discard": lambda args: acts.Discard(args.player, args.card()),
    "pick": lambda args: acts.PickTrace(args.player, args.card()),
    "dope": _read_dope,
    "exchange": _read_exchange,
    "shift": _read_shift,
    "finish": lambda args: acts.Finish(args.player),
    "shortcut": _read_shortcut,
    "end": _read_end,
}


def register_verb(verb: str, reader: Callable[[Arguments], Action] | None) -> None:
    """Read ``verb`` with ``reader`` (``None``: no more); a new verb is listed last.

    The Adventure Pack registers its verbs so (``take``, ``treasure``, ...).
    """
    if reader is None:
        _PARSERS.pop(verb, None)
    else:
        _PARSERS[verb] = reader


def _player(rules: Rules, word: str) -> int:
    if word in rules.names:
        return rules.names.index(word)
    if word not in rules.colours:
        raise NotationError(f"{word!r:.40} is no player's colour ({', '.join(rules.colours)})")
    return rules.owners[rules.colours.index(word)]


def _crab(rules: Rules, word: str) -> int:
    if word not in rules.colours:
        raise NotationError(f"{word!r:.40} is no crab's colour ({', '.join(rules.colours)})")
    return rules.colours.index(word)


class Arguments:
    """The words after the verb, read one at a time, with what they are read against.

    Each reader raises :class:`NotationError` for a word that is not what it reads.
    """

    state: State
    rules: Rules
    player: int
    words: list[str]

    def __init__(self, state: State, rules: Rules, player: int, words: list[str]) -> None:
        self.state = state
        self.rules = rules
        self.player = player
        self.words = words
        self.cards = {c.id: i for i, c in enumerate(rules.cards)}

    def left(self) -> bool:
        """Whether words are left."""
        return bool(self.words)

    def peek(self) -> str:
        """The next word, left in place."""
        return self.words[0]

    def word(self, what: str) -> str:
        """The next word (``what`` names it when it is missing)."""
        if not self.words:
            raise NotationError(f"{what} is missing")
        return self.words.pop(0)

    def keyword(self, word: str) -> bool:
        """Read ``word`` if it comes next; whether it did."""
        if self.words and self.words[0] == word:
            self.words.pop(0)
            return True
        return False

    def expect(self, word: str) -> None:
        """Read ``word``, which must come next."""
        if not self.keyword(word):
            raise NotationError(f"{word!r} is missing")

    def crab(self) -> int:
        """A crab, by its colour."""
        return _crab(self.rules, self.word("a crab's colour"))

    def card(self) -> CardId:
        """A card, by its id (``red-1``, ``a07``)."""
        word = self.word("a card")
        if word not in self.cards:
            raise NotationError(f"{word!r:.40} is no card (cards are written as red-1, a07, ...)")
        return self.cards[word]

    def side(self) -> Side:
        """A side of the Trace (``left`` or ``right``)."""
        word = self.word("a side (left or right)")
        if word not in ("left", "right"):
            raise NotationError(f"{word!r:.40} is no side (left or right)")
        return Side(word)

    def pile(self) -> acts.Pile:
        """A Market pile (``m1``-``m3``, ``draw``, ``none``)."""
        word = self.word("a Market pile")
        pile = parse_pile(word)
        if pile is None:
            raise NotationError(f"{word!r:.40} is no Market pile (m1, m2, m3, draw, none)")
        return pile

    def cell(self) -> Cell:
        """A space of the board, by its label (``c4``)."""
        word = self.word("a space")
        cell = parse_cell(word)
        if cell is None or cell >= self.rules.layout.cells:
            raise NotationError(f"{word!r:.40} is no space of the board")
        return cell

    def discard(self) -> CardId:
        """The card after ``discard``, if that comes next."""
        return self.card() if self.keyword("discard") else NO_CARD

    def pushes(self) -> tuple[Cell, ...]:
        """The spaces after ``push``, if that comes next."""
        if not self.keyword("push"):
            return ()
        cells = [self.cell()]
        while self.words:
            cells.append(self.cell())
        return tuple(cells)

    def done(self) -> None:
        """Refuse words left over."""
        if self.words:
            raise NotationError(f"unexpected {' '.join(self.words)!r:.40}")
