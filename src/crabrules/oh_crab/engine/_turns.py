"""The course of a round, and the card Market it draws on.

Adding to the Trace, Rest, the end of a turn and of a round, the Market's piles and their
refill. The turn's own actions that call these are in ``_turn_actions``; the cards and
shells they move change in ``_work``.

>>> from crabrules.oh_crab.engine._work import Work
>>> from crabrules.oh_crab.rules import initial_state
>>> work = Work(initial_state(seed=1))
>>> work.market, work.draw[0]
(((28,), (31,), (45,)), 36)
>>> take_market(work, 0, 0)
28
>>> work.market, work.hands[0], work.known[0]
([[36], [31], [45]], [0, 1, 2, 3, 28], (28,))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from crabrules.core.game import PlayerId
from crabrules.oh_crab.content._components import NOWHERE, SEA, Cell, Layout
from crabrules.oh_crab.content._primitives import Phase, Primitive, Source, Stage
from crabrules.oh_crab.engine._movement import enter_own, stand_up
from crabrules.oh_crab.engine._tables import Tables, shared
from crabrules.oh_crab.engine._work import View, Work, box, forget, learn, take_discard_pile
from crabrules.oh_crab.model._actions import DRAW_PILE, NO_PILE, EndTurn, Pile, Side
from crabrules.oh_crab.model._events import (
    CardAdded,
    CardExchanged,
    CookPassed,
    CrabActivated,
    MarketCardTaken,
    MarketRefilled,
    Motion,
    PlanningStarted,
    RestDeclared,
    Rested,
    RoundEnded,
    TurnEnded,
    TurnStarted,
)
from crabrules.oh_crab.model._state import NO_CARD, NO_CRAB, RESTING, CardId, Grant


def refill(
    piles: list[list[CardId]],
    draw: list[CardId],
    specials: Sequence[str | None],
    placed: list[tuple[Pile, CardId]] | None = None,
) -> None:
    """Fill every empty face-up pile from the draw pile, in place.

    A drawn card whose special action is already showing is stacked on that pile and the
    next card is drawn, until the empty pile gets a new special action or the draw pile
    runs out (Card Market: "cards showing the same special action must always be
    stacked"). Each card turned face up is listed in ``placed`` (pile, card), if given.

    >>> piles, draw = [[], [], []], [0, 1, 2, 3]
    >>> refill(piles, draw, ["gull", "gull", "jump", "fast"])
    >>> piles, draw
    ([[0, 1], [2], [3]], [])
    """
    for index, pile in enumerate(piles):
        if pile:
            continue
        while draw:
            card = draw.pop(0)
            showing = [i for i, p in enumerate(piles) if p and specials[p[-1]] == specials[card]]
            if showing:
                piles[showing[0]].append(card)
                if placed is not None:
                    placed.append((showing[0], card))
                continue
            piles[index].append(card)
            if placed is not None:
                placed.append((index, card))
            break


def take(
    piles: list[list[CardId]],
    draw: list[CardId],
    which: Pile,
    specials: Sequence[str | None],
    placed: list[tuple[Pile, CardId]] | None = None,
) -> CardId:
    """Take the top card of face-up pile ``which`` (0-2) or of the draw pile (3); refill."""
    card = draw.pop(0) if which == DRAW_PILE else piles[which].pop()
    refill(piles, draw, specials, placed)
    return card


def market_takes(piles: Sequence[Sequence[CardId]], draw: Sequence[CardId]) -> tuple[Pile, ...]:
    """List the piles a player may take from: non-empty face-up piles, then the draw pile.

    Empty when the Market is exhausted: a Rest then draws nothing and Card Exchange no
    longer works.
    """
    out = tuple(i for i, pile in enumerate(piles) if pile)
    return (*out, DRAW_PILE) if draw else out


def take_market(work: Work, player: PlayerId, which: Pile) -> CardId:
    """Take a Market card into the player's Hand and refill the Market.

    A face-up card is seen by all, and so is the draw pile's top card once only seen
    cards are left in it.
    """
    seen = which != DRAW_PILE or len(work.draw) <= work.draw_seen
    placed: list[tuple[Pile, CardId]] | None = None if work.events is None else []
    card = take(*work.open_market(), which, work.rules.special_ids, placed)
    work.hand(player).append(card)
    if seen:
        learn(work, player, (card,))
    if work.events is not None:
        names = work.rules.card_names
        name = work.rules.names[player]
        work.events.append(MarketCardTaken(player, name, which, card, names[card], seen))
        _log_refill(work, placed)
    return card


def refill_market(work: Work) -> None:
    """Fill the empty face-up piles from the draw pile."""
    placed: list[tuple[Pile, CardId]] | None = None if work.events is None else []
    refill(*work.open_market(), work.rules.special_ids, placed)
    _log_refill(work, placed)


def _log_refill(work: Work, placed: list[tuple[Pile, CardId]] | None) -> None:
    # The cards a refill turned face up, in the order it turned them.
    if work.events is not None and placed:
        names = work.rules.card_names
        work.events.extend(MarketRefilled(pile, card, names[card]) for pile, card in placed)


def exchange(work: Work, player: PlayerId, card: CardId, which: Pile) -> None:
    """Perform a Card Exchange.

    A starting card leaves the game, another goes under the draw pile; then take a
    Market card and refill the Market.
    """
    # The given card is shown: where it goes depends on its kind, which all must see.
    rules = work.rules
    work.hand(player).remove(card)
    forget(work, player, card)
    boxed = rules.cards[card].starting
    if boxed:
        box(work, card)
    else:
        work.open_market()[1].append(card)
        work.draw_seen += 1
    if work.events is not None:
        who, name = rules.names[player], rules.card_names[card]
        work.events.append(CardExchanged(player, who, card, name, boxed))
    take_market(work, player, which)
    refill_market(work)


#: The cook's action, a Move diagonally (rule D; the overlay may change what it does).
_COOK: Final = Grant(Source.COOK, Primitive.MOVE_DIAGONAL.value, (Primitive.MOVE_DIAGONAL,))


def card_grants(rules: Tables, card: CardId, neighbour: CardId | None, side: Side) -> list[Grant]:
    """List the actions a card added to the Trace gives: main, completed icons, special.

    Secondary action: a half-icon on the new card's edge and the one facing it on the
    neighbour's edge form a complete icon when they show the same basic action; the upper
    and lower halves are matched separately, so one card can complete two icons.
    """
    info = rules.cards[card]
    grants = [rules.main_grants[card]]
    if neighbour is not None:
        other = rules.cards[neighbour]
        if side is Side.RIGHT:
            pairs = zip(other.right, info.left, strict=True)
        else:
            pairs = zip(info.right, other.left, strict=True)
        for a, b in pairs:
            if a is not None and a is b:
                grants.append(rules.secondary_grants[a])
    special = rules.special_grants[card]
    if special is not None:
        grants.append(special)
    return grants


def add_to_trace(
    work: Work, player: PlayerId, card: CardId, side: Side, *, doping: bool = False
) -> None:
    """Put ``card`` at one end of the Trace and gain the actions it gives."""
    if work.events is not None:
        rules = work.rules
        who, name = rules.names[player], rules.card_names[card]
        work.events.append(CardAdded(player, who, card, name, side, doping))
    trace = work.trace(player)
    neighbour = None if not trace else (trace[-1] if side is Side.RIGHT else trace[0])
    if side is Side.RIGHT:
        trace.append(card)
    else:
        trace.insert(0, card)
    work.grants.extend(card_grants(work.rules, card, neighbour, side))


def turn_grants(work: Work, player: PlayerId) -> list[Grant]:
    """List the cook's diagonal (rule D) and the Additional Action tiles (rule E).

    The cook serves once a round (2-player mode: "only once per round, for a single crab").
    """
    grants = []
    if player == work.cook and not work.cook_used:
        grants.append(_COOK)
    grants.extend(work.rules.tile_grants)
    return grants


def carried_to(layout: Layout, crabs: Sequence[Cell], crab: int, *, head_down: bool) -> Cell:
    """Return where the current under the active crab carries it (:data:`NOWHERE`: nowhere).

    A current into an occupied space leans on the crab there: the crab stays. A current
    is a movement toward the sea, so Reeds stop it as they stop a move ("an impassable
    barrier": the crab stays), unless Head Down! is in effect.
    """
    cell = crabs[crab]
    if cell < 0:
        return NOWHERE
    target = layout.current[cell]
    if target >= 0 and (target in crabs or (layout.current_reeds[cell] and not head_down)):
        return NOWHERE
    return target


def end_turn_options(rules: Tables, view: View, crab: int, head_down: bool) -> list[EndTurn]:
    """List the ways to end the turn of the active ``crab``.

    A current carrying the crab onto a standard Obstacle asks for the card to discard;
    under Head Down! the current may also be ignored.
    """
    player = rules.owners[crab]
    target = carried_to(rules.layout, view.crabs, crab, head_down=head_down)
    if target == NOWHERE:
        return [shared(rules, EndTurn, player, NO_CARD, False)]
    hand = view.hands[player]
    out = [shared(rules, EndTurn, player, NO_CARD, False)]
    if target != SEA and rules.obstacle[target] and not head_down and hand:
        # Standard Obstacle: "discard a card from your Hand", the card of your choice.
        out = [shared(rules, EndTurn, player, c, False) for c in sorted(hand)]
    if head_down:
        # Head Down!: "you may ignore the negative effects", a Water Current among them.
        out.append(shared(rules, EndTurn, player, NO_CARD, True))
    return out


def end_turn(work: Work, discard: CardId = NO_CARD, *, ignore_current: bool = False) -> None:
    """Water Current (end of the turn), then the next player, Planning 2 or End of Round.

    The current carries the active crab, as a space effect of its own space: the entered
    space's effects are those of the player's own entry (``discard`` on a standard
    Obstacle, none under Head Down!). A 2-player team's inactive crab on a current is
    carried at the end of its own turn.
    """
    own = work.turn_decision
    crab = own.crab
    target = carried_to(work.rules.layout, work.crabs, crab, head_down=own.head_down)
    if target != NOWHERE and not ignore_current:
        enter_own(work, crab, target, discard, Motion.CURRENT)
    if work.rules.moments.turn_held(work):
        # What the current triggered (an Adventure Pack's Surprise, a card due, a skill's
        # window) belongs to this turn and is resolved before it passes.
        return
    pass_turn(work)


def pass_turn(work: Work) -> None:
    """The turn is over: the next player, Planning 2 or End of Round."""
    player = work.current
    if work.events is not None:
        work.events.append(TurnEnded(player, work.rules.names[player]))
    work.in_turn = False
    work.stage, work.grants, work.tile_used = Stage.START, [], False
    own = work.turn_decision
    own.crab, own.queue, own.crabs_left, own.head_down = NO_CRAB, [], None, False
    following = (player + 1) % work.rules.players
    if following != work.cook:
        _start_turn(work, following)
    elif work.rules.team and 0 in work.tokens:
        # 2-player mode: after Action 1, the second Planning phase.
        if work.events is not None:
            work.events.append(PlanningStarted(work.round, 2))
        _start_planning(work)
    else:
        end_round(work)


def end_round(work: Work) -> None:
    """End of Round phase: the sea check, then the cook passes and planning begins.

    Activation tokens and the cook come back (2-player mode).
    """
    events, names = work.events, work.rules.names
    if events is not None:
        events.append(RoundEnded(work.round))
    if game_over(work.rules.crabs_of, work.crabs):
        work.phase = Phase.OVER
        return
    holder = work.cook
    work.cook = next_cook(work.rules.layout, work.crabs, work.rules.owners, holder)
    if events is not None:
        events.append(CookPassed(holder, names[holder], work.cook, names[work.cook]))
    work.round += 1
    work.cook_used = False
    if work.rules.team:
        work.tokens = (0,) * len(work.crabs)
    _start_planning(work)


def _start_planning(work: Work) -> None:
    """A Planning phase: a player with an empty Hand declares a Rest."""
    work.phase = Phase.PLANNING
    work.planned = [NO_CARD if hand else RESTING for hand in work.hands]
    if work.events is not None:
        names = work.rules.names
        work.events.extend(RestDeclared(p, names[p]) for p, h in enumerate(work.hands) if not h)
    maybe_start_actions(work)


def game_over(crabs_of: Sequence[Sequence[int]], crabs: Sequence[Cell]) -> bool:
    """Whether some player has every crab in the sea (2-player mode: both crabs).

    >>> game_over(((0,), (1,)), (-1, 7)), game_over(((0, 1), (2, 3)), (-1, 7, -1, 8))
    (True, False)
    """
    return any(all(crabs[c] == SEA for c in mine) for mine in crabs_of)


def _start_turn(work: Work, player: PlayerId) -> None:
    """A player's turn begins: with one crab waiting for activation, it is active at once."""
    work.current = player
    work.in_turn = True
    work.stage = Stage.START
    rules = work.rules
    if work.events is not None:
        work.events.append(TurnStarted(player, rules.names[player], work.round))
    if not rules.team:
        work.turn_decision.crab = rules.crabs_of[player][0]
        return
    waiting = [c for c in rules.crabs_of[player] if not work.tokens[c]]
    if len(waiting) == 1:
        # Action 2: "each player must activate their second crab" (token 2).
        activate(work, waiting[0])
    else:
        work.stage = Stage.ACTIVATE


def activate(work: Work, crab: int) -> None:
    """2-player mode: put the next activation token on ``crab``, which becomes active."""
    player = work.current
    token = 1 + sum(1 for c in work.rules.crabs_of[player] if work.tokens[c])
    work.set_token(crab, token)
    work.turn_decision.crab = crab
    work.stage = Stage.START
    if work.events is not None:
        rules = work.rules
        work.events.append(
            CrabActivated(player, rules.names[player], crab, rules.colours[crab], token)
        )


def next_cook(
    layout: Layout, crabs: Sequence[Cell], owners: Sequence[PlayerId], holder: PlayerId
) -> PlayerId:
    """Pass the cook pawn to the player of the crab farthest from the sea.

    Among tied players, the first met going left (clockwise) from the holder, the holder
    last. In the 2-player mode, tied farthest crabs of both players pass it on anyway.

    >>> from crabrules.oh_crab.content._loading import get_layout
    >>> layout = get_layout("reference", ("0A", "1A", "2A", "3A", "9A"))
    >>> next_cook(layout, (0, 30, 2, 40), (0, 1, 2, 3), holder=2)
    0
    >>> next_cook(layout, (0, 30, 2, 40), (0, 1, 2, 3), holder=0)
    2
    >>> next_cook(layout, (0, 30, 2, 40), (0, 0, 1, 1), holder=0)  # crabs 0 and 2 tie
    1
    """
    far = max(layout.distance(c) for c in crabs)
    tied = {owners[c] for c, cell in enumerate(crabs) if layout.distance(cell) == far}
    n = max(owners) + 1
    order = [(holder + k) % n for k in range(1, n + 1)]
    return next(p for p in order if p in tied)


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
                rules.names[player],
                keep,
                rules.card_names[keep] if keep >= 0 else "",
                thrown,
                tuple(rules.card_names[c] for c in thrown),
            )
        )
    # 3. Take one Market card (none once the Market is exhausted).
    if pile != NO_PILE:
        take_market(work, player, pile)
    # 4. Take the Discard pile into the Hand, in view of all.
    take_discard_pile(work, player)
    # 5. Stand up (the active crab).
    stand_up(work, work.turn_decision.crab)
    # "If you Rested, you do not have access to the actions provided by an action card."
    work.stage = Stage.ACT
    work.grants = turn_grants(work, player)
