"""The course of a round: adding to the Trace, Rest, the end of a turn, of a round."""

from __future__ import annotations

from collections.abc import Sequence

from crabrules.core.game import PlayerId
from crabrules.oh_crab.actions import Side
from crabrules.oh_crab.board import NOWHERE, SEA, Cell, Layout
from crabrules.oh_crab.market import take
from crabrules.oh_crab.movement import enter_moved
from crabrules.oh_crab.primitives import Primitive
from crabrules.oh_crab.state import NO_CARD, RESTING, CardId, Grant, Phase, Source, Stage
from crabrules.oh_crab.work import Rules, Work

__all__ = [
    "add_to_trace",
    "card_grants",
    "end_round",
    "end_turn",
    "maybe_start_actions",
    "next_cook",
    "rest",
    "turn_grants",
]

P = Primitive


def card_grants(rules: Rules, card: CardId, neighbour: CardId | None, side: Side) -> list[Grant]:
    """List the actions a card added to the Trace gives: main, completed icons, special.

    Secondary action: a half-icon on the new card's edge and the one facing it on the
    neighbour's edge form a complete icon when they show the same basic action; the upper
    and lower halves are matched separately, so one card can complete two icons.
    """
    info = rules.cards[card]
    grants = [Grant(Source.MAIN, info.main.value, (info.main,))]
    if neighbour is not None:
        other = rules.cards[neighbour]
        if side is Side.RIGHT:
            pairs = zip(other.right, info.left, strict=True)
        else:
            pairs = zip(info.right, other.left, strict=True)
        for a, b in pairs:
            if a is not None and a is b:
                grants.append(Grant(Source.SECONDARY, a.value, (a,)))
    special = rules.specials[card]
    if special is not None:
        grants.append(Grant(Source.SPECIAL, special[0], special[1]))
    return grants


def add_to_trace(work: Work, player: PlayerId, card: CardId, side: Side) -> None:
    """Put ``card`` at one end of the Trace and gain the actions it gives."""
    trace = work.traces[player]
    neighbour = None if not trace else (trace[-1] if side is Side.RIGHT else trace[0])
    if side is Side.RIGHT:
        trace.append(card)
    else:
        trace.insert(0, card)
    work.grants.extend(card_grants(work.rules, card, neighbour, side))


def turn_grants(work: Work, player: PlayerId) -> list[Grant]:
    """List the cook's diagonal (rule D) and the Additional Action tiles (rule E)."""
    grants = []
    if player == work.cook:
        grants.append(Grant(Source.COOK, P.MOVE_DIAGONAL.value, (P.MOVE_DIAGONAL,)))
    grants.extend(Grant(Source.TILE, t.id, t.steps, t.cost) for t in work.rules.tiles)
    return grants


def end_turn(work: Work) -> None:
    """Water Current (end of the turn), then the next player or the End of Round phase."""
    player = work.current
    cell = work.crabs[player]
    if cell >= 0:
        target = work.rules.layout.current[cell]
        # Head Down! ignores a current, unless it carries the crab into the sea (a current
        # to the sea is no negative effect).
        acts = target != NOWHERE and (target == SEA or not work.head_down)
        # A current into an occupied space leans on the crab there and stays.
        if acts and (target == SEA or target not in work.crabs):
            enter_moved(work, player, target)
    work.in_turn = False
    work.stage, work.grants, work.queue = Stage.START, [], []
    work.crabs_left, work.head_down, work.tile_used = None, False, False
    following = (player + 1) % work.rules.players
    if following == work.cook:
        end_round(work)
    else:
        work.current = following
        work.in_turn = True


def end_round(work: Work) -> None:
    """End of Round phase: the sea check, then the cook passes and planning begins."""
    if SEA in work.crabs:
        work.phase = Phase.OVER
        return
    work.cook = next_cook(work.rules.layout, work.crabs, work.cook)
    work.round += 1
    work.phase = Phase.PLANNING
    work.planned = [NO_CARD if hand else RESTING for hand in work.hands]
    maybe_start_actions(work)


def next_cook(layout: Layout, crabs: Sequence[Cell], holder: PlayerId) -> PlayerId:
    """Pass the cook pawn to the crab farthest from the sea.

    Among tied players, the first met going left (clockwise) from the holder, the holder
    last.

    >>> from crabrules.oh_crab.board import get_layout
    >>> layout = get_layout("reference", ("0A", "1A", "2A", "3A", "9A"))
    >>> next_cook(layout, (0, 30, 2, 40), holder=2)
    0
    >>> next_cook(layout, (0, 30, 2, 40), holder=0)
    2
    """
    n = len(crabs)
    far = max(layout.distance(c) for c in crabs)
    order = [(holder + k) % n for k in range(1, n + 1)]
    return next(p for p in order if layout.distance(crabs[p]) == far)


def maybe_start_actions(work: Work) -> None:
    """Once every player has planned (or declared a Rest), the cook's turn begins."""
    if NO_CARD in work.planned:
        return
    work.phase = Phase.ACTION
    work.current = work.cook
    work.in_turn = True
    work.stage = Stage.START


def rest(work: Work, player: PlayerId, keep: CardId, which: int) -> None:
    """Rest, in its five steps.

    Discard the face-down card, keep one Trace card, take a Market card, take back the
    Discard pile, stand up.
    """
    planned = work.planned[player]
    if planned >= 0:
        work.discards[player].append(planned)
    work.planned[player] = NO_CARD
    trace = work.traces[player]
    work.discards[player].extend(c for c in trace if c != keep)
    work.traces[player] = [keep] if keep >= 0 else []
    if which >= 0:
        work.hands[player].append(take(work.market, work.draw, which, work.rules.special_ids))
    work.hands[player].extend(work.discards[player])
    work.discards[player] = []
    work.knocked[player] = False
    work.stage = Stage.ACT
    work.grants = turn_grants(work, player)
