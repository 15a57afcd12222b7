"""Beach definitions: which cards to flip, where the Crabs start, which extra rules apply.

A beach of Adventure mode is data. The rulebook's eleven Adventure cards are not public,
so apart from :data:`BASE_BEACH` (the first Adventure card: the base game) every beach
here is **the library's own design**, built only from the three icons the rulebook names
and a few named rule modifiers. What a flipped card does is the library's design too:

- a flipped **shrimp** card is a Shrimp snack: the first time the Crabs stop on it, the
  pair gets one Shrimp back (never above 5);
- a flipped **brown fish** card is a Brown Fish, a Baddie printed on the beach: crossing
  or stopping on it costs like a Baddie, and no Baddie may be placed on it;
- a flipped **wave** card is a breaking wave: the Crabs may pass over it but not stop on it
  (a Baddie may still be placed there).

>>> HIGH_TIDE.flip, HIGH_TIDE.start_nth
(frozenset({<Icon.WAVE: 'wave'>}), 3)
>>> len(REFERENCE_BEACHES)
8
"""

from __future__ import annotations

import enum

import attrs

from crabrules.core import ContentError
from crabrules.marche_du_crabe.content import Icon

__all__ = [
    "BASE_BEACH",
    "BROWN_FISH_REEF",
    "FEEDING_FRENZY",
    "HIGH_TIDE",
    "OPEN_SEA",
    "REFERENCE_BEACHES",
    "SHRIMP_COVE",
    "THE_LONG_WALK",
    "TIRED_CLAWS",
    "Beach",
    "Modifier",
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


def _check_beach(beach: Beach) -> None:
    if not isinstance(beach.name, str) or not beach.name:
        raise ContentError("name: a beach has a non-empty name")
    if not all(isinstance(i, Icon) for i in beach.flip):
        raise ContentError(f"flip: icons are shrimp, brown_fish or wave, not {beach.flip!r}")
    if not all(isinstance(m, Modifier) for m in beach.modifiers):
        raise ContentError(f"modifiers: unknown modifier in {beach.modifiers!r}")
    if type(beach.start_row) is not int or not 0 <= beach.start_row < 6:
        raise ContentError(f"start_row: a row is 0 to 5, not {beach.start_row!r}")
    if type(beach.start_nth) is not int or not 1 <= beach.start_nth <= 4:
        raise ContentError(
            f"start_nth: every row has 4 cards without an Item, so 1 to 4, not {beach.start_nth!r}"
        )


@attrs.frozen
class Beach:
    """One beach of Adventure mode (one Adventure card), as data.

    Attributes:
        name: the beach's name.
        flip: the icons whose Beach cards are flipped for this beach.
        start_row: the row where the Crabs token starts (0: the sand row).
        start_nth: the token starts on this card (1-based) among the cards of
            ``start_row`` without an Item, counting from the left.
        modifiers: the extra rules of this beach.

    Raises:
        ContentError: a field is out of range; the message starts with its name.

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

#: The base beach and the library's seven beaches, in campaign order.
REFERENCE_BEACHES: tuple[Beach, ...] = (
    BASE_BEACH,
    SHRIMP_COVE,
    BROWN_FISH_REEF,
    HIGH_TIDE,
    OPEN_SEA,
    THE_LONG_WALK,
    TIRED_CLAWS,
    FEEDING_FRENZY,
)
