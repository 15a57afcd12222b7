"""What every game's encoding shares: :class:`Section`, :class:`Tensor` and :class:`Encoding`.

An encoding turns one game and config into what reinforcement-learning tools expect:
actions as integers ``0 .. num_distinct_actions - 1``, boolean masks of the legal ones,
observations as flat ``float32`` vectors made of named :class:`Section` s (as OpenSpiel's
observers document theirs), and terminal rewards per player.

>>> from crabrules.encoding import Section
>>> Section("to_move", (2,), "the player to move, one-hot").size
2
"""

from __future__ import annotations

import abc
import functools
import math
import operator
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

import attrs
import numpy as np
import numpy.typing as npt

from crabrules.core import Game, Outcome, PlayerId, Utility, check_viewer, int_hint, not_a_state
from crabrules.core.errors import CrabRulesError, InvalidPlayerError, NotAnObservationError

__all__ = [
    "Encoding",
    "EncodingError",
    "Layout",
    "Section",
    "Tensor",
    "UNBOUNDED",
    "not_an_observation",
    "returns_of",
]


class EncodingError(CrabRulesError, ValueError):
    """What an encoding cannot number or decode, named in the message.

    An action of another game or config, or with a field of the wrong type; a number out
    of range; a state or an observation of another config.
    """


S = TypeVar("S")
A = TypeVar("A")
O = TypeVar("O")  # noqa: E741 - the OpenSpiel/pgx letter for observations


#: The ``high`` of a count the rules do not bound: the largest float32, so that every
#: observation space is finite (Gymnasium warns of infinite bounds) and holds every tensor.
UNBOUNDED = float(np.finfo(np.float32).max)


@attrs.frozen
class Section:
    """One piece of information in an observation tensor.

    Attributes:
        name: the section's name, as OpenSpiel observers name their tensors' pieces.
        shape: the section's shape; it is stored flattened, in C order.
        doc: what the numbers mean.
        high: the largest value an entry takes: 1 for flags, one-hot entries and shares;
            :data:`UNBOUNDED` for a count the rules do not bound (moves played, calls
            made), which grows with the game.
    """

    name: str
    shape: tuple[int, ...]
    doc: str
    high: float = 1.0

    @property
    def size(self) -> int:
        """The number of floats the section takes."""
        return math.prod(self.shape)


class Layout:
    """Where each section of an observation tensor starts, and its strides; built once.

    >>> layout = Layout((Section("a", (2,), ""), Section("b", (2, 3), "")))
    >>> layout.size, layout.offsets["b"], layout.strides["b"]
    (8, 2, (3, 1))
    """

    __slots__ = ("offsets", "size", "strides")

    def __init__(self, sections: tuple[Section, ...]) -> None:
        self.offsets: dict[str, int] = {}
        self.strides: dict[str, tuple[int, ...]] = {}
        offset = 0
        for section in sections:
            shape = section.shape
            self.offsets[section.name] = offset
            self.strides[section.name] = tuple(
                math.prod(shape[i + 1 :]) for i in range(len(shape))
            )
            offset += section.size
        self.size = offset


class Tensor:
    """A zeroed observation vector being filled, section by section.

    Each game's ``observation_tensor`` writes through it, so the layout (offsets, shapes)
    lives in one place: the encoding's ``sections``.

    >>> layout = Layout((Section("a", (2,), ""), Section("b", (2, 3), "")))
    >>> tensor = Tensor(layout)
    >>> tensor.set("b", 1, 2)
    >>> tensor.put("a", [0.5, 1.0])
    >>> tensor.values.tolist()
    [0.5, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    """

    __slots__ = ("_layout", "values")

    def __init__(self, layout: Layout) -> None:
        self._layout = layout
        self.values: npt.NDArray[np.float32] = np.zeros(layout.size, dtype=np.float32)

    def set(self, name: str, *index: int, value: float = 1.0) -> None:
        """Write ``value`` at ``index`` (one int per axis) of the section ``name``."""
        layout = self._layout
        strides = layout.strides[name]
        if len(index) != len(strides):
            raise ValueError(f"{name}: {len(strides)} indices, not {len(index)}")
        # The last axis has stride 1; a one-axis section (most of them) needs no products.
        position = index[0] if len(index) == 1 else sum(map(operator.mul, index, strides))
        self.values[layout.offsets[name] + position] = value

    def put(self, name: str, values: Sequence[float] | npt.NDArray[np.float32]) -> None:
        """Write the whole section ``name`` (flattened) from ``values``."""
        offset = self._layout.offsets[name]
        self.values[offset : offset + len(values)] = values

    def set_many(self, name: str, flat: Sequence[int]) -> None:
        """Write ``1.0`` at each of the flat positions ``flat`` of the section ``name``."""
        offset = self._layout.offsets[name]
        self.values[np.fromiter((offset + i for i in flat), np.intp, len(flat))] = 1.0


