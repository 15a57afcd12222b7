"""You've Got Crabs as integers and tensors, with its real-time calls discretised.

With ``n`` players (``2 * teams``), ``m`` teams and ``K`` card kinds (the config's
``len(types)`` crab types, plus the Imitation Crab):

**Actions** (``24 + n + m`` numbers, the same for every player; the acting player is
the one who takes it):

======================= ==============================================================
number                  action
======================= ==============================================================
``4 * h + o`` (0-15)    ``Swap(hand_slot=h, ocean_slot=o)``
16, 17, 18              ``PutDown``, ``PickUp``, ``Confirm``
19, 20                  ``Answer(wants_swap=True)``, ``Answer(wants_swap=False)``
21, 22                  ``Signal``, ``Resolve``
``23 + t``              ``Call(target=t)``
``23 + n``              ``Collect(source=POT)``
``24 + n + t``          ``Collect(source=team t)``
======================= ==============================================================

**Time.** The library reads no clock: a :class:`~crabrules.youve_got_crabs.Call` carries
its caller's time, which matters only for Double Crabs (a counter-call within
:data:`~crabrules.youve_got_crabs.DOUBLE_CRABS_WINDOW` seconds). The discretisation: every
call numbered here is made at the state's ``clock`` (the time of the latest call), that
is at once. A counter-call is therefore always in time, and letting the second pass is
the caller's ``Resolve`` (22). Time is not in the observation tensor either.

**Observation tensor** (one flat ``float32`` vector), in this order. A card's kind is
``card + 1`` (0 the Imitation Crab, ``1 + i`` the type ``types[i]``); a seen card's is
``card + 2`` (0 unseen).

============== ============== ==========================================================
section        shape          meaning
============== ============== ==========================================================
observer       ``n + 1``      whose view; the last entry a spectator
hand           ``4, K``       the observer's cards by slot, one-hot
seen           ``n, 4, K+1``  by player and slot, the card everyone saw go there
drawn_latest   ``n, 4``       1 if that slot's card came from the current Draw pile
ocean          ``4, K``       the face-up Ocean cards by slot
draw_size      ``1``          cards in the Draw pile / the deck's size
discard        ``K``          the Discard pile's cards, counted, / copies
hidden_latest  ``K``          the unseen cards of the current Draw pile, counted, / copies
hidden_older   ``K``          the unseen cards of older Draw piles, counted, / copies
reshuffles     ``1``          how many times the Discard pile became the Draw pile
tokens         ``m``          each team's Crab tokens
pot            ``1``          the tokens in the Crab Pot
license        ``2``          the side the Crabbing License points at
phase          ``2``          play or offer
down           ``n``          hands down
confirmed      ``n``          players who confirmed
declined       ``n``          players who said no to the offer
swapped        ``1``          someone swapped this round
claws          ``n + 1``      who wears the Rubber Crab Claws; the last entry nobody
window         ``2, n``       the pending call on a partner: its caller, its target
claim          ``n + 1``      the Double Crabs claim: its player, then the tokens left
tied           ``m``          the tied teams of sudden death
winner         ``m``          the winning team
signals        ``8, n``       the latest signals (oldest first), by who made them
signal_count   ``1``          the signals of the whole game
calls          ``8, 2n + 2``  the latest calls: caller, target, right, Double Crabs
call_count     ``1``          the calls of the whole game
called_wrong   ``n``          players called wrong whose hand has not changed since
============== ============== ==========================================================

**Returns**: the two players of the winning team get ``+1``, every other player ``-1``
(general-sum once there are more than two teams).

>>> from crabrules import youve_got_crabs as ygc
>>> from crabrules.encoding import encoding
>>> enc = encoding("youve-got-crabs")
>>> enc.num_distinct_actions
30
>>> state = ygc.initial_state(seed=5)
>>> [enc.action_to_int(a) for a in ygc.legal_actions(state, 1)]
[23, 25, 26, 21]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from operator import add

import numpy as np
import numpy.typing as npt

from crabrules import youve_got_crabs as ygc
from crabrules.core import PlayerId
from crabrules.encoding.base import UNBOUNDED, Encoding, Section, same_value
from crabrules.youve_got_crabs import POT, Action, Config, Observation, State
from crabrules.youve_got_crabs._cards import Card
from crabrules.youve_got_crabs._observe import private_cards
from crabrules.youve_got_crabs._state import RECENT, Phase

__all__ = ["YouveGotCrabsEncoding"]

_SWAPS = 16
_PUT_DOWN, _PICK_UP, _CONFIRM, _YES, _NO, _SIGNAL, _RESOLVE, _CALLS = range(16, 24)
_SIMPLE: dict[type, int] = {
    ygc.PutDown: _PUT_DOWN,
    ygc.PickUp: _PICK_UP,
    ygc.Confirm: _CONFIRM,
    ygc.Signal: _SIGNAL,
    ygc.Resolve: _RESOLVE,
}
_SIMPLE_OF: dict[int, type[ygc.PutDown | ygc.PickUp | ygc.Confirm | ygc.Signal | ygc.Resolve]] = {
    number: cls for cls, number in _SIMPLE.items()
}
_PHASES = tuple(Phase)


class YouveGotCrabsEncoding(Encoding[State, Action, Observation]):
    """The encoding of You've Got Crabs for one config (see the module's docs)."""

    def __init__(self, config: Config) -> None:
        self.game = ygc.GAME
        self.config = config
        n = self.players = 2 * config.teams
        m = self.teams = config.teams
        kinds = self.kinds = len(config.types) + 1
        self.num_distinct_actions = _CALLS + n + 1 + m
        self.sections = (
            Section("observer", (n + 1,), "whose view; the last entry a spectator"),
            Section("hand", (4, kinds), "the observer's cards by slot"),
            Section("seen", (n, 4, kinds + 1), "the card everyone saw go in each slot"),
            Section("drawn_latest", (n, 4), "the slot's card came from the current pile"),
            Section("ocean", (4, kinds), "the Ocean by slot"),
            Section("draw_size", (1,), "cards in the Draw pile / deck size"),
            Section("discard", (kinds,), "the Discard pile, counted, / copies"),
            Section("hidden_latest", (kinds,), "unseen cards of the current pile / copies"),
            Section("hidden_older", (kinds,), "unseen cards of older piles / copies"),
            Section("reshuffles", (1,), "reshuffles so far", UNBOUNDED),
            Section("tokens", (m,), "each team's tokens", UNBOUNDED),
            Section("pot", (1,), "tokens in the Pot", UNBOUNDED),
            Section("license", (2,), "the License's side"),
            Section("phase", (len(_PHASES),), "play or offer"),
            Section("down", (n,), "hands down"),
            Section("confirmed", (n,), "confirmed"),
            Section("declined", (n,), "declined the offer"),
            Section("swapped", (1,), "someone swapped this round"),
            Section("claws", (n + 1,), "who wears the Claws; the last entry nobody"),
            Section("window", (2, n), "the pending call on a partner: caller, target"),
            Section("claim", (n + 1,), "the Double Crabs claim: player, tokens left", UNBOUNDED),
            Section("tied", (m,), "tied teams in sudden death"),
            Section("winner", (m,), "the winning team"),
            Section("signals", (RECENT, n), "the latest signals"),
            Section("signal_count", (1,), "signals so far", UNBOUNDED),
            Section("calls", (RECENT, 2 * n + 2), "the latest calls"),
            Section("call_count", (1,), "calls so far", UNBOUNDED),
            Section("called_wrong", (n,), "called wrong, hand unchanged since"),
        )
        # Where the one-hot of each slot's card starts, less the card's own shift (a kind
        # is ``card + 1``, a seen card's ``card + 2``): a card's 1 is at start + card.
        at = self.layout.offsets
        self._hand_at = tuple(at["hand"] + slot * kinds + 1 for slot in range(4))
        self._ocean_at = tuple(at["ocean"] + slot * kinds + 1 for slot in range(4))
        self._seen_at = tuple(
            tuple(at["seen"] + (p * 4 + slot) * (kinds + 1) + 2 for slot in range(4))
            for p in range(n)
        )
        self._drawn_at = tuple(at["drawn_latest"] + p * 4 for p in range(n))

    def _number(self, action: Action) -> int:
        """The action's number in the module's table."""
        kind = type(action)
        if kind is ygc.Swap:  # the most frequent legal action: 16 of them while swaps are open
            return 4 * action.hand_slot + action.ocean_slot  # type: ignore[union-attr]
        simple = _SIMPLE.get(kind)
        if simple is not None:
            return simple
        if kind is ygc.Call:
            return _CALLS + action.target  # type: ignore[union-attr]
        if kind is ygc.Answer:
            return _YES if action.wants_swap else _NO  # type: ignore[union-attr]
        source = action.source  # type: ignore[union-attr]
        return _CALLS + self.players + (0 if source == POT else 1 + source)

    def numbered_legal_actions(self, state: State, player: PlayerId) -> dict[int, Action]:
        """``player``'s legal actions by number (an environment's hot path).

        The numbering of a :class:`~crabrules.youve_got_crabs.Swap`, most of the legal
        actions, is inlined.
        """
        legal = ygc.legal_actions(state, player)
        if state.config is not self.config:
            self._check_config(state.config, "state")
        to_int = self._number
        return {
            4 * a.hand_slot + a.ocean_slot if type(a) is ygc.Swap else to_int(a): a for a in legal
        }

    def _decode(self, state: State | None, player: PlayerId, number: int) -> Action:
        """The action numbered ``number``; a call is made at ``state.clock`` (0 without one)."""
        if number < _SWAPS:
            return ygc.Swap(player, number // 4, number % 4)
        if number in (_YES, _NO):
            return ygc.Answer(player, number == _YES)
        if number < _CALLS:
            return _SIMPLE_OF[number](player)
        target = number - _CALLS
        if target < self.players:
            return ygc.Call(player, target, 0.0 if state is None else state.clock)
        source = target - self.players - 1
        return ygc.Collect(player, POT if source < 0 else source)

    def _is_number_of(self, action: Action, player: PlayerId, number: int) -> bool:
        """Whether ``number`` is ``action``; a call's time is not part of its number.

        The time must still be a finite number, as the rules require.
        """
        decoded = self._decode(None, player, number)
        if type(action) is ygc.Call and type(decoded) is ygc.Call:
            time = action.time
            timed = type(time) in (int, float) and math.isfinite(time)
            return timed and same_value(decoded.target, action.target)
        return same_value(decoded, action)

    def observation_tensor(self, observation: Observation) -> npt.NDArray[np.float32]:
        """The observation as the vector the module's table lays out."""
        o = observation
        self._check_observation(o)
        hidden = [(part.pile, part.cards) for part in o.hidden]
        return self._tensor(o, o.player, o.hand, o.draw_size, hidden)

    def state_tensor(self, state: State, player: PlayerId | None) -> npt.NDArray[np.float32]:
        """The tensor of ``observe(state, player)``, read from the state.

        What is private comes from :func:`~crabrules.youve_got_crabs._observe.private_cards`,
        as ``observe`` has it; the public fields are the state's own.
        """
        if type(player) is not int:
            player = self._check_viewer(player)
        hand, unseen = private_cards(state, player)
        if state.config is not self.config:
            self._check_config(state.config, "state")
        return self._tensor(state, player, hand, len(state.draw), unseen.items())

    def _tensor(
        self,
        o: State | Observation,
        viewer: PlayerId | None,
        hand: Sequence[Card],
        draw_size: int,
        hidden: Iterable[tuple[int, Sequence[Card]]],
    ) -> npt.NDArray[np.float32]:
        # The hot path of an environment step: every 1 is listed first and written at
        # once, and the numbers from ``draw_size`` to ``pot`` (adjacent sections) in one
        # slice; a numpy write per section would cost more than the rest of the step.
        # ``o`` gives the public fields, which a state and its observation share.
        n, kinds, at = self.players, self.kinds, self.layout.offsets
        latest = o.reshuffles
        ones = [at["observer"] + (n if viewer is None else viewer)]
        ones += map(add, self._hand_at, hand)
        for starts, cards in zip(self._seen_at, o.seen, strict=True):
            ones += map(add, starts, cards)
        ones += [
            start + slot
            for start, piles in zip(self._drawn_at, o.drawn_from, strict=True)
            for slot, pile in enumerate(piles)
            if pile == latest
        ]
        ones += map(add, self._ocean_at, o.ocean)
        ones += (at["license"] + o.license, at["phase"] + _PHASES.index(o.phase))
        ones += [at["down"] + p for p in o.down]
        ones += [at["confirmed"] + p for p in o.confirmed]
        ones += [at["declined"] + p for p in o.declined]
        if o.swapped:
            ones.append(at["swapped"])
        ones.append(at["claws"] + (n if o.claws is None else o.claws))
        ones += _call_ones(o, at, n)
        # The sections discard, hidden_latest and hidden_older: cards counted by kind.
        counted = [0] * (3 * kinds)
        for card in o.discard:
            counted[card + 1] += 1
        for pile, unseen in hidden:
            first = (kinds if pile == latest else 2 * kinds) + 1
            for card in unseen:
                counted[first + card] += 1
        copies = self.config.copies
        numbers = [draw_size / self.config.deck_size]
        numbers += [count / copies for count in counted]
        numbers += (o.reshuffles, *o.tokens, o.pot)
        values = np.zeros(self.layout.size, dtype=np.float32)
        values[np.fromiter(ones, np.intp, len(ones))] = 1.0
        start = at["draw_size"]  # then discard, hidden_latest, hidden_older, ..., pot
        values[start : start + len(numbers)] = numbers
        if o.claim is not None:
            values[at["claim"] + n] = o.claim.remaining
        values[at["signal_count"]] = o.signal_count
        values[at["call_count"]] = o.call_count
        return values


def _call_ones(o: State | Observation, at: Mapping[str, int], n: int) -> list[int]:
    """The 1s of the calls, claims, signals and end of ``o`` (offsets ``at``, ``n`` players)."""
    ones: list[int] = []
    if o.window is not None:
        ones += (at["window"] + o.window.caller, at["window"] + n + o.window.target)
    if o.claim is not None:
        ones.append(at["claim"] + o.claim.player)
    ones += [at["tied"] + t for t in o.tied]
    if o.winner is not None:
        ones.append(at["winner"] + o.winner)
    signals = at["signals"]
    ones += [signals + i * n + p for i, p in enumerate(o.signals)]
    calls, width = at["calls"], 2 * n + 2
    for i, call in enumerate(o.calls):
        row = calls + i * width
        ones += (row + call.caller, row + n + call.target)
        if call.right:
            ones.append(row + 2 * n)
        if call.double:
            ones.append(row + 2 * n + 1)
    ones += [at["called_wrong"] + p for p in o.called_wrong]
    return ones
