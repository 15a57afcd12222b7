"""What a player sees of the Adventure Pack's part, and the check of one the rules could reach.

:func:`mask` gives a player's view of :attr:`State.adventure
<crabrules.oh_crab.State.adventure>`, with :data:`HIDDEN` where they may not look:
face-down Surprise tokens, the other players' kept Treasures (how many is seen), face-down
Events and Challenges, and the piles set aside. Everything revealed is seen, and so is what
a variant makes known: with "Crystal Ball", which three Events were drawn; with "The Lucky
Ones", which were removed. The cards due, the frames and the overlay are public.
:func:`deal` does the reverse for :func:`~crabrules.oh_crab.determinize`, keeping what is
known: each Beach tile keeps its face-down Wastes left, the others' kept tokens are
Treasures, and with "Crystal Ball" the face-down Events are the foreseen ones.

:func:`check_adventure` refuses a part the rules could not reach: every token and card lies
in exactly one place; a module's part is there exactly when the module is in play; tokens
lie face down only on free Surprise spaces, with each tile's Wastes where the setup put
them; a temporary Event's changes are the overlay's; the Reward card lies by the first
Challenge left; cards are due only in a turn; frames wait only in the action phase, each
for a choice its player has.
"""

from __future__ import annotations

import functools

import attrs

from crabrules.core.errors import InvalidStateError
from crabrules.core.game import PlayerId
from crabrules.core.memo import CONFIGS_KEPT
from crabrules.core.rng import Rng
from crabrules.oh_crab.adventure._content import AdventureContent, TokenKind, pack_of
from crabrules.oh_crab.adventure._model import (
    NO_OVERLAY,
    NONE,
    Adventure,
    Challenges,
    DueKind,
    Events,
    FrameKind,
    Overlay,
    Surprises,
    adventure_of,
)
from crabrules.oh_crab.adventure._plugin import playable_challenges, surprise_cells
from crabrules.oh_crab.content._primitives import Module, Primitive, Variant
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._state import Config, Phase, Stage, State

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
        from crabrules.oh_crab.adventure._asymmetry import mask_asymmetry

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
    pack = pack_of(rules)
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
        from crabrules.oh_crab.adventure._asymmetry import deal_asymmetry, keep_spied

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


def _bad(message: str) -> InvalidStateError:
    return InvalidStateError(f"adventure: {message}")


def check_adventure(state: State) -> None:
    """Refuse an impossible Adventure Pack part of ``state``.

    Raises:
        InvalidStateError: saying what is wrong.
    """
    config = state.config
    adventure = adventure_of(state)
    if adventure is None:
        if config.modules:
            raise _bad("modules are in play but the state has no Adventure Pack part")
        return
    if type(adventure) is not Adventure:
        raise _bad("not an Adventure Pack part")
    if not config.modules:
        raise _bad("no module is in play")
    rules = rules_for(config)
    pack = pack_of(rules)
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
    from crabrules.oh_crab.adventure._asymmetry_views import check_asymmetry  # Module 4

    check_asymmetry(state)


def _exactly_once(places: list[tuple[int, ...]], count: int, what: str) -> None:
    every = [x for place in places for x in place]
    if sorted(every) != list(range(count)):
        raise _bad(f"every {what} lies in exactly one place")


def _check_surprises(state: State, rules: Rules, pack: AdventureContent) -> None:
    surprises = a.surprises if (a := adventure_of(state)) else None
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
    events = a.events if (a := adventure_of(state)) else None
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
    overlay = a.overlay if (a := adventure_of(state)) else NO_OVERLAY
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
    challenges = a.challenges if (a := adventure_of(state)) else None
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
    adventure = adventure_of(state)
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

    adventure = adventure_of(state)
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
    from crabrules.oh_crab.adventure._triggers import frame_options  # it needs the rules too

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
    pack = pack_of(rules_for(config))
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
    from crabrules.oh_crab.adventure._asymmetry_views import window_queues  # Module 4

    return {
        FrameKind.SURPRISE: frozenset(surprise),
        FrameKind.EVENT: frozenset(event),
        FrameKind.REWARD: frozenset(reward),
        FrameKind.SKILL: window_queues(config),
    }


def turn_queues(config: Config) -> frozenset[tuple[Primitive, ...]]:
    """The queues a turn may hold from the Adventure Pack: kept Treasures, reveals."""
    pack = pack_of(rules_for(config))
    if pack is None:
        return frozenset()
    out: set[tuple[Primitive, ...]] = {(Primitive.REVEAL_DUE,), (Primitive.REVEAL_DUE,) * 2}
    for token in pack.surprises:
        if not token.immediate:
            out.update(token.steps[i:] for i in range(len(token.steps)))
    from crabrules.oh_crab.adventure._asymmetry_views import skill_queues  # Module 4

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
    pack = pack_of(rules)
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
    from crabrules.oh_crab.adventure._asymmetry_views import check_asymmetry_view  # Module 4

    check_asymmetry_view(view, config, player)
