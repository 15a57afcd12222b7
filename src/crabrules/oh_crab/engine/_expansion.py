"""How the engine meets an expansion without importing it: rules, moments, hooks.

One action kind's rule (:class:`ActionRule`), the named moments of play
(:class:`Moments`), and the hooks an :class:`Expansion` answers, registered where the game
is made (:func:`register`). A config without modules plays :data:`NO_EXPANSION`, whose
moments nobody listens to, so the engine calls them without asking. The action table is
``_action_table``; the Adventure Pack's expansion is ``adventure/_plugin``. Among the
hooks, :meth:`~Expansion.invariants` and :meth:`~Expansion.turn_queues` check a loaded
state, run with the base game's rules by ``_invariants``.

>>> from crabrules.oh_crab import Config
>>> from crabrules.oh_crab.engine._work import rules_for
>>> rules_for(Config()).expansion is NO_EXPANSION
True
>>> type(rules_for(Config(modules={"surprises"})).expansion).__name__
'AdventurePack'

>>> NO_MOMENTS.crab_entered, NO_MOMENTS.turn_ending
([], [])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

from crabrules.core.errors import InvalidConfigError
from crabrules.core.game import PlayerId
from crabrules.core.rng import Rng
from crabrules.oh_crab.content._components import Cell
from crabrules.oh_crab.content._primitives import Primitive
from crabrules.oh_crab.model._actions import Action, IllegalReason
from crabrules.oh_crab.model._state import Config, ExpansionPart, State

if TYPE_CHECKING:
    from crabrules.core.invariants import Invariant
    from crabrules.oh_crab.engine._moment import Moment
    from crabrules.oh_crab.engine._tables import Tables
    from crabrules.oh_crab.engine._work import View, Work


A = TypeVar("A")

#: A refusal: the sentence (field first) and the kind of rule that refuses.
Refused = tuple[str, IllegalReason]


def no_field(m: Moment, action: Any, same: list[Any]) -> Refused:
    """A field-less action (StandUp, Finish, Reveal, Decline) the moment does not offer.

    >>> from crabrules.oh_crab import StandUp
    >>> no_field(None, StandUp(0), [])  # type: ignore[arg-type]
    ('StandUp is not legal now', <IllegalReason.NOT_LEGAL: 'not_legal'>)
    """
    return f"{type(action).__name__} is not legal now", IllegalReason.NOT_LEGAL


def not_begun(m: Moment, action: Any, kind: str, knocked: bool) -> Refused:
    """Between the turn's actions, an action of a kind not offered: what comes first.

    Knocked over, a crab does not move: that is said first.
    """
    if knocked:
        return f"{kind}: {m.crab_name(m.crab)} is knocked over", IllegalReason.WRONG_PHASE
    return (
        f"{kind}: {m.who} first begins one of the turn's actions (Use)",
        IllegalReason.WRONG_PHASE,
    )


class ActionRule(Generic[A]):
    """One action kind's rule, as the dispatchers use it.

    Attributes:
        play: plays the action on the working copy. For a step's answer (``choice``), it
            answers the step on top of the decisions; the engine then goes on.
        field: the refusal of an action of a kind the moment offers: the first field
            that no offered action of its kind shares, checked as the options were made.
        closed: the refusal, between the turn's actions, of a kind not offered now
            (``kind`` is the start of the sentence, ``knocked`` whether the active crab
            is knocked over).
        choice: the action answers the step on top of the decisions (a Move, a
            Discard...), rather than beginning something of its own.
    """

    __slots__ = ("choice", "closed", "field", "play")

    def __init__(
        self,
        play: Callable[[Work, A], None],
        field: Callable[[Moment, A, list[A]], Refused] = no_field,
        *,
        closed: Callable[[Moment, A, str, bool], Refused] = not_begun,
        choice: bool = False,
    ) -> None:
        self.play = play
        self.field = field
        self.closed = closed
        self.choice = choice


class Moments:
    """The handlers of each named moment, called in the order they were added.

    Attributes:
        crab_entered: ``handler(work, crab, dest)``: ``crab`` entered ``dest``.
        border_crossed: ``handler(work, low, high)``: crabs crossed the borders between
            board tiles ``low < high`` (the sea is the tile after the last).
        turn_ending: ``handler(work) -> bool``: the turn would end; ``True`` holds it.
        action_ended: ``handler(work, before)``: the action played in ``before`` ended.
        step_answered: ``handler(work, rule, action) -> bool``: ``action`` (of ``rule``)
            answers a step; ``True``: the handler played it.
        rule_changes: ``handler(rules, adventure) -> Tables``: ``rules`` with the changes
            ``adventure`` (the state's part of the modules) puts in play.
        first_options: ``handler(state, player) -> tuple[Action, ...] | None``: the
            options of a decision that comes first (``player``'s only, unless ``None``).
        turn_options: ``handler(rules, state, crab, head_down) -> (actions, held)``:
            between the turn's actions, or once it has ended, the modules' actions.
        waits_for: ``handler(state) -> str | None``: what a module's moment waits for, in
            a refusal's words (its setup choice), or ``None``.
    """

    __slots__ = (
        "action_ended",
        "border_crossed",
        "crab_entered",
        "first_options",
        "rule_changes",
        "step_answered",
        "turn_ending",
        "turn_options",
        "waits_for",
    )

    def __init__(self) -> None:
        self.crab_entered: list[Callable[[Work, int, Cell], None]] = []
        self.border_crossed: list[Callable[[Work, int, int], None]] = []
        self.turn_ending: list[Callable[[Work], bool]] = []
        self.action_ended: list[Callable[[Work, State], None]] = []
        self.step_answered: list[Callable[[Work, ActionRule[Any], Any], bool]] = []
        self.rule_changes: list[Callable[[Tables, ExpansionPart | None], Tables]] = []
        self.first_options: list[Callable[[State, PlayerId | None], tuple[Action, ...] | None]]
        self.first_options = []
        self.turn_options: list[Callable[[Tables, State, int, bool], tuple[list[Action], bool]]]
        self.turn_options = []
        self.waits_for: list[Callable[[State], str | None]] = []

    def in_play(self, rules: Tables, adventure: ExpansionPart | None) -> Tables:
        """The rules in play: the config's ``rules``, with the modules' changes made."""
        for change in self.rule_changes:
            rules = change(rules, adventure)
        return rules

    def entered(self, work: Work, crab: int, origin: Cell, dest: Cell) -> None:
        """``crab`` went from ``origin`` to ``dest``: it entered it, maybe crossing borders."""
        for handler in self.crab_entered:
            handler(work, crab, dest)
        if origin < 0 or not self.border_crossed:
            return  # from the sea or off the board: no border crossed
        tile_of = work.rules.tile_of
        # The sea lies beyond the Finish tile.
        a, b = tile_of[origin], tile_of[dest] if dest >= 0 else len(work.rules.layout.board)
        if a != b:
            for handler in self.border_crossed:
                handler(work, min(a, b), max(a, b))

    def turn_held(self, work: Work) -> bool:
        """The turn would end: whether a handler holds it (each one is told)."""
        held = False
        for handler in self.turn_ending:
            held = handler(work) or held
        return held

    def answered(self, work: Work, rule: ActionRule[Any], action: Any) -> bool:
        """``action`` answers a step: whether a handler played it."""
        # A loop, not any() of a generator: a game without modules builds nothing here.
        for handler in self.step_answered:  # noqa: SIM110
            if handler(work, rule, action):
                return True
        return False

    def ended(self, work: Work, before: State) -> None:
        """The action played in ``before`` ended."""
        for handler in self.action_ended:
            handler(work, before)


#: The moments of a game without modules: nobody listens.
NO_MOMENTS: Final = Moments()


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
            the engine's table (:mod:`~crabrules.oh_crab.engine._action_table`).
        moments: its handlers of the named moments of play
            (:class:`~crabrules.oh_crab.engine._expansion.Moments`), which every config with
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

    def setup(self, config: Config, rules: Tables, rng: Rng) -> tuple[ExpansionPart | None, Rng]:
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

    def invariants(self) -> Sequence[Invariant[State]]:
        """The rules a state's part of the expansion keeps, in the order they are asked.

        The state check runs them after the base game's board and cards and before its
        phase and turn, for every state: each holds for a state without the part and
        without modules (the first refuses a part without modules, or modules without it).
        """

    def turn_queues(self, config: Config) -> frozenset[tuple[Primitive, ...]]:
        """The step queues a turn may hold besides the base game's (the state check)."""


class _NoExpansion:
    """The expansion of a config without modules: no steps, kinds, handlers or part.

    Its step hooks are never called: content without modules plays none of
    :data:`EXPANSION_STEPS` (refused when its rules are built).
    """

    steps: frozenset[Primitive] = frozenset()
    actions: Mapping[type, ActionRule[Any]] = {}

    @property
    def moments(self) -> Moments:
        """:data:`~crabrules.oh_crab.engine._expansion.NO_MOMENTS`: no handler."""
        return NO_MOMENTS

    def setup(self, config: Config, rules: Tables, rng: Rng) -> tuple[ExpansionPart | None, Rng]:
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

    def invariants(self) -> Sequence[Invariant[State]]:
        """One rule: no part, and no modules (which no expansion would read)."""
        return (no_part,)

    def turn_queues(self, config: Config) -> frozenset[tuple[Primitive, ...]]:
        """No queue."""
        return frozenset()


class _Holder(Protocol):
    """A state or an observation: an expansion's part, and a config."""

    @property
    def adventure(self) -> ExpansionPart | None:
        """The expansion's part."""

    @property
    def config(self) -> Config:
        """The config."""


def no_part(holder: _Holder) -> str | None:
    """The one rule of a document no expansion reads: it has neither a part nor modules.

    The state and observation checks ask it when no expansion is registered.
    """
    if holder.adventure is not None or holder.config.modules:
        return "adventure: no expansion is registered to read this part"
    return None


#: The expansion of every config without modules: it adds nothing and plays nothing.
NO_EXPANSION: Final[Expansion] = _NoExpansion()

#: The registered expansion (one: the Adventure Pack).
_registered: list[Expansion] = []

#: The registered expansion's own action kinds, with their rules: the engine's table
#: (:func:`~crabrules.oh_crab.engine._action_table.rule_of`) looks here after its own.
EXPANSION_RULES: Final[dict[type, ActionRule[Any]]] = {}


def register(expansion: Expansion | None) -> Expansion | None:
    """Make ``expansion`` the one configs with modules play; return the one before.

    ``None`` registers none. The expansion's action kinds join the engine's table
    (:data:`EXPANSION_RULES`; those of the one before leave it). Tables already built
    keep the expansion they were built with: register before any game with modules is
    set up (:mod:`crabrules.oh_crab` registers the Adventure Pack where it makes the
    game).
    """
    before = registered()
    _registered[:] = [] if expansion is None else [expansion]
    EXPANSION_RULES.clear()
    if expansion is not None:
        EXPANSION_RULES.update(expansion.actions)
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
