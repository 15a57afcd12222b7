"""Crab Stack as integers and tensors.

With ``C`` spaces (``9 * players`` on the reference layouts) and ``P`` players:

**Actions** (``C * C + C`` numbers):

- ``Move(src, dst)`` is ``src * C + dst``;
- ``KeepGroup(cell)`` is ``C * C + cell``.

**Observation tensor** (one flat ``float32`` vector), in this order:

========== ================ ============================================================
section    shape            meaning
========== ================ ============================================================
observer   ``P + 1``        whose view: one-hot player, the last entry a spectator
to_move    ``P``            the player to move (or to settle a wave tie), one-hot
eliminated ``P``            1 for each player who is out
stacks     ``C, H, 3P``     level ``h`` (0 the bottom) of each space: its crab, one-hot
                            over ``3 * player + size`` (``H = 9P``, every crab, so the
                            tensor loses nothing)
top        ``C, 3P``        each space's top crab, one-hot (a copy of the top of
                            ``stacks``, for learners)
pending    ``C, 2``         ``[c, 0]`` 1 if space ``c`` is in a group tied for largest,
                            ``[c, 1]`` 1 if it is the lowest cell of one (the cell
                            ``KeepGroup`` names)
repetition ``3``            how many times the position has occurred: 1, 2 or 3, one-hot
turn       ``1``            the number of moves played
========== ================ ============================================================

**Returns**: zero-sum, the last player in gets ``+1`` and the others share ``-1``; a
draw by repetition or the turn limit is ``0`` for all.

>>> from crabrules import crab_stack
>>> from crabrules.encoding import encoding
>>> enc = encoding("crab-stack")
>>> enc.num_distinct_actions, enc.observation_shape
(342, (2099,))
>>> state = crab_stack.initial_state(seed=1)
>>> move = crab_stack.legal_actions(state)[0]
>>> enc.int_to_action(state, move.player, enc.action_to_int(move)) == move
True
"""

from __future__ import annotations

from array import array
from itertools import permutations

import numpy as np
import numpy.typing as npt

from crabrules import crab_stack
from crabrules.core import PlayerId, not_a_state
from crabrules.crab_stack import Action, Config, KeepGroup, Move, Observation, State
from crabrules.crab_stack._crabs import Stack
from crabrules.crab_stack._observe import repetitions
from crabrules.encoding.base import UNBOUNDED, Encoding, Section

__all__ = ["CrabStackEncoding"]

# Dtypes as objects, passed by position: numpy parses a dtype given by keyword slowly.
_FLOAT32 = np.dtype(np.float32)
_INT64 = np.dtype(np.int64)


