"""How an expansion plugs into the engine: the hooks it calls, at named moments.

The base engine never imports the Adventure Pack's behaviour. It calls an
:class:`Expansion` instead, the one given to :func:`register` (:mod:`crabrules.oh_crab`,
where the game is made, registers the pack). :func:`~crabrules.oh_crab.engine.tables.rules_for`
puts it in the rules of a config with modules (``Tables.expansion``, and its moments in
``Tables.moments``); a config without modules has :data:`NO_EXPANSION` there, which adds
nothing and plays nothing, so the engine calls its hooks without asking which it has.

The hooks, by moment (each one's docstring says when the engine calls it):

- setting up: :meth:`~Expansion.setup`;
- who decides first: :meth:`~Expansion.first_players`;
- the expansion's own steps (:data:`EXPANSION_AUTOMATIC`, :data:`EXPANSION_CHOICES`):
  :meth:`~Expansion.step_options`, :meth:`~Expansion.automatic_usable`,
  :meth:`~Expansion.run_automatic`.

What it adds rather than answers: its own action kinds (:attr:`Expansion.actions`), which
:func:`register` puts in the engine's table beside the base game's, and its handlers of the
named moments of play (:attr:`Expansion.moments`: a crab enters a space, a border is
crossed, the turn would end, an action ends, a step is answered; and the rules in play,
the options of a decision that comes first, the actions between the turn's own, what its
moment waits for), which
configs with modules announce to (:mod:`~crabrules.oh_crab.engine.moments`).

>>> from crabrules.oh_crab import Config
>>> from crabrules.oh_crab.engine.work import rules_for
>>> rules_for(Config()).expansion is NO_EXPANSION
True
>>> type(rules_for(Config(modules={"surprises"})).expansion).__name__
'AdventurePack'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Protocol

from crabrules.core.errors import InvalidConfigError
from crabrules.oh_crab.content.primitives import Primitive

if TYPE_CHECKING:
    from crabrules.core.game import PlayerId
    from crabrules.core.rng import Rng
    from crabrules.oh_crab.engine.actions.rule import ActionRule
    from crabrules.oh_crab.engine.game_view import View
    from crabrules.oh_crab.engine.moments import Moments
    from crabrules.oh_crab.engine.tables import Tables
    from crabrules.oh_crab.engine.work import Work
    from crabrules.oh_crab.model.actions import Action
    from crabrules.oh_crab.model.adventure import Adventure
    from crabrules.oh_crab.model.config import Config
    from crabrules.oh_crab.model.state import State

__all__ = [
    "EXPANSION_AUTOMATIC",
    "EXPANSION_CHOICES",
    "EXPANSION_STEPS",
    "NO_EXPANSION",
    "Expansion",
    "expansion_for",
    "register",
    "registered",
]

#: The steps that need no choice and read the expansion's state: the engine hands them to
#: :meth:`Expansion.automatic_usable` and :meth:`Expansion.run_automatic`.
EXPANSION_AUTOMATIC: Final = frozenset(
    {
        Primitive.REVEAL_DUE,
        Primitive.REGENERATE_PINCERS,
        Primitive.SPY_EVENTS,
        Primitive.SPY_CHALLENGES,
    }
)
#: The steps whose choices are the expansion's: the engine hands them to
#: :meth:`Expansion.step_options`, and their answers to the pack's action rules.
EXPANSION_CHOICES: Final = frozenset(
    {Primitive.TURN_INTO_OBSTACLE, Primitive.SKILL_WINDOW, Primitive.CHOOSE_REWARD}
)
#: Every step only an expansion plays: content without modules may not name one.
EXPANSION_STEPS: Final = EXPANSION_AUTOMATIC | EXPANSION_CHOICES


class Expansion(Protocol):
    """What the engine asks of an expansion, hook by hook, and what the expansion adds.

    A config with modules plays the registered one, and ``state.adventure``
    (``work.adventure``) is then never ``None``; a config without plays
    :data:`NO_EXPANSION`.

    Attributes:
        steps: the expansion's own steps it plays (content naming another of
            :data:`EXPANSION_STEPS` is refused).
        actions: the expansion's own action kinds, by kind: :func:`register` adds them to
            the engine's table (:mod:`~crabrules.oh_crab.engine.actions.table`).
        moments: its handlers of the named moments of play
            (:class:`~crabrules.oh_crab.engine.moments.Moments`), which every config with
            modules announces to.
    """

    @property
    def steps(self) -> frozenset[Primitive]:
        """The steps of :data:`EXPANSION_STEPS` the expansion plays."""

    @property
    def actions(self) -> Mapping[type, ActionRule[Any]]:
        """The expansion's own action kinds, with their rules."""

    @property
    def moments(self) -> Moments:
        """The expansion's handlers of the named moments of play."""

    def setup(self, config: Config, rules: Tables, rng: Rng) -> tuple[Adventure | None, Rng]:
        """``initial_state``: the expansion's part, drawn from ``rng``.

        Called after the base game's setup, whose draws come first: a seed deals the base
        game the same way with modules or without.
        """

    def first_players(self, state: State) -> frozenset[PlayerId] | None:
        """``active_players``: who decides first, or ``None``: the base game says who acts.

        A decision comes first during the expansion's setup choice, or when it belongs to
        another player (a frame).
        """

    def step_options(self, rules: Tables, view: View, crab: int, step: Primitive) -> list[Action]:
        """The choices of one of :data:`EXPANSION_CHOICES` for ``crab`` (empty: skipped)."""

    def automatic_usable(self, rules: Tables, view: View, crab: int, step: Primitive) -> bool:
        """Whether one of :data:`EXPANSION_AUTOMATIC` would do something now for ``crab``."""

    def run_automatic(self, work: Work, player: PlayerId, step: Primitive) -> None:
        """Resolve one of :data:`EXPANSION_AUTOMATIC` for ``player`` (the active crab's)."""


