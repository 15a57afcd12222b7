"""What a player sees of the Adventure Pack, and dealing again what they do not see.

:func:`mask` gives a player's view of :attr:`State.adventure
<crabrules.oh_crab.State.adventure>`, of the same type with :data:`HIDDEN` where they may
not look: face-down Surprise tokens (a token lies there, which one is hidden), the other
players' kept Treasures (how many is seen), face-down Events and Challenges, and the piles
set aside (emptied: their order and, by elimination, what lies face down). Everything
revealed is seen, and so is what a variant makes known: with "Crystal Ball", which three
Events were drawn (``foreseen``); with "The Lucky Ones", which were removed. The cards
due, the frames and the overlay are public.

:func:`deal` does the reverse for :func:`~crabrules.oh_crab.determinize`: it re-deals every
hidden token and card from what the view shows, keeping what is known: each Beach tile
keeps as many face-down Wastes as it has left (one per tile, less those found there), the
others' kept tokens are Treasures, and with "Crystal Ball" the face-down Events are the
foreseen ones not yet revealed.
"""

from __future__ import annotations

import attrs

from crabrules.core.errors import InvalidStateError
from crabrules.core.game import PlayerId
from crabrules.core.rng import Rng
from crabrules.oh_crab.adventure.setup import playable_challenges, surprise_cells
from crabrules.oh_crab.content._documents import AdventureContent
from crabrules.oh_crab.content._primitives import Variant
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._pack_state import NONE, Adventure, Challenges, Events, Surprises
from crabrules.oh_crab.model._state import Config

__all__ = ["HIDDEN", "deal", "mask", "wastes_per_tile"]

#: A token or card the viewer may not see.
HIDDEN = -3


def wastes_per_tile(config: Config) -> int:
    """The Wastes placed on each Beach tile: 1, none with "Only the good"."""
    return 0 if Variant.ONLY_THE_GOOD in config.variants else 1


def mask(adventure: Adventure, player: PlayerId | None) -> Adventure:
    """Return ``player``'s view of ``adventure`` (``None``: a spectator's)."""
    surprises, events, challenges = adventure.surprises, adventure.events, adventure.challenges
    if surprises is not None:
        surprises = attrs.evolve(
            surprises,
            board=tuple(HIDDEN if t != NONE else NONE for t in surprises.board),
            box=(),
            kept=tuple(
                mine if p == player else (HIDDEN,) * len(mine)
                for p, mine in enumerate(surprises.kept)
            ),
        )
    if events is not None:
        events = attrs.evolve(
            events, tiles=tuple(HIDDEN if c != NONE else NONE for c in events.tiles), box=()
        )
    if challenges is not None:
        challenges = attrs.evolve(
            challenges,
            tiles=tuple(
                c if c == NONE or t == challenges.open else HIDDEN
                for t, c in enumerate(challenges.tiles)
            ),
            box=(),
        )
    asymmetry = adventure.asymmetry
    if asymmetry is not None:  # Module 4
        from crabrules.oh_crab.adventure.asymmetry import mask_asymmetry

        asymmetry = mask_asymmetry(asymmetry, player)
    return attrs.evolve(
        adventure, surprises=surprises, events=events, challenges=challenges, asymmetry=asymmetry
    )


def deal(
    view: Adventure, config: Config, rules: Rules, player: PlayerId | None, rng: Rng
) -> tuple[Adventure, Rng]:
    """Re-deal what ``view`` hides, from ``rng``.

    Raises:
        InvalidStateError: the view cannot come from a game (the hidden parts do not fit).
    """
    pack = rules.pack
    assert pack is not None
    surprises, events, challenges = view.surprises, view.events, view.challenges
    if surprises is not None:
        surprises, rng = _deal_surprises(view, config, rules, pack, player, rng)
    if events is not None:
        events, rng = _deal_events(events, pack, rng)
    if challenges is not None:
        challenges, rng = _deal_challenges(challenges, config, pack, rng)
    dealt = attrs.evolve(view, surprises=surprises, events=events, challenges=challenges)
    if view.asymmetry is not None:  # Module 4
        from crabrules.oh_crab.adventure.asymmetry import deal_asymmetry, keep_spied

        asymmetry, rng = deal_asymmetry(view, config, rules, player, rng)
        dealt = keep_spied(attrs.evolve(dealt, asymmetry=asymmetry), player)
    return dealt, rng


