"""Build Adventure Pack positions by hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from crabrules.oh_crab import Config, Observation, State, get_content
from crabrules.oh_crab.adventure._content import AdventureContent, TokenKind
from crabrules.oh_crab.adventure._model import (
    NONE,
    Adventure,
    Challenges,
    Due,
    Events,
    Overlay,
    Surprises,
)
from crabrules.oh_crab.adventure._plugin import (
    playable_challenges,
    surprise_cells,
    wastes_per_tile,
)
from crabrules.oh_crab.adventure._triggers import adventure_of
from crabrules.oh_crab.content._primitives import Variant
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.engine._work import Work

ALL = frozenset({"surprises", "events", "challenges"})


def pack() -> AdventureContent:
    """The reference Adventure Pack content."""
    content = get_content("reference").adventure
    assert isinstance(content, AdventureContent)
    return content


def token(name: str) -> int:
    """A Surprise token's id from its content id."""
    return next(i for i, t in enumerate(pack().surprises) if t.id == name)


def event(name: str) -> int:
    """An Event card's id from its content id."""
    return next(i for i, t in enumerate(pack().events) if t.id == name)


def challenge(name: str) -> int:
    """A Challenge card's id from its content id."""
    return next(i for i, t in enumerate(pack().challenges) if t.id == name)


def reward(name: str) -> int:
    """A Reward card's id from its content id."""
    return next(i for i, t in enumerate(pack().rewards) if t.id == name)


def surprises(
    config: Config,
    board: Mapping[int, int] | None = None,
    kept: Sequence[Sequence[int]] | None = None,
    gone: Sequence[int] = (),
) -> Surprises:
    """Tokens face down where ``board`` says, ``kept`` per player, the rest in the box.

    Each Beach tile without its Waste face down counts it as found.
    """
    rules = rules_for(config)
    cells = surprise_cells(rules)
    tiles = [next(t for t, spaces in enumerate(cells) if c in spaces) for c in (board or {})]
    placed = [0] * len(cells)
    for tile, (_, t) in zip(tiles, (board or {}).items(), strict=True):
        placed[tile] += pack().surprises[t].kind is TokenKind.WASTE
    per_tile = wastes_per_tile(config)
    grid = [NONE] * rules.layout.cells
    for cell, t in (board or {}).items():
        grid[cell] = t
    kept_t = tuple(tuple(sorted(k)) for k in (kept or [()] * config.players))
    used = {*(board or {}).values(), *gone, *(t for k in kept_t for t in k)}
    box = tuple(t for t in range(len(pack().surprises)) if t not in used)
    return Surprises(
        tuple(grid), box, kept_t, tuple(sorted(gone)), tuple(per_tile - n for n in placed)
    )


def events(config: Config, tiles: Sequence[int], revealed: Sequence[int] = ()) -> Events:
    """Events face down on the Beach tiles (``NONE``: revealed), the rest set aside."""
    removed: tuple[int, ...] = ()
    if Variant.LUCKY_ONES in config.variants:
        removed = tuple(i for i, e in enumerate(pack().events) if e.negative)
    used = {*tiles, *revealed, *removed}
    box = tuple(e for e in range(len(pack().events)) if e not in used)
    foreseen: tuple[int, ...] = ()
    if Variant.CRYSTAL_BALL in config.variants:
        foreseen = tuple(sorted({*(t for t in tiles if t != NONE), *revealed}))
    return Events(tuple(tiles), box, NONE, tuple(revealed), foreseen, removed)


def challenges(
    config: Config, tiles: Sequence[int], reward_card: int = 0, resolved: Sequence[int] = ()
) -> Challenges:
    """Challenges on the Beach tiles (``NONE``: resolved), the Reward card by the first left."""
    used = {*tiles, *resolved}
    box = tuple(c for c in range(len(pack().challenges)) if c not in used)
    assert set(tiles) - {NONE} <= set(playable_challenges(config, pack()))
    first = next((t for t, c in enumerate(tiles) if c != NONE), NONE)
    others = tuple(r for r in range(len(pack().rewards)) if r != reward_card)
    return Challenges(
        tuple(tiles), box, reward_card, others, first, (0,) * config.players, tuple(resolved)
    )


def adventure(
    surprises: Surprises | None = None,
    events: Events | None = None,
    challenges: Challenges | None = None,
    due: Sequence[Due] = (),
    overlay: Overlay | None = None,
) -> Adventure:
    """The Adventure Pack's part from its pieces."""
    part = Adventure(surprises, events, challenges, tuple(due))
    return part if overlay is None else attrs.evolve(part, overlay=overlay)


def part(view: State | Observation | Work) -> Adventure:
    """The Adventure Pack's part of a state, an observation or a working copy (there is one)."""
    adventure = adventure_of(view)
    assert adventure is not None
    return adventure


def sur(view: State | Observation) -> Surprises:
    """Module 1's part."""
    found = part(view).surprises
    assert found is not None
    return found


def evs(view: State | Observation) -> Events:
    """Module 2's part."""
    found = part(view).events
    assert found is not None
    return found


def chs(view: State | Observation) -> Challenges:
    """Module 3's part."""
    found = part(view).challenges
    assert found is not None
    return found