class _NoExpansion:
    """The expansion of a config without modules: no steps, kinds, handlers or part.

    Its step hooks are never called: content without modules plays none of
    :data:`EXPANSION_STEPS` (refused when its rules are built).
    """

    steps: frozenset[Primitive] = frozenset()
    actions: Mapping[type, ActionRule[Any]] = {}

    @property
    def moments(self) -> Moments:
        """:data:`~crabrules.oh_crab.engine.moments.NO_MOMENTS`: no handler."""
        from crabrules.oh_crab.engine.moments import NO_MOMENTS

        return NO_MOMENTS

    def setup(self, config: Config, rules: Tables, rng: Rng) -> tuple[Adventure | None, Rng]:
        """No part, and nothing drawn."""
        return None, rng

    def first_players(self, state: State) -> frozenset[PlayerId] | None:
        """``None``: the base game says who acts."""
        return None

    def step_options(self, rules: Tables, view: View, crab: int, step: Primitive) -> list[Action]:
        """No choice."""
        return []

    def automatic_usable(self, rules: Tables, view: View, crab: int, step: Primitive) -> bool:
        """Nothing to do."""
        return False

    def run_automatic(self, work: Work, player: PlayerId, step: Primitive) -> None:
        """Nothing to do."""


#: The expansion of every config without modules: it adds nothing and plays nothing.
NO_EXPANSION: Final[Expansion] = _NoExpansion()

#: The registered expansion (one: the Adventure Pack).
_registered: list[Expansion] = []


def register(expansion: Expansion | None) -> Expansion | None:
    """Make ``expansion`` the one configs with modules play; return the one before.

    ``None`` registers none. The expansion's action kinds join the engine's table (those
    of the one before leave it). Tables already built keep the expansion they were built
    with: register before any game with modules is set up (:mod:`crabrules.oh_crab`
    registers the Adventure Pack where it makes the game).
    """
    # Here, not at the top: the table's families import the working copy, which imports
    # this module.
    from crabrules.oh_crab.engine.actions.table import add_rules, remove_rules

    before = registered()
    if before is not None:
        remove_rules(before.actions)
    _registered[:] = [] if expansion is None else [expansion]
    if expansion is not None:
        add_rules(expansion.actions)
    return before


def registered() -> Expansion | None:
    """The registered expansion, or ``None``."""
    return _registered[0] if _registered else None


def expansion_for(config: Config) -> Expansion:
    """The expansion ``config`` plays: :data:`NO_EXPANSION` without modules.

    Raises:
        InvalidConfigError: ``config`` has modules and no expansion is registered.
    """
    if not config.modules:
        return NO_EXPANSION
    expansion = registered()
    if expansion is None:
        names = ", ".join(sorted(m.value for m in config.modules))
        raise InvalidConfigError(
            f"modules: {names} need the Adventure Pack, and none is registered "
            "(importing crabrules.oh_crab registers it)"
        )
    return expansion
