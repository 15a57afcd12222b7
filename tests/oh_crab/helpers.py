"""Build Oh Crab! positions by hand."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from crabrules.oh_crab import (
    Config,
    Grant,
    Phase,
    Primitive,
    Source,
    Stage,
    State,
    Turn,
    check_state,
)
from crabrules.oh_crab.adventure._model import Adventure
from crabrules.oh_crab.content._components import Content
from crabrules.oh_crab.content._loading import (
    build_content,
    get_content,
    has_content,
    register_content,
)
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.engine._turns import refill
from crabrules.oh_crab.model._state import NO_CARD, NO_CRAB
from crabrules.oh_crab.rules import initial_state

#: Scenario 1 ("First Escape!"), 3 players: rows 0-1 Start 0A, 2-5 Beach 1A, 6-9 2A,
#: 10-13 3A, 14-15 Finish 9A.
FIRST_ESCAPE = Config(players=3)


def reference_documents() -> dict[str, Any]:
    """The reference content's three JSON documents, freshly parsed (free to change)."""
    data = resources.files("crabrules.oh_crab.content") / "data"
    return {
        name: json.loads((data / f"{name}.json").read_text("utf-8"))
        for name in ("board", "cards", "tokens")
    }


def redrawn_config(
    name: str,
    players: int,
    tiles: Mapping[str, Sequence[str]],
    shortcuts: Mapping[str, Sequence[Mapping[str, Any]]] | None = None,
) -> Config:
    """Scenario 1 on the reference content with some tile sides redrawn.

    ``tiles`` maps a tile side's id to its new rows (sea side first), ``shortcuts`` to its
    Shortcut arrows (none by default); the content is registered once under ``name``.
    """
    if not has_content(name):
        docs = reference_documents()
        for tile in docs["board"]["tiles"]:
            if tile["id"] in tiles:
                arrows = (shortcuts or {}).get(tile["id"], ())
                tile.update(rows=list(tiles[tile["id"]]), shortcuts=[dict(a) for a in arrows])
        register_content(name, build_content(docs["board"], docs["cards"], docs["tokens"]))
    return Config(players=players, content=name)


def at(row: int, col: int) -> int:
    """The cell of (row, column)."""
    return row * 5 + col


def cid(name: str, content: str = "reference") -> int:
    """A card's id from its content id (``"red-1"``, ``"a07"``)."""
    cards = get_content(content).cards
    return next(i for i, c in enumerate(cards) if c.id == name)


def with_special(special: str, skip: int = 0) -> int:
    """An action card showing ``special``."""
    cards = get_content("reference").cards
    return [i for i, c in enumerate(cards) if c.special == special][skip]


def grant(name: str, content: Content | None = None) -> Grant:
    """The grant of a basic action (its primitive's name), special or tile side."""
    content = content or get_content("reference")
    try:
        step = Primitive(name)
    except ValueError:
        pass
    else:
        return Grant(Source.MAIN, name, (step,))
    if name[:1].isupper():
        side = content.action_tile(name)
        return Grant(Source.TILE, side.id, side.steps, side.cost)
    return Grant(Source.SPECIAL, name, content.special(name).steps)


