"""What a player sees: everything, since Crab Stack has perfect information.

After setup nothing is left to chance, so the state holds no generator and nothing is
hidden: the observation is the whole position, and :func:`determinize` returns the state
itself. It also carries what a client draws the board from, as data: each cell's
coordinates and label, and the name of each crab number (a config's ``layout`` is
``None`` for the reference board, and a crab is an int in ``stacks``).

>>> from crabrules.crab_stack._rules import initial_state
>>> state = initial_state(seed=2)
>>> observe(state, 0).stacks == state.stacks, determinize(state, 0, seed=9) is state
(True, True)
"""

from __future__ import annotations

import attrs

from crabrules.core import InvalidStateError, PlayerId, check_state_type, check_viewer
from crabrules.core.actions import field_errors
from crabrules.core.display import DisplaysAsSvg
from crabrules.core.events import check_events
from crabrules.core.rng import check_seed
from crabrules.crab_stack._board import Cell, Layout
from crabrules.crab_stack._config import MAX_PLAYERS, Config
from crabrules.crab_stack._crabs import Stack
from crabrules.crab_stack._events import Event, GameEnded, GroupWashedAway
from crabrules.crab_stack._repetition import MOVE_BITS, occurrences
from crabrules.crab_stack._state import State, Termination, check_position, check_stacks


@attrs.frozen
class Observation(DisplaysAsSvg):
    """One player's (or a spectator's) view: the whole position.

    Attributes:
        player: whose view this is; ``None`` for a spectator.
        config: the game's options.
        stacks: per cell, its crabs from bottom to top.
        to_move: the player to move (or to settle a wave tie).
        eliminated: the players who are out, in order.
        turn: the number of moves played.
        pending: the groups tied for largest, waiting for ``to_move``'s choice.
        repetitions: how many times the current position has occurred (1 at the start of
            a stretch; the game is drawn at 3).
        termination: why the game ended, or ``None``.
        spaces: each cell's axial coordinates ``(q, r)``, the config's
            :attr:`~crabrules.crab_stack.Config.spaces` (the reference layout when its
            ``layout`` is ``None``); :func:`~crabrules.crab_stack.hex_centre` places them.
        labels: each cell's name in the notation (``A1``), as the pictures print it.
        crab_names: the name of each crab number (``crab_names[5]``: ``"blue large
            crab"``), for the ints in :attr:`stacks`.

    A document without the last three loads (they follow from the config); with them,
    they must be the config's.

    >>> import json
    >>> from crabrules import to_json
    >>> from crabrules.crab_stack._rules import initial_state
    >>> view = json.loads(to_json(observe(initial_state(seed=1), 0)))  # as a client gets it
    >>> view["config"]["layout"], view["spaces"][:2], view["labels"][:2]
    (None, [[0, -2], [1, -2]], ['A1', 'A2'])
    >>> view["stacks"][0], view["crab_names"][view["stacks"][0][-1]]
    ([3], 'blue small crab')
    """

    player: PlayerId | None
    config: Config
    stacks: tuple[Stack, ...]
    to_move: PlayerId
    eliminated: tuple[PlayerId, ...]
    turn: int
    pending: tuple[tuple[Cell, ...], ...]
    repetitions: int
    termination: Termination | None
    spaces: Layout = attrs.field(
        default=attrs.Factory(lambda self: self.config.spaces, takes_self=True)
    )
    labels: tuple[str, ...] = attrs.field(
        default=attrs.Factory(lambda self: self.config.labels, takes_self=True)
    )
    crab_names: tuple[str, ...] = attrs.field(
        default=attrs.Factory(lambda self: self.config.crab_names, takes_self=True)
    )


def observe(state: State, player: PlayerId | None) -> Observation:
    """``player``'s view of ``state`` (``None``: a spectator's); all players see the same.

    Raises:
        NotAStateError: ``state`` is not a Crab Stack :class:`State`.
        InvalidPlayerError: ``player`` is neither ``None`` nor a player of the game.
    """
    check_state_type(state, State)
    config = state.config
    check_viewer(player, config.players)
    # The config's cached board data, passed as they are: the defaults would look them up
    # through three factories on every call (an environment observes at every step).
    return Observation(
        player,
        config,
        state.stacks,
        state.to_move,
        state.eliminated,
        state.turn,
        state.pending,
        repetitions(state),
        state.termination,
        config.spaces,
        config.labels,
        config.crab_names,
    )


