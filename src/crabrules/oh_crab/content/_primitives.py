"""The game's words: the steps content is written in, the pack's modules, the phases of play.

``Primitive`` names each step, ``Module`` and ``Variant`` what a Config puts in
play. ``_components`` and ``engine/_effects`` read the steps; the documents of the
base game (``_loading``) and of the pack (its reader) are parsed with these. ``Phase``,
``Stage`` and ``Source`` (where a state is in its round and turn) live here too, beside
the other names the engine compares on every action: the compiled build compiles this
module, and its compiled code reads the members of a compiled enum at a fraction of the
cost of another module's (the state's module holds attrs classes, and stays Python).

>>> Primitive("move_forward") is Primitive.MOVE_FORWARD
True
>>> sorted(p.value for p in BASIC)
['move_diagonal', 'move_forward', 'move_toward_sea', 'take_shell']

>>> Module("surprises") is Module.SURPRISES, Variant("crystal-ball").module.value
(True, 'events')
>>> [m.value for m in Module]
['surprises', 'events', 'challenges', 'asymmetry']

>>> parse_steps(("take_shell", {"do": "move_forward", "count": 2}), "here", own_turn=True)
(<Primitive.TAKE_SHELL: 'take_shell'>, <Primitive.MOVE_FORWARD: 'move_forward'>, \
<Primitive.MOVE_FORWARD: 'move_forward'>)
"""

from __future__ import annotations

import enum
from typing import Any, Final, TypeVar

from crabrules.core.errors import ContentError


class Primitive(str, enum.Enum):
    """One effect step; the value is the name used in content files."""

    TAKE_SHELL = "take_shell"
    """Basic action: take a shell from the supply."""
    MOVE_FORWARD = "move_forward"
    """Basic action: one space forward, toward the sea."""
    MOVE_DIAGONAL = "move_diagonal"
    """Basic action: one space diagonally, toward the sea."""
    MOVE_TOWARD_SEA = "move_toward_sea"
    """Basic action: one space forward or diagonally, toward the sea."""
    DISCARD_CARD = "discard_card"
    """A cost: discard a card of your choice from your Hand."""
    MOVE_CRABS_IN_FRONT_TOWARD_LAND = "move_crabs_in_front_toward_land"
    """Seagull!: move any crabs in front of you one space each toward the land."""
    JUMP_SAME_DISTANCE = "jump_same_distance"
    """Little Sidestep!: jump to a free space at the same distance from the sea."""
    MOVE_CRABS_BEHIND_TOWARD_SEA = "move_crabs_behind_toward_sea"
    """Call of the Sea!: move your crab and the crabs behind you one space toward the sea."""
    IGNORE_NEGATIVE_SPACES = "ignore_negative_spaces"
    """Head Down!: ignore the negative effects of spaces until the end of the turn."""
    USE_TRACE_MAIN_ACTION = "use_trace_main_action"
    """Running Jump: use the main action of a card of your Trace."""
    DISCARD_RANDOM_FROM_CRABS_IN_FRONT = "discard_random_from_crabs_in_front"
    """Sand in the Eyes!: each player in front of you discards a random card."""
    JUMP_TWO_STRAIGHT = "jump_two_straight"
    """Running Jump! (tile): two spaces in a straight line toward the sea."""
    SWAP_WITH_ADJACENT = "swap_with_adjacent"
    """In My Place!: swap places with an adjacent crab."""
    ADD_CARD_TO_TRACE = "add_card_to_trace"
    """Doping!: add a card from your Hand to your Trace and use its actions."""
    TAKE_DISCARD_PILE = "take_discard_pile"
    """It's Not Over for Me!: take your Discard pile into your Hand."""
    CARD_EXCHANGE = "card_exchange"
    """A Little Exchange?: a Card Exchange action."""
    TAKE_MARKET_CARD = "take_market_card"
    """Selected Action: take a Market card into your Hand (the Market is refilled)."""
    TAKE_TRACE_CARD = "take_trace_card"
    """Selected Action: take a card from your Trace into your Hand (the Trace closes up)."""
    LOSE_SHELL = "lose_shell"
    """Give a shell back to the supply (nothing without one)."""
    DISCARD_RANDOM = "discard_random"
    """Discard a card drawn at random from your Hand (nothing without one)."""
    KNOCK_OVER = "knock_over"
    """Your crab is knocked over."""
    STAND_UP = "stand_up"
    """Your crab stands up."""
    MOVE_TOWARD_LAND = "move_toward_land"
    """Your crab moves one space toward the land, onto a free space."""
    CHOOSE_REWARD = "choose_reward"
    """The rules' own step (never in content): exchange a trophy for a reward."""
    REVEAL_DUE = "reveal_due"
    """The rules' own step (never in content): reveal the first card due this turn."""
    # --- Module 4 (Asymmetry) and its Selected Actions ---
    REGENERATE_PINCERS = "regenerate_pincers"
    """Selected Action: each of your crabs that used a Pincer regains one (never above its
    card's starting number)."""
    TURN_INTO_OBSTACLE = "turn_into_obstacle"
    """Selected Action: a standard space becomes a standard Obstacle until the end of the
    game."""
    SPY_EVENTS = "spy_events"
    """Selected Action, Spy: consult every face-down Event, without showing them."""
    SPY_CHALLENGES = "spy_challenges"
    """Selected Action, Spy: consult every face-down Challenge, without showing them."""
    SKILL_WINDOW = "skill_window"
    """The rules' own step (never in content): a window for a crab's skill."""


