"""What a crab's arrival triggers: a Surprise flipped, a border's card due.

:func:`crab_entered` runs on every entry of a crab into a space, however it got there (its
own moves, pushes, Seagull!, swaps, Water Currents), once Adventure Pack modules are in
play; :func:`border_crossed` then, if the crab changed tiles (the pack's handlers of the
engine's named moments, :class:`~crabrules.oh_crab.engine._expansion.Moments`).

- **Surprise** (Module 1): the token on the space is flipped for the crab's owner. An
  immediate token's steps become a :class:`~crabrules.oh_crab.model._pack_state.Frame` of
  theirs, resolved before anything else happens, even in another player's turn; a Treasure
  to keep goes to them. A Waste of "All's well that ends well..." does nothing.
- **Borders** (Modules 2 and 3): crossing a Beach tile's upper border makes its Challenge
  due, its lower border its Event, the first time only; the active player must reveal them
  during their turn (:attr:`~crabrules.oh_crab.model._pack_state.Adventure.due`).
"""

from __future__ import annotations

from crabrules.oh_crab.content._components import Cell
from crabrules.oh_crab.content._documents import TokenKind
from crabrules.oh_crab.content._primitives import Variant
from crabrules.oh_crab.engine._work import Work
from crabrules.oh_crab.model._events import CardDue, SurpriseFlipped
from crabrules.oh_crab.model._pack_state import NONE, Due, DueKind, Frame, FrameKind, Surprises

__all__ = ["border_crossed", "crab_entered"]


def crab_entered(work: Work, crab: int, dest: Cell) -> None:
    """``crab`` entered ``dest``: flip the Surprise there, if any."""
    adventure = work.adventure
    assert adventure is not None
    if dest >= 0 and adventure.surprises is not None and adventure.surprises.board[dest] != NONE:
        _flip(work, crab, dest)


def border_crossed(work: Work, low: int, high: int) -> None:
    """Crabs crossed the borders between tiles ``low`` and ``high``: note the cards due."""
    adventure = work.adventure
    assert adventure is not None
    if adventure.events is not None or adventure.challenges is not None:
        _crossed(work, low, high)


def _flip(work: Work, crab: int, cell: Cell) -> None:
    adventure = work.adventure
    assert adventure is not None
    assert adventure.surprises is not None
    surprises = adventure.surprises
    pack = work.rules.pack
    assert pack is not None
    token = surprises.board[cell]
    info = pack.surprises[token]
    player = work.rules.owners[crab]
    board = list(surprises.board)
    board[cell] = NONE
    waste = info.kind is TokenKind.WASTE
    empty = waste and Variant.ALLS_WELL in work.config.variants
    found = surprises.wastes_found
    if waste:
        beach = work.rules.tile_of[cell] - 1
        found = tuple(n + (k == beach) for k, n in enumerate(found))
    kept = surprises.kept
    gone = surprises.gone
    if info.immediate:
        gone = tuple(sorted((*gone, token)))
        if not empty:
            work.push_frame(Frame(FrameKind.SURPRISE, token, player, crab, info.steps))
    else:
        kept = tuple(tuple(sorted((*k, token))) if p == player else k for p, k in enumerate(kept))
    work.change_adventure(surprises=Surprises(tuple(board), surprises.box, kept, gone, found))
    if work.events is not None:
        name = work.rules.names[player]
        work.events.append(
            SurpriseFlipped(
                player, name, crab, cell, token, info.name, waste, not info.immediate, empty
            )
        )


def _crossed(work: Work, low: int, high: int) -> None:
    """Crabs crossed the borders between tiles ``low`` and ``high`` (board indices)."""
    adventure = work.adventure
    assert adventure is not None
    beaches = len(work.rules.layout.board) - 2
    due = list(adventure.due)
    for k in range(low, high):
        # The border between tile k and tile k + 1: the upper border of Beach k - 1 (the
        # tile being left) and the lower border of Beach k. The Challenge comes first.
        if 1 <= k <= beaches and adventure.challenges is not None:
            _note(due, adventure.challenges.tiles[k - 1], Due(DueKind.CHALLENGE, k - 1))
        if k + 1 <= beaches and adventure.events is not None:
            _note(due, adventure.events.tiles[k], Due(DueKind.EVENT, k))
    if len(due) != len(adventure.due):
        if work.events is not None:
            player = work.current
            name = work.rules.names[player]
            work.events.extend(
                CardDue(player, name, d.kind.value, d.tile) for d in due[len(adventure.due) :]
            )
        work.change_adventure(due=tuple(due))


def _note(due: list[Due], card: int, item: Due) -> None:
    if card != NONE and item not in due:
        due.append(item)
