"""What every game shares: player ids, :class:`GameInfo`, :class:`Outcome` and :class:`Game`.

A game package (``crabrules.crab_stack`` and its siblings) exports plain functions over
frozen values. Its ``GAME`` object bundles those functions under the :class:`Game`
protocol, so generic code (agents, the CLI, the conformance tests, adapters) can drive any
game without knowing which:

>>> import crabrules
>>> game = crabrules.get_game("crab-stack")
>>> state = game.initial_state(seed=1)
>>> while not game.is_terminal(state):
...     state = game.apply(state, game.legal_actions(state)[0])
>>> game.outcome(state) is not None
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection
from typing import Any, Generic, Protocol, TypeVar

import attrs

from crabrules.core.errors import InvalidConfigError, InvalidPlayerError, NotAStateError
from crabrules.core.names import Names

__all__ = [
    "ChanceMode",
    "Dynamics",
    "Game",
    "GameBundle",
    "GameInfo",
    "Information",
    "Outcome",
    "PlayerId",
    "SearchHints",
    "Utility",
    "check_config",
    "check_state_type",
    "check_viewer",
    "int_hint",
    "not_a_state",
]

#: A player's id: ``0 .. n-1`` in seat order. Teams, sides and colours derive from it.
PlayerId = int

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")
O = TypeVar("O")  # noqa: E741 - the OpenSpiel/pgx letter for observations
C_contra = TypeVar("C_contra", contravariant=True)
S_co = TypeVar("S_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)
A_contra = TypeVar("A_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)
O_co = TypeVar("O_co", covariant=True)


class Dynamics(str, enum.Enum):
    """How players take their actions."""

    SEQUENTIAL = "sequential"
    """One player acts at a time."""
    SIMULTANEOUS = "simultaneous"
    """Several players choose at once (a hidden planning card), in any order."""
    REAL_TIME = "real_time"
    """Anyone allowed may act at any moment; the caller applies actions in arrival order."""


class ChanceMode(str, enum.Enum):
    """Whether chance plays a part after the seed is chosen."""

    DETERMINISTIC = "deterministic"
    """Only the setup is random (or nothing is)."""
    SAMPLED = "sampled"
    """Chance events during play are drawn from the state's generator."""


