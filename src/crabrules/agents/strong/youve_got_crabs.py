"""The strong player of You've Got Crabs: quick, and it believes only honest signals.

It plays a round (swaps, hand down, offers, a Double Crabs claim's sources) as the casual
player does (:class:`~crabrules.agents.plausible.youve_got_crabs.YouveGotCrabsPlayer`),
with the fastest of its reaction times, and takes the calls in hand itself:

- **signals** as soon as it holds four of a kind (:data:`SIGNAL` seconds), and **calls
  its partner** :data:`PARTNER_CALL` seconds after the partner's signal, so an opponent
  seldom steals the point;
- **calls every opponent's signal** it saw, :data:`OPPONENT_CALL` seconds after it, but
  only a **credible** one: it infers from what everyone saw which signals cannot be true
  (:func:`refuted`: the cards seen going into that hand show two types) and which players
  signal falsely (a call on a standing signal proved wrong): it never calls those again,
  so a bluffing or random team cannot bleed its tokens away;
- never calls without a signal: a wrong call gives a token away.

Each delay counts from the moment it first saw the signal, not from the latest action,
so other players' actions do not put it off; none is faster than the quickest casual
reaction to the same kind of event.

>>> import crabrules
>>> from crabrules.agents import PlausibleAgent, play_match
>>> game = crabrules.get_game("youve-got-crabs")
>>> seats = [YouveGotCrabsStrong(), YouveGotCrabsStrong(), PlausibleAgent(), PlausibleAgent()]
>>> play_match(game, seats, seed=1).finished
True
"""

from __future__ import annotations

from typing import Any

from crabrules.agents.base import Decision, Turn, stamped
from crabrules.agents.plausible.youve_got_crabs import YouveGotCrabsPlayer
from crabrules.core import PlayerId, Rng
from crabrules.youve_got_crabs import (
    IMITATION_CRAB,
    UNSEEN,
    Answer,
    Call,
    Card,
    Confirm,
    Observation,
    Phase,
    PickUp,
    PutDown,
    Signal,
    Swap,
    is_scoring,
    table,
)

__all__ = [
    "OPPONENT_CALL",
    "HAND",
    "PARTNER_CALL",
    "SIGNAL",
    "STUCK",
    "SWAP",
    "YouveGotCrabsStrong",
    "can_make_four",
    "refuted",
    "target_type",
    "wanted_swaps",
    "within_reach",
]

#: Seconds from holding four of a kind to signalling it.
SIGNAL = 0.2
#: Seconds from seeing the partner's signal to calling the partner.
PARTNER_CALL = 0.3
#: Seconds from seeing a credible opponent's signal to calling that opponent.
OPPONENT_CALL = 0.6
#: Seconds from the latest action to a swap (the casual player's quickest).
SWAP = 0.5
#: Rounds confirmed with the same hand before it gives up its type (twice as many for
#: the partner who sits first).
STUCK = 5
#: Seconds to put the hand down, pick it up, confirm or answer the offer (the same).
HAND = 0.3


def refuted(seen: tuple[Card, ...]) -> bool:
    """Whether the cards everyone saw go into a hand show it cannot be four of a kind.

    >>> refuted((3, UNSEEN, 3, UNSEEN)), refuted((3, UNSEEN, 5, UNSEEN))
    (False, True)
    >>> refuted((3, IMITATION_CRAB, 3, 3))
    False
    """
    kinds = {card for card in seen if card not in (UNSEEN, IMITATION_CRAB)}
    return len(kinds) > 1


def within_reach(view: Observation, me: PlayerId) -> dict[Card, int]:
    """How many cards of each type ``me`` could still take, by type.

    Those in the Ocean or seen going into another hand; every type in ``me``'s hand is a
    key.

    >>> import crabrules
    >>> game = crabrules.get_game("youve-got-crabs")
    >>> view = game.observe(game.initial_state(seed=3), 0)
    >>> sum(within_reach(view, 0).values()) == len(view.ocean)  # nothing seen yet
    True
    """
    reach = dict.fromkeys((card for card in view.hand if card != IMITATION_CRAB), 0)
    for p, cards in enumerate((view.ocean, *view.seen)):
        if p - 1 == me:
            continue  # its own hand is not within reach: it holds it
        for card in cards:
            if card not in (UNSEEN, IMITATION_CRAB):
                reach[card] = reach.get(card, 0) + 1
    return reach


