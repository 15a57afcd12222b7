"""Notebook display: a game's states and observations show as their picture in Jupyter.

IPython asks an object for ``_repr_svg_`` when it displays it; :class:`DisplaysAsSvg`
answers with the ``render_svg`` of the registered game whose ``State`` or ``Observation``
the object is. Every game's ``State`` and ``Observation`` derive from it, so
``state`` alone on the last line of a notebook cell draws the board.

>>> from crabrules import crab_stack
>>> state = crab_stack.initial_state(crab_stack.Config(players=2), seed=1)
>>> state._repr_svg_() == crab_stack.render_svg(state)
True
"""

from __future__ import annotations

from crabrules.core.registry import GAMES

__all__ = ["DisplaysAsSvg"]


class DisplaysAsSvg:
    """A base for a game's ``State`` and ``Observation``: IPython shows them as SVG."""

    __slots__ = ()

    def _repr_svg_(self) -> str | None:
        """The picture of this state or observation, from its game's ``render_svg``.

        ``None`` (IPython then shows the text repr) for a class no registered game owns.
        """
        for game in GAMES.values():
            if isinstance(self, game.state_type | game.observation_type):
                return game.render_svg(self)
        return None