class Information(str, enum.Enum):
    """What players can see."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Utility(str, enum.Enum):
    """How outcomes relate players' interests (after OpenSpiel's GameType.Utility)."""

    ZERO_SUM = "zero_sum"
    """Strictly competitive: one player's win is every other player's loss."""
    GENERAL_SUM = "general_sum"
    """Interests partly shared: teams, or several players gaining at once."""
    COOPERATIVE = "cooperative"
    """Everyone wins or loses together."""


@attrs.frozen
class GameInfo:
    """What kind of game this is, declared up front so generic code can check it.

    Attributes:
        id: the registry id, e.g. ``"crab-stack"``.
        name: the game's printed name.
        min_players: the fewest players a config may have.
        max_players: the most players a config may have.
        dynamics: sequential, simultaneous or real-time play.
        chance: whether chance acts after setup.
        information: perfect or imperfect information.
        utility: zero-sum, general-sum or cooperative.
        teams: whether players form teams.
        max_random_steps: for games whose uniformly random play need not end (real-time
            ones), the number of actions after which random play may stop; ``None`` when
            every random game ends by itself.

    >>> import crabrules
    >>> crabrules.get_game("crab-stack").info.max_players
    4
    """

    id: str
    name: str
    min_players: int
    max_players: int
    dynamics: Dynamics
    chance: ChanceMode
    information: Information
    utility: Utility
    teams: bool = False
    max_random_steps: int | None = None


@attrs.frozen
class SearchHints:
    """What a game tells search agents beyond its rules; each hint is optional.

    Search agents (:mod:`crabrules.agents`) read them through :attr:`Game.search`, so
    that no generic code needs to know a game's geometry or goals.

    Attributes:
        lead: each player's share of what counts as being ahead in an unfinished state
            (the shares add up to 1), to judge a rollout cut short; ``None``: the game
            knows no such measure, and every player gets an even share.
        progress: how far a cooperative game got toward its goal, from 0 to 1, so that
            a search whose rollouts all lose can still tell better plays from worse.
        rollout_depth: actions of play per rollout before the game is judged unfinished
            (``None``: the agents' default); shorter where :attr:`lead` follows the game
            closely.

    >>> SearchHints().rollout_depth is None
    True
    """

    lead: Callable[[Any], tuple[float, ...]] | None = None
    progress: Callable[[Any], float] | None = None
    rollout_depth: int | None = None


@attrs.frozen
class Outcome:
    """How a finished game ended.

    Attributes:
        winners: the players who won (several for teams, joint or cooperative wins; none
            on a draw or a cooperative loss).
        draw: the game ended without a winner by a drawing rule.
        scores: one number per player, in player order, as the game defines them.
        reason: the game's termination code (a value of its ``Termination`` enum).

    >>> Outcome(winners=frozenset({1}), draw=False, scores=(0, 1), reason="last_player")
    Outcome(winners=frozenset({1}), draw=False, scores=(0, 1), reason='last_player')
    """

    winners: frozenset[PlayerId]
    draw: bool
    scores: tuple[int, ...]
    reason: str


def check_viewer(player: object, players: int) -> None:
    """Refuse a viewer that is neither ``None`` (a spectator) nor an id in ``range(players)``.

    Every game's ``observe`` and ``determinize`` start with it.

    >>> check_viewer(None, 2), check_viewer(1, 2)
    (None, None)
    >>> check_viewer(2, 2)
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidPlayerError: player: None or an id from 0 to 1, not 2
    """
    if player is not None and (type(player) is not int or not 0 <= player < players):
        raise InvalidPlayerError(
            f"player: None or an id from 0 to {players - 1}, not {player!r}{int_hint(player)}"
        )


def int_hint(value: object) -> str:
    """What a refusal adds for a value that is not a plain int (``np.int64(1)``, ``True``).

    Such a value may print like a valid one; the hint says why it is refused.

    >>> int_hint(3), int_hint(True)
    ('', ' (a plain int is needed, not a bool)')
    """
    kind = type(value)
    if kind is int or value is None:
        return ""
    name = (
        kind.__qualname__
        if kind.__module__ == "builtins"
        else f"{kind.__module__}.{kind.__qualname__}"
    )
    return f" (a plain int is needed, not a {name})"


def not_a_state(value: object, state_type: type) -> NotAStateError:
    """The error for ``value`` passed where a ``state_type`` belongs, naming both.

    Hot paths test ``type(state) is not State`` inline and raise this; other code calls
    :func:`check_state_type`.

    >>> from crabrules import crab_stack
    >>> raise not_a_state(None, crab_stack.State)
    Traceback (most recent call last):
    ...
    crabrules.core.errors.NotAStateError: expected a crabrules.crab_stack.State, got None
    """
    if value is None:
        got = "None"
    elif attrs.has(type(value)):
        got = f"a {_public_name(type(value))}"
    else:
        got = f"{value!r}"[:60]
    return NotAStateError(f"expected a {_public_name(state_type)}, got {got}")


def check_state_type(value: object, state_type: type) -> None:
    """Refuse a ``value`` that is not exactly a ``state_type`` with :class:`NotAStateError`.

    >>> from crabrules import crab_stack, marche_du_crabe
    >>> check_state_type(crab_stack.initial_state(seed=1), crab_stack.State)
    >>> try:
    ...     check_state_type(marche_du_crabe.initial_state(seed=1), crab_stack.State)
    ... except TypeError as error:
    ...     print(error)
    expected a crabrules.crab_stack.State, got a crabrules.marche_du_crabe.State
    """
    if type(value) is not state_type:
        raise not_a_state(value, state_type)


def _public_name(cls: type) -> str:
    # A game exports its classes from its package: crabrules.crab_stack._state.State is
    # crabrules.crab_stack.State, crabrules.oh_crab.model._state.Config is
    # crabrules.oh_crab.Config.
    package = ".".join(cls.__module__.split(".")[:2])
    return f"{package}.{cls.__qualname__}"


def check_config(config: object, config_type: type) -> None:
    """Refuse a config that is not an instance of the game's ``Config`` class.

    Every game's ``initial_state`` starts with it, so a wrong argument is named at once
    instead of failing deep inside the setup.
    """
    if not isinstance(config, config_type):
        raise InvalidConfigError(f"config: a {_public_name(config_type)}, not {config!r}")


class _InitialState(Protocol[C_contra, S_co]):
    def __call__(self, config: C_contra, *, seed: int | None = None) -> S_co: ...


class _Apply(Protocol[S, A_contra]):
    def __call__(self, state: S, action: A_contra, *, check: bool = True) -> S: ...


class _LegalActions(Protocol[S_contra, A_co]):
    def __call__(self, state: S_contra, player: PlayerId | None = None) -> tuple[A_co, ...]: ...


class _Observe(Protocol[S_contra, O_co]):
    def __call__(self, state: S_contra, player: PlayerId | None) -> O_co: ...


class _Determinize(Protocol[S]):
    def __call__(self, state: S, player: PlayerId | None, seed: int) -> S: ...


class _Query(Protocol[S_contra, S_co]):
    def __call__(self, argument: S_contra, /) -> S_co: ...


class _ApplyWithEvents(Protocol[S, A_contra]):
    def __call__(
        self, state: S, action: A_contra, *, check: bool = True
    ) -> tuple[S, tuple[Any, ...]]: ...


class _ObserveEvents(Protocol):
    def __call__(self, events: tuple[Any, ...], player: PlayerId | None) -> tuple[Any, ...]: ...


class _OfAction(Protocol[S_contra, A_contra]):
    def __call__(self, state: S_contra, action: A_contra) -> str: ...


class _ParseAction(Protocol[S_contra, A_co]):
    def __call__(self, state: S_contra, text: str) -> A_co: ...


class _RenderSvg(Protocol):
    def __call__(
        self,
        position: Any,
        *,
        size: int = ...,
        labels: bool = True,
        last_action: Any = None,
        highlight: Collection[Any] = (),
    ) -> str: ...


class Game(Protocol[C, S, A, O_co]):
    """The functions every game offers, for code that works with any game.

    ``C``, ``S``, ``A`` and ``O`` are the game's ``Config``, ``State``, ``Action`` and
    ``Observation`` types. Each method is the game module's function of the same name.
    """

    @property
    def info(self) -> GameInfo:
        """The game's metadata."""

    @property
    def config_type(self) -> type[C]:
        """The game's ``Config`` class; ``config_type()`` is the default config."""

    @property
    def state_type(self) -> type[S]:
        """The game's ``State`` class."""

    @property
    def action_type(self) -> Any:
        """The union of the game's tagged action classes (its ``Action``), for loading."""

    @property
    def observation_type(self) -> type[O_co]:
        """The game's ``Observation`` class."""

    @property
    def event_type(self) -> Any:
        """The union of the game's tagged event classes (its ``Event``), for loading."""

    @property
    def search(self) -> SearchHints:
        """What the game tells search agents beyond its rules."""

    @property
    def names(self) -> Names:
        """The game's names for its players and its endings, for people to read."""

    def initial_state(self, config: C | None = None, *, seed: int | None = None) -> S:
        """A new game; ``config=None`` means the default config."""

    def legal_actions(self, state: S, player: PlayerId | None = None) -> tuple[A, ...]:
        """Every legal action now, or only ``player``'s, in the game's documented order."""

    def apply(self, state: S, action: A, *, check: bool = True) -> S:
        """The state after ``action``; raises ``IllegalActionError`` when it is illegal."""

    def apply_with_events(
        self, state: S, action: A, *, check: bool = True
    ) -> tuple[S, tuple[Any, ...]]:
        """What :meth:`apply` returns, and the events of the action in the order they happened."""

    def observe_events(self, events: tuple[Any, ...], player: PlayerId | None) -> tuple[Any, ...]:
        """The events as ``player`` may see them, hidden parts redacted (``None``: a spectator)."""

    def describe(self, state: S, action: A) -> str:
        """One sentence saying what ``action`` does in ``state``, in the game's words."""

    def describe_event(self, event: Any, config: C | None = None) -> str:
        """One sentence saying what happened, in the game's words.

        With the game's ``config``, players are named as the game names them in that
        config, where the event alone cannot say it.
        """

    def action_to_str(self, state: S, action: A) -> str:
        """``action`` in the game's notation, matching the labels ``render`` prints."""

    def parse_action(self, state: S, text: str) -> A:
        """The legal action that ``text`` names in the notation; ``IllegalActionError`` if none."""

    def check_state(self, state: S) -> None:
        """Raise a ``CrabRulesError`` unless ``state`` is one the rules could reach."""

    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""

    def active_players(self, state: S) -> frozenset[PlayerId]:
        """The players who may act now."""

    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    def observe(self, state: S, player: PlayerId | None) -> O_co:
        """What ``player`` may see (``None``: a spectator)."""

    def determinize(self, state: S, player: PlayerId | None, seed: int) -> S:
        """A state ``player`` cannot tell from ``state``, all hidden from them re-sampled."""

    def render(self, state: S) -> str:
        """A plain-text picture of the state."""

    def render_svg(
        self,
        position: Any,
        *,
        size: int | None = None,
        labels: bool = True,
        last_action: A | None = None,
        highlight: Collection[Any] = (),
    ) -> str:
        """A standalone SVG picture of a state (as a spectator sees it) or an observation.

        ``size`` is the width in pixels, an int from 1 to 10,000 (``None``: the game's
        default); ``labels`` prints the notation's labels; ``last_action`` (the action that
        led to ``position``) is outlined, and the cells or cards of ``highlight`` are shaded
        (what they name is each game's; see its ``render_svg``). A bad argument is an
        ``InvalidConfigError`` naming it.
        """

    def num_players(self, state: S) -> int:
        """How many players the game in ``state`` has."""

    def config_for_players(self, players: int) -> C:
        """The default config for ``players`` players; ``InvalidConfigError`` if unsupported."""


@attrs.frozen
class _AnyConfig:
    """An event's sentence in any config: the same as without one (events carry names)."""

    describe_event: Callable[[Any], str]

    def __call__(self, config: Any, event: Any) -> str:
        return self.describe_event(event)


@attrs.frozen(kw_only=True, repr=False)
class GameBundle(Generic[C, S, A, O]):
    """The :class:`Game` of one game package: its metadata, types and functions.

    Each game module builds its ``GAME`` as a ``GameBundle`` of its own functions; nothing
    here knows any game.
    """

    info: GameInfo
    config_type: type[C]
    state_type: type[S]
    action_type: Any
    observation_type: type[O]
    _initial_state: _InitialState[C, S] = attrs.field(alias="initial_state")
    _legal_actions: _LegalActions[S, A] = attrs.field(alias="legal_actions")
    _apply: _Apply[S, A] = attrs.field(alias="apply")
    _is_terminal: _Query[S, bool] = attrs.field(alias="is_terminal")
    _active_players: _Query[S, frozenset[PlayerId]] = attrs.field(alias="active_players")
    _outcome: _Query[S, Outcome | None] = attrs.field(alias="outcome")
    _observe: _Observe[S, O] = attrs.field(alias="observe")
    _determinize: _Determinize[S] = attrs.field(alias="determinize")
    _render: _Query[S, str] = attrs.field(alias="render")
    _num_players: _Query[S, int] = attrs.field(alias="num_players")
    _config_for_players: _Query[int, C] = attrs.field(alias="config_for_players")
    event_type: Any
    _apply_with_events: _ApplyWithEvents[S, A] = attrs.field(alias="apply_with_events")
    _observe_events: _ObserveEvents = attrs.field(alias="observe_events")
    _describe: _OfAction[S, A] = attrs.field(alias="describe")
    _describe_event: _Query[Any, str] = attrs.field(alias="describe_event")
    # (config, event): an event's sentence in a game of config. A game whose events name
    # players by id alone gives its own; by default, the sentence needs no config.
    _describe_event_in: Callable[[Any, Any], str] = attrs.field(
        alias="describe_event_in",
        default=attrs.Factory(lambda bundle: _AnyConfig(bundle._describe_event), takes_self=True),
    )
    _action_to_str: _OfAction[S, A] = attrs.field(alias="action_to_str")
    _parse_action: _ParseAction[S, A] = attrs.field(alias="parse_action")
    _check_state: _Query[S, None] = attrs.field(alias="check_state")
    _render_svg: _RenderSvg = attrs.field(alias="render_svg")
    search: SearchHints = attrs.field(factory=SearchHints)
    names: Names = attrs.field(factory=Names)

    def __repr__(self) -> str:
        return f"<Game {self.info.id!r}>"

    def initial_state(self, config: C | None = None, *, seed: int | None = None) -> S:
        """A new game; ``config=None`` means the default config."""
        return self._initial_state(self.config_type() if config is None else config, seed=seed)

    def legal_actions(self, state: S, player: PlayerId | None = None) -> tuple[A, ...]:
        """Every legal action now, or only ``player``'s."""
        return self._legal_actions(state, player)

    def apply(self, state: S, action: A, *, check: bool = True) -> S:
        """The state after ``action``."""
        return self._apply(state, action, check=check)

    def apply_with_events(
        self, state: S, action: A, *, check: bool = True
    ) -> tuple[S, tuple[Any, ...]]:
        """What :meth:`apply` returns, and the events of the action in order."""
        return self._apply_with_events(state, action, check=check)

    def observe_events(self, events: tuple[Any, ...], player: PlayerId | None) -> tuple[Any, ...]:
        """The events as ``player`` may see them."""
        return self._observe_events(events, player)

    def describe(self, state: S, action: A) -> str:
        """One sentence saying what ``action`` does in ``state``."""
        return self._describe(state, action)

    def describe_event(self, event: Any, config: C | None = None) -> str:
        """One sentence saying what happened; with ``config``, players by their names."""
        if config is None:
            return self._describe_event(event)
        return self._describe_event_in(config, event)

    def action_to_str(self, state: S, action: A) -> str:
        """``action`` in the game's notation."""
        return self._action_to_str(state, action)

    def parse_action(self, state: S, text: str) -> A:
        """The legal action that ``text`` names in the notation."""
        return self._parse_action(state, text)

    def check_state(self, state: S) -> None:
        """Raise a ``CrabRulesError`` unless ``state`` is one the rules could reach."""
        self._check_state(state)

    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""
        return self._is_terminal(state)

    def active_players(self, state: S) -> frozenset[PlayerId]:
        """The players who may act now."""
        return self._active_players(state)

    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._outcome(state)

    def observe(self, state: S, player: PlayerId | None) -> O:
        """What ``player`` may see (``None``: a spectator)."""
        return self._observe(state, player)

    def determinize(self, state: S, player: PlayerId | None, seed: int) -> S:
        """A state ``player`` cannot tell from ``state``."""
        return self._determinize(state, player, seed)

    def render(self, state: S) -> str:
        """A plain-text picture of the state."""
        return self._render(state)

    def render_svg(
        self,
        position: Any,
        *,
        size: int | None = None,
        labels: bool = True,
        last_action: A | None = None,
        highlight: Collection[Any] = (),
    ) -> str:
        """A standalone SVG picture of a state or an observation (``size=None``: the default).

        ``last_action`` and ``highlight`` are passed to the game's ``render_svg``.
        """
        if size is None:
            return self._render_svg(
                position, labels=labels, last_action=last_action, highlight=highlight
            )
        return self._render_svg(
            position, size=size, labels=labels, last_action=last_action, highlight=highlight
        )

    def num_players(self, state: S) -> int:
        """How many players the game in ``state`` has."""
        return self._num_players(state)

    def config_for_players(self, players: int) -> C:
        """The default config for ``players`` players; ``InvalidConfigError`` if unsupported."""
        return self._config_for_players(players)