def can_make_four(view: Observation, me: PlayerId, card: Card) -> bool:
    """Whether the cards ``me`` holds and those :func:`within_reach` make four of ``card``.

    When no type can, the cards in play are stuck, and only a new Ocean brings others.
    """
    held = sum(1 for c in view.hand if c in (card, IMITATION_CRAB))
    return held + within_reach(view, me).get(card, 0) >= 4


def target_type(view: Observation, me: PlayerId, avoid: Card | None = None) -> Card | None:
    """The type ``me`` collects: the most held among those with four within reach.

    Within reach: in the hand, in the Ocean, or seen going into another hand (every card
    a player swaps away passes the Ocean), but the type the partner is seen collecting
    (two of it, more than this hand holds, or as many and the partner sits first) and
    ``avoid``, a type given up (:data:`STUCK`). Ties go to the type with more within
    reach, then the lower type; ``None`` for a hand of wild cards only.

    >>> import crabrules
    >>> game = crabrules.get_game("youve-got-crabs")
    >>> view = game.observe(game.initial_state(seed=3), 0)
    >>> target_type(view, 0) in view.hand
    True
    """
    mine = [card for card in view.hand if card != IMITATION_CRAB]
    if not mine:
        return None
    wild = len(view.hand) - len(mine)
    reach = within_reach(view, me)
    # The type the partner is seen collecting is the partner's: two hands share no type.
    partner = table(view.config).partner_of[me]
    theirs = [c for c in view.seen[partner] if c not in (UNSEEN, IMITATION_CRAB)]
    given_up = {avoid}
    for card in set(theirs):
        held, collected = mine.count(card), theirs.count(card)
        # Two partners collecting one type may block each other for good (three each).
        if collected >= 2 and (held < collected or (held == collected and me > partner)):
            given_up.add(card)

    def rank(card: Card) -> tuple[bool, bool, int, int, int]:
        held = mine.count(card) + wild
        return (card not in given_up, held + reach[card] >= 4, held, reach[card], -card)

    return max(reach, key=rank)


def wanted_swaps(view: Observation, me: PlayerId, avoid: Card | None = None) -> list[Swap]:
    """The swaps that take a card of :func:`target_type` (or the wild one) for another.

    >>> import crabrules
    >>> game = crabrules.get_game("youve-got-crabs")
    >>> view = game.observe(game.initial_state(seed=3), 0)
    >>> all(view.ocean[s.ocean_slot] != view.hand[s.hand_slot] for s in wanted_swaps(view, 0))
    True
    """
    target = target_type(view, me, avoid)
    if target is None:
        return []
    hand = view.hand
    gives = [slot for slot, card in enumerate(hand) if card not in (target, IMITATION_CRAB)]
    # Give the card of the type held least first: it is the furthest from four.
    gives.sort(key=lambda slot: (hand.count(hand[slot]), slot))
    return [
        Swap(me, give, take)
        for take, card in enumerate(view.ocean)
        if card in (target, IMITATION_CRAB)
        for give in gives
    ]


