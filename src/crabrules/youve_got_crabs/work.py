"""A working copy of a state: its fields as plain attributes, changed in place, built once.

An action that changes the game in several steps (a call: the clock, the call recorded,
the tokens moved, a hand redrawn, the end checked) changes one :class:`Work` and builds one
:class:`~crabrules.youve_got_crabs.state.State` at the end, not a new state per step. The
compiled wheel compiles this module, so that a ``Work`` is a native class there: reading
and setting its attributes costs next to nothing, while every ``State`` built costs one
call of its attrs constructor, a field at a time.

>>> from crabrules.youve_got_crabs.rules import initial_state
>>> state = initial_state(seed=7)
>>> work = Work(state)
>>> work.pot -= 1
>>> work.state().pot, state.pot, Work(state).state() == state
(7, 8, True)
"""

from __future__ import annotations

from typing import Final

from crabrules.core import PlayerId, Rng
from crabrules.core.construct import constructor
from crabrules.youve_got_crabs.cards import Card
from crabrules.youve_got_crabs.config import Config, Side, Team
from crabrules.youve_got_crabs.state import CallRecord, Claim, Phase, State, Window
from crabrules.youve_got_crabs.table import Table, table

__all__ = ["Work", "seats_of"]

# Built field by field (crabrules.core.construct): in the compiled wheel, a fraction of
# the cost of State's own __init__ (the class itself in the pure build).
_new_state: Final = constructor(State)


class _LastSeating:
    """The config :func:`seats_of` saw last, with its seating (``None`` before the first)."""

    def __init__(self) -> None:
        self.config_and_seats: tuple[Config, Table] | None = None


_last: Final = _LastSeating()


def seats_of(config: Config) -> Table:
    """The seating of ``config``: :func:`~crabrules.youve_got_crabs.table.table`, remembered.

    ``table`` hashes the config (a Python call) to find its cache entry. Nearly every
    call comes with the same config object as the one before (the states of a game share
    theirs), so the last config and its seating are kept, and a config that *is* the last
    one (the same object: configs are immutable) gets that seating at once. The pair is
    one value, replaced whole, so a reader never sees one config with another's seating.

    >>> from crabrules.youve_got_crabs.config import Config
    >>> config = Config(teams=3)
    >>> seats_of(config) is seats_of(config) is table(config)
    True
    """
    last = _last.config_and_seats
    if last is not None and last[0] is config:
        return last[1]
    seats = table(config)
    _last.config_and_seats = (config, seats)
    return seats


class Work:
    """The fields of a :class:`~crabrules.youve_got_crabs.state.State`, to change in place.

    Its attributes are the state's fields, with the same names and types, and
    :attr:`seats`, the game's seating.
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
        self._seats: Table | None = None

    @property
    def seats(self) -> Table:
        """The game's seating (:func:`seats_of`), looked up once an action."""
        if self._seats is None:
            self._seats = seats_of(self.config)
        return self._seats

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
        )
