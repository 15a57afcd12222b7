"""A working copy of a state: its fields as plain attributes, changed in place, built once.

An action that changes the game in several steps (a call: the clock, the call recorded,
the tokens moved, a hand redrawn, the end checked) changes one :class:`Work` and builds one
:class:`~crabrules.youve_got_crabs._state.State` at the end, not a new state per step. The
compiled wheel compiles this module, so that a ``Work`` is a native class there: reading
and setting its attributes costs next to nothing, while every ``State`` built costs one
call of its attrs constructor, a field at a time.

>>> from crabrules.youve_got_crabs._rules import initial_state
>>> state = initial_state(seed=7)
>>> work = Work(state)
>>> work.pot -= 1
>>> work.state().pot, state.pot
(7, 8)

A working copy is made to apply one action, so it counts that action toward the stall
rule (``since_clock``, see :data:`~crabrules.youve_got_crabs._state.STALL_ACTIONS`); a
call that moves the clock sets it back to 0:

>>> Work(state).since_clock, state.since_clock
(1, 0)
"""

from __future__ import annotations

from typing import Final

from crabrules.core import PlayerId, Rng
from crabrules.core.construct import constructor
from crabrules.core.memo import LastByIdentity
from crabrules.youve_got_crabs._cards import Card
from crabrules.youve_got_crabs._config import Config, Side, Team
from crabrules.youve_got_crabs._state import CallRecord, Claim, Phase, State, Window
from crabrules.youve_got_crabs._table import Table, table

# Built field by field (crabrules.core.construct): in the compiled wheel, a fraction of
# the cost of State's own __init__ (the class itself in the pure build).
_new_state: Final = constructor(State)


# The seating of the config asked for last, kept (see seats_of).
_seatings: Final = LastByIdentity(table)


def seats_of(config: Config) -> Table:
    """The seating of ``config``: :func:`~crabrules.youve_got_crabs._table.table`, remembered.

    ``table`` hashes the config (a Python call) to find its cache entry; nearly every call
    comes with the config object of the call before (the states of a game share theirs),
    which :class:`~crabrules.core.memo.LastByIdentity` answers by one identity test.

    >>> from crabrules.youve_got_crabs._config import Config
    >>> config = Config(teams=3)
    >>> seats_of(config) is seats_of(config) is table(config)
    True
    """
    return _seatings(config)


class Work:
    """The fields of a :class:`~crabrules.youve_got_crabs._state.State`, to change in place.

    Its attributes are the state's fields, with the same names and types, and
    :attr:`seats`, the game's seating. ``since_clock`` already counts the action being
    applied.
    """

    def __init__(self, state: State) -> None:
        self.config: Config = state.config
        self.seed: int = state.seed
        self.rng: Rng = state.rng
        self.hands: tuple[tuple[Card, ...], ...] = state.hands
        self.seen: tuple[tuple[Card, ...], ...] = state.seen
        self.drawn_from: tuple[tuple[int, ...], ...] = state.drawn_from
        self.ocean: tuple[Card, ...] = state.ocean
        self.draw: tuple[Card, ...] = state.draw
        self.discard: tuple[Card, ...] = state.discard
        self.reshuffles: int = state.reshuffles
        self.tokens: tuple[int, ...] = state.tokens
        self.pot: int = state.pot
        self.license: Side = state.license
        self.phase: Phase = state.phase
        self.down: frozenset[PlayerId] = state.down
        self.confirmed: frozenset[PlayerId] = state.confirmed
        self.declined: frozenset[PlayerId] = state.declined
        self.swapped: bool = state.swapped
        self.claws: PlayerId | None = state.claws
        self.clock: float = state.clock
        self.window: Window | None = state.window
        self.claim: Claim | None = state.claim
        self.tied: frozenset[Team] = state.tied
        self.winner: Team | None = state.winner
        self.signals: tuple[PlayerId, ...] = state.signals
        self.signal_count: int = state.signal_count
        self.calls: tuple[CallRecord, ...] = state.calls
        self.call_count: int = state.call_count
        self.called_wrong: frozenset[PlayerId] = state.called_wrong
        # Stall rule: every action counts, until a call moves the clock (calls.call).
        self.since_clock: int = state.since_clock + 1

    @property
    def seats(self) -> Table:
        """The game's seating (:func:`seats_of`: after the first, an identity check)."""
        return seats_of(self.config)

    def state(self) -> State:
        """The state these fields make (by position: the order of ``State``'s fields)."""
        return _new_state(
            self.config,
            self.seed,
            self.rng,
            self.hands,
            self.seen,
            self.drawn_from,
            self.ocean,
            self.draw,
            self.discard,
            self.reshuffles,
            self.tokens,
            self.pot,
            self.license,
            self.phase,
            self.down,
            self.confirmed,
            self.declined,
            self.swapped,
            self.claws,
            self.clock,
            self.window,
            self.claim,
            self.tied,
            self.winner,
            self.signals,
            self.signal_count,
            self.calls,
            self.call_count,
            self.called_wrong,
            self.since_clock,
        )
