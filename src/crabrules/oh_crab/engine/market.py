"""The card Market: three face-up piles of distinct special actions and a draw pile.

Cards showing the same special action are always stacked, so the face-up piles show
three different special actions. Piles are lists of card ids, bottom to top; the draw
pile is top first.

Taking a card is in view of all when it was face up, and so is taking the draw pile's top
card once only cards the table saw are left in it (``State.draw_seen``: cards given back
by a Card Exchange go under the draw pile in view of all): :func:`take_market`. A Card
Exchange space gives a card for a Market card (:func:`exchange`).

>>> from crabrules.oh_crab.engine.work import Work
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

from crabrules.core.game import PlayerId
from crabrules.oh_crab.engine.cards import box, forget, learn
from crabrules.oh_crab.engine.work import Work
from crabrules.oh_crab.model.actions import DRAW_PILE, Pile
from crabrules.oh_crab.model.events import CardExchanged, MarketCardTaken, MarketRefilled
from crabrules.oh_crab.model.state import CardId

__all__ = ["exchange", "market_takes", "refill", "refill_market", "take", "take_market"]


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
