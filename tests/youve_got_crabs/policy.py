"""A random table whose games end: the mix of the benchmarks and the long-run tests.

Uniformly random play need not end: four of a kind is rare, and random calls are almost
always wrong, which refills the Pot. :class:`RandomTable` plays at random by action type,
with calls rarer than swaps, and with the little sense that makes calls right:

- the action type is drawn by :data:`TYPE_WEIGHTS` among the types available now;
- a swap is greedy for the player's commonest type when one helps, else random; a player
  holding four of a kind does not swap;
- only a player holding four of a kind signals (honest signals);
- a call targets the latest signaller, once per signal ("seen"); besides, rare random
  calls ("suspicion") are wrong most of the time;
- while play is paused (a pending call or a claim), the choice is uniform.
"""

from __future__ import annotations

import random
from collections import Counter

from crabrules.youve_got_crabs import (
    IMITATION_CRAB,
    Action,
    Answer,
    Call,
    Confirm,
    PickUp,
    PutDown,
    Signal,
    State,
    Swap,
    apply,
    is_scoring,
    is_terminal,
    legal_actions,
)

SUSPICION = "suspicion"
SEEN = "seen"

#: How often each type of action is chosen, when available: calls are rarer than swaps.
TYPE_WEIGHTS: dict[object, float] = {
    Swap: 12,
    PutDown: 4,
    PickUp: 1,
    Confirm: 4,
    Answer: 4,
    Signal: 1,
    SEEN: 2,
    SUSPICION: 0.1,
}


class RandomTable:
    """Every player at once, choosing by the mix above; remembers which signals it called."""

    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd
        self.called_signals = 0

    def choose(self, state: State) -> Action:
        """One action for the table."""
        actions = legal_actions(state)
        if state.window is not None or state.claim is not None:
            return self.rnd.choice(actions)
        scoring = [is_scoring(hand) for hand in state.hands]
        fresh = state.signal_count > self.called_signals
        signaller = state.signals[-1] if fresh else None
        groups: dict[object, list[Action]] = {}
        for action in actions:
            kind: object = type(action)
            if kind is Call:
                kind = SEEN if action.target == signaller else SUSPICION  # type: ignore[union-attr]
            elif (kind is Signal or kind is Swap) and scoring[action.player] != (kind is Signal):
                continue  # only four of a kind signals, and it does not swap
            groups.setdefault(kind, []).append(action)
        kinds = list(groups)
        kind = self.rnd.choices(kinds, weights=[TYPE_WEIGHTS[k] for k in kinds])[0]
        choices = groups[kind]
        if kind is Swap:
            choices = _helpful(state, choices) or choices
        if kind == SEEN:
            self.called_signals = state.signal_count
        return self.rnd.choice(choices)


def _helpful(state: State, swaps: list[Action]) -> list[Action]:
    """The swaps that raise the count of the player's commonest type."""
    helpful: list[Action] = []
    wants: dict[int, tuple[int, int]] = {}
    for swap in swaps:
        assert isinstance(swap, Swap)
        hand = state.hands[swap.player]
        if swap.player not in wants:
            counts = Counter(c for c in hand if c != IMITATION_CRAB)
            wants[swap.player] = counts.most_common(1)[0]
        target, best = wants[swap.player]
        give, take = hand[swap.hand_slot], state.ocean[swap.ocean_slot]
        wanted = take in (target, IMITATION_CRAB)
        if wanted and give != IMITATION_CRAB and (give != target or best == 1):
            helpful.append(swap)
    return helpful


def playout(state: State, rnd: random.Random, limit: int = 100_000) -> tuple[State, int]:
    """Play until the game ends (or ``limit`` actions); the final state and the length."""
    table = RandomTable(rnd)
    steps = 0
    while not is_terminal(state) and steps < limit:
        state = apply(state, table.choose(state), check=False)
        steps += 1
    return state, steps
