"""The actions of Oh Crab!, and the names people read for cells, piles and cards.

Each action names the player who takes it; a turn is a short conversation of actions. The
engine's rules for them are in ``engine/`` (``_turn_actions``, ``_action_table``), their
notation and words in ``view/``.

>>> from crabrules.core.serialize import to_json
>>> to_json(Move(player=2, dest=17))
'{"format_version":1,"type":"move","player":2,"dest":17,"discard":-1,"pushes":[]}'

>>> cell_label(7), parse_cell("c1"), cell_label(-1)
('c1', 7, 'sea')
>>> from crabrules.oh_crab.content._loading import reference_content
>>> content = reference_content()
>>> card_names(content)[0], card_names(content)[20]
('red-1 (Move forward)', 'a01 (Move forward, Seagull!)')
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Mapping
from typing import ClassVar

import attrs

from crabrules.core.errors import Reason
from crabrules.core.game import PlayerId
from crabrules.oh_crab.content._components import COLUMNS, SEA, Cell, Content
from crabrules.oh_crab.content._primitives import Primitive, Source
from crabrules.oh_crab.model._state import NO_CARD, CardId, Grant

#: A Market pile a card is taken from: 0-2 the face-up piles, :data:`DRAW_PILE` the draw pile.
Pile = int
#: The Market's draw pile.
DRAW_PILE: Pile = 3
#: ``Rest.take`` when the Market is exhausted: the Rest takes no card.
NO_PILE: Pile = -1


class Side(str, enum.Enum):
    """Which end of the Trace a card joins (an empty Trace takes ``LEFT``)."""

    LEFT = "left"
    RIGHT = "right"


class IllegalReason(Reason):
    """Why :func:`~crabrules.oh_crab.apply` refused an action.

    The message names the field first (``dest: ...``) and says which rule refuses it, in
    the rulebook's words; the code says which kind of rule it is.
    """

    NOT_LEGAL = "not_legal"
    """The action is not among the legal actions of this moment (no more precise code
    applies: a field-less action such as :class:`StandUp` offered at another moment)."""
    WRONG_PHASE = "wrong_phase"
    """The action belongs to another phase or stage of the turn."""
    NO_SUCH_CARD = "no_such_card"
    """The card is not where the action takes it from."""
    BAD_DESTINATION = "bad_destination"
    """The crab cannot go there: not where the action leads, off the board, an inaccessible
    space, Reeds, a crab that cannot be pushed or is in the way, an Obstacle without a card."""
    CANNOT_PAY = "cannot_pay"
    """Not enough shells, cards or Pincers for the cost (a tile, a Shortcut, a skill)."""
    WRONG_CRAB = "wrong_crab"
    """The crab named is not one the action may move or use: another player's, already
    placed, moved or activated, not in front of or behind the active crab."""
    BAD_PUSH = "bad_push"
    """The pushes do not follow the chain: a pushed crab goes one space toward the sea."""
    WRONG_DISCARD = "wrong_discard"
    """A standard Obstacle asks for a card to discard and none is named, or a card is named
    where no discard is due."""
    NO_SUCH_PILE = "no_such_pile"
    """The Market pile named is empty or no pile, or a card is taken from an exhausted
    Market (or none from one that is not)."""
    WRONG_SIDE = "wrong_side"
    """A card joins an empty Trace on its own: on the left."""
    NO_SUCH_OPTION = "no_such_option"
    """The number names no action of this turn, kept Treasure or reward on offer."""
    NO_EFFECT = "no_effect"
    """The action would do nothing now (it is offered only when it does something)."""
    CANNOT_IGNORE_CURRENT = "cannot_ignore_current"
    """Only Head Down! lets a crab stay on the Water Current that would carry it."""
    UNSORTED = "unsorted"
    """A Shortcut's cards are named in increasing order, each once."""
    WRONG_COUNT = "wrong_count"
    """Module 4's setup keeps one card per crab of the player, each card once."""
    BAD_SPACE = "bad_space"
    """Only a standard space (not a Start space, not an Obstacle yet) becomes an Obstacle."""


@attrs.frozen
class Place:
    """2-player setup: place ``crab`` on Start space ``space`` (1, then 2 to 4)."""

    TAG: ClassVar[str] = "place"
    player: PlayerId
    crab: int
    space: int


@attrs.frozen
class Activate:
    """2-player mode, start of a turn in Action 1: activate ``crab`` with token 1."""

    TAG: ClassVar[str] = "activate"
    player: PlayerId
    crab: int


@attrs.frozen
class Plan:
    """Planning phase: place ``card`` from the Hand face down."""

    TAG: ClassVar[str] = "plan"
    player: PlayerId
    card: CardId


@attrs.frozen
class AddCard:
    """Start of turn: add the face-down card to the Trace at ``side``."""

    TAG: ClassVar[str] = "add_card"
    player: PlayerId
    side: Side


