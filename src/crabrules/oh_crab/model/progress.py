"""Where a game and a turn stand: the round's phase, the turn's stage, a grant's source.

:class:`Phase`, :class:`Stage` and :class:`Source` (where each action the active player may
still use comes from) are the fields of :class:`~crabrules.oh_crab.model.state.State` (and of
its ``Turn`` and ``Grant``) that the turn code compares most, so they live in a module of
their own that the compiled build compiles: there, compiled code reads their members as
constants, where a member of an enum defined in a pure module is read through the enum
type's ``__getattr__`` (about 170 ns a read). :mod:`crabrules.oh_crab.model.state` exports them
too.

>>> Stage("act") is Stage.ACT
True
"""

from __future__ import annotations

import enum

__all__ = ["Phase", "Source", "Stage"]


class Phase(str, enum.Enum):
    """The phase of the round (the End of Round phase resolves at once).

    In the 2-player mode a round has two Planning and two Action phases
    (:attr:`State.tokens <crabrules.oh_crab.model.state.State.tokens>` tells which); the game
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
