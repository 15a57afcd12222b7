"""A casual player of You've Got Crabs, under whom random games end.

Uniform random play never ends: about a quarter of the legal actions are calls, nearly
all wrong, and wrong calls refill the Pot. This player does what a table of honest
beginners does:

- **swaps toward four of a kind**: it takes an Ocean card of its commonest type (or the
  Imitation Crab) for a card of another type; with no such swap it puts its hand down, and
  picks it up again when a card it wants appears; holding four of a kind, it swaps no more;
- **signals honestly**, once, as soon as it holds four of a kind;
- **calls its partner only after the partner's signal**, quickly (0.3 to 1 s);
- **calls an opponent only when it saw a signal**: it notices another team's signal
  half the time (:data:`NOTICE`), and reacts more slowly (0.6 to 2 s), so the partner
  usually calls first;
- called by its partner while holding four of a kind itself, after the partner's own
  signal, it **counter-calls** within the second (Double Crabs), and collects from the
  richest other team first; a caller whose partner does not answer sends ``Resolve``
  just after the second;
- answers the offer with "yes" exactly when a swap would help it;
- after :data:`RESTLESS` rounds of waiting with the same hand (the type it collects may
  be out of reach, its other copies in other hands), it says "yes" to the offer and
  swaps any card but the wild one, to collect another type.

Its clock times are those reaction times after the latest action, and its calls carry
them. It remembers which signals and calls it has seen, so each game needs its own.

>>> import crabrules
>>> from crabrules.agents import play_match
>>> game = crabrules.get_game("youve-got-crabs")
>>> result = play_match(game, [YouveGotCrabsPlayer() for _ in range(4)], seed=1)
>>> result.finished, result.outcome.reason
(True, 'sudden_death')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from crabrules.agents.base import Decision, Turn, stamped
from crabrules.core import PlayerId, Rng
from crabrules.youve_got_crabs import (
    DOUBLE_CRABS_WINDOW,
    IMITATION_CRAB,
    POT,
    Answer,
    Call,
    Card,
    Collect,
    Confirm,
    Observation,
    Phase,
    PickUp,
    PutDown,
    Resolve,
    Signal,
    State,
    Swap,
    is_scoring,
    table,
)

__all__ = ["NOTICE", "RESTLESS", "YouveGotCrabsPlayer"]

#: How often a player notices another team's signal.
NOTICE = 0.5
#: After this many rounds waiting with the same hand, a player swaps anything to move on.
RESTLESS = 5

# Reaction times, in seconds: (shortest, longest).
_SWAP = (0.5, 2.0)
_HAND = (0.3, 1.0)  # putting down, picking up, confirming, answering
_SIGNAL = (0.2, 1.0)
_PARTNER_CALL = (0.3, 1.0)
_OPPONENT_CALL = (0.6, 2.0)
_COUNTER_CALL = (0.1, 0.8)  # inside DOUBLE_CRABS_WINDOW
_RESOLVE_AFTER = DOUBLE_CRABS_WINDOW + 0.05


class YouveGotCrabsPlayer:
    """One seat's casual player; it remembers the signals and calls it has seen."""

    def __init__(self) -> None:
        self._signals_seen = 0
        self._calls_seen = 0
        self._to_call: set[PlayerId] = set()
        self._signalled: tuple[Card, ...] | None = None
        self._hand: tuple[Card, ...] = ()
        self._waiting = False  # the hand is down, or the offer declined
        self._fruitless = 0  # rounds waited since the hand last changed

    @classmethod
    def resuming(
        cls, state: State, to_call: Iterable[PlayerId], signalled: tuple[Card, ...] | None
    ) -> YouveGotCrabsPlayer:
        """A player taking over a seat in ``state`` (a search's rollout, say).

        It has seen the signals and calls made so far, remembers ``to_call`` as the
        signallers to call, and has signalled the hand ``signalled`` (``None``: none).

        >>> import crabrules
        >>> game = crabrules.get_game("youve-got-crabs")
        >>> player = YouveGotCrabsPlayer.resuming(game.initial_state(seed=1), {1}, None)
        >>> player.believed_signallers
        frozenset({1})
        """
        player = cls()
        player._signals_seen = state.signal_count
        player._calls_seen = state.call_count
        player._to_call = set(to_call)
        player._signalled = signalled
        return player

    @property
    def believed_signallers(self) -> frozenset[PlayerId]:
        """The players whose signal this player saw and who have not been called since."""
        return frozenset(self._to_call)

    @property
    def signal_standing(self) -> bool:
        """Whether this player signalled its current hand (and was not called since)."""
        return self._signalled is not None and self._signalled == self._hand

    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        """What a casual player does now, or ``None`` to wait for the others."""
        # Not options()[0]: its alternatives cost a second look at the hand, and the
        # rollouts of a search ask this every action for every player.
        return self._decide(turn, rng)

    def options(self, turn: Turn, rng: Rng) -> tuple[Decision | None, tuple[Any, ...]]:
        """The decision, and the actions as good as its action to a casual player.

        A search agent in real-time play acts when this player would, and chooses among
        these alternatives (the swaps that help, the sources of a Double Crabs claim).
        """
        decision = self._decide(turn, rng)
        if decision is None:
            return None, ()
        action = decision.action
        if isinstance(action, Swap):
            helpful = _helpful_swaps(turn.observation.hand, turn.observation.ocean, turn.player)
            return decision, tuple(a for a in turn.legal if a in helpful) or (action,)
        if isinstance(action, Collect):
            return decision, turn.legal
        return decision, (action,)

    def _decide(self, turn: Turn, rng: Rng) -> Decision | None:
        view: Observation = turn.observation
        rng = self._look(turn.player, view, rng)
        legal = turn.legal
        if view.claim is not None:
            return Decision(_richest_source(turn.player, view, legal), turn.now)
        if view.window is not None:
            return self._in_window(turn, view, rng)
        hand = view.hand
        if is_scoring(hand) and hand != self._signalled and Signal(turn.player) in legal:
            return _after(turn, Signal(turn.player), _SIGNAL, rng)
        partner = table(view.config).partner_of[turn.player]
        # The partner's signal first, then the opponents' in id order.
        for target in sorted(self._to_call, key=lambda p: (p != partner, p)):
            call = Call(turn.player, target)
            if call in legal:
                reaction = _PARTNER_CALL if target == partner else _OPPONENT_CALL
                return _after(turn, call, reaction, rng)
        return self._round(turn, view, rng)

    def _look(self, me: PlayerId, view: Observation, rng: Rng) -> Rng:
        # Calls first: a call on a signaller answers the signal (right: a new hand).
        new_calls = view.call_count - self._calls_seen
        for record in view.calls[len(view.calls) - min(new_calls, len(view.calls)) :]:
            self._to_call.discard(record.target)
            if record.target == me and record.right:
                self._signalled = None  # a new hand: four of a kind again is news
        self._calls_seen = view.call_count
        new_signals = view.signal_count - self._signals_seen
        seats = table(view.config)
        for signaller in view.signals[len(view.signals) - min(new_signals, len(view.signals)) :]:
            if signaller == me:
                # Remembered once made, not when decided: another action may come first.
                self._signalled = view.hand
                continue
            if seats.team_of[signaller] == seats.team_of[me]:
                self._to_call.add(signaller)
            else:
                roll, rng = rng.below(1000)
                if roll < NOTICE * 1000:
                    self._to_call.add(signaller)
        self._signals_seen = view.signal_count
        # Rounds spent waiting with the same hand: the type it collects may be out of
        # reach (its other copies in other hands), so after a few it tries another.
        waiting = me in view.down or me in view.declined
        if view.hand != self._hand:
            self._hand, self._fruitless = view.hand, 0
        elif waiting and not self._waiting and not is_scoring(view.hand):
            self._fruitless += 1
        self._waiting = waiting
        return rng

    def _in_window(self, turn: Turn, view: Observation, rng: Rng) -> Decision | None:
        window = view.window
        assert window is not None
        if turn.player == window.caller:
            return Decision(Resolve(turn.player), max(turn.now, window.time + _RESOLVE_AFTER))
        counter = Call(turn.player, window.caller)
        # Double Crabs needs both hands: counter-call only a partner who signalled.
        if is_scoring(view.hand) and window.caller in self._to_call and counter in turn.legal:
            delay, rng = _delay(_COUNTER_CALL, rng)
            at = max(turn.now, window.time + delay)
            return Decision(stamped(counter, at), at)
        return None

    def _round(self, turn: Turn, view: Observation, rng: Rng) -> Decision | None:
        me, legal = turn.player, turn.legal
        scoring = is_scoring(view.hand)
        swaps = [] if scoring else _helpful_swaps(view.hand, view.ocean, me)
        restless = not scoring and self._fruitless >= RESTLESS
        if view.phase is Phase.OFFER:
            answer = Answer(me, bool(swaps) or restless)
            return _after(turn, answer, _HAND, rng) if answer in legal else None
        usable = [swap for swap in swaps if swap in legal]
        if not usable and restless:
            # Any swap that keeps the wild card: a new type to collect.
            usable = [
                a
                for a in legal
                if isinstance(a, Swap) and view.hand[a.hand_slot] != IMITATION_CRAB
            ]
        if usable:
            swap, rng = rng.choice(usable)
            return _after(turn, swap, _SWAP, rng)
        for action in (PickUp(me) if swaps else None, PutDown(me), Confirm(me)):
            if action is not None and action in legal:
                return _after(turn, action, _HAND, rng)
        return None


