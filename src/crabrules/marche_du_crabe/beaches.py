"""Beach definitions: which cards to flip, where the Crabs start, which extra rules apply.

A beach of Adventure mode is data. The rulebook's eleven Adventure cards are not public,
so apart from :data:`BASE_BEACH` (the first Adventure card: the base game) the ten
beaches here are **the library's own design**, built only from what an Adventure card
gives in the rulebook: the Beach-card icons to flip (shrimp, brown fish, wave), the rules
to apply (a few named modifiers) and the start position of the Crabs. What a flipped
card does is the library's design too:

- a flipped **shrimp** card is a Shrimp snack: the first time the Crabs stop on it, the
  pair gets one Shrimp back (never above 5);
- a flipped **brown fish** card is a Brown Fish, a Baddie printed on the beach: crossing
  or stopping on it costs like a Baddie, and no Baddie may be placed on it;
- a flipped **wave** card is a breaking wave: the Crabs may pass over it but not stop on it
  (a Baddie may still be placed there).

>>> HIGH_TIDE.flip, HIGH_TIDE.start_nth
(frozenset({<Icon.WAVE: 'wave'>}), 3)
>>> len(REFERENCE_BEACHES)
11
"""

from __future__ import annotations

import enum

import attrs

from crabrules.core import ContentError
from crabrules.marche_du_crabe._content import SAND_ICONS, Icon

__all__ = [
    "BASE_BEACH",
    "BROWN_FISH_REEF",
    "FEEDING_FRENZY",
    "HIGH_TIDE",
    "LOBSTER_ALLEY",
    "NO_START",
    "OPEN_SEA",
    "REFERENCE_BEACHES",
    "SHRIMP_COVE",
    "STORM_SURGE",
    "THE_LAST_STRETCH",
    "THE_LONG_WALK",
    "TIRED_CLAWS",
    "Beach",
    "Modifier",
    "start_cards",
]


class Modifier(str, enum.Enum):
    """The named rule modifiers a beach may switch on (the library's own design)."""

    FRESH_SHRIMPS = "fresh_shrimps"
    """The beach starts with all 5 Shrimps alive, whatever the last beach left."""
    MUST_MOVE = "must_move"
    """The Crabs must move when they can: staying is allowed only with no move left."""
    SHORT_MOVES = "short_moves"
    """A move goes 1 or 2 cards, no further."""
    HUNGRY_BADDIES = "hungry_baddies"
    """Crossing costs 1 Shrimp for every Baddie crossed, not 1 per move."""


#: The icons whose flipped cards the Crabs may not stand on at the start: a breaking
#: wave (they may not stop there) and a Brown Fish (a Baddie nobody paid for).
NO_START: frozenset[Icon] = frozenset({Icon.WAVE, Icon.BROWN_FISH})


def start_cards(flip: frozenset[Icon], row: int) -> int:
    """Count the cards of ``row`` the Crabs may start on once ``flip``'s cards are flipped.

    The cards without an Item, minus the flipped waves and Brown Fish. A row's four sand
    cards carry the same icons on every layout
    (:data:`~crabrules.marche_du_crabe._content.SAND_ICONS`), so the count does not depend
    on how the beach is laid out.

    >>> start_cards(frozenset(), 2), start_cards(frozenset({Icon.WAVE, Icon.BROWN_FISH}), 2)
    (4, 2)
    """
    return sum(
        icon is None or icon not in flip or icon not in NO_START for icon in SAND_ICONS[row]
    )


def _check_beach(beach: Beach) -> None:
    if type(beach.name) is not str or not beach.name:
        raise ContentError(f"name: a beach has a non-empty name, not {beach.name!r}")
    # Frozensets only: a beach is part of a state, which must be hashable.
    if type(beach.flip) is not frozenset or not all(isinstance(i, Icon) for i in beach.flip):
        raise ContentError(
            f"flip: a frozenset of icons (shrimp, brown_fish, wave), not {beach.flip!r}"
        )
    if type(beach.modifiers) is not frozenset or not all(
        isinstance(m, Modifier) for m in beach.modifiers
    ):
        names = ", ".join(m.value for m in Modifier)
        raise ContentError(
            f"modifiers: a frozenset of modifiers ({names}), not {beach.modifiers!r}"
        )
    if type(beach.start_row) is not int or not 0 <= beach.start_row < 6:
        raise ContentError(f"start_row: a row is 0 to 5, not {beach.start_row!r}")
    if type(beach.start_nth) is not int or beach.start_nth < 1:
        raise ContentError(f"start_nth: 1 for the first start card, not {beach.start_nth!r}")
    cards = start_cards(beach.flip, beach.start_row)
    if beach.start_nth > cards:
        raise ContentError(
            f"start_nth: row {beach.start_row} has {cards} cards the Crabs may start on "
            f"(no Item, no breaking wave, no Brown Fish), not {beach.start_nth}"
        )


