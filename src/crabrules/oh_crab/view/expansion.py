"""How an expansion (the Adventure Pack) plugs into the views: one protocol, one registration.

The views (:mod:`~crabrules.oh_crab.view.observe`, :mod:`~crabrules.oh_crab.view.check`,
:mod:`~crabrules.oh_crab.view.words`, :mod:`~crabrules.oh_crab.view.render`,
:mod:`~crabrules.oh_crab.view.svg`) know the base game. What an expansion adds to a state
(``State.adventure``) they hand to the :class:`ViewParts` registered here, and only when a
state has that part or its config names modules: a base game never calls them.

The pack registers its parts when ``crabrules.oh_crab`` is imported:

>>> from crabrules.oh_crab import Config
>>> from crabrules.oh_crab.view.expansion import parts_for
>>> parts_for(Config(players=3)) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from crabrules.core.errors import InvalidStateError

if TYPE_CHECKING:
    from crabrules.core.game import PlayerId
    from crabrules.core.rng import Rng
    from crabrules.oh_crab.content.primitives import Primitive
    from crabrules.oh_crab.engine.work import Rules
    from crabrules.oh_crab.model.actions import Action
    from crabrules.oh_crab.model.adventure import Adventure
    from crabrules.oh_crab.model.config import Config
    from crabrules.oh_crab.model.events import Event
    from crabrules.oh_crab.model.state import State
    from crabrules.oh_crab.view.observe import Observation

__all__ = ["ViewParts", "parts_for", "register", "registered", "required_parts"]


class ViewParts(Protocol):
    """What an expansion adds to each view, for its part of a state (``State.adventure``).

    Each method is called only for a state, observation or config that has the part.
    """

    def mask(self, adventure: Adventure, player: PlayerId | None) -> Adventure:
        """``player``'s view of the part (``None``: a spectator's), for ``observe``."""
        ...

    def deal(
        self, view: Adventure, config: Config, rules: Rules, player: PlayerId | None, rng: Rng
    ) -> tuple[Adventure, Rng]:
        """Re-deal what an observed part hides, from ``rng``, for ``determinize``.

        Raises:
            InvalidStateError: the hidden parts cannot be dealt (an impossible view).
        """
        ...

    def check_state(self, state: State) -> None:
        """Refuse a state whose part the rules could not reach (or that lacks it).

        Raises:
            InvalidStateError: saying what is wrong.
        """
        ...

    def check_view(self, view: Adventure | None, config: Config, player: int | None) -> None:
        """Refuse the shape of an observed part before it is dealt again.

        Raises:
            InvalidStateError: saying what is wrong.
        """
        ...

    def turn_queues(self, config: Config) -> frozenset[tuple[Primitive, ...]]:
        """The step queues a turn may hold besides the base game's (the state check)."""
        ...

    def describe_action(self, state: State, rules: Rules, who: str, action: Action) -> str:
        """One sentence for an action of the expansion (``who``: the player's name)."""
        ...

    def describe_event(self, event: Event) -> str:
        """One sentence for an event of the expansion."""
        ...

    def player_lines(self, state: State, rules: Rules) -> list[str]:
        """The lines ``render`` prints after the players' (rule changes, skills)."""
        ...

    def table_lines(self, view: State | Observation, rules: Rules) -> list[str]:
        """The lines of the expansion's components, for a state or an observation.

        ``render`` prints them after the turn, ``render_svg`` in its panel.
        """
        ...

    def panel_line(self, adventure: Adventure, rules: Rules, player: int) -> str | None:
        """The line an observed part adds to ``player``'s panel in ``render_svg``."""
        ...


_registered: list[ViewParts] = []


def register(parts: ViewParts | None) -> ViewParts | None:
    """Make ``parts`` the expansion's view parts; return the ones before (``None``: none).

    Like :func:`crabrules.oh_crab.engine.expansion.register`, for the views.

    >>> before = register(None)
    >>> registered() is None
    True
    >>> register(before) is None
    True
    """
    before = registered()
    _registered[:] = [] if parts is None else [parts]
    return before


def registered() -> ViewParts | None:
    """The registered view parts, ``None`` when no expansion is registered."""
    return _registered[0] if _registered else None


def parts_for(config: Config) -> ViewParts | None:
    """The view parts a game of ``config`` uses: ``None`` without modules (a base game)."""
    return registered() if config.modules else None


def required_parts() -> ViewParts:
    """The registered view parts, for a state or observation that has an expansion's part.

    Raises:
        InvalidStateError: no expansion is registered to read that part.
    """
    parts = registered()
    if parts is None:
        raise InvalidStateError("adventure: no expansion is registered to read this part")
    return parts
