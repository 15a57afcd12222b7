"""What each player may see, and states a player cannot tell apart from the real one.

A player sees their own Hand and face-down card; every crab, Trace, Discard pile and
shell count; the size of every Hand; the Market's face-up piles and the size of its draw
pile; the cards put back in the box; and the turn in progress. They never see the other
Hands, the others' face-down cards, the order of the draw pile, or the generator.

>>> from crabrules.oh_crab.rules import initial_state, apply, legal_actions
>>> from crabrules.oh_crab.config import Config
>>> state = initial_state(Config(players=3), seed=2)
>>> state = apply(state, legal_actions(state, 1)[0])
>>> observe(state, 0).planned, observe(state, 1).planned
((-1, -3, -1), (-1, 4, -1))
"""

from __future__ import annotations

import attrs

from crabrules.core.game import PlayerId, check_viewer
from crabrules.core.rng import Rng
from crabrules.oh_crab.board import Cell
from crabrules.oh_crab.config import Config
from crabrules.oh_crab.state import CardId, Phase, State, Turn
from crabrules.oh_crab.work import rules_for

__all__ = ["HIDDEN", "Observation", "determinize", "observe"]

#: ``Observation.planned`` for another player's face-down card.
HIDDEN: CardId = -3


@attrs.frozen
class Observation:
    """One player's view of the game (``player=None``: a spectator's).

    Attributes:
        player: whose view this is.
        config: the setup.
        round: the round number.
        phase: planning, action or over.
        cook: who holds the cook pawn.
        current: whose turn it is in the action phase.
        crabs: each crab's cell (-1: in the sea).
        knocked: each crab is knocked over.
        hand: the viewer's Hand (empty for a spectator).
        hand_sizes: the number of cards in each Hand.
        planned: per player, the face-down card if it is the viewer's, :data:`HIDDEN` for
            another's, or ``NO_CARD`` / ``RESTING``.
        traces: every Trace.
        discards: every Discard pile.
        shells: every player's shells.
        supply: shells in the supply.
        market: the face-up piles, bottom to top.
        draw_size: the number of cards in the draw pile.
        removed: starting cards put back in the box.
        turn: the turn in progress.
    """

    player: PlayerId | None
    config: Config
    round: int
    phase: Phase
    cook: PlayerId
    current: PlayerId
    crabs: tuple[Cell, ...]
    knocked: tuple[bool, ...]
    hand: tuple[CardId, ...]
    hand_sizes: tuple[int, ...]
    planned: tuple[CardId, ...]
    traces: tuple[tuple[CardId, ...], ...]
    discards: tuple[tuple[CardId, ...], ...]
    shells: tuple[int, ...]
    supply: int
    market: tuple[tuple[CardId, ...], ...]
    draw_size: int
    removed: tuple[CardId, ...]
    turn: Turn | None


def observe(state: State, player: PlayerId | None) -> Observation:
    """Return what ``player`` may see of ``state`` (``None``: public information only).

    >>> from crabrules.oh_crab.rules import initial_state
    >>> from crabrules.oh_crab.config import Config
    >>> view = observe(initial_state(Config(players=3), seed=7), 1)
    >>> view.hand, view.hand_sizes, view.draw_size
    ((4, 5, 6, 7), (4, 4, 4), 32)
    """
    check_viewer(player, len(state.hands))
    planned = tuple(c if c < 0 or p == player else HIDDEN for p, c in enumerate(state.planned))
    return Observation(
        player=player,
        config=state.config,
        round=state.round,
        phase=state.phase,
        cook=state.cook,
        current=state.current,
        crabs=state.crabs,
        knocked=state.knocked,
        hand=() if player is None else state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        planned=planned,
        traces=state.traces,
        discards=state.discards,
        shells=state.shells,
        supply=state.supply,
        market=state.market,
        draw_size=len(state.draw),
        removed=state.removed,
        turn=state.turn,
    )


def determinize(state: State, player: PlayerId | None, seed: int) -> State:
    """Return a state ``player`` cannot tell from ``state``.

    The others' Hands and face-down cards and the draw pile are re-dealt, and the
    generator is new.

    The re-deal keeps what the viewer can deduce from public information: a starting card
    never enters the draw pile or another player's Hand, so each player's unseen starting
    cards stay theirs; the unseen action cards are shuffled among the other Hands,
    face-down cards and the draw pile, each keeping its size. (The viewer's memory of
    which face-up Market card someone took is not part of an observation, so it is not
    kept.) For a spectator (``player=None``) every Hand is re-dealt.

    >>> from crabrules.oh_crab.rules import initial_state
    >>> from crabrules.oh_crab.config import Config
    >>> state = initial_state(Config(players=3), seed=7)
    >>> other = determinize(state, 1, seed=3)
    >>> observe(other, 1) == observe(state, 1), other.draw == state.draw
    (True, False)
    """
    check_viewer(player, len(state.hands))
    rules = rules_for(state.config)
    rng = Rng.from_seed(seed)
    others = [p for p in range(len(state.hands)) if p != player]
    mine: dict[PlayerId, list[CardId]] = {}
    pool: list[CardId] = list(state.draw)
    for p in others:
        unseen = [*state.hands[p], *([state.planned[p]] if state.planned[p] >= 0 else [])]
        mine[p] = [c for c in unseen if rules.cards[c].starting]
        pool.extend(c for c in unseen if not rules.cards[c].starting)
    shuffled, rng = rng.shuffle(sorted(pool))
    deal = list(shuffled)
    hands = list(state.hands)
    planned = list(state.planned)
    for p in others:
        has_planned = state.planned[p] >= 0
        need = len(state.hands[p]) + has_planned - len(mine[p])
        cards = mine[p] + deal[:need]
        del deal[:need]
        cards_shuffled, rng = rng.shuffle(cards)
        if has_planned:
            planned[p] = cards_shuffled[0]
            cards_shuffled = cards_shuffled[1:]
        hands[p] = tuple(sorted(cards_shuffled))
    _, rng = rng.split()
    return attrs.evolve(
        state, rng=rng, hands=tuple(hands), planned=tuple(planned), draw=tuple(deal)
    )
