"""The state check of the Adventure Pack's part: one the rules could reach, or refused.

Every token and card lies in exactly one place; a module's part is there exactly when the
module is in play; tokens lie face down only on free Surprise spaces of the Beach tiles,
with each tile's Wastes where the setup put them; a temporary Event's changes are the
overlay's; the Reward card lies by the first Challenge left; cards are due only in a turn,
for borders whose card is still there; frames wait only in the action phase, each for a
choice its player has.
"""

from __future__ import annotations

import functools

from crabrules.core.errors import InvalidStateError
from crabrules.core.memo import CONFIGS_KEPT
from crabrules.oh_crab.adventure.hidden import wastes_per_tile
from crabrules.oh_crab.adventure.setup import playable_challenges, surprise_cells
from crabrules.oh_crab.content._documents import AdventureContent, TokenKind
from crabrules.oh_crab.content._primitives import Module, Primitive, Variant
from crabrules.oh_crab.engine._work import Rules, rules_for
from crabrules.oh_crab.model._pack_state import (
    NO_OVERLAY,
    NONE,
    Adventure,
    DueKind,
    Events,
    FrameKind,
    Overlay,
    Surprises,
)
from crabrules.oh_crab.model._state import Config, Phase, Stage, State

__all__ = ["check_adventure", "content_queues"]


def _bad(message: str) -> InvalidStateError:
    return InvalidStateError(f"adventure: {message}")


def check_adventure(state: State) -> None:
    """Refuse an impossible Adventure Pack part of ``state``.

    Raises:
        InvalidStateError: saying what is wrong.
    """
    config = state.config
    adventure = state.adventure
    if adventure is None:
        if config.modules:
            raise _bad("modules are in play but the state has no Adventure Pack part")
        return
    if type(adventure) is not Adventure:
        raise _bad("not an Adventure Pack part")
    if not config.modules:
        raise _bad("no module is in play")
    rules = rules_for(config)
    pack = rules.pack
    assert pack is not None
    for module, part in (
        (Module.SURPRISES, adventure.surprises),
        (Module.EVENTS, adventure.events),
        (Module.CHALLENGES, adventure.challenges),
    ):
        if (part is None) == (module in config.modules):
            raise _bad(f"the {module.value} part is there exactly when the module is in play")
    _check_surprises(state, rules, pack)
    _check_events(state, pack)
    _check_challenges(state, rules, pack)
    _check_due(state, rules)
    _check_frames(state, rules, pack)
    from crabrules.oh_crab.adventure.asymmetry_check import check_asymmetry  # Module 4

    check_asymmetry(state)


def _exactly_once(places: list[tuple[int, ...]], count: int, what: str) -> None:
    every = [x for place in places for x in place]
    if sorted(every) != list(range(count)):
        raise _bad(f"every {what} lies in exactly one place")


def _check_surprises(state: State, rules: Rules, pack: AdventureContent) -> None:
    surprises = state.adventure.surprises if state.adventure else None
    if surprises is None:
        return
    cells = surprise_cells(rules)
    _check_surprise_piles(state, rules, pack, surprises, cells)
    _check_surprise_spaces(state, pack, surprises, cells)
    _check_surprise_wastes(state, pack, surprises, cells)


def _check_surprise_piles(
    state: State,
    rules: Rules,
    pack: AdventureContent,
    surprises: Surprises,
    cells: tuple[tuple[int, ...], ...],
) -> None:
    """Each token lies in one place, and the piles have their shape and order."""
    if len(surprises.board) != rules.layout.cells or len(surprises.kept) != state.config.players:
        raise _bad("surprises: one entry per cell, kept: one per player")
    if len(surprises.wastes_found) != len(cells):
        raise _bad("surprises: wastes_found has one entry per Beach tile")
    on_board = tuple(t for t in surprises.board if t != NONE)
    _exactly_once(
        [on_board, surprises.box, *surprises.kept, surprises.gone], len(pack.surprises), "token"
    )
    for part in (surprises.box, surprises.gone, *surprises.kept):
        if list(part) != sorted(part):
            raise _bad("surprises: the box, the tokens gone and those kept are sorted")