def repetitions(state: State) -> int:
    """How many times the current position has occurred (:attr:`Observation.repetitions`).

    A pending wave ends any stretch; the game is drawn at 3.

    >>> from crabrules.crab_stack._rules import initial_state
    >>> repetitions(initial_state(seed=1))
    1
    """
    # Equal positions have equal Zobrist keys, and the same player is to move again every
    # ``players_in`` entries of the stretch: unless such an entry has the current key, the
    # position is new, and the exact walk back through the record (which rebuilds every
    # earlier position) is skipped.
    history = state.history
    players_in = state.config.players - len(state.eliminated)
    if players_in < 1 or len(history) <= players_in:
        return 1  # no earlier entry with the same player to move (an empty record too)
    key = history[-1] >> MOVE_BITS
    for earlier in history[-1 - players_in :: -players_in]:
        if earlier >> MOVE_BITS == key:
            return occurrences(history, state.stacks, players_in)
    return 1


def determinize(state: State, player: PlayerId | None, seed: int) -> State:
    """``state`` itself: nothing is hidden from anyone, and nothing is left to chance.

    The state, the viewer and the seed are still checked, as in every game.

    Raises:
        NotAStateError: ``state`` is not a Crab Stack :class:`State`.
        InvalidPlayerError: ``player`` is neither ``None`` nor a player of the game.
        InvalidConfigError: ``seed`` is not an integer in ``[0, 2**64)``.
    """
    check_state_type(state, State)
    check_viewer(player, state.config.players)
    check_seed(seed)
    return state


def check_observation(observation: Observation) -> None:
    """Refuse an observation that no state gives; run on every loaded Observation document.

    The position is checked as a state's is (:func:`~crabrules.crab_stack._state.check_position`),
    ``spaces``, ``labels`` and ``crab_names`` must be the config's, and ``repetitions``
    must fit the position: 1 to 3, 3 exactly when the game was drawn by
    repetition, 1 while a tie is pending or after an end by elimination (both end any
    stretch), and each repetition needs a full round of the players still in.

    Raises:
        InvalidStateError: saying what is impossible.

    >>> from crabrules.crab_stack._rules import initial_state
    >>> view = observe(initial_state(seed=2), 0)
    >>> check_observation(view)
    >>> check_observation(attrs.evolve(view, repetitions=0))
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidStateError: repetitions: 1 to 3, not 0
    """
    problem = field_errors(observation)
    if problem is not None:
        raise InvalidStateError(problem[:200])
    config = observation.config
    players = config.players
    player = observation.player
    if player is not None and not 0 <= player < players:
        raise InvalidStateError(f"player: None or an id from 0 to {players - 1}, not {player}")
    tops = check_stacks(config, observation.stacks)
    termination = observation.termination
    check_position(
        config,
        observation.stacks,
        tops,
        observation.to_move,
        observation.eliminated,
        observation.turn,
        observation.pending,
        termination,
    )
    for name in ("spaces", "labels", "crab_names"):
        if getattr(observation, name) != getattr(config, name):
            raise InvalidStateError(
                f"{name}: the config's, not {getattr(observation, name)!r}"[:200]
            )
    count = observation.repetitions
    if not 1 <= count <= 3:
        raise InvalidStateError(f"repetitions: 1 to 3, not {count}")
    if (count == 3) != (termination is Termination.REPETITION):
        raise InvalidStateError("repetitions: 3 exactly when the game is drawn by repetition")
    ends_stretch = observation.pending or termination in (
        Termination.LAST_PLAYER,
        Termination.ALL_ELIMINATED,
    )
    players_in = players - len(observation.eliminated)
    if count > 1 and (ends_stretch or observation.turn < (count - 1) * players_in):
        raise InvalidStateError(f"repetitions: {count} cannot have occurred yet")


def observe_events(events: tuple[Event, ...], player: PlayerId | None) -> tuple[Event, ...]:
    """The events as ``player`` (``None``: a spectator) may see them: all of them, as they are.

    Crab Stack hides nothing, so nothing is redacted; the viewer is still checked, against
    the player count that the events tell (any event naming every colour), else against
    the largest game (4 players).

    Raises:
        InvalidPlayerError: ``player`` is neither ``None`` nor a player id.

    >>> from crabrules.crab_stack._events import PlayerEliminated
    >>> events = (PlayerEliminated(player=1, colour="blue"),)
    >>> observe_events(events, 0) == observe_events(events, None) == events
    True
    >>> observe_events(events, 7)
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidPlayerError: player: None or an id from 0 to 3, not 7
    """
    events = check_events(events, Event)
    players = next(
        (len(e.colours) for e in events if isinstance(e, (GroupWashedAway, GameEnded))),
        MAX_PLAYERS,
    )
    check_viewer(player, players)
    return events