def _deal_events(events: Events, pack: AdventureContent, rng: Rng) -> tuple[Events, Rng]:
    """The face-down Events dealt again (with "Crystal Ball", from those foreseen)."""
    seen = {*events.revealed, *events.removed}
    unknown = [c for c in range(len(pack.events)) if c not in seen]
    face_down = [t for t, c in enumerate(events.tiles) if c != NONE]
    if events.foreseen:
        below = [c for c in events.foreseen if c not in seen]
        rest = [c for c in unknown if c not in below]
    else:
        below, rest = unknown, []
    shuffled, rng = rng.shuffle(below)
    below = list(shuffled)
    if len(below) < len(face_down):
        raise InvalidStateError("adventure: the face-down Events cannot be dealt")
    tiles = list(events.tiles)
    for t, card in zip(face_down, below, strict=False):
        tiles[t] = card
    box, rng = rng.shuffle([*below[len(face_down) :], *rest])
    return attrs.evolve(events, tiles=tuple(tiles), box=tuple(box)), rng


def _deal_challenges(
    challenges: Challenges, config: Config, pack: AdventureContent, rng: Rng
) -> tuple[Challenges, Rng]:
    """The face-down Challenges dealt again from the playable ones not shown."""
    shown = {*challenges.resolved, *(c for c in challenges.tiles if c >= 0)}
    playable = [c for c in playable_challenges(config, pack) if c not in shown]
    face_down = [t for t, c in enumerate(challenges.tiles) if c == HIDDEN]
    drawn, rng = rng.shuffle(playable)
    if len(drawn) < len(face_down):
        raise InvalidStateError("adventure: the face-down Challenges cannot be dealt")
    tiles = list(challenges.tiles)
    for t, card in zip(face_down, drawn, strict=False):
        tiles[t] = card
    placed = set(tiles) | set(challenges.resolved)
    box = tuple(c for c in range(len(pack.challenges)) if c not in placed)
    return attrs.evolve(challenges, tiles=tuple(tiles), box=box), rng


def _deal_surprises(
    view: Adventure,
    config: Config,
    rules: Rules,
    pack: AdventureContent,
    player: PlayerId | None,
    rng: Rng,
) -> tuple[Surprises, Rng]:
    surprises = view.surprises
    assert surprises is not None
    mine = set(surprises.kept[player]) if player is not None else set()
    known = {*surprises.gone, *mine}
    wastes, rng = rng.shuffle([t for t in pack.wastes() if t not in known])
    treasures, rng = rng.shuffle([t for t in pack.treasures() if t not in known])
    pool_w = list(wastes)
    # The others' kept tokens first: only Treasures without "!!/" are ever kept.
    kept, pool_t = _deal_kept(surprises, pack, player, list(treasures))
    board, rng = _deal_board(surprises, config, rules, pool_w, pool_t, rng)
    box = tuple(sorted(pool_w + pool_t))
    return attrs.evolve(surprises, board=board, kept=kept, box=box), rng


def _deal_kept(
    surprises: Surprises, pack: AdventureContent, player: PlayerId | None, pool_t: list[int]
) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
    """The others' kept Treasures dealt from ``pool_t``, and the Treasures left."""
    kept = []
    for p, theirs in enumerate(surprises.kept):
        if p == player:
            kept.append(theirs)
            continue
        keepable = [t for t in pool_t if not pack.surprises[t].immediate][: len(theirs)]
        if len(keepable) < len(theirs):
            raise InvalidStateError("adventure: the kept Treasures cannot be dealt")
        pool_t = [t for t in pool_t if t not in keepable]
        kept.append(tuple(sorted(keepable)))
    return tuple(kept), pool_t


def _deal_board(
    surprises: Surprises,
    config: Config,
    rules: Rules,
    pool_w: list[int],
    pool_t: list[int],
    rng: Rng,
) -> tuple[tuple[int, ...], Rng]:
    """The face-down tokens dealt tile by tile (the pools lose what is drawn)."""
    board = list(surprises.board)
    per_tile = wastes_per_tile(config)
    for tile, cells in enumerate(surprise_cells(rules)):
        down = [c for c in cells if board[c] == HIDDEN]
        left = per_tile - surprises.wastes_found[tile]
        if not 0 <= left <= len(down) or left > len(pool_w) or len(down) - left > len(pool_t):
            raise InvalidStateError(
                f"adventure: Beach tile {tile + 1}'s Surprises cannot be dealt"
            )
        drawn = [pool_w.pop() for _ in range(left)] + [pool_t.pop() for _ in down[left:]]
        tokens, rng = rng.shuffle(drawn)
        for cell, token in zip(down, tokens, strict=True):
            board[cell] = token
    if any(t == HIDDEN for t in board):
        raise InvalidStateError("adventure: a face-down Surprise lies off the Surprise spaces")
    return tuple(board), rng