def _check_surprise_spaces(
    state: State,
    pack: AdventureContent,
    surprises: Surprises,
    cells: tuple[tuple[int, ...], ...],
) -> None:
    """Tokens lie on free Surprise spaces; only lasting Treasures are kept."""
    allowed = {c for tile in cells for c in tile}
    occupied = {c for c in state.crabs if c >= 0}
    for cell, token in enumerate(surprises.board):
        if token != NONE and (cell not in allowed or cell in occupied):
            raise _bad("surprises: a token lies face down only on a free Surprise space")
    for mine in surprises.kept:
        if any(
            pack.surprises[t].kind is not TokenKind.TREASURE or pack.surprises[t].immediate
            for t in mine
        ):
            raise _bad("surprises: only Treasures without '!!/' are kept")


def _check_surprise_wastes(
    state: State,
    pack: AdventureContent,
    surprises: Surprises,
    cells: tuple[tuple[int, ...], ...],
) -> None:
    """Each Beach tile holds its Wastes, and no more tokens came out than fit."""
    per_tile = wastes_per_tile(state.config)
    for tile, spaces in enumerate(cells):
        down = [surprises.board[c] for c in spaces if surprises.board[c] != NONE]
        wastes = sum(pack.surprises[t].kind is TokenKind.WASTE for t in down)
        if wastes + surprises.wastes_found[tile] != per_tile:
            raise _bad(f"surprises: Beach tile {tile + 1} has {per_tile} Waste(s) in all")
    placed = (
        sum(t != NONE for t in surprises.board)
        + len(surprises.gone)
        + sum(map(len, surprises.kept))
    )
    if placed > sum(map(len, cells)):
        raise _bad("surprises: more tokens came out than the Surprise spaces hold")


def _check_events(state: State, pack: AdventureContent) -> None:
    events = state.adventure.events if state.adventure else None
    if events is None:
        return
    config = state.config
    if len(events.tiles) != config.beaches():
        raise _bad("events: one card per Beach tile")
    down = tuple(c for c in events.tiles if c != NONE)
    _exactly_once([down, events.box, events.revealed, events.removed], len(pack.events), "Event")
    negatives = tuple(i for i, e in enumerate(pack.events) if e.negative)
    lucky = Variant.LUCKY_ONES in config.variants
    if events.removed != (negatives if lucky else ()):
        raise _bad("events: The Lucky Ones remove the negative Events, and only they do")
    _check_foreseen(config, pack, events, down)
    overlay = state.adventure.overlay if state.adventure else NO_OVERLAY
    _check_event_in_effect(config, pack, events, overlay)


def _check_foreseen(
    config: Config, pack: AdventureContent, events: Events, down: tuple[int, ...]
) -> None:
    """Crystal Ball knows the Events drawn; without it nothing is foreseen."""
    if Variant.CRYSTAL_BALL not in config.variants:
        if events.foreseen:
            raise _bad("events: only Crystal Ball foresees the Events")
        return
    if len(events.foreseen) != config.beaches() or not set(down) <= set(events.foreseen):
        raise _bad("events: Crystal Ball knows the Events drawn")
    if list(events.foreseen) != sorted(set(events.foreseen)):
        raise _bad("events: foreseen is sorted, each card once")
    if not all(0 <= c < len(pack.events) for c in events.foreseen):
        raise _bad("events: foreseen names Event cards of the content")


def _check_event_in_effect(
    config: Config, pack: AdventureContent, events: Events, overlay: Overlay
) -> None:
    """The temporary Event in effect is the last revealed, and the overlay holds it."""
    if events.active == NONE:
        if overlay.event or events.at != NONE:
            raise _bad("events: no temporary Event acts")
        return
    info = pack.events[events.active] if 0 <= events.active < len(pack.events) else None
    if info is None or not info.temporary or events.revealed[-1:] != (events.active,):
        raise _bad("events: the Event in effect is the last revealed, and temporary")
    if overlay.event != info.changes or not 0 <= events.at < config.beaches():
        raise _bad("events: the overlay holds the changes of the Event in effect")
    if events.tiles[events.at] != NONE:
        raise _bad("events: the Event in effect was revealed at its tile")