class CrabStackEncoding(Encoding[State, Action, Observation]):
    """The encoding of Crab Stack for one config (see the module's docs)."""

    def __init__(self, config: Config) -> None:
        self.game = crab_stack.GAME
        self.config = config
        players = self.players = config.players
        cells = self.cells = len(config.spaces)
        self.height = 9 * players
        kinds = 3 * players
        self.num_distinct_actions = cells * cells + cells
        self.sections = (
            Section("observer", (players + 1,), "whose view; the last entry a spectator"),
            Section("to_move", (players,), "the player to move, one-hot"),
            Section("eliminated", (players,), "1 for each player who is out"),
            Section("stacks", (cells, self.height, kinds), "each level's crab, one-hot"),
            Section("top", (cells, kinds), "each space's top crab, one-hot"),
            Section("pending", (cells, 2), "in a tied group; lowest cell of one"),
            Section("repetition", (3,), "occurrences of the position, one-hot"),
            Section("turn", (1,), "moves played", UNBOUNDED),
        )
        self._moves = config.move_table.moves
        self._keeps = tuple(tuple(KeepGroup(p, c) for c in range(cells)) for p in range(players))
        # Each player's actions in number order: a legal number's action in one lookup.
        self._numbered: tuple[tuple[Action, ...], ...] = tuple(
            (*self._moves[p], *self._keeps[p]) for p in range(players)
        )
        offsets = self.layout.offsets
        self._observer, self._to_move = offsets["observer"], offsets["to_move"]
        self._eliminated, self._pending = offsets["eliminated"], offsets["pending"]
        self._repetition, self._turn = offsets["repetition"], offsets["turn"]
        self._size = self.layout.size
        # The 1s of the observer, the player to move, the repetitions and the players out,
        # by ``((viewer * P + to_move) * 3 + repetitions - 1) * 2**P + out`` (a spectator is
        # viewer ``P``; ``out`` has bit ``p`` for each player ``p`` eliminated).
        self._heads = tuple(
            array(
                "q",
                (
                    self._observer + viewer,
                    self._to_move + to_move,
                    self._repetition + rep,
                    *(self._eliminated + p for p in range(players) if out >> p & 1),
                ),
            ).tobytes()
            for viewer in range(players + 1)
            for to_move in range(players)
            for rep in range(3)
            for out in range(1 << players)
        )
        # ``out`` of every order in which players may be eliminated.
        self._out = {
            order: sum(1 << p for p in order)
            for k in range(players + 1)
            for order in permutations(range(players), k)
        }
        level = kinds  # the stride of a level in ``stacks``
        self._spaces = tuple(
            _SpaceOnes(
                tuple(
                    offsets["stacks"] + (cell * self.height + h) * level
                    for h in range(self.height)
                ),
                offsets["top"] + cell * kinds,
            )
            for cell in range(cells)
        )

    def _number(self, action: Action) -> int:
        """``src * C + dst`` for a move, ``C * C + cell`` for a wave decision."""
        cells = self.cells
        if type(action) is Move:
            return action.src * cells + action.dst
        return cells * cells + action.cell  # type: ignore[union-attr]

    def numbered_legal_actions(self, state: State, player: PlayerId) -> dict[int, Action]:
        """``player``'s legal actions by number (the numbering inlined: an env's hot path)."""
        legal = crab_stack.legal_actions(state, player)
        if state.config is not self.config:
            self._check_config(state.config, "state")
        cells = self.cells
        if state.pending:  # a wave tie to settle: only KeepGroups (and no Move) are legal
            keep = cells * cells
            return {keep + a.cell: a for a in legal}  # type: ignore[union-attr]
        return {a.src * cells + a.dst: a for a in legal}  # type: ignore[union-attr]

    def legal_numbers(
        self, state: State, player: PlayerId
    ) -> tuple[bytearray, tuple[Action, ...]]:
        """``player``'s legal numbers as 1s, and every action of ``player`` in number order.

        The numbering is inlined and no dict is built: an environment's hot path. The
        moves the rules hand out are the table's own, so ``actions[n]`` is the very object
        of ``legal_actions``.
        """
        legal = crab_stack.legal_actions(state, player)
        if state.config is not self.config:
            self._check_config(state.config, "state")
        ones = bytearray(self.num_distinct_actions)
        cells = self.cells
        if state.pending:  # a wave tie to settle: only KeepGroups (and no Move) are legal
            keep = cells * cells
            for a in legal:
                ones[keep + a.cell] = 1  # type: ignore[union-attr]
        else:
            for a in legal:
                ones[a.src * cells + a.dst] = 1  # type: ignore[union-attr]
        return ones, self._numbered[player]

    def _decode(self, state: State | None, player: PlayerId, number: int) -> Action:
        """The :class:`~crabrules.crab_stack.Move` or ``KeepGroup`` numbered ``number``."""
        moves = self.cells * self.cells
        if number < moves:
            return self._moves[player][number]
        return self._keeps[player][number - moves]

    def observation_tensor(self, observation: Observation) -> npt.NDArray[np.float32]:
        """The observation as the vector the module's table lays out."""
        self._check_observation(observation)
        return self._tensor(
            observation.player,
            observation.to_move,
            observation.eliminated,
            observation.stacks,
            observation.pending,
            observation.repetitions,
            observation.turn,
        )

    def state_tensor(self, state: State, player: PlayerId | None) -> npt.NDArray[np.float32]:
        """The tensor of ``observe(state, player)``, read from the state (nothing is hidden)."""
        if type(state) is not State:
            raise not_a_state(state, State)
        if player is not None and (type(player) is not int or not 0 <= player < self.players):
            player = self._check_viewer(player)  # a numpy id is taken; others are refused
        if state.config is not self.config:
            self._check_config(state.config, "state")
        return self._tensor(
            player,
            state.to_move,
            state.eliminated,
            state.stacks,
            state.pending,
            repetitions(state),
            state.turn,
        )

    def _out_of(self, eliminated: tuple[PlayerId, ...]) -> int:
        """``out`` of an ``eliminated`` that no game reaches (a hand-built state): its bits."""
        return sum({1 << p for p in eliminated if 0 <= p < self.players})

    def _tensor(
        self,
        viewer: PlayerId | None,
        to_move: PlayerId,
        eliminated: tuple[PlayerId, ...],
        stacks: tuple[Stack, ...],
        pending: tuple[tuple[int, ...], ...],
        repeated: int,
        turn: int,
    ) -> npt.NDArray[np.float32]:
        # The hot path of an environment step. Every 1 is listed first, as int64 bytes, then
        # written at once; each space's share of them comes from its memo, all in C.
        players = self.players
        viewed = players if viewer is None else viewer
        head = (viewed * players + to_move) * 3 + min(repeated, 3) - 1
        out = self._out.get(eliminated)
        if out is None:
            out = self._out_of(eliminated)
        ones = [
            *map(_SpaceOnes.__getitem__, self._spaces, stacks),
            self._heads[(head << players) + out],
        ]
        if pending:
            offset = self._pending
            rare = array("q")
            for group in pending:
                rare.extend([offset + 2 * c for c in group])
                rare.append(offset + 2 * min(group) + 1)
            ones.append(rare.tobytes())
        values = np.zeros(self._size, _FLOAT32)
        values[np.frombuffer(b"".join(ones), _INT64)] = 1.0
        values[self._turn] = turn
        return values


class _SpaceOnes(dict[Stack, bytes]):
    """One space's memo: a stack -> where its 1s are (its levels, its top), as int64 bytes.

    Stacks recur (most moves change two spaces), so an observation's 1s are mostly joined
    from here rather than worked out crab by crab. The memo is emptied when it reaches
    :attr:`LIMIT` entries: a bound on its memory, and an entry is cheap to work out again.
    """

    __slots__ = ("_levels", "_top")

    #: The most stacks remembered per space.
    LIMIT = 4096

    def __init__(self, levels: tuple[int, ...], top: int) -> None:
        super().__init__()
        self._levels = levels  # where each level's one-hot starts
        self._top = top  # where the top crab's one-hot starts

    def __missing__(self, stack: Stack) -> bytes:
        if len(self) >= self.LIMIT:
            self.clear()
        ones = [level + c for level, c in zip(self._levels, stack, strict=False)]
        if stack:
            ones.append(self._top + stack[-1])
        entry = self[stack] = array("q", ones).tobytes()
        return entry