def _helpful_swaps(hand: tuple[Card, ...], ocean: tuple[Card, ...], me: PlayerId) -> list[Swap]:
    """The swaps that raise the count of the hand's commonest type (the wild card counts)."""
    counts = Counter(card for card in hand if card != IMITATION_CRAB)
    if not counts:
        return []
    best = max(counts.values())
    targets = {card for card, count in counts.items() if count == best}
    out = []
    for ocean_slot, take in enumerate(ocean):
        if take != IMITATION_CRAB and take not in targets:
            continue
        target = take if take != IMITATION_CRAB else min(targets)
        for hand_slot, give in enumerate(hand):
            # Give a card of another type; with all types single, any other card will do.
            if give != IMITATION_CRAB and (give != target or best == 1) and give != take:
                out.append(Swap(me, hand_slot, ocean_slot))
    return out


def _richest_source(me: PlayerId, view: Observation, legal: tuple[Any, ...]) -> Any:
    """The Collect from the other team with the most tokens, else from the Pot."""
    mine = table(view.config).team_of[me]
    teams = [
        (view.tokens[action.source], action)
        for action in legal
        if isinstance(action, Collect) and action.source not in (POT, mine)
    ]
    if teams:
        return max(teams, key=lambda pair: pair[0])[1]
    return Collect(me, POT) if Collect(me, POT) in legal else legal[0]


def _delay(bounds: tuple[float, float], rng: Rng) -> tuple[float, Rng]:
    steps, rng = rng.below(1 << 20)
    low, high = bounds
    return low + (high - low) * steps / (1 << 20), rng


def _after(turn: Turn, action: Any, bounds: tuple[float, float], rng: Rng) -> Decision:
    delay, rng = _delay(bounds, rng)
    at = turn.now + delay
    return Decision(stamped(action, at), at)