@attrs.frozen
class Rest:
    """Start of turn: Rest, keeping Trace card ``keep`` and taking Market pile ``take``.

    ``keep`` is :data:`~crabrules.oh_crab.NO_CARD` with an empty Trace; ``take`` is 0-2
    (face-up piles), :data:`DRAW_PILE` or, when the Market is exhausted, :data:`NO_PILE`.
    """

    TAG: ClassVar[str] = "rest"
    player: PlayerId
    keep: CardId
    take: Pile


@attrs.frozen
class Use:
    """Begin the action ``grant`` (an index into ``state.turn.grants``)."""

    TAG: ClassVar[str] = "use"
    player: PlayerId
    grant: int


@attrs.frozen
class Move:
    """Move your active crab to ``dest``.

    ``discard`` is the card discarded on entering a standard Obstacle
    (:data:`~crabrules.oh_crab.NO_CARD` if none); ``pushes`` are the cells each pushed crab
    goes to, in chain order.
    """

    TAG: ClassVar[str] = "move"
    player: PlayerId
    dest: Cell
    discard: CardId = NO_CARD
    pushes: tuple[Cell, ...] = ()


@attrs.frozen
class StandUp:
    """Devote a basic movement action to standing your knocked-over active crab up."""

    TAG: ClassVar[str] = "stand_up"
    player: PlayerId


@attrs.frozen
class Discard:
    """Pay a cost: discard ``card`` from your Hand."""

    TAG: ClassVar[str] = "discard"
    player: PlayerId
    card: CardId


@attrs.frozen
class PickTrace:
    """Running Jump: use the main action of Trace card ``card``."""

    TAG: ClassVar[str] = "pick_trace"
    player: PlayerId
    card: CardId


@attrs.frozen
class Dope:
    """Doping!: add ``card`` from your Hand to your Trace at ``side``."""

    TAG: ClassVar[str] = "dope"
    player: PlayerId
    card: CardId
    side: Side


@attrs.frozen
class Exchange:
    """A Card Exchange: give ``card`` from your Hand, take Market pile ``take``."""

    TAG: ClassVar[str] = "exchange"
    player: PlayerId
    card: CardId
    take: Pile


@attrs.frozen
class Shift:
    """Seagull! or Call of the Sea!: move ``crab`` one space to ``dest``.

    ``discard`` is the card you discard when your own crab enters a standard Obstacle.
    """

    TAG: ClassVar[str] = "shift"
    player: PlayerId
    crab: int
    dest: Cell
    discard: CardId = NO_CARD


@attrs.frozen
class Finish:
    """Stop moving crabs with Seagull! or Call of the Sea!."""

    TAG: ClassVar[str] = "finish"
    player: PlayerId


@attrs.frozen
class Shortcut:
    """Board action: discard ``cards`` and follow the Shortcut's arrow (with ``pushes``)."""

    TAG: ClassVar[str] = "shortcut"
    player: PlayerId
    cards: tuple[CardId, ...]
    pushes: tuple[Cell, ...] = ()


@attrs.frozen
class ExchangeAndEnd:
    """Board action on a Card Exchange space: exchange, which ends the turn."""

    TAG: ClassVar[str] = "exchange_and_end"
    player: PlayerId
    card: CardId
    take: Pile


@attrs.frozen
class EndTurn:
    """End your turn; a Water Current under your crab then acts.

    ``discard`` is the card you discard when the current carries your crab onto a
    standard Obstacle (:data:`~crabrules.oh_crab.NO_CARD` if none); ``ignore_current``
    keeps your crab where it is, which only Head Down! allows.
    """

    TAG: ClassVar[str] = "end_turn"
    player: PlayerId
    discard: CardId = NO_CARD
    ignore_current: bool = False


@attrs.frozen
class TakeMarket:
    """Take the card of Market pile ``take`` into the Hand (a Selected Action)."""

    TAG: ClassVar[str] = "take_market"
    player: PlayerId
    take: Pile


@attrs.frozen
class UseTreasure:
    """Adventure Pack: use the kept Treasure ``token`` (its steps follow, as for :class:`Use`)."""

    TAG: ClassVar[str] = "use_treasure"
    player: PlayerId
    token: int


@attrs.frozen
class Reveal:
    """Adventure Pack: reveal the first Event, or announce the first Challenge, due this turn.

    A Challenge is followed at once by the Event of the same border.
    """

    TAG: ClassVar[str] = "reveal"
    player: PlayerId


@attrs.frozen
class Choose:
    """Adventure Pack: exchange a trophy for reward ``option`` of the Reward card."""

    TAG: ClassVar[str] = "choose"
    player: PlayerId
    option: int


# --- Module 4: Asymmetry --------------------------------------------------------------------


@attrs.frozen
class ChooseSkills:
    """Module 4, setup: keep ``cards`` of those dealt, one per crab of the player, in order.

    The choice is hidden until every player has chosen.
    """

    TAG: ClassVar[str] = "choose_skills"
    player: PlayerId
    cards: tuple[int, ...]


@attrs.frozen
class Skill:
    """Module 4: use ``crab``'s skill (one Pincer): in the turn, or in a window it opened."""

    TAG: ClassVar[str] = "skill"
    player: PlayerId
    crab: int


