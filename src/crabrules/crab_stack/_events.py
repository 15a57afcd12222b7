"""What happened: the events of an action, in the order things happened.

``apply_with_events`` returns them beside the new state. A :class:`Move` gives a
:class:`CrabMoved`, then, if the crabs split, one :class:`GroupWashedAway` per smaller
group and, on a full tie, a :class:`WaveTie` (the mover then keeps one group with a
:class:`KeepGroup`, which gives a :class:`GroupKept` and the other groups'
:class:`GroupWashedAway`). Every completed move may then put players out
(:class:`PlayerEliminated`, in the order of decision 5) and end the game
(:class:`GameEnded`).

Each event carries the ids (players, cells, crabs) and the names needed to say it in words
(colours, sizes, cell labels), so :func:`~crabrules.crab_stack._words.describe_event` needs
no state. Events are tagged like actions (``type`` in JSON) and load as :data:`Event`:

>>> from crabrules import from_json, to_json
>>> event = PlayerEliminated(player=1, colour="blue")
>>> to_json(event)
'{"format_version":1,"type":"player_eliminated","player":1,"colour":"blue"}'
>>> from_json(to_json((event,)), tuple[Event, ...]) == (event,)
True
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from crabrules.core import Outcome, PlayerId
from crabrules.crab_stack._board import Cell, CellMask, cells_of
from crabrules.crab_stack._config import Config
from crabrules.crab_stack._crabs import Size, Stack, crab_player, crab_size


@attrs.frozen
class CrabMoved:
    """A crab moved: the top crab of ``src`` now lies on top of ``dst``.

    Attributes:
        player: the crab's owner, who moved it.
        colour: their colour.
        size: the crab's size.
        src: the space it left.
        dst: the space it ended on.
        src_label: ``src`` in the notation (``C4``).
        dst_label: ``dst`` in the notation.
        onto_player: the owner of the crab it ended on (now covered).
        onto_colour: their colour.
        onto_size: that crab's size.
    """

    TAG: ClassVar[str] = "crab_moved"
    player: PlayerId
    colour: str
    size: Size
    src: Cell
    dst: Cell
    src_label: str
    dst_label: str
    onto_player: PlayerId
    onto_colour: str
    onto_size: Size


@attrs.frozen
class GroupWashedAway:
    """The Wave Rule washed a group away: its crabs left the game.

    Attributes:
        cells: the group's spaces, ascending.
        labels: the same in the notation.
        stacks: the crabs that were on each of them, bottom to top.
        colours: every player's colour, to name the crabs' owners (``crab // 3``).
    """

    TAG: ClassVar[str] = "group_washed_away"
    cells: tuple[Cell, ...]
    labels: tuple[str, ...]
    stacks: tuple[Stack, ...]
    colours: tuple[str, ...]


@attrs.frozen
class WaveTie:
    """The crabs split into groups tied for largest: the mover chooses which one stays.

    Attributes:
        player: the mover, who now plays a ``KeepGroup``.
        colour: their colour.
        groups: the tied groups, each its cells ascending, ordered by lowest cell.
        labels: the same in the notation.
    """

    TAG: ClassVar[str] = "wave_tie"
    player: PlayerId
    colour: str
    groups: tuple[tuple[Cell, ...], ...]
    labels: tuple[tuple[str, ...], ...]


@attrs.frozen
class GroupKept:
    """The mover settled a wave tie: this group stays (the others are washed away).

    Attributes:
        player: the mover.
        colour: their colour.
        cells: the group's spaces, ascending.
        labels: the same in the notation.
    """

    TAG: ClassVar[str] = "group_kept"
    player: PlayerId
    colour: str
    cells: tuple[Cell, ...]
    labels: tuple[str, ...]


@attrs.frozen
class PlayerEliminated:
    """A player still in had no legal move left and is out (decision 5).

    Attributes:
        player: who is out.
        colour: their colour.
    """

    TAG: ClassVar[str] = "player_eliminated"
    player: PlayerId
    colour: str


@attrs.frozen
class GameEnded:
    """The game is over.

    Attributes:
        outcome: what ``outcome(state)`` says: winners, draw, scores and the reason.
        colours: every player's colour, to name the winner.
    """

    TAG: ClassVar[str] = "game_ended"
    outcome: Outcome
    colours: tuple[str, ...]


#: Every event of Crab Stack.
Event = CrabMoved | GroupWashedAway | WaveTie | GroupKept | PlayerEliminated | GameEnded


# --- building events (for the rules, which know the ids; the names come from the config) ---


def crab_moved(config: Config, stacks: tuple[Stack, ...], src: Cell, dst: Cell) -> CrabMoved:
    """The event of the top crab of ``src`` moving onto ``dst`` in ``stacks`` (before it)."""
    moved, onto = stacks[src][-1], stacks[dst][-1]
    labels = config.geometry.labels
    colours = config.colours
    return CrabMoved(
        crab_player(moved),
        colours[crab_player(moved)],
        crab_size(moved),
        src,
        dst,
        labels[src],
        labels[dst],
        crab_player(onto),
        colours[crab_player(onto)],
        crab_size(onto),
    )


def washed_away(config: Config, stacks: list[Stack], group: CellMask) -> GroupWashedAway:
    """The event of the group ``group`` (a bitmask) washed away from ``stacks``."""
    cells = cells_of(group)
    labels = config.geometry.labels
    return GroupWashedAway(
        cells, tuple(labels[c] for c in cells), tuple(stacks[c] for c in cells), config.colours
    )


def wave_tie(config: Config, player: PlayerId, groups: tuple[tuple[Cell, ...], ...]) -> WaveTie:
    """The event of ``groups`` tying for largest after ``player``'s move."""
    labels = config.geometry.labels
    return WaveTie(
        player,
        config.colours[player],
        groups,
        tuple(tuple(labels[c] for c in group) for group in groups),
    )


def group_kept(config: Config, player: PlayerId, cells: tuple[Cell, ...]) -> GroupKept:
    """The event of ``player`` keeping the tied group ``cells``."""
    labels = config.geometry.labels
    return GroupKept(player, config.colours[player], cells, tuple(labels[c] for c in cells))


def player_eliminated(config: Config, player: PlayerId) -> PlayerEliminated:
    """The event of ``player`` going out."""
    return PlayerEliminated(player, config.colours[player])
