"""The printed content: the 12 Items and the icons on the Beach cards.

The rulebook names only the Tyre; public descriptions of the game add a petrol can, a
bucket, a ball, a swim ring, drink cans and an air mattress. The library completes the
list with five more pieces of beach litter. Each of the 6 rows of the beach owns two
Items (row ``r`` owns Items ``2r`` and ``2r + 1``), printed on two of its six Beach cards.
The Tyre is in the 4th row (row 3): in the rulebook's example, Boater moves three cards
up from the sand row and Sunny then moves along that row to the Tyre.

>>> ITEMS[0], ITEM_CODES[0], item_row(0)
('Flip-flop', 'Ff', 0)
>>> [ITEMS[i] for i in ROW_ITEMS[3]]
['Tyre', 'Shopping bag']
"""

from __future__ import annotations

import enum

#: An Item's id, ``0 .. 11``: its index in :data:`ITEMS`.
Item = int

#: The 12 Items, by id. Items ``2r`` and ``2r + 1`` are printed in row ``r``; the Tyre
#: (id 6) in row 3, as in the rulebook's example.
ITEMS: tuple[str, ...] = (
    "Flip-flop",
    "Petrol can",
    "Bucket",
    "Ball",
    "Swim ring",
    "Drink can",
    "Tyre",
    "Shopping bag",
    "Air mattress",
    "Plastic bottle",
    "Sunscreen tube",
    "Fishing net",
)

#: Two-letter codes of the Items, for :mod:`~crabrules.marche_du_crabe.render`.
ITEM_CODES: tuple[str, ...] = (
    "Ff",
    "Pc",
    "Bu",
    "Ba",
    "Sr",
    "Dc",
    "Ty",
    "Sb",
    "Am",
    "Pb",
    "St",
    "Fn",
)

NUM_ITEMS = len(ITEMS)

#: The two Items of each row, by row.
ROW_ITEMS: tuple[tuple[Item, Item], ...] = tuple((2 * r, 2 * r + 1) for r in range(6))


def item_row(item: Item) -> int:
    """Return the row whose Beach cards print ``item``."""
    return item // 2


class Icon(str, enum.Enum):
    """The icons some Beach cards carry; they matter only in Adventure mode.

    Flipping a card with an icon (a beach definition says which icons to flip) shows its
    back, whose effect is the library's own design (see
    :mod:`~crabrules.marche_du_crabe.beaches`).
    """

    SHRIMP = "shrimp"
    BROWN_FISH = "brown_fish"
    WAVE = "wave"


#: The icons of the four sand (Item-less) Beach cards of each row, by row; ``None`` is a
#: plain card. Four cards of each icon in all, spread so that no row has two alike. This
#: distribution is the library's own (the rulebook does not list the cards).
SAND_ICONS: tuple[tuple[Icon | None, ...], ...] = (
    (None, None, None, Icon.SHRIMP),
    (None, None, Icon.SHRIMP, Icon.WAVE),
    (None, None, Icon.BROWN_FISH, Icon.WAVE),
    (None, None, Icon.SHRIMP, Icon.BROWN_FISH),
    (None, None, Icon.BROWN_FISH, Icon.WAVE),
    (None, Icon.SHRIMP, Icon.BROWN_FISH, Icon.WAVE),
)