def _check_challenges(state: State, rules: Rules, pack: AdventureContent) -> None:
    challenges = state.adventure.challenges if state.adventure else None
    if challenges is None:
        return
    config = state.config
    if len(challenges.tiles) != config.beaches() or len(challenges.trophies) != config.players:
        raise _bad("challenges: one card per Beach tile, trophies per player")
    down = tuple(c for c in challenges.tiles if c != NONE)
    _exactly_once([down, challenges.box, challenges.resolved], len(pack.challenges), "Challenge")
    if list(challenges.box) != sorted(challenges.box):
        raise _bad("challenges: the box is sorted")
    playable = set(playable_challenges(config, pack))
    if not set(down) | set(challenges.resolved) <= playable:
        raise _bad("challenges: a card needing an absent module is never drawn")
    rewards = sorted((challenges.reward, *challenges.reward_box))
    if rewards != list(range(len(pack.rewards))) or list(challenges.reward_box) != sorted(
        challenges.reward_box
    ):
        raise _bad("challenges: one Reward card in play, the others in the box")
    first = next((t for t, c in enumerate(challenges.tiles) if c != NONE), NONE)
    if challenges.open != first:
        raise _bad("challenges: the Reward card lies by the first Challenge left")
    if (
        any(t < 0 for t in challenges.trophies)
        or sum(challenges.trophies) > len(challenges.resolved) * config.players
    ):
        raise _bad("challenges: trophies come from the Challenges resolved")
    seen = len(challenges.resolved) + len(down)
    if seen != config.beaches():
        raise _bad("challenges: the Challenges drawn are one per Beach tile")


def _check_due(state: State, rules: Rules) -> None:
    adventure = state.adventure
    assert adventure is not None
    due = adventure.due
    if not due:
        return
    if state.phase is not Phase.ACTION or state.turn is None:
        raise _bad("due: cards are due only during a turn")
    if len(set(due)) != len(due):
        raise _bad("due: a card is due once")
    for item in due:
        if item.kind is DueKind.CHALLENGE:
            part = adventure.challenges
            tiles = part.tiles if part is not None else ()
        else:
            part_e = adventure.events
            tiles = part_e.tiles if part_e is not None else ()
        if not 0 <= item.tile < len(tiles) or tiles[item.tile] == NONE:
            raise _bad("due: a due card lies at its border")


def _check_frames(state: State, rules: Rules, pack: AdventureContent) -> None:
    from crabrules.oh_crab.engine._effects import AUTOMATIC  # the effects need the rules' modules

    adventure = state.adventure
    assert adventure is not None
    if not adventure.frames:
        return
    if state.phase is not Phase.ACTION or state.turn is None:
        raise _bad("frames: decisions wait only during a turn")
    queues = content_queues(state.config)
    for frame in adventure.frames:
        if not 0 <= frame.crab < len(rules.owners) or rules.owners[frame.crab] != frame.player:
            raise _bad("frames: a frame's crab is its player's")
        if frame.queue not in queues.get(frame.kind, frozenset()):
            raise _bad("frames: the steps are no part of a token or card")
        limit = {
            FrameKind.SURPRISE: len(pack.surprises),
            FrameKind.EVENT: len(pack.events),
            FrameKind.REWARD: len(pack.rewards),
            FrameKind.SKILL: len(pack.asymmetry),
        }[frame.kind]
        if not 0 <= frame.item < limit:
            raise _bad("frames: no such token or card")
        if frame.queue[0] in AUTOMATIC and frame is adventure.frames[-1]:
            raise _bad("frames: a step that needs no choice does not wait")
    from crabrules.oh_crab.adventure.frames import frame_options  # it needs the rules too

    if state.turn.stage not in (Stage.ACT, Stage.ENDING) or not frame_options(state):
        raise _bad("frames: the decision waiting has options, in a turn's actions")
    if adventure.challenges is None and any(f.kind is FrameKind.REWARD for f in adventure.frames):
        raise _bad("frames: rewards come with the Challenges")


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def content_queues(config: Config) -> dict[FrameKind, frozenset[tuple[Primitive, ...]]]:
    """Every queue a token's or card's steps can leave, by where they come from.

    ``None`` key-less: the turn's own queues from kept Treasures and reveals are in
    :func:`turn_queues`.
    """
    pack = rules_for(config).pack
    assert pack is not None

    def suffixes(steps: tuple[Primitive, ...]) -> set[tuple[Primitive, ...]]:
        out = {steps[i:] for i in range(len(steps))}
        if Primitive.USE_TRACE_MAIN_ACTION in steps:
            from crabrules.oh_crab.content._primitives import BASIC

            for i, step in enumerate(steps):
                if step is Primitive.USE_TRACE_MAIN_ACTION:
                    out.update((b, *steps[i + 1 :]) for b in BASIC)
        return out

    surprise = {q for t in pack.surprises if t.immediate for q in suffixes(t.steps)}
    event = {q for e in pack.events for part in e.effect for q in suffixes(part.steps)}
    reward: set[tuple[Primitive, ...]] = {(Primitive.CHOOSE_REWARD,)}
    reward.update(q for card in pack.rewards for r in card.options for q in suffixes(r.steps))
    from crabrules.oh_crab.adventure.asymmetry_check import window_queues  # Module 4

    return {
        FrameKind.SURPRISE: frozenset(surprise),
        FrameKind.EVENT: frozenset(event),
        FrameKind.REWARD: frozenset(reward),
        FrameKind.SKILL: window_queues(config),
    }