def make(
    config: Config = FIRST_ESCAPE,
    *,
    crabs: Sequence[int],
    hands: Sequence[Sequence[int]] | None = None,
    knocked: Sequence[bool] | None = None,
    traces: Sequence[Sequence[int]] | None = None,
    discards: Sequence[Sequence[int]] | None = None,
    planned: Sequence[int] | None = None,
    shells: Sequence[int] | None = None,
    market: Sequence[Sequence[int]] | None = None,
    draw: Sequence[int] | None = None,
    cook: int = 0,
    current: int = 0,
    phase: Phase = Phase.ACTION,
    stage: Stage = Stage.ACT,
    grants: Sequence[Grant] = (),
    queue: Sequence[Primitive] = (),
    head_down: bool = False,
    tile_used: bool = False,
    seed: int = 1,
    crab: int | None = None,
    tokens: Sequence[int] | None = None,
    cook_used: bool = False,
    adventure: Adventure | str | None = "setup",
) -> State:
    """Build a consistent state.

    ``adventure``: the Adventure Pack's part (``"setup"``: the one ``initial_state`` dealt).

    Every card not placed goes to the draw pile (or the box, for starting cards), or with
    ``draw`` given to the last player's Discard pile; empty face-up piles are refilled; the
    players still to play this round hold a face-down card; and the supply holds every
    shell not on a space or with a player.
    """
    n = config.players
    rules = rules_for(config)
    hands_t = tuple(tuple(sorted(h)) for h in (hands or [()] * n))
    traces_t = tuple(tuple(t) for t in (traces or [()] * n))
    discards_t = tuple(tuple(d) for d in (discards or [()] * n))
    planned_l = list(planned or [NO_CARD] * n)
    piles = [tuple(p) for p in (market or [(), (), ()])]
    placed = {c for group in (*hands_t, *traces_t, *discards_t, *piles) for c in group}
    placed.update(c for c in planned_l if c >= 0)
    if draw is not None:
        placed.update(draw)
    rest = [c for c in range(len(rules.cards)) if c not in placed]
    if phase is Phase.ACTION:
        # The players still to play this round hold a face-down card: the last unplaced
        # action cards (tests name the first ones) for those the test leaves without one.
        order = [(cook + k) % n for k in range(n)]
        to_come = order[order.index(current) + (stage is Stage.ACT) :]
        for p in to_come:
            if planned_l[p] == NO_CARD:
                card = next(c for c in reversed(rest) if not rules.cards[c].starting)
                rest.remove(card)
                planned_l[p] = card
    planned_t = tuple(planned_l)
    removed = tuple(c for c in rest if rules.cards[c].starting)
    pile = tuple(draw) if draw is not None else tuple(c for c in rest if c not in removed)
    if draw is not None:
        # The draw pile is given (often empty: an exhausted Market): the action cards left
        # over lie in the last player's Discard pile, where no test looks.
        spare = tuple(c for c in rest if c not in removed)
        discards_t = (*discards_t[:-1], (*discards_t[-1], *spare))
    if market is None or not all(market):
        # As the rules do: empty face-up piles are filled from the draw pile.
        piles_l, draw_l = [list(p) for p in piles], list(pile)
        refill(piles_l, draw_l, rules.special_ids)
        piles, pile = [tuple(p) for p in piles_l], tuple(draw_l)
    shells_t = tuple(shells or [0] * n)
    supply = get_content(config.content).shells - sum(rules.shell) - sum(shells_t)
    turn = None
    if phase is Phase.ACTION:
        given = list(grants)
        if stage is Stage.ACT and not tile_used:
            # Rule E: the tiles in play are offered until one is used (after those given).
            tiles = [Grant(Source.TILE, t.id, t.steps, t.cost) for t in rules.tiles]
            given.extend(t for t in tiles if t not in given)
        if crab is None:
            crab = NO_CRAB if stage is Stage.ACTIVATE else rules.crabs_of[current][0]
        turn = Turn(stage, crab, tuple(given), tuple(queue), None, head_down, tile_used)
    base = initial_state(config, seed=seed)
    state = attrs.evolve(
        base,
        phase=phase,
        cook=cook,
        current=current,
        crabs=tuple(crabs),
        knocked=tuple(knocked or [False] * len(crabs)),
        tokens=tuple(tokens or [0] * len(crabs)),
        cook_used=cook_used,
        hands=hands_t,
        planned=planned_t,
        traces=traces_t,
        discards=discards_t,
        shells=shells_t,
        supply=supply,
        market=tuple(piles),
        draw=pile,
        removed=tuple(sorted(removed)),
        turn=turn,
    )
    if not isinstance(adventure, str):
        state = attrs.evolve(state, adventure=adventure)
    if not queue:
        check_state(state)
    return state


def write(docs: dict[str, Any], folder: Path) -> None:
    """Write content documents (``reference_documents``'s shape) as JSON files in ``folder``."""
    for name, doc in docs.items():
        (folder / f"{name}.json").write_text(json.dumps(doc), "utf-8")
