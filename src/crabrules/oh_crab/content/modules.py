"""The Adventure Pack's four modules and their variants, as a Config names them.

>>> Module("surprises") is Module.SURPRISES, Variant("crystal-ball").module.value
(True, 'events')
>>> [m.value for m in Module]
['surprises', 'events', 'challenges', 'asymmetry']
"""

from __future__ import annotations

import enum

__all__ = ["Module", "Variant"]


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
