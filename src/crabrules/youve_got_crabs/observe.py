"""What one player may see (:func:`observe`); states they cannot tell apart (:func:`determinize`).

A player sees their own hand and everything public (Decision 9): the cards everyone saw
taken from the Ocean into a hand (swaps are made in the open) and which Draw pile each
hand card came from, the Ocean, every token count, the License, who has put the hand down
or confirmed or declined, whether anyone swapped, who wears the Rubber Crab Claws, the
clock, the pending call or claim, the latest signals and calls with their results, the
Discard pile (every card in it was shown face up) and the size of the Draw pile. Never
another hand's unseen cards, the Draw pile's order, the seed or the generator.

>>> from crabrules.youve_got_crabs.rules import initial_state
>>> state = initial_state(seed=3)
>>> seen = observe(state, 0)
>>> seen.hand == state.hands[0], seen.draw_size
(True, 46)
>>> observe(determinize(state, 0, seed=99), 0) == seen
True
"""

from __future__ import annotations

import attrs

from crabrules.core import PlayerId, Rng, check_viewer
from crabrules.youve_got_crabs.cards import IMITATION_CRAB, Card, is_scoring
from crabrules.youve_got_crabs.config import CARDS_PER_HAND, Config, Side, Team
from crabrules.youve_got_crabs.state import UNSEEN, CallRecord, Claim, Phase, State, Window

__all__ = ["Observation", "determinize", "observe"]


@attrs.frozen
class Observation:
    """One player's view of the game (``player=None``: a spectator, who holds no hand).

    The fields are the :class:`~crabrules.youve_got_crabs.state.State` fields of the same
    name, except:

    Attributes:
        player: whose view this is.
        hand: the player's own four cards by slot; empty for a spectator.
        draw_size: how many cards the Draw pile holds.
    """

    player: PlayerId | None
    config: Config
    hand: tuple[Card, ...]
    seen: tuple[tuple[Card, ...], ...]
    drawn_from: tuple[tuple[int, ...], ...]
    ocean: tuple[Card, ...]
    draw_size: int
    discard: tuple[Card, ...]
    reshuffles: int
    tokens: tuple[int, ...]
    pot: int
    license: Side
    phase: Phase
    down: frozenset[PlayerId]
    confirmed: frozenset[PlayerId]
    declined: frozenset[PlayerId]
    swapped: bool
    claws: PlayerId | None
    clock: float
    window: Window | None
    claim: Claim | None
    tied: frozenset[Team]
    winner: Team | None
    signals: tuple[PlayerId, ...]
    signal_count: int
    calls: tuple[CallRecord, ...]
    call_count: int
    called_wrong: frozenset[PlayerId]


def observe(state: State, player: PlayerId | None) -> Observation:
    """Show ``player`` what they see of ``state``: their own hand and everything public.

    ``None`` is a spectator, who sees no hand.

    >>> from crabrules.youve_got_crabs.rules import initial_state
    >>> state = initial_state(seed=3)
    >>> observe(state, 2).hand == state.hands[2], observe(state, None).hand
    (True, ())
    """
    check_viewer(player, state.config.players)
    hand: tuple[Card, ...] = () if player is None else state.hands[player]
    return Observation(
        player=player,
        config=state.config,
        hand=hand,
        seen=state.seen,
        drawn_from=state.drawn_from,
        ocean=state.ocean,
        draw_size=len(state.draw),
        discard=state.discard,
        reshuffles=state.reshuffles,
        tokens=state.tokens,
        pot=state.pot,
        license=state.license,
        phase=state.phase,
        down=state.down,
        confirmed=state.confirmed,
        declined=state.declined,
        swapped=state.swapped,
        claws=state.claws,
        clock=state.clock,
        window=state.window,
        claim=state.claim,
        tied=state.tied,
        winner=state.winner,
        signals=state.signals,
        signal_count=state.signal_count,
        calls=state.calls,
        call_count=state.call_count,
        called_wrong=state.called_wrong,
    )


def determinize(state: State, player: PlayerId | None, seed: int) -> State:
    """Deal the unseen cards anew: a state ``player`` cannot tell from ``state``.

    The cards ``player`` cannot see (every other hand, but for the cards everyone saw
    taken from the Ocean into it, and the Draw pile) are shuffled and dealt back into the
    same places in the same numbers, each among the places holding cards of the same Draw
    pile: a reshuffled Draw pile was the Discard pile, whose cards everyone saw, so its
    cards never trade places with cards dealt or drawn before. The Imitation Crab stays
    with whoever wears the claws, which everyone sees. A hand called wrong and unchanged
    since is never dealt four of a kind (the deal is drawn again until none is). The seed
    and the generator are replaced too.

    Args:
        state: the true state.
        player: whose knowledge to keep (``None``: a spectator's, who sees no hand).
        seed: the seed of the re-deal, an int in ``[0, 2**64)``.
    """
    check_viewer(player, state.config.players)
    wearer = state.claws if state.claws != player else None

    def hidden(p: PlayerId, slot: int) -> bool:
        # A slot whose card everyone saw go in stays; so does the worn Imitation Crab.
        card = state.hands[p][slot]
        return state.seen[p][slot] == UNSEEN and not (p == wearer and card == IMITATION_CRAB)

    others = [p for p in range(state.config.players) if p != player]
    slots = [(p, slot) for p in others for slot in range(CARDS_PER_HAND) if hidden(p, slot)]
    known_wrong = [p for p in others if p in state.called_wrong]
    rng = Rng.from_seed(seed)
    # The true deal is one of the deals drawn, so this ends; a random hand is seldom four
    # of a kind, so it takes very few draws.
    while True:
        hands, draw, rng = _redeal(state, slots, rng)
        if not any(is_scoring(hands[p]) for p in known_wrong):
            break
    new_seed, rng = rng.next_u64()
    return attrs.evolve(state, seed=new_seed, rng=rng, hands=hands, draw=draw)


def _redeal(
    state: State, slots: list[tuple[PlayerId, int]], rng: Rng
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], Rng]:
    # Shuffle the cards of the hidden hand ``slots`` and of the Draw pile, each Draw pile's
    # cards among their own places. The Draw pile is all of the latest pile (it is
    # reshuffled the moment it runs out). The Imitation Crab is never re-dealt: the claws
    # say which hand holds it, and without claws nobody's hand does, so a wild card in the
    # Draw pile stays there (at a random depth).
    hands = [list(hand) for hand in state.hands]
    draw = tuple(c for c in state.draw if c != IMITATION_CRAB)
    for pile in range(state.reshuffles + 1):
        places = [(p, slot) for p, slot in slots if state.drawn_from[p][slot] == pile]
        cards = [state.hands[p][slot] for p, slot in places]
        latest = pile == state.reshuffles
        shuffled, rng = rng.shuffle((*cards, *draw) if latest else cards)
        for (p, slot), card in zip(places, shuffled, strict=False):
            hands[p][slot] = card
        if latest:
            draw = shuffled[len(places) :]
    if len(draw) < len(state.draw):
        depth, rng = rng.below(len(draw) + 1)
        draw = (*draw[:depth], IMITATION_CRAB, *draw[depth:])
    return tuple(map(tuple, hands)), draw, rng
