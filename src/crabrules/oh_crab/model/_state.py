"""The complete truth of a game of Oh Crab!, its options, and where a game stands.

:class:`State` is the truth, :class:`Config` the options, :class:`Phase` and
:class:`Stage` where a round and a turn stand. An expansion's part sits in
``State.adventure`` as an :class:`ExpansionPart`; the actions and events are ``_actions``
and ``_events``; the rules that change a state are ``engine/``.

>>> Stage("act") is Stage.ACT
True

>>> Config().players, Config().scenario
(4, 'first-escape')
>>> Config(scenario="pirate-island").resolved_board()
('0B', '4B', '3B', '2B', '9B')
>>> Config(scenario="first-escape", quick=True).resolved_board()
('0A', '1A', '2A', '9A')
>>> Config(players=2).resolved_board()     # the 2-player mode: two Beach tiles
('0A', '1A', '2A', '9A')
>>> Config(players=2).crab_colours()
(('red', 'orange'), ('blue', 'green'))
>>> Config(modules={"surprises", "events"}, variants={"crystal-ball"}).modules == {
...     Module.SURPRISES, Module.EVENTS}
True
>>> from crabrules.core.errors import InvalidConfigError
>>> try:
...     Config(variants={"only-the-good"})
... except InvalidConfigError as error:
...     print(error)
variants: 'only-the-good' is a variant of the surprises module, which is not in play
>>> Config(players=6)
Traceback (most recent call last):
...
crabrules.core.errors.InvalidConfigError: players: Oh Crab! is for 2 to 5 players, not 6
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

import attrs

from crabrules.core.display import DisplaysAsSvg
from crabrules.core.errors import ContentError, InvalidConfigError
from crabrules.core.game import PlayerId
from crabrules.core.rng import Rng
from crabrules.oh_crab.content._components import Cell, check_setup
from crabrules.oh_crab.content._loading import get_content, get_layout, has_content
from crabrules.oh_crab.content._primitives import Module, Phase, Primitive, Source, Stage, Variant


class FirstDecision(Protocol):
    """A decision of an expansion that comes before the turn goes on, maybe out of turn.

    The base engine resolves it on its stack of decisions above the turn's own; the
    expansion's class (the Adventure Pack's ``Frame``) says what it is.
    """

    @property
    def player(self) -> PlayerId:
        """Who decides."""

    @property
    def crab(self) -> int:
        """The crab the steps move."""

    @property
    def queue(self) -> tuple[Primitive, ...]:
        """The steps left, first one next."""

    @property
    def crabs_left(self) -> tuple[int, ...] | None:
        """For a step that moves several crabs, those that may still move."""

    def resumed(
        self, crab: int, queue: tuple[Primitive, ...], crabs_left: tuple[int, ...] | None
    ) -> FirstDecision:
        """The same decision, with its crab and steps as they stand now."""


class ExpansionPart(Protocol):
    """An expansion's part of a :class:`State`: what the base game reads of it.

    The base engine resolves its :attr:`frames` and asks for the rules in play again when
    its :attr:`overlay` changes; everything else in it is the expansion's own. The
    expansion registers how the part is read from a document
    (``crabrules.core.serialize.converter``, when it is plugged in).
    """

    @property
    def frames(self) -> tuple[FirstDecision, ...]:
        """The decisions that come first, the last one first."""

    @property
    def due(self) -> tuple[object, ...]:
        """What the active player must still do before their turn ends."""

    @property
    def overlay(self) -> object:
        """The rules changed during the game (the rules in play follow it)."""


#: The player counts Oh Crab! plays (2: the 2-player mode, two crabs each).
MIN_PLAYERS, MAX_PLAYERS = 2, 5

#: The rulebook's scenarios, by config name, in order of difficulty.
SCENARIOS = (
    "first-escape",
    "sand-games",
    "surfers-beach",
    "shortcut",
    "wild-beach",
    "pirate-island",
)


#: The modules this version plays: all four.
IMPLEMENTED_MODULES = frozenset(Module)

E = TypeVar("E", Module, Variant)


def _names(cls: type[E], field: str, value: object) -> frozenset[E]:
    # A plain string would read as its letters: a collection of names is needed.
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidConfigError(f"{field}: a set of names is needed, not {value!r}")
    out: set[E] = set()
    for name in value:
        try:
            out.add(cls(name))
        except ValueError:
            known = ", ".join(repr(m.value) for m in cls)
            raise InvalidConfigError(f"{field}: {name!r} is none of {known}") from None
    return frozenset(out)


def _to_modules(value: object) -> frozenset[Module]:
    return _names(Module, "modules", value)


def _to_variants(value: object) -> frozenset[Variant]:
    return _names(Variant, "variants", value)


@attrs.frozen(cache_hash=True)
class Config:
    """A validated game setup.

    Attributes:
        players: 2 to 5. Two players play the 2-player mode: each plays two crabs, on a
            board of one Beach tile fewer.
        scenario: a scenario of the content by name (``"first-escape"`` ... ``"pirate-island"``
            in the reference content), or ``None`` for a free choice of ``board`` and
            ``action_tiles``.
        board: with no scenario, the tile sides from land to sea, e.g.
            ``("0A", "1B", "4A", "2A", "9B")``; empty with a scenario.
        action_tiles: with no scenario, three Additional Action tile sides of distinct
            letters, e.g. ``("Aa", "Bb", "Da")``; empty with a scenario.
        quick: the quick variant: one Beach tile fewer (two, or one in the 2-player
            mode); with a scenario, its first ones.
        content: the name of a registered content set.
        colours: the crabs' colours, one per crab in player order (two per player in the
            2-player mode: player ``p`` plays ``colours[2p]`` and ``colours[2p + 1]``), all
            different; empty: the content's colours in order. A player holds the starting
            deck of their first crab's colour.
        modules: the Adventure Pack modules in play, by name (``"surprises"``,
            ``"events"``, ``"challenges"``, ``"asymmetry"``) or :class:`Module`; any subset.
        variants: the modules' variants in play, by name or :class:`Variant`; each
            needs its module.
    """

    players: int = 4
    scenario: str | None = attrs.field(default="first-escape", metadata={"examples": SCENARIOS})
    board: tuple[str, ...] = ()
    action_tiles: tuple[str, ...] = ()
    quick: bool = False
    content: str = "reference"
    colours: tuple[str, ...] = ()
    modules: frozenset[Module] = attrs.field(default=frozenset(), converter=_to_modules)
    variants: frozenset[Variant] = attrs.field(default=frozenset(), converter=_to_variants)

    def __attrs_post_init__(self) -> None:
        _check_types(self)
        _check_modules(self)
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise InvalidConfigError(
                f"players: Oh Crab! is for 2 to 5 players, not {self.players}"
            )
        if not has_content(self.content):
            raise InvalidConfigError(f"content: no content registered as {self.content!r}")
        content = get_content(self.content)
        if self.colours:
            crabs = crab_count(self.players)
            if len(self.colours) != crabs or len(set(self.colours)) != crabs:
                raise InvalidConfigError(
                    f"colours: {crabs} different colours are needed, one per crab"
                )
            unknown = [c for c in self.colours if c not in content.colours]
            if unknown:
                raise InvalidConfigError(
                    f"colours: {unknown[0]!r} is no crab colour ({', '.join(content.colours)})"
                )
        if self.scenario is not None:
            if self.scenario not in {s.id for s in content.scenarios}:
                raise InvalidConfigError(f"scenario: unknown scenario {self.scenario!r}")
            if self.board or self.action_tiles:
                raise InvalidConfigError(
                    "scenario: a scenario sets the board and tiles; give scenario=None to "
                    "choose them"
                )
        problem = check_setup(
            content, self.resolved_board(), self.resolved_action_tiles(), beaches=self.beaches()
        )
        if problem:
            field = "action_tiles" if "Action tile" in problem else "board"
            raise InvalidConfigError(f"{field}: {problem}")
        try:
            get_layout(self.content, self.resolved_board())
        except ContentError as error:
            raise InvalidConfigError(f"board: {error}") from None

    def beaches(self) -> int:
        """Return the number of Beach tiles: 3, one fewer with 2 players, one fewer if quick.

        >>> Config(players=2, quick=True).beaches(), Config(quick=True).beaches()
        (1, 2)
        """
        return 3 - (self.players == 2) - self.quick

    def resolved_board(self) -> tuple[str, ...]:
        """Return the tile sides in play, from land to sea.

        With fewer than three Beach tiles, a scenario keeps its first ones.
        """
        if self.scenario is None:
            return self.board
        board = get_content(self.content).scenario(self.scenario).board
        return (*board[: 1 + self.beaches()], board[-1])

    def crab_colours(self) -> tuple[tuple[str, ...], ...]:
        """Return each player's crab colours (two each in the 2-player mode)."""
        colours = self.colours or get_content(self.content).colours[: crab_count(self.players)]
        per = len(colours) // self.players
        return tuple(colours[p * per : (p + 1) * per] for p in range(self.players))

    def resolved_action_tiles(self) -> tuple[str, ...]:
        """Return the three Additional Action tile sides in play."""
        if self.scenario is None:
            return self.action_tiles
        return get_content(self.content).scenario(self.scenario).action_tiles


