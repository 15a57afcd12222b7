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
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from crabrules.agents.base import Agent, Decision, Turn, stamped
from crabrules.core import PlayerId, Rng
from crabrules.youve_got_crabs import (
    DOUBLE_CRABS_WINDOW,
    IMITATION_CRAB,
    POT,
    UNSEEN,
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
from crabrules.youve_got_crabs._observe import IN_DRAW, HiddenPlace, put_card

__all__ = [
    "NOTICE",
    "RESTLESS",
    "YouveGotCrabsPlayer",
    "YouveGotCrabsTiming",
    "honest_world",
    "rollout_players",
    "timed",
]

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


class YouveGotCrabsTiming:
    """A search agent's timing in You've Got Crabs (:mod:`crabrules.agents.timing`).

    Search chooses between acting and waiting where timing is the question the game turns
    on, a **call**: call now, or not now (leave the signaller to their partner, or look
    again after the next action). In the search's rollouts, waiting means "not this call,
    for now": the agent's casual stand-in does not make it (:func:`rollout_players`).
    Signals, swaps, putting the hand down and the other actions of a round are taken when
    the casual player takes them, and search chooses among the equally good ones only.
    Waiting before a signal or a swap was tried and dropped: a one-action delay is worth
    about the same as acting, so the noise of a small search decided, and an agent that
    waited at every look never signalled.

    A call is judged by what the called hand holds, and a determinized world deals the
    hidden cards at random, where a signaller seldom holds four of a kind. The search
    agent believes its signals: in each world it draws, every player whose signal it saw
    and who has not been called since holds four of a kind if the world's hidden cards
    allow it (:func:`honest_world`). A signal the public cards refute (say, two types
    taken from the Ocean in the open) stays refuted, and calling it is seen to be wrong.

    It wraps one seat's :class:`YouveGotCrabsPlayer` (:attr:`casual`), asked at every
    turn, so it remembers the signals it saw.

    >>> timing = YouveGotCrabsTiming()
    >>> timing.passed((Call(player=0, target=1), Signal(player=0)))
    frozenset({1})
    >>> timing.passed((Signal(player=0),))
    frozenset()
    """

    def __init__(self) -> None:
        self.casual = YouveGotCrabsPlayer()

    def options(self, turn: Turn, rng: Rng) -> tuple[Decision | None, tuple[Any, ...]]:
        """The casual player's decision and its equally good actions, as its ``options``."""
        return self.casual.options(turn, rng)

    def _standing(self, me: PlayerId) -> frozenset[PlayerId]:
        # The signallers the casual player saw and who were not called since, and ``me``
        # if its own signal stands.
        casual = self.casual
        return casual.believed_signallers | ({me} if casual.signal_standing else frozenset())

    def passed(self, options: tuple[Any, ...]) -> frozenset[PlayerId]:
        """The targets of the calls among ``options``: a wait puts off those calls."""
        return frozenset(a.target for a in options if timed(a))

    def believed(self, world: State, me: PlayerId) -> State:
        """``world`` with each standing signaller holding four of a kind (:func:`honest_world`)."""
        return honest_world(world, me, self._standing(me))

    def rollout_players(
        self, me: PlayerId, passed: frozenset[PlayerId]
    ) -> Callable[[State, bool], list[Agent]]:
        """The rollouts' casual players, knowing the standing signals (:func:`rollout_players`)."""
        return rollout_players(me, self._standing(me), passed)


def timed(action: Any) -> bool:
    """Whether ``action`` is one whose timing a search agent chooses: a call.

    >>> timed(Call(player=0, target=1)), timed(Signal(player=0))
    (True, False)
    """
    return isinstance(action, Call)


def rollout_players(
    me: PlayerId, standing: frozenset[PlayerId], passed: frozenset[PlayerId]
) -> Callable[[State, bool], list[Agent]]:
    """The casual players of a search's rollouts, who know the standing signals.

    ``standing`` are the players whose signal ``me`` saw and who have not been called
    since (``me`` too, if its own signal stands). In a rollout ``me`` remembers them all,
    except, after a wait, those it waited to call (``passed``): waiting means "not this
    call, for now". Every other player remembers its partner's standing signal (a team
    sees its own signals) and no other; each signaller remembers having signalled.

    >>> import crabrules
    >>> game = crabrules.get_game("youve-got-crabs")
    >>> players = rollout_players(0, frozenset({1, 2}), frozenset({2}))
    >>> [p.believed_signallers for p in players(game.initial_state(seed=1), True)]
    [frozenset({1}), frozenset(), frozenset(), frozenset({2})]
    """

    def players(state: State, waited: bool) -> list[Agent]:
        partner_of = table(state.config).partner_of
        out: list[Agent] = []
        for p in range(state.config.players):
            if p == me:
                knows = standing - {me} - (passed if waited else frozenset())
            else:
                knows = standing & {partner_of[p]}
            signalled = state.hands[p] if p in standing else None
            out.append(YouveGotCrabsPlayer.resuming(state, knows, signalled))
        return out

    return players


def honest_world(world: State, me: PlayerId, signallers: Iterable[PlayerId]) -> State:
    """``world`` with every signaller holding four of a kind, where its hidden cards allow.

    Only cards ``me`` cannot see move, and each only among the places that held cards of
    its own Draw pile, so ``me`` still cannot tell the result from the real state; the
    Imitation Crab stays where it was. A signaller whose seen cards show two types keeps
    its hand, and so does every signaller if a hand called wrong would become scoring.

    >>> import crabrules
    >>> game = crabrules.get_game("youve-got-crabs")
    >>> world = game.determinize(game.initial_state(seed=3), 0, 5)
    >>> is_scoring(world.hands[2]), is_scoring(honest_world(world, 0, [2]).hands[2])
    (False, True)
    """
    hands = [list(hand) for hand in world.hands]
    draw = list(world.draw)
    fixed: set[HiddenPlace] = set()
    for signaller in sorted(set(signallers) - {me}):
        if not is_scoring(tuple(hands[signaller])):
            _make_scoring(world, me, signaller, hands, draw, fixed)
        fixed.update((signaller, slot) for slot in range(len(hands[signaller])))
    if any(is_scoring(tuple(hands[p])) for p in world.called_wrong if p != me):
        return world
    return attrs.evolve(world, hands=tuple(map(tuple, hands)), draw=tuple(draw))


def _card(hands: list[list[Card]], draw: list[Card], place: HiddenPlace) -> Card:
    owner, index = place
    return draw[index] if owner == IN_DRAW else hands[owner][index]


def _hidden_places(
    world: State, skipped: tuple[PlayerId, PlayerId], draw_size: int, fixed: set[HiddenPlace]
) -> dict[int, list[HiddenPlace]]:
    """The places out of sight, by the Draw pile that filled them, but ``skipped``'s."""
    others: dict[int, list[HiddenPlace]] = {}
    for p, (row, row_piles) in enumerate(zip(world.seen, world.drawn_from, strict=True)):
        if p in skipped:
            continue
        for slot, (shown, pile) in enumerate(zip(row, row_piles, strict=True)):
            if shown == UNSEEN and (p, slot) not in fixed:
                others.setdefault(pile, []).append((p, slot))
    others.setdefault(world.reshuffles, []).extend((IN_DRAW, i) for i in range(draw_size))
    return others


def _make_scoring(
    world: State,
    me: PlayerId,
    signaller: PlayerId,
    hands: list[list[Card]],
    draw: list[Card],
    fixed: set[HiddenPlace],
) -> None:
    # The signaller's slots that others saw filled (or holding the wild) stay; the unseen
    # ones trade cards with hidden places of the same Draw pile.
    seen, piles = world.seen[signaller], world.drawn_from[signaller]
    movable = [
        slot
        for slot, shown in enumerate(seen)
        if shown == UNSEEN and hands[signaller][slot] != IMITATION_CRAB
    ]
    kept = {
        hands[signaller][slot]
        for slot in range(len(seen))
        if slot not in movable and hands[signaller][slot] != IMITATION_CRAB
    }
    if len(kept) > 1:
        return  # the open cards refute the signal
    others = _hidden_places(world, (me, signaller), len(draw), fixed)
    # The type to complete: the one the open cards show, else the hand's commonest.
    current = [hands[signaller][slot] for slot in movable]
    targets = sorted(kept) or sorted(set(current), key=lambda c: (-current.count(c), c))
    for target in targets:
        trial_hands = [list(hand) for hand in hands]
        trial_draw = list(draw)
        for slot in movable:
            if trial_hands[signaller][slot] == target:
                continue
            pool = others.get(piles[slot], [])
            place = next((q for q in pool if _card(trial_hands, trial_draw, q) == target), None)
            if place is None:
                break
            give = trial_hands[signaller][slot]
            put_card(trial_hands, trial_draw, place, give)
            trial_hands[signaller][slot] = target
        else:
            hands[:] = trial_hands
            draw[:] = trial_draw
            return
