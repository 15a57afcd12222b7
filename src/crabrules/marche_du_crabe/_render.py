"""The beach as plain text, whole (:func:`render`) or as one player sees it.

Columns are lettered ``A`` to ``F`` and rows numbered ``1`` (the sand row) to ``6``: the
labels of the notation (:mod:`~crabrules.marche_du_crabe._notation`). Each card is four
characters: what the card shows (an Item's two-letter code, ``++`` a Freed Crab, ``..``
sand, ``~~`` a breaking wave, ``sh`` a Shrimp snack), then what stands on it (``r``
Boater's red Baddie, ``b`` Sunny's blue Baddie, ``f`` a Brown Fish), then ``@`` for the
Crabs token. Exposed Forbidden Items are listed under the beach, then a legend. Every
line fits in 100 columns.

>>> from crabrules.marche_du_crabe import initial_state
>>> print(render_view(initial_state(seed=7), 1))
La Marche du Crabe: The first beach
Shrimps 5/5 · Crabs freed 0/8 · Decks: Boater 11, Sunny 12
Boater (red) places a Baddie in row 4
     A     B     C     D     E     F
  1  .. @  ..    ..    Pc    Ff    ..
  2  Bu    ..    ..    ..    ..    Ba
  3  ..    Dc    ..    Sr    ..    ..
  4  Sb    ..    Ty    ..    ..    ..
  5  ..    Pb    ..    ..    ..    Am
  6  ..    ..    Fn    ..    St    ..
Your Forbidden Items (Sunny): Drink can (Dc), Plastic bottle (Pb)
Cards: an Item's code, ++ Freed Crab, .. sand, ~~ breaking wave, sh Shrimp snack;
then r red Baddie (Boater), b blue Baddie (Sunny), f Brown Fish; @ the Crabs.
Items: Ff Flip-flop, Pc Petrol can, Bu Bucket, Ba Ball, Sr Swim ring, Dc Drink can,
       Ty Tyre, Sb Shopping bag, Am Air mattress, Pb Plastic bottle,
       St Sunscreen tube, Fn Fishing net.
Actions: place C4 (the Baddie), move C4 (the Crabs), stay.
"""

from __future__ import annotations

from crabrules.core import PlayerId
from crabrules.core.game import not_a_state
from crabrules.marche_du_crabe._board import COLUMN_LETTERS, NO_ITEM, ROW_CELLS
from crabrules.marche_du_crabe._config import MAX_SHRIMPS
from crabrules.marche_du_crabe._content import ITEM_CODES, ITEMS, Icon, Item
from crabrules.marche_du_crabe._observe import Observation, observe
from crabrules.marche_du_crabe._state import (
    BOATER,
    BROWN_FISH,
    COLOURS,
    CRABS_TO_FREE,
    NAMES,
    SUNNY,
    State,
)

_NAMES = NAMES
_COLOURS = COLOURS
_ON_CARD = {BOATER: "r", SUNNY: "b", BROWN_FISH: "f"}

#: What the two letters and two marks of a card mean, printed under every beach.
_LEGEND = (
    "Cards: an Item's code, ++ Freed Crab, .. sand, ~~ breaking wave, sh Shrimp snack;",
    "then r red Baddie (Boater), b blue Baddie (Sunny), f Brown Fish; @ the Crabs.",
    "Items: " + ", ".join(f"{ITEM_CODES[i]} {ITEMS[i]}" for i in range(6)) + ",",
    "       " + ", ".join(f"{ITEM_CODES[i]} {ITEMS[i]}" for i in range(6, 10)) + ",",
    "       " + ", ".join(f"{ITEM_CODES[i]} {ITEMS[i]}" for i in range(10, 12)) + ".",
    "Actions: place C4 (the Baddie), move C4 (the Crabs), stay.",
)


def render(state: State) -> str:
    """Draw the whole truth of ``state``: the beach and both players' Forbidden Items."""
    if type(state) is not State:
        raise not_a_state(state, State)
    lines = [_beach(observe(state, None))]
    for p in (BOATER, SUNNY):
        lines.append(f"{_NAMES[p]}'s Forbidden Items: {_items(state.forbidden[p])}")
    lines.extend(_LEGEND)
    return "\n".join(lines)


def render_view(state: State, player: PlayerId | None) -> str:
    """Draw ``state`` as ``player`` sees it (``None``: a spectator); nothing hidden is drawn."""
    if type(state) is not State:
        raise not_a_state(state, State)
    return render_observation(observe(state, player))


def render_observation(view: Observation) -> str:
    """Draw an :class:`~crabrules.marche_du_crabe._observe.Observation` as text."""
    if type(view) is not Observation:
        raise not_a_state(view, Observation)
    lines = [_beach(view)]
    if view.player is not None:
        name = _NAMES[view.player]
        lines.append(f"Your Forbidden Items ({name}): {_items(view.forbidden)}")
    lines.extend(_LEGEND)
    return "\n".join(lines)


def _items(items: tuple[Item, ...] | frozenset[Item]) -> str:
    return ", ".join(f"{ITEMS[i]} ({ITEM_CODES[i]})" for i in sorted(items))


def _status(view: Observation) -> str:
    if view.termination is not None:
        return f"Game over: {view.termination.value.replace('_', ' ')}"
    who = f"{_NAMES[view.to_move]} ({_COLOURS[view.to_move]})"
    if view.revealed is not None:
        return f"{who} places a Baddie in row {view.revealed + 1}"
    return f"{who} moves the Crabs or stays"


def _beach(view: Observation) -> str:
    waves = Icon.WAVE in view.beach.flip
    lines = [
        f"La Marche du Crabe: {view.beach.name}",
        f"Shrimps {view.shrimps}/{MAX_SHRIMPS} · Crabs freed {len(view.freed)}/{CRABS_TO_FREE} · "
        f"Decks: Boater {view.deck_sizes[BOATER]}, Sunny {view.deck_sizes[SUNNY]}",
        _status(view),
        "     " + "".join(f"{c:<6}" for c in COLUMN_LETTERS).rstrip(),
    ]
    for r, cells in enumerate(ROW_CELLS):
        row = []
        for c in cells:
            item = view.layout.items[c]
            if item != NO_ITEM:
                shown = "++" if c in view.freed else ITEM_CODES[item]
            elif c in view.snacks:
                shown = "sh"
            elif waves and view.layout.icons[c] is Icon.WAVE:
                shown = "~~"
            else:
                shown = ".."
            shown += _ON_CARD.get(view.baddies[c], " ")
            shown += "@" if c == view.token else " "
            row.append(shown)
        lines.append(f"  {r + 1}  " + "  ".join(row).rstrip())
    for p in (BOATER, SUNNY):
        if view.exposed[p]:
            lines.append(f"Exposed, {_NAMES[p]}'s: {_items(view.exposed[p])}")
    return "\n".join(lines)