#: The four basic actions: the only main actions and half-icons a card may show.
BASIC: Final = frozenset(
    {
        Primitive.TAKE_SHELL,
        Primitive.MOVE_FORWARD,
        Primitive.MOVE_DIAGONAL,
        Primitive.MOVE_TOWARD_SEA,
    }
)

#: The basic movement actions: the ones a knocked-over crab devotes to standing up.
MOVES: Final = frozenset(
    {Primitive.MOVE_FORWARD, Primitive.MOVE_DIAGONAL, Primitive.MOVE_TOWARD_SEA}
)

#: Steps the rules put in a queue themselves: no content may name them.
INTERNAL: Final = frozenset(
    {Primitive.CHOOSE_REWARD, Primitive.REVEAL_DUE, Primitive.SKILL_WINDOW}
)


class Module(str, enum.Enum):
    """A module of the Adventure Pack; the value is its name in a Config."""

    SURPRISES = "surprises"
    """Module 1: Surprise tokens on the Beach tiles' Surprise spaces."""
    EVENTS = "events"
    """Module 2: an Event card at each Beach tile's lower border."""
    CHALLENGES = "challenges"
    """Module 3: a Challenge card at each Beach tile's upper border, and a Reward card."""
    ASYMMETRY = "asymmetry"
    """Module 4: a crab skill per crab, used with Pincers."""


class Variant(str, enum.Enum):
    """A variant of a module; the value is its name in a Config."""

    ALLS_WELL = "alls-well-that-ends-well"
    """Surprises, family variant: every Waste is an empty token."""
    ONLY_THE_GOOD = "only-the-good"
    """Surprises, family variant: no Wastes; Treasures on every Surprise space."""
    LUCKY_ONES = "the-lucky-ones"
    """Events, family variant: the negative Events leave the pile before the draw."""
    CRYSTAL_BALL = "crystal-ball"
    """Events, advanced variant: the three Events drawn are read at setup."""

    @property
    def module(self) -> Module:
        """The module the variant belongs to."""
        return _MODULE_OF[self]


_MODULE_OF = {
    Variant.ALLS_WELL: Module.SURPRISES,
    Variant.ONLY_THE_GOOD: Module.SURPRISES,
    Variant.LUCKY_ONES: Module.EVENTS,
    Variant.CRYSTAL_BALL: Module.EVENTS,
}


T = TypeVar("T")