def _check_modules(config: Config) -> None:
    missing = sorted(m.value for m in config.modules - IMPLEMENTED_MODULES)
    if missing:
        raise InvalidConfigError(f"modules: {missing[0]!r} is not implemented in this version")
    for variant in sorted(config.variants, key=lambda v: v.value):
        if variant.module not in config.modules:
            raise InvalidConfigError(
                f"variants: {variant.value!r} is a variant of the {variant.module.value} "
                "module, which is not in play"
            )
    if Variant.ALLS_WELL in config.variants and Variant.ONLY_THE_GOOD in config.variants:
        raise InvalidConfigError("variants: 'Only the good' places no Waste to make empty")
    pack = get_content(config.content).adventure if has_content(config.content) else None
    if config.modules and pack is None:
        raise InvalidConfigError("modules: the content has no Adventure Pack")
    if (
        Module.ASYMMETRY in config.modules
        and pack is not None
        and not pack.plays(Module.ASYMMETRY)
    ):
        raise InvalidConfigError("modules: the content's Adventure Pack has no Asymmetry cards")


def _check_types(config: Config) -> None:
    # A wrong type is refused here, naming its field, before any rule looks at the value.
    if type(config.players) is not int:
        raise InvalidConfigError(f"players: an int is needed, not {config.players!r}")
    if config.scenario is not None and type(config.scenario) is not str:
        raise InvalidConfigError(f"scenario: a name or None is needed, not {config.scenario!r}")
    for field in ("board", "action_tiles"):
        value = getattr(config, field)
        if type(value) is not tuple or not all(type(v) is str for v in value):
            raise InvalidConfigError(f"{field}: a tuple of tile side ids is needed, not {value!r}")
    if type(config.quick) is not bool:
        raise InvalidConfigError(f"quick: True or False is needed, not {config.quick!r}")
    if type(config.content) is not str:
        raise InvalidConfigError(f"content: a content name is needed, not {config.content!r}")
    if type(config.colours) is not tuple or not all(type(c) is str for c in config.colours):
        raise InvalidConfigError(f"colours: a tuple of colours is needed, not {config.colours!r}")