@attrs.frozen
class Decline:
    """Module 4: let a window pass without using the skill."""

    TAG: ClassVar[str] = "decline"
    player: PlayerId


@attrs.frozen
class MakeObstacle:
    """Turn the standard space ``cell`` into a standard Obstacle (a Selected Action)."""

    TAG: ClassVar[str] = "make_obstacle"
    player: PlayerId
    cell: Cell


Action = (
    Place
    | Activate
    | Plan
    | AddCard
    | Rest
    | Use
    | Move
    | StandUp
    | Discard
    | PickTrace
    | Dope
    | Exchange
    | Shift
    | Finish
    | Shortcut
    | ExchangeAndEnd
    | EndTurn
    | TakeMarket
    | UseTreasure
    | Reveal
    | Choose
    | ChooseSkills
    | Skill
    | Decline
    | MakeObstacle
)
"""Every action of Oh Crab!, tagged by ``type`` in JSON."""

#: The classes of :data:`Action`, for the exact-type check of ``apply``.
ACTIONS: tuple[type, ...] = typing.get_args(Action)

#: The actions only games with Adventure Pack modules have (a base game never offers them).
ADVENTURE_ACTIONS: frozenset[type] = frozenset(
    {TakeMarket, UseTreasure, Reveal, Choose, ChooseSkills, Skill, Decline, MakeObstacle}
)


#: The board's column letters, left to right.
COLUMN_LETTERS = "abcde"[:COLUMNS]

#: The rulebook's names of the basic actions.
BASIC_TITLES = {
    Primitive.TAKE_SHELL: "Take a shell",
    Primitive.MOVE_FORWARD: "Move forward",
    Primitive.MOVE_DIAGONAL: "Move diagonally",
    Primitive.MOVE_TOWARD_SEA: "Move toward the sea",
}


def cell_label(cell: Cell) -> str:
    """The label of ``cell``: column letter and row number, or ``sea``."""
    if cell == SEA:
        return "sea"
    if cell < 0:
        return "nowhere"
    row, col = divmod(cell, COLUMNS)
    return f"{COLUMN_LETTERS[col]}{row}"


def _is_row(text: str) -> bool:
    """Whether ``text`` is a row number written in at most four ASCII digits."""
    return text.isascii() and text.isdigit() and len(text) <= 4


def parse_cell(text: str) -> Cell | None:
    """The cell labelled ``text`` (``None`` if it is no label; board bounds are not checked)."""
    if text == "sea":
        return SEA
    if len(text) < 2 or text[0] not in COLUMN_LETTERS or not _is_row(text[1:]):
        return None
    if text[1] == "0" and len(text) > 2:
        return None  # one way to write each row
    return int(text[1:]) * COLUMNS + COLUMN_LETTERS.index(text[0])


def pile_label(pile: Pile) -> str:
    """``m1``-``m3`` for the face-up piles, ``draw``, or ``none`` (the Market is exhausted)."""
    if pile == DRAW_PILE:
        return "draw"
    if pile == NO_PILE:
        return "none"
    return f"m{pile + 1}"


def parse_pile(text: str) -> Pile | None:
    """The pile labelled ``text`` (``None`` if it is no label)."""
    labels = {pile_label(p): p for p in (0, 1, 2, DRAW_PILE, NO_PILE)}
    return labels.get(text)


def card_names(content: Content) -> tuple[str, ...]:
    """Every card's name: its id, then its main action and special action in words."""
    specials = {s.id: s.name for s in content.specials}
    names = []
    for card in content.cards:
        words = [BASIC_TITLES[card.main]]
        if card.special is not None:
            words.append(specials[card.special])
        names.append(f"{card.id} ({', '.join(words)})")
    return tuple(names)


#: How the turn's actions are named by their source.
SOURCES = {
    Source.MAIN: "the main action",
    Source.SECONDARY: "the secondary action",
    Source.SPECIAL: "the special action",
    Source.COOK: "the cook's",
    Source.TILE: "tile",
}


def shells(count: int) -> str:
    """A number of shells in words: ``1 shell``, ``3 shells``."""
    return "1 shell" if count == 1 else f"{count} shells"


def grant_words(titles: Mapping[str, str], grant: Grant) -> str:
    """An action of the turn in words: "the special action Faster!", "tile Ca ... (3 shells)".

    >>> from crabrules.oh_crab.model._state import Config
    >>> from crabrules.oh_crab.engine._work import rules_for
    >>> tile = rules_for(Config()).tiles[0]
    >>> grant_words(rules_for(Config()).titles, Grant(Source.TILE, tile.id, tile.steps, tile.cost))
    'tile Aa Diagonally! (1 shell)'
    """
    title = titles.get(grant.name, grant.name)
    if grant.source is Source.COOK:
        return f"the cook's {title}"
    if grant.source is Source.TILE:
        return f"tile {grant.name} {title} ({shells(grant.cost)})"
    return f"{SOURCES[grant.source]} {title}"