#: The most times a step may repeat.
MAX_COUNT = 9

#: Steps that only make sense in their owner's own turn: Head Down! lasts "until the end of
#: your turn" and Doping! gives the turn actions. Content that may act in another player's
#: turn (immediate tokens, Events, rewards) cannot name them.
OWN_TURN_ONLY = frozenset({Primitive.IGNORE_NEGATIVE_SPACES, Primitive.ADD_CARD_TO_TRACE})


def parse_enum(cls: type[T], value: str, what: str, where: str) -> T:
    """Read ``value`` as a member of the enum ``cls``.

    Raises:
        ContentError: ``value`` is no member (``what`` names the kind, ``where`` the place).

    >>> parse_enum(Module, "events", "module", "here")
    <Module.EVENTS: 'events'>
    """
    try:
        return cls(value)  # type: ignore[call-arg]
    except ValueError:
        raise ContentError(f"{where}: unknown {what} {value!r}") from None


def parse_steps(docs: tuple[Any, ...], where: str, *, own_turn: bool) -> tuple[Primitive, ...]:
    """Read a list of steps: names, or ``{"do": name, "count": n}`` objects.

    Raises:
        ContentError: an unknown or internal primitive, a bad count, a step that needs its
            owner's own turn where the effect may act in another's, or no step at all.
    """
    if not docs:
        raise ContentError(f"{where}: no steps")
    out: list[Primitive] = []
    for k, doc in enumerate(docs, 1):
        at = f"{where} step {k}"
        count = 1
        if isinstance(doc, dict):
            unknown = set(doc) - {"do", "count"}
            if unknown or "do" not in doc:
                raise ContentError(f"{at}: a step object has 'do' and may have 'count'")
            name, count = doc["do"], doc.get("count", 1)
            if type(count) is not int or not 1 <= count <= MAX_COUNT:
                raise ContentError(f"{at}: count must be 1 to {MAX_COUNT}, not {count!r}")
        else:
            name = doc
        if type(name) is not str:
            raise ContentError(f"{at}: a primitive name, not {name!r}")
        primitive = parse_enum(Primitive, name, "primitive", at)
        if primitive in INTERNAL:
            raise ContentError(f"{at}: {name!r} is the rules' own step, not for content")
        if primitive in OWN_TURN_ONLY and not own_turn:
            raise ContentError(f"{at}: {name!r} needs its owner's own turn")
        out.extend([primitive] * count)
    return tuple(out)


def parse_modules(names: tuple[str, ...], where: str) -> tuple[Module, ...]:
    """Read the modules an item ``requires``.

    Raises:
        ContentError: an unknown module, or one named twice.
    """
    modules = tuple(parse_enum(Module, n, "module", where) for n in names)
    if len(set(modules)) != len(modules):
        raise ContentError(f"{where}: a module is required twice")
    return modules


class Phase(str, enum.Enum):
    """The phase of the round (the End of Round phase resolves at once).

    In the 2-player mode a round has two Planning and two Action phases
    (:attr:`State.tokens <crabrules.oh_crab.model._state.State.tokens>` tells which); the game
    begins with the crabs' placing.
    """

    PLACING = "placing"
    PLANNING = "planning"
    ACTION = "action"
    OVER = "over"


class Stage(str, enum.Enum):
    """Where the active player is in their turn."""

    ACTIVATE = "activate"
    """2-player mode, Action 1: choose the crab to activate with token 1."""
    START = "start"
    """Add the planned card to the Trace, or Rest."""
    ACT = "act"
    """Use actions, in any order, then end the turn."""
    ENDING = "ending"
    """The turn has ended but what its last move (a Water Current) triggered is resolved
    first (Adventure Pack): the cards due, then the turn passes."""


class Source(str, enum.Enum):
    """Where an action a player may use this turn comes from (rule A to E)."""

    MAIN = "main"
    SECONDARY = "secondary"
    SPECIAL = "special"
    COOK = "cook"
    TILE = "tile"