@attrs.frozen
class Beach:
    """One beach of Adventure mode (one Adventure card), as data.

    Attributes:
        name: the beach's name.
        flip: the icons whose Beach cards are flipped for this beach.
        start_row: the row where the Crabs token starts (0: the sand row).
        start_nth: the token starts on this card (1-based) among the cards of
            ``start_row`` it may stand on, counting from the left: no Item, and neither
            a flipped wave (a breaking wave) nor a flipped brown fish (a Brown Fish).
        modifiers: the extra rules of this beach.

    Raises:
        ContentError: a field is out of range, or the start row has no ``start_nth``
            card to start on; the message starts with the field's name.

    >>> Beach("Tide pool", flip=frozenset({Icon.WAVE}), start_nth=2).modifiers
    frozenset()
    """

    name: str
    flip: frozenset[Icon] = frozenset()
    start_row: int = 0
    start_nth: int = 1
    modifiers: frozenset[Modifier] = frozenset()

    def __attrs_post_init__(self) -> None:
        _check_beach(self)


#: The first Adventure card: the base game, started on the first empty sand card.
BASE_BEACH = Beach("The first beach")

#: Snacks everywhere: an easy second beach.
SHRIMP_COVE = Beach("Shrimp Cove", flip=frozenset({Icon.SHRIMP}), start_nth=2)

#: Four Brown Fish already lurk on the beach.
BROWN_FISH_REEF = Beach("Brown Fish Reef", flip=frozenset({Icon.BROWN_FISH}))

#: Four cards are under breaking waves; the Crabs start on the third empty sand card.
HIGH_TIDE = Beach("High Tide", flip=frozenset({Icon.WAVE}), start_nth=3)

#: Waves and Brown Fish at once, but the Shrimps are fresh.
OPEN_SEA = Beach(
    "Open Sea",
    flip=frozenset({Icon.WAVE, Icon.BROWN_FISH}),
    modifiers=frozenset({Modifier.FRESH_SHRIMPS}),
)

#: Staying still is no longer a signal the Crabs can afford.
THE_LONG_WALK = Beach(
    "The Long Walk",
    flip=frozenset({Icon.SHRIMP}),
    start_row=5,
    modifiers=frozenset({Modifier.MUST_MOVE}),
)

#: Short steps only, from the middle of the beach.
TIRED_CLAWS = Beach(
    "Tired Claws",
    flip=frozenset({Icon.SHRIMP, Icon.WAVE}),
    start_row=2,
    start_nth=2,
    modifiers=frozenset({Modifier.SHORT_MOVES}),
)

#: Every Baddie crossed bites, but snacks and fresh Shrimps help.
FEEDING_FRENZY = Beach(
    "Feeding Frenzy",
    flip=frozenset({Icon.SHRIMP, Icon.BROWN_FISH}),
    start_nth=4,
    modifiers=frozenset({Modifier.HUNGRY_BADDIES, Modifier.FRESH_SHRIMPS}),
)

#: Every icon flipped, from the bottom row: the whole beach bites back.
STORM_SURGE = Beach(
    "Storm Surge",
    flip=frozenset({Icon.SHRIMP, Icon.BROWN_FISH, Icon.WAVE}),
    start_row=5,
)

#: Brown Fish and hungry Baddies from the middle of the beach, but the Shrimps are fresh.
LOBSTER_ALLEY = Beach(
    "Lobster Alley",
    flip=frozenset({Icon.BROWN_FISH}),
    start_row=3,
    start_nth=2,
    modifiers=frozenset({Modifier.HUNGRY_BADDIES, Modifier.FRESH_SHRIMPS}),
)

#: The last beach: every icon flipped, short steps, and the Crabs may not wait.
THE_LAST_STRETCH = Beach(
    "The Last Stretch",
    flip=frozenset({Icon.SHRIMP, Icon.BROWN_FISH, Icon.WAVE}),
    start_nth=3,
    modifiers=frozenset({Modifier.SHORT_MOVES, Modifier.MUST_MOVE}),
)

#: The base beach and the library's ten beaches, in campaign order: eleven, as the
#: rulebook's Adventure deck.
REFERENCE_BEACHES: tuple[Beach, ...] = (
    BASE_BEACH,
    SHRIMP_COVE,
    BROWN_FISH_REEF,
    HIGH_TIDE,
    OPEN_SEA,
    THE_LONG_WALK,
    TIRED_CLAWS,
    FEEDING_FRENZY,
    STORM_SURGE,
    LOBSTER_ALLEY,
    THE_LAST_STRETCH,
)
