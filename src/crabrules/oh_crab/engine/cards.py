"""A player's cards on the move: out of the Hand, the Discard pile back in, and who knows what.

A Hand is hidden, but the table sees some cards go into it: a face-up Market card, the
Discard pile taken back at Rest, a Trace card taken back. ``State.known`` lists, per
player, the cards of their Hand that every player saw arrive (:func:`learn`); a card that
leaves the Hand leaves that list (:func:`forget`).

>>> from crabrules.oh_crab.engine.work import Work
>>> from crabrules.oh_crab.rules import initial_state
>>> work = Work(initial_state(seed=1))
>>> work.hands[0]
(0, 1, 2, 3)
>>> discard_random(work, 0)
>>> work.hands[0], work.discards[0]
([0, 2, 3], [1])
>>> take_discard_pile(work, 0)
>>> work.hands[0], work.discards[0], work.known[0]
([0, 2, 3, 1], [], (1,))
"""

from __future__ import annotations

from collections.abc import Iterable

from crabrules.core.game import PlayerId
from crabrules.oh_crab.engine.work import Work
from crabrules.oh_crab.model.events import CardDiscarded, DiscardPileTaken
from crabrules.oh_crab.model.state import CardId

__all__ = ["box", "discard_from_hand", "discard_random", "forget", "learn", "take_discard_pile"]


def discard_from_hand(
    work: Work, player: PlayerId, card: CardId, *, at_random: bool = False
) -> None:
    """Move ``card`` from the player's Hand to their Discard pile."""
    work.hand(player).remove(card)
    forget(work, player, card)
    work.discard_pile(player).append(card)
    if work.events is not None:
        rules = work.rules
        work.events.append(
            CardDiscarded(player, rules.names[player], card, rules.card_names[card], at_random)
        )


def discard_random(work: Work, player: PlayerId) -> None:
    """Discard a card drawn at random from the player's Hand (nothing if it is empty).

    The draw is an index into the Hand sorted, from the game's generator: the same game
    discards the same card, however the Hand's list is ordered now.
    """
    hand = work.hands[player]
    if hand:
        index, work.rng = work.rng.below(len(hand))
        discard_from_hand(work, player, sorted(hand)[index], at_random=True)


def take_discard_pile(work: Work, player: PlayerId) -> None:
    """Take the Discard pile into the Hand, in view of all (Rest, tile Da)."""
    pile = work.discards[player]
    if work.events is not None and pile:
        rules = work.rules
        names = tuple(rules.card_names[c] for c in pile)
        work.events.append(DiscardPileTaken(player, rules.names[player], tuple(pile), names))
    work.hand(player).extend(pile)
    learn(work, player, pile)
    work.discards[player] = []


def box(work: Work, card: CardId) -> None:
    """Put a starting card back in the box (Card Exchange): it leaves the game."""
    work.removed = tuple(sorted((*work.removed, card)))


def forget(work: Work, player: PlayerId, card: CardId) -> None:
    """``card`` left the player's Hand or face-down card in view of all."""
    if card in work.known[player]:
        _set_known(work, player, tuple(c for c in work.known[player] if c != card))


def learn(work: Work, player: PlayerId, cards: Iterable[CardId]) -> None:
    """Every player saw ``cards`` go into the player's Hand."""
    _set_known(work, player, tuple(sorted({*work.known[player], *cards})))


def _set_known(work: Work, player: PlayerId, cards: tuple[CardId, ...]) -> None:
    # ``known`` stays the state's tuple of tuples: few actions change it.
    known = list(work.known)
    known[player] = cards
    work.known = tuple(known)