def same_value(a: object, b: object) -> bool:
    """Whether ``a`` and ``b`` are equal with every field, item and number of the same type.

    >>> same_value((1, 2), (1, 2)), same_value((1, 2), (True, 2)), same_value(0, 0.0)
    (True, False, False)
    """
    if type(a) is not type(b):
        return False
    kind: Any = type(a)
    if attrs.has(kind):
        return all(
            same_value(getattr(a, field.name), getattr(b, field.name))
            for field in attrs.fields(kind)
        )
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(map(same_value, a, b))
    return a == b


def not_an_observation(value: object, observation_type: type) -> NotAnObservationError:
    """The error for ``value`` passed where an ``observation_type`` belongs, naming both."""
    package = observation_type.__module__.rsplit(".", 1)[0]
    return NotAnObservationError(
        f"observation: a {package}.{observation_type.__qualname__} is needed, not {value!r:.80}"
    )


def returns_of(
    outcome: Outcome | None, players: int, utility: Utility, best: float
) -> list[float]:
    """Terminal rewards from an :class:`~crabrules.core.Outcome`, by the library's convention.

    - zero-sum: each winner gets ``+1``, and the losers share ``-1`` per winner, so the
      returns add up to 0 (with two players: ``+1`` and ``-1``); a draw is all ``0``;
    - general-sum (teams): each winner ``+1``, each loser ``-1``;
    - cooperative: every player gets the shared score divided by ``best``, in ``[0, 1]``.

    ``None`` (the game goes on) gives zeros.

    >>> returns_of(Outcome(frozenset({1}), False, (0, 1), "last_player"), 2,
    ...            Utility.ZERO_SUM, 1.0)
    [-1.0, 1.0]
    >>> returns_of(Outcome(frozenset(), False, (3, 3), "crabs_freed"), 2,
    ...            Utility.COOPERATIVE, 5.0)
    [0.6, 0.6]
    """
    if outcome is None or outcome.draw:
        return [0.0] * players
    if utility is Utility.COOPERATIVE:
        return [score / best for score in outcome.scores]
    winners = outcome.winners
    if utility is Utility.ZERO_SUM:
        losers = players - len(winners)
        loss = -len(winners) / losers if losers else 0.0
        return [1.0 if p in winners else loss for p in range(players)]
    return [1.0 if p in winners else -1.0 for p in range(players)]


