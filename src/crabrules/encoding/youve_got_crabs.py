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

import numpy as np
import numpy.typing as npt

from crabrules import youve_got_crabs as ygc
from crabrules.core import PlayerId
from crabrules.encoding.base import Encoding, Section
from crabrules.youve_got_crabs import (
    POT,
    Action,
    Answer,
    Call,
    Collect,
    Config,
    Confirm,
    Observation,
    PickUp,
    PutDown,
    Resolve,
    Signal,
    State,
    Swap,
)
from crabrules.youve_got_crabs.state import RECENT, Phase

__all__ = ["YouveGotCrabsEncoding"]

_SWAPS = 16
_PUT_DOWN, _PICK_UP, _CONFIRM, _YES, _NO, _SIGNAL, _RESOLVE, _CALLS = range(16, 24)
_SIMPLE: dict[type, int] = {
    PutDown: _PUT_DOWN,
    PickUp: _PICK_UP,
    Confirm: _CONFIRM,
    Signal: _SIGNAL,
    Resolve: _RESOLVE,
}
_SIMPLE_OF: dict[int, type[PutDown | PickUp | Confirm | Signal | Resolve]] = {
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
            Section("reshuffles", (1,), "reshuffles so far"),
            Section("tokens", (m,), "each team's tokens"),
            Section("pot", (1,), "tokens in the Pot"),
            Section("license", (2,), "the License's side"),
            Section("phase", (len(_PHASES),), "play or offer"),
            Section("down", (n,), "hands down"),
            Section("confirmed", (n,), "confirmed"),
            Section("declined", (n,), "declined the offer"),
            Section("swapped", (1,), "someone swapped this round"),
            Section("claws", (n + 1,), "who wears the Claws; the last entry nobody"),
            Section("window", (2, n), "the pending call on a partner: caller, target"),
            Section("claim", (n + 1,), "the Double Crabs claim: player, tokens left"),
            Section("tied", (m,), "tied teams in sudden death"),
            Section("winner", (m,), "the winning team"),
            Section("signals", (RECENT, n), "the latest signals"),
            Section("signal_count", (1,), "signals so far"),
            Section("calls", (RECENT, 2 * n + 2), "the latest calls"),
            Section("call_count", (1,), "calls so far"),
            Section("called_wrong", (n,), "called wrong, hand unchanged since"),
        )

    def action_to_int(self, action: Action) -> int:
        """The action's number in the module's table."""
        kind = type(action)
        simple = _SIMPLE.get(kind)
        if simple is not None:
            return simple
        if kind is Swap:
            return 4 * action.hand_slot + action.ocean_slot  # type: ignore[union-attr]
        if kind is Call:
            return _CALLS + action.target  # type: ignore[union-attr]
        if kind is Answer:
            return _YES if action.wants_swap else _NO  # type: ignore[union-attr]
        source = action.source  # type: ignore[union-attr]
        return _CALLS + self.players + (0 if source == POT else 1 + source)

    def int_to_action(self, state: State, player: PlayerId, number: int) -> Action:
        """The action numbered ``number``; a call is made at ``state.clock``."""
        number = self._check_number(number)
        if number < _SWAPS:
            return Swap(player, number // 4, number % 4)
        if number in (_YES, _NO):
            return Answer(player, number == _YES)
        if number < _CALLS:
            return _SIMPLE_OF[number](player)
        target = number - _CALLS
        if target < self.players:
            return Call(player, target, state.clock)
        source = target - self.players - 1
        return Collect(player, POT if source < 0 else source)

    def observation_tensor(self, observation: Observation) -> npt.NDArray[np.float32]:
        """The observation as the vector the module's table lays out."""
        n, kinds = self.players, self.kinds
        copies = self.config.copies
        tensor = self.new_tensor()
        o = observation
        tensor.set("observer", n if o.player is None else o.player)
        tensor.set_many("hand", [slot * kinds + card + 1 for slot, card in enumerate(o.hand)])
        tensor.set_many(
            "seen",
            [
                (p * 4 + slot) * (kinds + 1) + card + 2
                for p, cards in enumerate(o.seen)
                for slot, card in enumerate(cards)
            ],
        )
        tensor.set_many(
            "drawn_latest",
            [
                p * 4 + slot
                for p, piles in enumerate(o.drawn_from)
                for slot, pile in enumerate(piles)
                if pile == o.reshuffles
            ],
        )
        tensor.set_many("ocean", [slot * kinds + card + 1 for slot, card in enumerate(o.ocean)])
        tensor.set("draw_size", 0, value=o.draw_size / self.config.deck_size)
        tensor.put("discard", _counts(o.discard, kinds, copies))
        latest: list[int] = []
        older: list[int] = []
        for pile in o.hidden:
            (latest if pile.pile == o.reshuffles else older).extend(pile.cards)
        tensor.put("hidden_latest", _counts(latest, kinds, copies))
        tensor.put("hidden_older", _counts(older, kinds, copies))
        tensor.set("reshuffles", 0, value=o.reshuffles)
        tensor.put("tokens", [float(t) for t in o.tokens])
        tensor.set("pot", 0, value=o.pot)
        tensor.set("license", o.license)
        tensor.set("phase", _PHASES.index(o.phase))
        tensor.set_many("down", sorted(o.down))
        tensor.set_many("confirmed", sorted(o.confirmed))
        tensor.set_many("declined", sorted(o.declined))
        tensor.set("swapped", 0, value=float(o.swapped))
        tensor.set("claws", n if o.claws is None else o.claws)
        if o.window is not None:
            tensor.set("window", 0, o.window.caller)
            tensor.set("window", 1, o.window.target)
        if o.claim is not None:
            tensor.set("claim", o.claim.player)
            tensor.set("claim", n, value=o.claim.remaining)
        tensor.set_many("tied", sorted(o.tied))
        if o.winner is not None:
            tensor.set("winner", o.winner)
        tensor.set_many("signals", [i * n + p for i, p in enumerate(o.signals)])
        tensor.set("signal_count", 0, value=o.signal_count)
        width = 2 * n + 2
        calls: list[int] = []
        for i, call in enumerate(o.calls):
            base = i * width
            calls += [base + call.caller, base + n + call.target]
            calls += [base + 2 * n] if call.right else []
            calls += [base + 2 * n + 1] if call.double else []
        tensor.set_many("calls", calls)
        tensor.set("call_count", 0, value=o.call_count)
        tensor.set_many("called_wrong", sorted(o.called_wrong))
        return tensor.values


def _counts(cards: list[int] | tuple[int, ...], kinds: int, copies: int) -> list[float]:
    """How many cards of each kind, divided by ``copies``."""
    counted = [0] * kinds
    for card in cards:
        counted[card + 1] += 1
    return [count / copies for count in counted]
