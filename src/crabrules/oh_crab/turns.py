"""The course of a round: adding to the Trace, Rest, the end of a turn, of a round."""

from __future__ import annotations

from collections.abc import Sequence

from crabrules.core.game import PlayerId
from crabrules.oh_crab.actions import NO_PILE, EndTurn, Pile, Side
from crabrules.oh_crab.board import NOWHERE, SEA, Cell, Layout
from crabrules.oh_crab.events import (
    CardAdded,
    CookPassed,
    Motion,
    RestDeclared,
    Rested,
    RoundEnded,
    TurnEnded,
    TurnStarted,
)
from crabrules.oh_crab.movement import enter_own, stand_up
from crabrules.oh_crab.primitives import Primitive
from crabrules.oh_crab.state import NO_CARD, RESTING, CardId, Grant, Phase, Source, Stage
from crabrules.oh_crab.work import Rules, View, Work

__all__ = [
    "add_to_trace",
    "card_grants",
    "carried_to",
    "end_round",
    "end_turn",
    "end_turn_options",
    "maybe_start_actions",
    "next_cook",
    "rest",
    "turn_grants",
]


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


def add_to_trace(
    work: Work, player: PlayerId, card: CardId, side: Side, *, doping: bool = False
) -> None:
    """Put ``card`` at one end of the Trace and gain the actions it gives."""
    if work.events is not None:
        rules = work.rules
        colour, name = rules.colours[player], rules.card_names[card]
        work.events.append(CardAdded(player, colour, card, name, side, doping))
    trace = work.trace(player)
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
        diagonal = Primitive.MOVE_DIAGONAL
        grants.append(Grant(Source.COOK, diagonal.value, (diagonal,)))
    grants.extend(Grant(Source.TILE, t.id, t.steps, t.cost) for t in work.rules.tiles)
    return grants


def carried_to(
    layout: Layout, crabs: Sequence[Cell], player: PlayerId, *, head_down: bool
) -> Cell:
    """Return where the current under the player's crab carries it (:data:`NOWHERE`: nowhere).

    A current into an occupied space leans on the crab there: the crab stays. A current
    is a movement toward the sea, so Reeds stop it as they stop a move ("an impassable
    barrier": the crab stays), unless Head Down! is in effect.
    """
    cell = crabs[player]
    if cell == SEA:
        return NOWHERE
    target = layout.current[cell]
    if target >= 0 and (target in crabs or (layout.current_reeds[cell] and not head_down)):
        return NOWHERE
    return target


def end_turn_options(rules: Rules, view: View, player: PlayerId, head_down: bool) -> list[EndTurn]:
    """List the ways to end the turn.

    A current carrying the crab onto a standard Obstacle asks for the card to discard;
    under Head Down! the current may also be ignored.
    """
    target = carried_to(rules.layout, view.crabs, player, head_down=head_down)
    if target == NOWHERE:
        return [EndTurn(player)]
    hand = view.hands[player]
    out = [EndTurn(player)]
    if target != SEA and rules.obstacle[target] and not head_down and hand:
        # Standard Obstacle: "discard a card from your Hand", the card of your choice.
        out = [EndTurn(player, c) for c in sorted(hand)]
    if head_down:
        # Head Down!: "you may ignore the negative effects", a Water Current among them.
        out.append(EndTurn(player, ignore_current=True))
    return out


def end_turn(work: Work, discard: CardId = NO_CARD, *, ignore_current: bool = False) -> None:
    """Water Current (end of the turn), then the next player or the End of Round phase.

    The current carries the crab of the player whose turn ends, as a space effect of its own
    space: the entered space's effects are those of the player's own entry (``discard`` on a
    standard Obstacle, none under Head Down!).
    """
    player = work.current
    target = carried_to(work.rules.layout, work.crabs, player, head_down=work.head_down)
    if target != NOWHERE and not ignore_current:
        enter_own(work, player, target, discard, Motion.CURRENT)
    if work.events is not None:
        work.events.append(TurnEnded(player, work.rules.colours[player]))
    work.in_turn = False
    work.stage, work.grants, work.queue = Stage.START, [], []
    work.crabs_left, work.head_down, work.tile_used = None, False, False
    following = (player + 1) % work.rules.players
    if following == work.cook:
        end_round(work)
    else:
        _start_turn(work, following)


def end_round(work: Work) -> None:
    """End of Round phase: the sea check, then the cook passes and planning begins."""
    events, colours = work.events, work.rules.colours
    if events is not None:
        events.append(RoundEnded(work.round))
    if SEA in work.crabs:
        work.phase = Phase.OVER
        return
    holder = work.cook
    work.cook = next_cook(work.rules.layout, work.crabs, holder)
    if events is not None:
        events.append(CookPassed(holder, colours[holder], work.cook, colours[work.cook]))
    work.round += 1
    work.phase = Phase.PLANNING
    work.planned = [NO_CARD if hand else RESTING for hand in work.hands]
    if events is not None:
        events.extend(RestDeclared(p, colours[p]) for p, h in enumerate(work.hands) if not h)
    maybe_start_actions(work)


def _start_turn(work: Work, player: PlayerId) -> None:
    work.current = player
    work.in_turn = True
    work.stage = Stage.START
    if work.events is not None:
        work.events.append(TurnStarted(player, work.rules.colours[player], work.round))


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
    _start_turn(work, work.cook)


def rest(work: Work, player: PlayerId, keep: CardId, pile: Pile) -> None:
    """Rest, in the rulebook's five steps, then act with the cook's and the tiles' actions.

    ``keep`` is the Trace card kept (:data:`NO_CARD` with an empty Trace); ``pile`` is the
    Market pile taken from (:data:`NO_PILE` when the Market is exhausted).
    """
    discards = work.discard_pile(player)
    before = len(discards)
    # 1. Discard the face-down card, if any (a declared Rest has none).
    if work.planned[player] >= 0:
        discards.append(work.planned[player])
    work.planned[player] = NO_CARD
    # 2. Keep one Trace card; discard the others.
    discards.extend(c for c in work.traces[player] if c != keep)
    work.traces[player] = [] if keep == NO_CARD else [keep]
    if work.events is not None:
        rules = work.rules
        thrown = tuple(discards[before:])
        work.events.append(
            Rested(
                player,
                rules.colours[player],
                keep,
                rules.card_names[keep] if keep >= 0 else "",
                thrown,
                tuple(rules.card_names[c] for c in thrown),
            )
        )
    # 3. Take one Market card (none once the Market is exhausted).
    if pile != NO_PILE:
        work.take_market(player, pile)
    # 4. Take the Discard pile into the Hand, in view of all.
    work.take_discard_pile(player)
    # 5. Stand up.
    stand_up(work, player)
    # "If you Rested, you do not have access to the actions provided by an action card."
    work.stage = Stage.ACT
    work.grants = turn_grants(work, player)
