"""How an expansion (the Adventure Pack) plugs into the views: by kind.

The views (:mod:`~crabrules.oh_crab.view.observe`, :mod:`~crabrules.oh_crab.view.words`,
:mod:`~crabrules.oh_crab.view.notation`, :mod:`~crabrules.oh_crab.view.render`,
:mod:`~crabrules.oh_crab.view.svg`) know the base game. They dispatch on the kind of what
they are given (a :class:`~crabrules.oh_crab.view.dispatch.ByKind` table): an action, an
event, or a state's expansion part (``State.adventure``, ``None`` in a base game). The
tables for that part are here, with ``None``'s entries: a base game never reaches the
expansion's functions, and a part that no expansion registered is refused.

The pack registers its kinds where :mod:`crabrules.oh_crab` puts the game together, and
the :class:`ViewParts` that :mod:`~crabrules.oh_crab.view.check` calls:

>>> from crabrules.oh_crab import Config
>>> parts_for(None, Config(players=3)) is NO_VIEW_PARTS
True
>>> masked(None, 0) is None  # a base game: no part to mask
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

from crabrules.core.errors import InvalidStateError
from crabrules.oh_crab.engine._work import rules_for
from crabrules.oh_crab.model._pack_state import Adventure
from crabrules.oh_crab.view.dispatch import ByKind

if TYPE_CHECKING:
    from crabrules.core.game import PlayerId
    from crabrules.core.rng import Rng
    from crabrules.oh_crab.content._primitives import Primitive
    from crabrules.oh_crab.engine._work import Rules
    from crabrules.oh_crab.model._state import Config, State
    from crabrules.oh_crab.view.observe import Observation

__all__ = [
    "NO_VIEW_PARTS",
    "ViewParts",
    "acting_crab",
    "dealt",
    "masked",
    "panel_lines",
    "parts_for",
    "player_lines",
    "register",
    "registered",
    "required_parts",
    "resolving_step",
    "surprise_board",
    "table_lines",
    "turn_crab",
    "turn_step",
]


class ViewParts(Protocol):
    """What an expansion adds to the checks, for its part of a state (``State.adventure``).

    Each method is called only for a state, observation or config that has the part.
    """

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


_registered: list[ViewParts] = []


def register(parts: ViewParts | None) -> ViewParts | None:
    """Make ``parts`` the expansion's checks; return the ones before (``None``: none).

    Like :func:`crabrules.oh_crab.engine._expansion.register`, for the views.

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


class _NoViewParts:
    """The checks of a base game's part (none): nothing to refuse, no queue to add."""

    def check_state(self, state: State) -> None:
        """Nothing to refuse."""

    def check_view(self, view: Adventure | None, config: Config, player: int | None) -> None:
        """Nothing to refuse."""

    def turn_queues(self, config: Config) -> frozenset[tuple[Primitive, ...]]:
        """No queue."""
        return frozenset()


#: The view parts of a base game: no modules and no expansion part.
NO_VIEW_PARTS: ViewParts = _NoViewParts()


def parts_for(part: Adventure | None, config: Config) -> ViewParts:
    """The view parts that check a state's or an observation's expansion ``part``.

    :data:`NO_VIEW_PARTS` for a base game (no part, no modules), else the registered
    ones, which also refuse a part without modules or modules without a part.

    Raises:
        InvalidStateError: a part or modules, and no expansion is registered to read them.
    """
    if part is None and not config.modules:
        return NO_VIEW_PARTS
    return required_parts()


def required_parts() -> ViewParts:
    """The registered view parts, for a state or observation that has an expansion's part.

    Raises:
        InvalidStateError: no expansion is registered to read that part.
    """
    parts = registered()
    if parts is None:
        raise InvalidStateError("adventure: no expansion is registered to read this part")
    return parts


def _unregistered(part: object, *args: object) -> Any:
    raise InvalidStateError("adventure: no expansion is registered to read this part")


# A state's or an observation's expansion part: None in a base game. (The tables' types
# are casts, not annotations: the API pages show each table's name and value.)
_Part = Adventure | None

#: ``player``'s view of the part (``None``: a spectator's), for ``observe``.
masked = cast("ByKind[[_Part, PlayerId | None], _Part]", ByKind("masked", _unregistered))

#: The part with what its observation hides dealt again from the generator, and the
#: generator after, for ``determinize`` (an :class:`InvalidStateError` for an impossible
#: view).
dealt = cast(
    "ByKind[[_Part, Config, Rules, PlayerId | None, Rng], tuple[_Part, Rng]]",
    ByKind("dealt", _unregistered),
)

#: The lines ``render`` prints after the players' (rule changes, skills).
player_lines = cast(
    "ByKind[[_Part, State, Rules], list[str]]", ByKind("player lines", _unregistered)
)

#: The lines of the part's components, for a state or an observation: ``render`` prints
#: them after the turn, ``render_svg`` in its panel.
table_lines = cast(
    "ByKind[[_Part, State | Observation, Rules], list[str]]", ByKind("table lines", _unregistered)
)

#: The lines an observed part adds to a player's panel in ``render_svg``.
panel_lines = cast("ByKind[[_Part, Rules, int], list[str]]", ByKind("panel lines", _unregistered))

#: Per cell, the Surprise token lying face down there or ``-1`` (none); empty without
#: Surprises. ``render`` drops a taken token's ``?``, ``render_svg`` draws those lying.
surprise_board = cast("ByKind[[_Part], tuple[int, ...]]", ByKind("surprise board", _unregistered))

#: The crab ``player``'s actions move now (-1: no such player): the Adventure Pack's top
#: frame's when it is theirs, else :func:`turn_crab`.
acting_crab = cast("ByKind[[_Part, State, int], int]", ByKind("acting crab", _unregistered))

#: The step being resolved: the Adventure Pack's top frame's, else :func:`turn_step`.
resolving_step = cast(
    "ByKind[[_Part, State], Primitive | None]", ByKind("resolving step", _unregistered)
)


def turn_crab(state: State, player: int) -> int:
    """The crab ``player``'s actions move in the turn (-1: no player of the game).

    The turn's active crab in their turn, else their first crab (with one crab each,
    simply theirs).
    """
    turn = state.turn
    if turn is not None and turn.crab >= 0 and state.current == player:
        return turn.crab
    crabs_of = rules_for(state.config).crabs_of
    return crabs_of[player][0] if 0 <= player < len(crabs_of) else -1


def turn_step(state: State) -> Primitive | None:
    """The turn's step being resolved, if any."""
    return state.turn.queue[0] if state.turn is not None and state.turn.queue else None


# A base game has no part: nothing to mask, deal or draw; the turn acts.
_NO_PART = type(None)
masked.register(_NO_PART, lambda part, player: None)
dealt.register(_NO_PART, lambda part, config, rules, player, rng: (None, rng))
player_lines.register(_NO_PART, lambda part, state, rules: [])
table_lines.register(_NO_PART, lambda part, view, rules: [])
panel_lines.register(_NO_PART, lambda part, rules, player: [])
surprise_board.register(_NO_PART, lambda part: ())
acting_crab.register(_NO_PART, lambda part, state, player: turn_crab(state, player))
resolving_step.register(_NO_PART, lambda part, state: turn_step(state))
