"""What the option generators read of a game: a ``State`` or a ``Work``.

The legal actions are generated from a frozen :class:`~crabrules.oh_crab.model.state.State`;
:func:`~crabrules.oh_crab.engine.effects.advance` skips the steps without options while an
action is played on a :class:`~crabrules.oh_crab.engine.work.Work`. Both satisfy
:class:`View`, so both use the very same generators.

>>> from crabrules.oh_crab import Config, initial_state
>>> from crabrules.oh_crab.engine.work import Work
>>> state = initial_state(Config(players=3), seed=7)
>>> reads: list[View] = [state, Work(state)]
>>> [len(view.hands[0]) for view in reads]
[4, 4]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from crabrules.oh_crab.content.board import Cell
from crabrules.oh_crab.model.adventure import Adventure
from crabrules.oh_crab.model.state import CardId

__all__ = ["View"]


class View(Protocol):
    """The parts of a game the option generators read (a ``State`` or a ``Work``)."""

    @property
    def crabs(self) -> Sequence[Cell]:
        """Each crab's cell."""

    @property
    def knocked(self) -> Sequence[bool]:
        """Each crab is knocked over."""

    @property
    def tokens(self) -> Sequence[int]:
        """Each crab's activation token."""

    @property
    def cook_used(self) -> bool:
        """The cook's diagonal was used this round."""

    @property
    def hands(self) -> Sequence[Sequence[CardId]]:
        """Each player's Hand."""

    @property
    def traces(self) -> Sequence[Sequence[CardId]]:
        """Each player's Trace."""

    @property
    def discards(self) -> Sequence[Sequence[CardId]]:
        """Each player's Discard pile."""

    @property
    def shells(self) -> Sequence[int]:
        """Each player's shells."""

    @property
    def supply(self) -> int:
        """Shells in the supply."""

    @property
    def market(self) -> Sequence[Sequence[CardId]]:
        """The Market's face-up piles."""

    @property
    def draw(self) -> Sequence[CardId]:
        """The Market's draw pile."""

    @property
    def adventure(self) -> Adventure | None:
        """The Adventure Pack's part."""