def crab_count(players: int) -> int:
    """Return the number of crabs: one per player, two each in the 2-player mode.

    >>> crab_count(2), crab_count(3)
    (4, 3)
    """
    return 4 if players == 2 else players


def config_for_players(players: int) -> Config:
    """Return the default config for ``players`` players: scenario 1, "First Escape!".

    Raises:
        InvalidConfigError: ``players`` is not 2, 3, 4 or 5.

    >>> config_for_players(2).resolved_board()
    ('0A', '1A', '2A', '9A')
    """
    return Config(players=players)


#: A card: its index in the content's card list.
CardId = int
#: ``State.planned`` for a player with no face-down card.
NO_CARD: CardId = -1
#: ``State.planned`` for a player who declared a Rest (their Hand was empty).
RESTING: CardId = -2
#: A crab: its index in ``State.crabs``.
CrabId = int
#: ``Turn.crab`` before the player has activated a crab (2-player mode, Action 1).
NO_CRAB: CrabId = -1


@attrs.frozen
class Grant:
    """An action the active player may still use this turn.

    Attributes:
        source: where it comes from.
        name: what it is: a basic action, a special action's id or a tile side's id.
        steps: its effect.
        cost: the shells to pay (Additional Action tiles).
    """

    source: Source
    name: str
    steps: tuple[Primitive, ...]
    cost: int = 0