class YouveGotCrabsStrong:
    """One seat's strong player; it remembers the signals, calls and liars it has seen."""

    def __init__(self) -> None:
        self.casual = YouveGotCrabsPlayer()
        self._signals_seen = 0
        self._calls_seen = 0
        self._pending: dict[PlayerId, float] = {}  # signaller -> when this player saw it
        self.liars: set[PlayerId] = set()
        self._planned: dict[type, float] = {}  # kind of action -> when it is to be taken
        self._hand: tuple[Card, ...] = ()
        self._stuck = 0  # rounds confirmed with the same hand

    def _keep_time(self, decision: Decision | None, now: float) -> Decision | None:
        # The time of an action of the kind it already meant to take stays: with quicker
        # players at the table, each new action would otherwise put it off for good.
        if decision is None:
            self._planned.clear()
            return None
        kind = type(decision.action)
        planned = min(self._planned.get(kind, decision.at), decision.at)
        self._planned = {kind: planned}
        return Decision(decision.action, max(now, planned))

    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        """The strong decision now, or ``None`` to wait for the others."""
        view: Observation = turn.observation
        self._look(turn.player, view, turn.now)
        casual = self.casual.act(turn, rng)  # keeps the casual player's memory up to date
        if view.claim is not None or view.window is not None:
            return casual
        me = turn.player
        if is_scoring(view.hand) and not self.casual.signal_standing:
            signal = Signal(me)
            if signal in turn.legal:
                return Decision(signal, turn.now + SIGNAL)
        call = self._call(turn, view)
        if call is not None:
            return call
        decision = _round(turn, view, self._avoid(turn, view))
        if decision is not None and isinstance(decision.action, Confirm):
            self._stuck += view.hand == self._hand
            self._hand = view.hand
        return self._keep_time(decision, turn.now)

    def _avoid(self, turn: Turn, view: Observation) -> Card | None:
        # Stuck with the same hand, it gives its type up (the seat after its partner's
        # first, then both): partners holding three each of one type block each other.
        if view.hand != self._hand:
            self._stuck = 0
        first = table(view.config).partner_of[turn.player] < turn.player
        if self._stuck < (STUCK if first else 2 * STUCK):
            return None
        return target_type(view, turn.player)

    def credible(self, view: Observation, signaller: PlayerId) -> bool:
        """Whether ``signaller``'s standing signal may be true, as far as this player knows."""
        seen = view.seen[signaller]
        if UNSEEN not in seen:
            return is_scoring(seen)
        return signaller not in self.liars and not refuted(seen)

    def _look(self, me: PlayerId, view: Observation, now: float) -> None:
        new_calls = min(view.call_count - self._calls_seen, len(view.calls))
        for record in view.calls[len(view.calls) - new_calls :]:
            if record.target in self._pending and not record.right:
                self.liars.add(record.target)  # a standing signal called wrong: a liar
            self._pending.pop(record.target, None)
        self._calls_seen = view.call_count
        new_signals = min(view.signal_count - self._signals_seen, len(view.signals))
        for signaller in view.signals[len(view.signals) - new_signals :]:
            if signaller != me:
                self._pending.setdefault(signaller, now)
        self._signals_seen = view.signal_count
        for p, seen in enumerate(view.seen):
            if p != me and UNSEEN not in seen and is_scoring(seen):
                self._pending.setdefault(p, now)  # four of a kind seen going in

    def _call(self, turn: Turn, view: Observation) -> Decision | None:
        partner = table(view.config).partner_of[turn.player]
        for target in sorted(self._pending, key=lambda p: (p != partner, p)):
            action: Any = Call(turn.player, target)
            if action not in turn.legal or not self.credible(view, target):
                continue
            delay = PARTNER_CALL if target == partner else OPPONENT_CALL
            at = max(turn.now, self._pending[target] + delay)
            return Decision(stamped(action, at), at)
        return None


def _round(turn: Turn, view: Observation, avoid: Card | None) -> Decision | None:
    """A round's action: a swap for :func:`target_type`, else the hand down and confirmed."""
    me, legal = turn.player, turn.legal
    wanted = [] if is_scoring(view.hand) else wanted_swaps(view, me, avoid)
    if view.phase is Phase.OFFER:
        # Yes only for a swap towards four: otherwise a new Ocean is worth more (it comes
        # when every player asked says no).
        target = view.ocean[wanted[0].ocean_slot] if wanted else None
        answer = Answer(me, target is not None and can_make_four(view, me, target))
        return Decision(answer, turn.now + HAND) if answer in legal else None
    swaps = [a for a in wanted if a in legal]
    if swaps:
        return Decision(swaps[0], turn.now + SWAP)
    for action in (PickUp(me) if wanted else None, PutDown(me), Confirm(me)):
        if action is not None and action in legal:
            return Decision(action, turn.now + HAND)
    return None
