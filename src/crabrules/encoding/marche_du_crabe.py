"""La Marche du Crabe as integers and tensors.

**Actions** (73 numbers): ``Place(cell)`` is ``cell`` (0-35), ``Move(cell)`` is
``36 + cell``, ``Stay`` is 72. Cells are ``6 * row + column``.

**Observation tensor** (one flat ``float32`` vector), in this order, with ``I`` the
number of Items (:data:`~crabrules.marche_du_crabe._content.NUM_ITEMS`):

=========== ============ ==============================================================
section     shape        meaning
=========== ============ ==============================================================
observer    ``3``        Boater, Sunny or a spectator, one-hot
to_move     ``2``        whose turn it is, one-hot
items       ``36, I``    the Item printed on each card, one-hot (none: all 0)
icons       ``36, 3``    each card's icon (shrimp, brown fish, wave), one-hot
forbidden   ``I``        the observer's own two Forbidden Items (a spectator: all 0)
exposed     ``2, I``     each player's exposed Forbidden Items
freed       ``36``       1 on each Freed Crab
baddies     ``36, 3``    what stands on each card: Boater's, Sunny's Baddie or the Brown
                         Fish, one-hot (nothing: all 0)
snacks      ``36``       1 on each uneaten Shrimp snack
token       ``36``       the Crabs token's card, one-hot
shrimps     ``1``        the live Shrimps divided by 5
deck_sizes  ``2``        the cards left in each deck divided by 12
revealed    ``6``        the row of the revealed Baddie, one-hot (the move step: all 0)
ended       ``1``        1 once the game is over
=========== ============ ==============================================================

**Returns**: cooperative; both players get the Shrimps left divided by 5 on a win, and 0
on a loss.

>>> from crabrules import marche_du_crabe as mdc
>>> from crabrules.encoding import encoding
>>> enc = encoding("la-marche-du-crabe")
>>> state = mdc.initial_state(seed=1)
>>> [enc.action_to_int(a) for a in mdc.legal_actions(state)][:3]
[18, 19, 20]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from crabrules import marche_du_crabe as mdc
from crabrules.core import PlayerId, not_a_state
from crabrules.encoding.base import Encoding, Section, not_an_observation
from crabrules.marche_du_crabe import (
    Action,
    Config,
    Icon,
    Layout,
    Move,
    Observation,
    Place,
    State,
    Stay,
)
from crabrules.marche_du_crabe._actions import MOVES, PLACES, STAYS
from crabrules.marche_du_crabe._config import MAX_SHRIMPS
from crabrules.marche_du_crabe._content import NUM_ITEMS
from crabrules.marche_du_crabe._state import FULL_DECK, NO_BADDIE

__all__ = ["MarcheDuCrabeEncoding"]

_CELLS = 36
_ICONS = tuple(Icon)


class MarcheDuCrabeEncoding(Encoding[State, Action, Observation]):
    """The encoding of La Marche du Crabe for one config (see the module's docs)."""

    best_score = float(MAX_SHRIMPS)

    def __init__(self, config: Config) -> None:
        self.game = mdc.GAME
        self.config = config
        self.players = 2
        self.num_distinct_actions = 2 * _CELLS + 1
        items = NUM_ITEMS
        self.sections = (
            Section("observer", (3,), "Boater, Sunny or a spectator"),
            Section("to_move", (2,), "whose turn it is"),
            Section("items", (_CELLS, items), "each card's Item"),
            Section("icons", (_CELLS, len(_ICONS)), "each card's icon"),
            Section("forbidden", (items,), "the observer's Forbidden Items"),
            Section("exposed", (2, items), "each player's exposed Forbidden Items"),
            Section("freed", (_CELLS,), "the Freed Crabs"),
            Section("baddies", (_CELLS, 3), "Boater's, Sunny's Baddie or the Brown Fish"),
            Section("snacks", (_CELLS,), "the uneaten Shrimp snacks"),
            Section("token", (_CELLS,), "the Crabs token"),
            Section("shrimps", (1,), "live Shrimps / 5"),
            Section("deck_sizes", (2,), "cards left in each deck / 12"),
            Section("revealed", (6,), "the revealed Baddie's row"),
            Section("ended", (1,), "the game is over"),
        )
        self._last_layout: Layout | None = None
        self._last_printed: npt.NDArray[np.float32] = np.zeros(0, dtype=np.float32)
        # Each player's actions in number order: a legal number's action in one lookup.
        self._numbered: tuple[tuple[Action, ...], ...] = tuple(
            (*PLACES[p], *MOVES[p], STAYS[p]) for p in range(2)
        )

    def _check_state(self, state: State) -> None:
        """Refuse anything but a La Marche du Crabe state; accept one of any config.

        Every config has the same numbers and layout (2 players, 36 cards, the beach's
        cards read from the observation), and a state carries no config: a state of
        another beach or Shrimp count gives the tensor and mask of its own config's
        encoding.

        Raises:
            NotAStateError: ``state`` is not a La Marche du Crabe state.
        """
        if type(state) is not State:
            raise not_a_state(state, State)

    def _check_observation(self, observation: Observation) -> None:
        """Refuse anything but a La Marche du Crabe observation; accept one of any config.

        An observation carries its layout, not its config (see :meth:`_check_state`).

        Raises:
            NotAnObservationError: ``observation`` is not a La Marche du Crabe observation.
        """
        if type(observation) is not Observation:
            raise not_an_observation(observation, Observation)

    def _number(self, action: Action) -> int:
        """``cell`` for a Place, ``36 + cell`` for a Move, 72 for Stay."""
        kind = type(action)
        if kind is Place:
            return action.cell  # type: ignore[union-attr]
        if kind is Move:
            return _CELLS + action.cell  # type: ignore[union-attr]
        if kind is Stay:
            return 2 * _CELLS
        raise TypeError(f"not an action of La Marche du Crabe: {action!r}")

    def legal_numbers(
        self, state: State, player: PlayerId
    ) -> tuple[bytearray, tuple[Action, ...]]:
        """``player``'s legal numbers as 1s, and every action of ``player`` in number order.

        The numbering is inlined and no dict is built: an environment's hot path. The
        rules hand out the one object of each action (``PLACES``, ``MOVES``, ``STAYS``), so
        ``actions[n]`` is the very object of ``legal_actions``.
        """
        ones = bytearray(self.num_distinct_actions)
        for action in mdc.legal_actions(state, player):
            kind = type(action)
            if kind is Place:
                ones[action.cell] = 1  # type: ignore[union-attr]
            elif kind is Move:
                ones[_CELLS + action.cell] = 1  # type: ignore[union-attr]
            else:
                ones[2 * _CELLS] = 1
        return ones, self._numbered[player]

    def _decode(self, state: State | None, player: PlayerId, number: int) -> Action:
        """The Place, Move or Stay numbered ``number``."""
        if number < _CELLS:
            return PLACES[player][number]
        if number < 2 * _CELLS:
            return MOVES[player][number - _CELLS]
        return STAYS[player]

    def _printed(self, layout: Layout) -> npt.NDArray[np.float32]:
        """A tensor with only the ``items`` and ``icons`` sections written, once per layout.

        A game keeps its layout, so the last one is remembered; the caller copies it.
        """
        if layout is not self._last_layout:
            offsets = self.layout.offsets
            items, icons = offsets["items"], offsets["icons"]
            kinds = len(_ICONS)
            printed = [items + c * NUM_ITEMS + i for c, i in enumerate(layout.items) if i >= 0]
            printed += [
                icons + c * kinds + _ICONS.index(i)
                for c, i in enumerate(layout.icons)
                if i is not None
            ]
            values = np.zeros(self.layout.size, dtype=np.float32)
            values[printed] = 1.0
            self._last_printed = values
            self._last_layout = layout
        return self._last_printed

    def observation_tensor(self, observation: Observation) -> npt.NDArray[np.float32]:
        """The observation as the vector the module's table lays out."""
        # The hot path of an environment step: every 1 is found first, then written at once
        # (a numpy write per section would cost more than the rest of the step).
        self._check_observation(observation)
        at = self.layout.offsets
        viewer = observation.player
        ones = [
            at["observer"] + (2 if viewer is None else viewer),
            at["to_move"] + observation.to_move,
            at["token"] + observation.token,
        ]
        forbidden, exposed = at["forbidden"], at["exposed"]
        ones += [forbidden + i for i in observation.forbidden]
        for p, items in enumerate(observation.exposed):
            ones += [exposed + p * NUM_ITEMS + i for i in items]
        freed, baddies, snacks = at["freed"], at["baddies"], at["snacks"]
        ones += [freed + c for c in observation.freed]
        ones += [baddies + 3 * c + b for c, b in enumerate(observation.baddies) if b != NO_BADDIE]
        ones += [snacks + c for c in observation.snacks]
        if observation.revealed is not None:
            ones.append(at["revealed"] + observation.revealed)
        if observation.termination is not None:
            ones.append(at["ended"])
        values: npt.NDArray[np.float32] = self._printed(observation.layout).copy()
        values[np.fromiter(ones, np.intp, len(ones))] = 1.0
        values[at["shrimps"]] = observation.shrimps / MAX_SHRIMPS
        full = len(FULL_DECK)
        for p, size in enumerate(observation.deck_sizes):
            values[at["deck_sizes"] + p] = size / full
        return values
