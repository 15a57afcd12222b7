"""What happened in the Adventure Pack: the events of its modules.

Each is a frozen value with a stable ``TAG`` like the base game's; all are members of
:data:`~crabrules.oh_crab.model._events.Event` and re-exported from
:mod:`~crabrules.oh_crab.model._events`, where every event is imported from.

>>> from crabrules.core.serialize import to_json
>>> to_json(ShellLost(player=0, colour="red", shells=2))
'{"format_version":1,"type":"shell_lost","player":0,"colour":"red","shells":2}'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from crabrules.core.game import PlayerId
from crabrules.oh_crab.content._components import Cell
from crabrules.oh_crab.model._state import CardId

# --- Modules 1 to 3: Surprises, Events, Challenges ------------------------------------------


@attrs.frozen
class ShellLost:
    """A player gave a shell back to the supply (Adventure Pack)."""

    TAG: ClassVar[str] = "shell_lost"
    player: PlayerId
    colour: str
    shells: int


@attrs.frozen
class CardTakenBack:
    """A player took a card from their Trace into their Hand (Adventure Pack)."""

    TAG: ClassVar[str] = "card_taken_back"
    player: PlayerId
    colour: str
    card: CardId
    card_name: str


@attrs.frozen
class SurpriseFlipped:
    """A crab arrived on a Surprise space and its owner flipped the token.

    ``kept``: a Treasure its finder keeps for later; its ``token`` and ``name`` are hidden
    from the others (:data:`~crabrules.oh_crab.HIDDEN`, ``""``). ``empty``: a Waste of "All's
    well that ends well...", with no effect.
    """

    TAG: ClassVar[str] = "surprise_flipped"
    player: PlayerId
    colour: str
    crab: int
    cell: Cell
    token: int
    name: str
    waste: bool
    kept: bool
    empty: bool = False


@attrs.frozen
class TreasureUsed:
    """A player used a Treasure they kept (Adventure Pack)."""

    TAG: ClassVar[str] = "treasure_used"
    player: PlayerId
    colour: str
    token: int
    name: str


@attrs.frozen
class CardDue:
    """A crab crossed a Beach tile's border for the first time: its card is due this turn.

    ``kind`` is ``"challenge"`` (the upper border) or ``"event"`` (the lower border); the
    active ``player`` must reveal or announce it before their turn ends.
    """

    TAG: ClassVar[str] = "card_due"
    player: PlayerId
    colour: str
    kind: str
    tile: int


@attrs.frozen
class EventRevealed:
    """An Event card was revealed (``replaced``: it needs an absent module and is replaced)."""

    TAG: ClassVar[str] = "event_revealed"
    player: PlayerId
    colour: str
    tile: int
    card: int
    name: str
    temporary: bool
    replaced: bool = False


@attrs.frozen
class EventEnded:
    """A temporary Event stopped acting: another Event was revealed."""

    TAG: ClassVar[str] = "event_ended"
    card: int
    name: str


@attrs.frozen
class ChallengeResolved:
    """A Challenge was announced: ``first`` won the first place, ``second`` a shell each."""

    TAG: ClassVar[str] = "challenge_resolved"
    player: PlayerId
    colour: str
    tile: int
    card: int
    name: str
    first: tuple[PlayerId, ...]
    first_colours: tuple[str, ...]
    second: tuple[PlayerId, ...]
    second_colours: tuple[str, ...]


@attrs.frozen
class ChallengeRevealed:
    """The Reward card moved on to the next Challenge, revealed (``card`` -1: it left)."""

    TAG: ClassVar[str] = "challenge_revealed"
    tile: int
    card: int
    name: str


@attrs.frozen
class RewardChosen:
    """A player exchanged a trophy for a reward of the Reward card."""

    TAG: ClassVar[str] = "reward_chosen"
    player: PlayerId
    colour: str
    option: int
    name: str


# --- Module 4: Asymmetry --------------------------------------------------------------------


@attrs.frozen
class SkillsChosen:
    """A player chose their Asymmetry card(s); which stays hidden until everyone has."""

    TAG: ClassVar[str] = "skills_chosen"
    player: PlayerId
    colour: str


@attrs.frozen
class SkillsRevealed:
    """Every player has chosen: the cards are shown, per crab (and sunset setups follow)."""

    TAG: ClassVar[str] = "skills_revealed"
    cards: tuple[int, ...]
    names: tuple[str, ...]


@attrs.frozen
class SkillUsed:
    """A crab's skill acted; ``pincers``: what its card has left."""

    TAG: ClassVar[str] = "skill_used"
    player: PlayerId
    colour: str
    crab: int
    card: int
    name: str
    pincers: int


@attrs.frozen
class SkillDeclined:
    """A player let a window of their crab's skill pass."""

    TAG: ClassVar[str] = "skill_declined"
    player: PlayerId
    colour: str
    crab: int
    name: str


@attrs.frozen
class PincersRegenerated:
    """A crab regained a Pincer (``pincers``: now on its card)."""

    TAG: ClassVar[str] = "pincers_regenerated"
    crab: int
    colour: str
    pincers: int


@attrs.frozen
class Spied:
    """A player consulted face-down cards (a Spy); only they see ``cards`` and ``names``.

    ``kind`` is ``"event"`` or ``"challenge"``; ``tiles`` the Beach tiles consulted.
    """

    TAG: ClassVar[str] = "spied"
    player: PlayerId
    colour: str
    kind: str
    tiles: tuple[int, ...]
    cards: tuple[int, ...]
    names: tuple[str, ...]


@attrs.frozen
class ObstacleMade:
    """A standard space became a standard Obstacle until the end of the game."""

    TAG: ClassVar[str] = "obstacle_made"
    player: PlayerId
    colour: str
    cell: Cell