def turn_queues(config: Config) -> frozenset[tuple[Primitive, ...]]:
    """The queues a turn may hold from the Adventure Pack: kept Treasures, reveals."""
    pack = rules_for(config).pack
    if pack is None:
        return frozenset()
    out: set[tuple[Primitive, ...]] = {(Primitive.REVEAL_DUE,), (Primitive.REVEAL_DUE,) * 2}
    for token in pack.surprises:
        if not token.immediate:
            out.update(token.steps[i:] for i in range(len(token.steps)))
    from crabrules.oh_crab.adventure.asymmetry_check import skill_queues  # Module 4

    out.update(skill_queues(config))
    return frozenset(out)


def check_adventure_view(view: Adventure | None, config: Config, player: int | None) -> None:
    """Refuse the shape of an observed Adventure Pack part before it is dealt again.

    The rest (that a game could show it) is checked by dealing it and checking the state.

    Raises:
        InvalidStateError: saying what is wrong.
    """
    if view is None:
        if config.modules:
            raise _bad("modules are in play but the view has no Adventure Pack part")
        return
    if type(view) is not Adventure or not config.modules:
        raise _bad("no module is in play")
    rules = rules_for(config)
    pack = rules.pack
    assert pack is not None
    beaches = config.beaches()
    for module, part in (
        (Module.SURPRISES, view.surprises),
        (Module.EVENTS, view.events),
        (Module.CHALLENGES, view.challenges),
    ):
        if (part is None) == (module in config.modules):
            raise _bad(f"the {module.value} part is there exactly when the module is in play")

    def ids(values: tuple[int, ...], count: int, what: str, hidden: bool = False) -> None:
        low = -3 if hidden else 0
        if any(not (low <= v < count) or v in (-2,) for v in values):
            raise _bad(f"{what}: not an id of the content")

    surprises = view.surprises
    if surprises is not None:
        if len(surprises.board) != rules.layout.cells or len(surprises.kept) != config.players:
            raise _bad("surprises: one entry per cell, kept: one per player")
        if len(surprises.wastes_found) != beaches or min(surprises.wastes_found, default=0) < 0:
            raise _bad("surprises: wastes_found has one entry per Beach tile")
        ids(surprises.board, len(pack.surprises), "surprises", hidden=True)
        ids(surprises.gone + surprises.box, len(pack.surprises), "surprises")
        for p, mine in enumerate(surprises.kept):
            ids(mine, len(pack.surprises), "surprises", hidden=p != player)
    events = view.events
    if events is not None:
        if len(events.tiles) != beaches:
            raise _bad("events: one card per Beach tile")
        ids(events.tiles, len(pack.events), "events", hidden=True)
        ids(
            events.revealed + events.removed + events.foreseen + events.box,
            len(pack.events),
            "events",
        )
    challenges = view.challenges
    if challenges is not None:
        if len(challenges.tiles) != beaches or len(challenges.trophies) != config.players:
            raise _bad("challenges: one card per Beach tile, trophies per player")
        ids(challenges.tiles, len(pack.challenges), "challenges", hidden=True)
        ids(challenges.resolved + challenges.box, len(pack.challenges), "challenges")
        ids((challenges.reward, *challenges.reward_box), len(pack.rewards), "rewards")
    from crabrules.oh_crab.adventure.asymmetry_check import check_asymmetry_view  # Module 4

    check_asymmetry_view(view, config, player)
