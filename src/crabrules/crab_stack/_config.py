"""The options of a game of Crab Stack.

>>> Config(players=3).colours
('red', 'blue', 'green')
>>> len(Config(players=3).spaces)
27
>>> Config(players=5)
Traceback (most recent call last):
...
crabrules.core.errors.InvalidConfigError: players: Crab Stack is for 2 to 4 players, not 5
"""

from __future__ import annotations

import functools

import attrs

from crabrules.core import InvalidConfigError, PlayerId, int_hint
from crabrules.crab_stack._actions import MoveTable, move_table
from crabrules.crab_stack._board import (
    Geometry,
    Layout,
    cell_labels,
    geometry,
    is_connected,
    reference_layout,
)
from crabrules.crab_stack._crabs import CRABS_PER_SIZE, crab_name
from crabrules.crab_stack._repetition import Zobrist, zobrist

MIN_PLAYERS = 2
MAX_PLAYERS = 4
#: Each colour has 3 large, 3 medium and 3 small crabs.
CRABS_PER_PLAYER = 3 * CRABS_PER_SIZE
#: The colours of players 0 to 3 unless the config names others.
DEFAULT_COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")


def _default_colours(config: Config) -> tuple[str, ...]:
    """The first ``players`` default colours (none for a bad count, which is refused later)."""
    players = config.players
    return DEFAULT_COLOURS[:players] if type(players) is int and players > 0 else ()


@attrs.frozen
class Config:
    """How a game of Crab Stack is set up; ``Config()`` is a two-player game.

    Attributes:
        players: 2 to 4.
        colours: one distinct name per player, in seat order; by default the first
            ``players`` of red, blue, green and yellow.
        first_player: who moves first; ``None`` draws them from the seed.
        layout: the spaces as axial ``(q, r)`` coordinates; ``None`` is the reference
            layout for the player count (:func:`~crabrules.crab_stack._board.reference_layout`).
            A layout must be connected and have exactly one space per crab (9 per player).
        max_turns: after this many moves the game ends in a draw; ``None``: no limit.
    """

    players: int = 2
    colours: tuple[str, ...] = attrs.field(
        default=attrs.Factory(_default_colours, takes_self=True)
    )
    first_player: PlayerId | None = None
    layout: Layout | None = None
    max_turns: int | None = None

    def __attrs_post_init__(self) -> None:
        players = self.players
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidConfigError(
                f"players: Crab Stack is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                f"not {players!r}{int_hint(players)}"
            )
        self._check_colours()
        first = self.first_player
        if first is not None and (type(first) is not int or not 0 <= first < players):
            raise InvalidConfigError(
                f"first_player: a player id from 0 to {players - 1} or None, not {first!r}"
                f"{int_hint(first)}"
            )
        if self.layout is not None:
            self._check_layout(self.layout)
        turns = self.max_turns
        if turns is not None and (type(turns) is not int or turns < 1):
            raise InvalidConfigError(f"max_turns: a positive int or None, not {turns!r}")

    def _check_colours(self) -> None:
        """Each player chooses a colour: one distinct, non-empty name per player."""
        colours = self.colours
        if (
            type(colours) is not tuple
            or len(colours) != self.players
            or not all(type(c) is str and c for c in colours)
        ):
            raise InvalidConfigError(
                f"colours: one non-empty name per player ({self.players}), not {colours!r}"
            )
        if len(set(colours)) != len(colours):
            raise InvalidConfigError(f"colours: every player needs a different colour: {colours}")

    def _check_layout(self, layout: Layout) -> None:
        """A layout is distinct ``(q, r)`` pairs, one per crab, forming one group (decision 1)."""
        if type(layout) is not tuple or not all(
            type(qr) is tuple and len(qr) == 2 and all(type(x) is int for x in qr) for qr in layout
        ):
            raise InvalidConfigError("layout: a tuple of (q, r) pairs of ints")
        crabs = CRABS_PER_PLAYER * self.players
        if len(set(layout)) != len(layout):
            raise InvalidConfigError("layout: a space is listed twice")
        if len(layout) != crabs:
            raise InvalidConfigError(
                f"layout: {self.players} players need exactly {crabs} spaces, one per crab, "
                f"not {len(layout)}"
            )
        if not is_connected(layout):
            raise InvalidConfigError("layout: the spaces must form one connected group")

    @property
    def spaces(self) -> Layout:
        """The layout played on, which is :attr:`layout` or by default the reference layout."""
        return reference_layout(self.players) if self.layout is None else self.layout

    @functools.cached_property
    def labels(self) -> tuple[str, ...]:
        """Each cell's name in the notation (``A1``), as the pictures print it.

        >>> Config().labels[:4]
        ('A1', 'A2', 'A3', 'B1')
        """
        return cell_labels(self.spaces)

    @functools.cached_property
    def crab_names(self) -> tuple[str, ...]:
        """The name of each crab number ``3 * player + size``, in the config's colours.

        >>> Config().crab_names
        ('red small crab', 'red medium crab', 'red large crab', 'blue small crab', \
'blue medium crab', 'blue large crab')
        """
        return tuple(crab_name(c, self.colours) for c in range(3 * self.players))

    @functools.cached_property
    def geometry(self) -> Geometry:
        """The cached tables of :attr:`spaces` (neighbours, paths), for the rules."""
        return geometry(self.spaces)

    @functools.cached_property
    def zobrist(self) -> Zobrist:
        """The cached position keys of this board and player count, for the repetition rule."""
        return zobrist(len(self.spaces), self.players)

    @functools.cached_property
    def move_table(self) -> MoveTable:
        """The cached moves of this board and player count, handed out by the rules."""
        return move_table(self.players, self.geometry)


def config_for_players(players: int) -> Config:
    """Return the default config for ``players`` players (2 to 4).

    Raises:
        InvalidConfigError: ``players`` is not 2, 3 or 4.

    >>> config_for_players(4).colours
    ('red', 'blue', 'green', 'yellow')
    """
    return Config(players=players)