class Encoding(abc.ABC, Generic[S, A, O]):
    """The integer actions, observation tensors and rewards of one game and config.

    Build one with :func:`crabrules.encoding.encoding`; each game's module documents its
    numbering and layout, and :attr:`sections` lists the layout in code.

    Attributes:
        game: the game.
        config: the config encoded.
        players: the number of players.
        num_distinct_actions: the size of the integer action space.
        sections: the observation tensor's sections, in order.
    """

    game: Game[Any, S, A, O]
    config: Any
    players: int
    num_distinct_actions: int
    sections: tuple[Section, ...]

    @functools.cached_property
    def layout(self) -> Layout:
        """Where each of :attr:`sections` starts in the tensor."""
        return Layout(self.sections)

    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of :meth:`observation_tensor`: one flat vector."""
        return (self.layout.size,)

    @functools.cached_property
    def observation_high(self) -> npt.NDArray[np.float32]:
        """Each tensor entry's largest value, its section's ``high``; the smallest is 0.

        Observation spaces built from it are finite.

        >>> from crabrules.encoding import encoding
        >>> enc = encoding("crab-stack")
        >>> enc.observation_high.shape == enc.observation_shape, float(enc.observation_high[0])
        (True, 1.0)
        """
        high = np.concatenate(
            [np.full(section.size, section.high, dtype=np.float32) for section in self.sections]
        )
        high.flags.writeable = False  # shared by every caller: nobody may change the bounds
        return high

    def new_tensor(self) -> Tensor:
        """A zeroed tensor of this encoding's layout, to fill."""
        return Tensor(self.layout)

    def action_to_int(self, action: A) -> int:
        """The action's number; the acting player is not part of it.

        Raises:
            EncodingError: ``action`` is not an action of this game and config: another
                game's, not an action at all, or one with a field outside this config (a
                cell off the board, a team that does not play, a player who does not
                exist), which no number names. The message names the action.

        >>> from crabrules import crab_stack
        >>> from crabrules.encoding import encoding
        >>> encoding("crab-stack").action_to_int(crab_stack.Move(player=0, src=2, dst=3))
        39
        >>> encoding("crab-stack").action_to_int(crab_stack.Move(player=0, src=2, dst=30))
        Traceback (most recent call last):
        ...
        crabrules.encoding.base.EncodingError: action: Move(player=0, src=2, dst=30) has no ...
        """
        number: object
        player: object
        try:
            number = self._number(action)
            player = action.player  # type: ignore[attr-defined]
        except (AttributeError, KeyError, TypeError, IndexError):  # not one of the game's
            number = player = None
        if (
            type(number) is not int
            or not 0 <= number < self.num_distinct_actions
            or type(player) is not int
            or not 0 <= player < self.players
            # A field outside this config may alias another action's number: the number
            # must give back the action itself.
            or not self._is_number_of(action, player, number)
        ):
            raise EncodingError(
                f"action: {action!r:.200} has no action number in {self.game.info.name} "
                f"(with {self.config!r})"
            )
        return number

    def int_to_action(self, state: S, player: PlayerId, number: int) -> A:
        """The action numbered ``number`` for ``player`` in ``state``.

        ``player`` and ``number`` may be numpy integers; the action holds plain ints.

        Raises:
            NotAStateError: ``state`` is not a state of the game.
            EncodingError: ``state`` is of another config, or ``number`` is not in
                ``range(num_distinct_actions)``.
            InvalidPlayerError: ``player`` is not a player of the config.

        >>> from crabrules import marche_du_crabe
        >>> from crabrules.encoding import encoding
        >>> enc, state = encoding("la-marche-du-crabe"), marche_du_crabe.initial_state(seed=1)
        >>> enc.int_to_action(state, 0, 72)
        Stay(player=0)
        """
        self._check_state(state)
        return self._decode(state, self._check_player(player), self._check_number(number))

    @abc.abstractmethod
    def _number(self, action: A) -> int:
        """The number of an action of the game, unchecked (the adapters' hot paths' form).

        Anything else may raise ``AttributeError``, ``KeyError``, ``TypeError`` or
        ``IndexError``, which :meth:`action_to_int` turns into its error.
        """

    @abc.abstractmethod
    def _decode(self, state: S | None, player: PlayerId, number: int) -> A:
        """The action numbered ``number`` (checked) for ``player`` (checked).

        ``state`` is ``None`` when :meth:`action_to_int` checks a number.
        """

    def _is_number_of(self, action: A, player: PlayerId, number: int) -> bool:
        """Whether ``number``, taken by ``player``, is ``action`` itself.

        Field by field, of the same types: ``True`` equals ``1``, but is no cell.
        """
        return same_value(self._decode(None, player, number), action)

    @abc.abstractmethod
    def observation_tensor(self, observation: O) -> npt.NDArray[np.float32]:
        """The observation as a flat ``float32`` vector of :attr:`observation_shape`.

        Raises:
            NotAnObservationError: ``observation`` is not an observation of the game.
            EncodingError: it is an observation of another config (the message names
                ``observation.config``).
        """

    def state_tensor(self, state: S, player: PlayerId | None) -> npt.NDArray[np.float32]:
        """What ``player`` (``None``: a spectator) sees in ``state``, as a tensor.

        Always equal to ``observation_tensor(game.observe(state, player))``. An encoding
        may compute it without building the observation, since an environment calls it at
        every step; the environments and games of :mod:`crabrules.adapters` do.

        >>> import numpy as np
        >>> from crabrules import crab_stack
        >>> from crabrules.encoding import encoding
        >>> enc, state = encoding("crab-stack"), crab_stack.initial_state(seed=1)
        >>> view = enc.observation_tensor(crab_stack.observe(state, 0))
        >>> bool(np.array_equal(enc.state_tensor(state, 0), view))
        True
        """
        self._check_state(state)
        return self.observation_tensor(self.game.observe(state, self._check_viewer(player)))

    def legal_ints(self, state: S, player: PlayerId) -> list[int]:
        """The numbers of ``player``'s legal actions, in ``legal_actions``' order."""
        return list(self.numbered_legal_actions(state, self._check_player(player)))

    def numbered_legal_actions(self, state: S, player: PlayerId) -> dict[int, A]:
        """``player``'s legal actions by number, in ``legal_actions``' order (for adapters)."""
        self._check_state(state)
        to_int = self._number
        return {to_int(a): a for a in self.game.legal_actions(state, player)}

    def legal_numbers(
        self, state: S, player: PlayerId
    ) -> tuple[bytearray, Mapping[int, A] | Sequence[A]]:
        """``player``'s legal numbers as an environment steps through them.

        Returns ``(ones, actions)``: ``ones`` is a new ``bytearray`` of
        :attr:`num_distinct_actions`, 1 at each legal number and 0 elsewhere (a mask to
        view, or to copy); ``actions[number]`` is the action of a number that has a 1 there
        (what it gives for any other number is unspecified).

        >>> from crabrules import crab_stack
        >>> from crabrules.encoding import encoding
        >>> enc, state = encoding("crab-stack"), crab_stack.initial_state(seed=1)
        >>> ones, actions = enc.legal_numbers(state, state.to_move)
        >>> [actions[n] for n, one in enumerate(ones) if one] == list(
        ...     crab_stack.legal_actions(state))
        True
        """
        legal = self.numbered_legal_actions(state, player)
        ones = bytearray(self.num_distinct_actions)
        for number in legal:
            ones[number] = 1
        return ones, legal

    def legal_action_mask(self, state: S, player: PlayerId) -> npt.NDArray[np.int8]:
        """A 0/1 ``int8`` vector of ``num_distinct_actions``: 1 where ``player`` may act.

        PettingZoo's convention (``int8``); ``mask.astype(bool)`` for a boolean one.
        """
        mask = np.zeros(self.num_distinct_actions, dtype=np.int8)
        mask[self.legal_ints(state, self._check_player(player))] = 1
        return mask

    def returns(self, state: S) -> list[float]:
        """Terminal rewards per player (zeros while the game goes on); see :func:`returns_of`."""
        self._check_state(state)
        return returns_of(
            self.game.outcome(state), self.players, self.game.info.utility, self.best_score
        )

    #: The best possible score, for cooperative games' normalisation.
    best_score: float = 1.0

    def _check_state(self, state: S) -> None:
        """Refuse anything but a state of the game, and a state of another config.

        Raises:
            NotAStateError: ``state`` is not a state of the game.
            EncodingError: its config is not ours (see :meth:`_check_config`).
        """
        state_type = self.game.state_type
        if type(state) is not state_type:
            raise not_a_state(state, state_type)
        config = state.config  # type: ignore[attr-defined]
        if config is not self.config:
            self._check_config(config, "state")

    def _check_observation(self, observation: O) -> None:
        """Refuse anything but an observation of the game, and one of another config.

        Raises:
            NotAnObservationError: ``observation`` is not an observation of the game.
            EncodingError: its config is not ours (see :meth:`_check_config`).
        """
        observation_type = self.game.observation_type
        if type(observation) is not observation_type:
            raise not_an_observation(observation, observation_type)
        config = observation.config  # type: ignore[attr-defined]
        if config is not self.config:
            self._check_config(config, "observation")

    def _check_player(self, player: object) -> PlayerId:
        """``player`` as a plain int id of this config; numpy integers are taken.

        Raises:
            InvalidPlayerError: ``player`` is not an id from 0 to ``players - 1``.
        """
        if type(player) is not int and isinstance(player, np.integer):
            player = int(player)
        if type(player) is not int or not 0 <= player < self.players:
            raise InvalidPlayerError(
                f"player: an id from 0 to {self.players - 1}, not {player!r}{int_hint(player)}"
            )
        return player

    def _check_viewer(self, player: object) -> PlayerId | None:
        """``player`` as a plain int id of this config, or ``None`` (a spectator).

        Numpy integers are taken, then the id is checked as ``observe`` checks it.

        Raises:
            InvalidPlayerError: ``player`` is neither ``None`` nor an id of the config.
        """
        if type(player) is not int and isinstance(player, np.integer):
            player = int(player)
        check_viewer(player, self.players)
        return player  # type: ignore[return-value]

    def _check_config(self, config: Any, what: str) -> None:
        """Refuse ``config``, the config of a ``what`` (state or observation), unless it is ours.

        The numbers and the layout are this config's: another one's state would give a
        wrong tensor or mask. The identity test comes first, since an environment's states
        carry the encoding's own config; an equal config built anew is accepted. Hot paths
        test ``config is not self.config`` inline before calling this.

        Raises:
            EncodingError: ``config`` differs from :attr:`config`; the message names
                ``what.config`` and both configs.
        """
        if config is not self.config and config != self.config:
            raise EncodingError(
                f"{what}.config: this encoding is for {self.config!r}, not {config!r:.200}"
            )

    def _check_number(self, number: int) -> int:
        # A plain int back: actions built from a numpy integer would carry numpy fields,
        # which the rules (and the compiled build) refuse or mistype.
        if (
            not isinstance(number, (int, np.integer))
            or isinstance(number, bool)
            or not 0 <= number < self.num_distinct_actions
        ):
            raise EncodingError(
                f"action number: an int from 0 to {self.num_distinct_actions - 1}, "
                f"not {number!r:.40}"
            )
        return int(number)