@attrs.frozen
class Turn:
    """The active player's turn.

    Attributes:
        stage: activating a crab (2-player mode), adding or resting, then acting.
        crab: the active crab, which every action of the turn moves (:data:`NO_CRAB`
            until the player activates one); with one crab per player, the player's.
        grants: the actions not used yet.
        queue: the steps of the action being resolved, first one next.
        crabs_left: for a step that moves several crabs, those that may still move
            (``None`` until the step begins).
        head_down: Head Down! is in effect.
        tile_used: an Additional Action tile was used (one per turn).
    """

    stage: Stage
    crab: CrabId
    grants: tuple[Grant, ...] = ()
    queue: tuple[Primitive, ...] = ()
    crabs_left: tuple[CrabId, ...] | None = None
    head_down: bool = False
    tile_used: bool = False


@attrs.frozen
class State(DisplaysAsSvg):
    """A game in progress.

    Attributes:
        config: the setup.
        seed: the seed the game was set up from.
        rng: the generator for every later random draw.
        round: the round number, from 1.
        phase: planning, action, or over.
        cook: who holds the cook pawn.
        current: whose turn it is in the action phase (and who places a crab).
        owners: each crab's player.
        crabs: each crab's cell (:data:`~crabrules.oh_crab.content._components.SEA` in the sea,
            :data:`~crabrules.oh_crab.content._components.NOWHERE` before it is placed).
        knocked: each crab is knocked over.
        tokens: the activation token on each crab this round (2-player mode): 0 none,
            1 or 2; always 0 with one crab per player.
        cook_used: the cook's diagonal was used this round (once per round).
        hands: each player's Hand, sorted.
        planned: each player's face-down card, :data:`NO_CARD` or :data:`RESTING`.
        traces: each Trace, left to right.
        discards: each Discard pile, oldest first.
        shells: each player's shells.
        supply: shells in the common supply.
        market: the three face-up piles, bottom to top.
        draw: the Market's draw pile, top first.
        removed: starting cards put back in the box by Card Exchanges.
        known: per player, sorted, the cards of their Hand or face-down card that every
            player saw them take: their Discard pile taken back (at Rest, or with tile Da)
            and face-up Market cards. A card leaves this list when it leaves the Hand.
        draw_seen: how many cards at the bottom of the draw pile every player saw placed
            there (the cards given in Card Exchanges), at most the pile's size.
        turn: the active player's turn in the action phase, else ``None``.
        adventure: the expansion's part (an
            :class:`~crabrules.oh_crab.model._state.ExpansionPart`: the Adventure Pack's
            ``Adventure``), ``None`` in a game without modules.
    """

    config: Config
    seed: int
    rng: Rng
    round: int
    phase: Phase
    cook: PlayerId
    current: PlayerId
    owners: tuple[PlayerId, ...]
    crabs: tuple[Cell, ...]
    knocked: tuple[bool, ...]
    tokens: tuple[int, ...]
    cook_used: bool
    hands: tuple[tuple[CardId, ...], ...]
    planned: tuple[CardId, ...]
    traces: tuple[tuple[CardId, ...], ...]
    discards: tuple[tuple[CardId, ...], ...]
    shells: tuple[int, ...]
    supply: int
    market: tuple[tuple[CardId, ...], ...]
    draw: tuple[CardId, ...]
    removed: tuple[CardId, ...]
    known: tuple[tuple[CardId, ...], ...]
    draw_seen: int
    turn: Turn | None
    adventure: ExpansionPart | None = None
