"""What a player sees of the Adventure Pack's part, and the rules a part keeps.

:func:`mask` gives a player's view of :attr:`State.adventure
<crabrules.oh_crab.State.adventure>`, with :data:`HIDDEN` where they may not look:
face-down Surprise tokens, the other players' kept Treasures (how many is seen), face-down
Events and Challenges, and the piles set aside. Everything revealed is seen, and so is what
a variant makes known: with "Crystal Ball", which three Events were drawn; with "The Lucky
Ones", which were removed. The cards due, the frames and the overlay are public.
:func:`~crabrules.oh_crab.adventure._plugin.deal` does the reverse.

:data:`STATE_INVARIANTS` are the rules a part the rules could reach keeps, which the base
game's state check runs (the pack registers them: :meth:`AdventurePack.invariants
<crabrules.oh_crab.adventure._plugin.AdventurePack.invariants>`): every token and card lies
in exactly one place; a module's part is there exactly when the module is in play; tokens
lie face down only on free Surprise spaces, with each tile's Wastes where the setup put
them; a temporary Event's changes are the overlay's; the Reward card lies by the first
Challenge left; cards are due only in a turn; frames wait only in the action phase, each
for a choice its player has. :data:`VIEW_INVARIANTS` are the shape an observed part keeps
before it is dealt again.
"""

from __future__ import annotations

import functools

import attrs

from crabrules.core.errors import InvalidStateError
from crabrules.core.game import PlayerId
from crabrules.core.invariants import Invariant
from crabrules.core.memo import CONFIGS_KEPT, LastByIdentity
from crabrules.oh_crab.adventure._content import AdventureContent, TokenKind
from crabrules.oh_crab.adventure._model import (
    NO_OVERLAY,
    NONE,
    Adventure,
    Challenges,
    DueKind,
    Events,
    FrameKind,
    Surprises,
)
from crabrules.oh_crab.adventure._plugin import (
    playable_challenges,
    surprise_cells,
    wastes_per_tile,
)
from crabrules.oh_crab.adventure._triggers import adventure_of, pack_in_play, pack_of
from crabrules.oh_crab.content._primitives import Module, Phase, Primitive, Stage, Variant
from crabrules.oh_crab.engine._tables import Tables, rules_for
from crabrules.oh_crab.model._state import Config, State
from crabrules.oh_crab.view._observe import Observation

#: A token or card the viewer may not see.
HIDDEN = -3


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


def _says(message: str) -> str:
    return f"adventure: {message}"


# --- The state's part: its rules, each a small named invariant --------------------------


def _part(state: State) -> str | None:
    """The part is an Adventure Pack part, there exactly when modules are, with theirs."""
    config, adventure = state.config, adventure_of(state)
    if adventure is None:
        if config.modules:
            return _says("modules are in play but the state has no Adventure Pack part")
        return None
    if type(adventure) is not Adventure:
        return _says("not an Adventure Pack part")
    if not config.modules:
        return _says("no module is in play")
    return _module_parts(adventure, config)


def _module_parts(adventure: Adventure, config: Config) -> str | None:
    """Each module's part is there exactly when the module is in play."""
    for module, part in (
        (Module.SURPRISES, adventure.surprises),
        (Module.EVENTS, adventure.events),
        (Module.CHALLENGES, adventure.challenges),
    ):
        if (part is None) == (module in config.modules):
            return _says(f"the {module.value} part is there exactly when the module is in play")
    return None


def _pack(state: State) -> AdventureContent:
    return pack_in_play(rules_for(state.config))


def _exactly_once(places: list[tuple[int, ...]], count: int, what: str) -> str | None:
    every = [x for place in places for x in place]
    if sorted(every) != list(range(count)):
        return _says(f"every {what} lies in exactly one place")
    return None


def _surprises(state: State) -> Surprises | None:
    return a.surprises if (a := adventure_of(state)) else None


#: Per Beach tile, its Surprise cells: computed once per rules (three invariants read them).
_cells_of: LastByIdentity[Tables, tuple[tuple[int, ...], ...]] = LastByIdentity(surprise_cells)


def _surprise_piles(state: State) -> str | None:
    """Each token lies in one place, and the piles have their shape and order."""
    surprises = _surprises(state)
    if surprises is None:
        return None
    rules = rules_for(state.config)
    if len(surprises.board) != rules.layout.cells or len(surprises.kept) != state.config.players:
        return _says("surprises: one entry per cell, kept: one per player")
    if len(surprises.wastes_found) != len(_cells_of(rules)):
        return _says("surprises: wastes_found has one entry per Beach tile")
    on_board = tuple(t for t in surprises.board if t != NONE)
    places = [on_board, surprises.box, *surprises.kept, surprises.gone]
    missing = _exactly_once(places, len(_pack(state).surprises), "token")
    if missing is not None:
        return missing
    for part in (surprises.box, surprises.gone, *surprises.kept):
        if list(part) != sorted(part):
            return _says("surprises: the box, the tokens gone and those kept are sorted")
    return None


def _surprise_spaces(state: State) -> str | None:
    """Tokens lie on free Surprise spaces; only lasting Treasures are kept."""
    surprises = _surprises(state)
    if surprises is None:
        return None
    allowed = {c for tile in _cells_of(rules_for(state.config)) for c in tile}
    occupied = {c for c in state.crabs if c >= 0}
    for cell, token in enumerate(surprises.board):
        if token != NONE and (cell not in allowed or cell in occupied):
            return _says("surprises: a token lies face down only on a free Surprise space")
    tokens = _pack(state).surprises
    for mine in surprises.kept:
        if any(tokens[t].kind is not TokenKind.TREASURE or tokens[t].immediate for t in mine):
            return _says("surprises: only Treasures without '!!/' are kept")
    return None


def _surprise_wastes(state: State) -> str | None:
    """Each Beach tile holds its Wastes, and no more tokens came out than fit."""
    surprises = _surprises(state)
    if surprises is None:
        return None
    cells = _cells_of(rules_for(state.config))
    tokens = _pack(state).surprises
    per_tile = wastes_per_tile(state.config)
    for tile, spaces in enumerate(cells):
        down = [surprises.board[c] for c in spaces if surprises.board[c] != NONE]
        wastes = sum(tokens[t].kind is TokenKind.WASTE for t in down)
        if wastes + surprises.wastes_found[tile] != per_tile:
            return _says(f"surprises: Beach tile {tile + 1} has {per_tile} Waste(s) in all")
    placed = (
        sum(t != NONE for t in surprises.board)
        + len(surprises.gone)
        + sum(map(len, surprises.kept))
    )
    if placed > sum(map(len, cells)):
        return _says("surprises: more tokens came out than the Surprise spaces hold")
    return None


def _events(state: State) -> Events | None:
    return a.events if (a := adventure_of(state)) else None


def _event_cards(state: State) -> str | None:
    """One card per Beach tile, each in one place; The Lucky Ones remove the negative ones."""
    events = _events(state)
    if events is None:
        return None
    config, pack = state.config, _pack(state)
    if len(events.tiles) != config.beaches():
        return _says("events: one card per Beach tile")
    down = tuple(c for c in events.tiles if c != NONE)
    places = [down, events.box, events.revealed, events.removed]
    missing = _exactly_once(places, len(pack.events), "Event")
    if missing is not None:
        return missing
    negatives = tuple(i for i, e in enumerate(pack.events) if e.negative)
    lucky = Variant.LUCKY_ONES in config.variants
    if events.removed != (negatives if lucky else ()):
        return _says("events: The Lucky Ones remove the negative Events, and only they do")
    return None


def _foreseen(state: State) -> str | None:
    """Crystal Ball knows the Events drawn; without it nothing is foreseen."""
    events = _events(state)
    if events is None:
        return None
    config = state.config
    if Variant.CRYSTAL_BALL not in config.variants:
        return _says("events: only Crystal Ball foresees the Events") if events.foreseen else None
    down = {c for c in events.tiles if c != NONE}
    if len(events.foreseen) != config.beaches() or not down <= set(events.foreseen):
        return _says("events: Crystal Ball knows the Events drawn")
    if list(events.foreseen) != sorted(set(events.foreseen)):
        return _says("events: foreseen is sorted, each card once")
    if not all(0 <= c < len(_pack(state).events) for c in events.foreseen):
        return _says("events: foreseen names Event cards of the content")
    return None


def _event_in_effect(state: State) -> str | None:
    """The temporary Event in effect is the last revealed, and the overlay holds it."""
    events = _events(state)
    if events is None:
        return None
    overlay = a.overlay if (a := adventure_of(state)) else NO_OVERLAY
    if events.active == NONE:
        if overlay.event or events.at != NONE:
            return _says("events: no temporary Event acts")
        return None
    cards = _pack(state).events
    info = cards[events.active] if 0 <= events.active < len(cards) else None
    if info is None or not info.temporary or events.revealed[-1:] != (events.active,):
        return _says("events: the Event in effect is the last revealed, and temporary")
    if overlay.event != info.changes or not 0 <= events.at < state.config.beaches():
        return _says("events: the overlay holds the changes of the Event in effect")
    if events.tiles[events.at] != NONE:
        return _says("events: the Event in effect was revealed at its tile")
    return None


def _challenges(state: State) -> Challenges | None:
    return a.challenges if (a := adventure_of(state)) else None


def _challenge_cards(state: State) -> str | None:
    """One card per Beach tile, each in one place, none needing an absent module."""
    challenges = _challenges(state)
    if challenges is None:
        return None
    config, pack = state.config, _pack(state)
    if len(challenges.tiles) != config.beaches() or len(challenges.trophies) != config.players:
        return _says("challenges: one card per Beach tile, trophies per player")
    down = tuple(c for c in challenges.tiles if c != NONE)
    places = [down, challenges.box, challenges.resolved]
    missing = _exactly_once(places, len(pack.challenges), "Challenge")
    if missing is not None:
        return missing
    if list(challenges.box) != sorted(challenges.box):
        return _says("challenges: the box is sorted")
    if not set(down) | set(challenges.resolved) <= set(playable_challenges(config, pack)):
        return _says("challenges: a card needing an absent module is never drawn")
    return None


def _reward(state: State) -> str | None:
    """One Reward card in play, by the first Challenge left."""
    challenges = _challenges(state)
    if challenges is None:
        return None
    rewards = sorted((challenges.reward, *challenges.reward_box))
    if rewards != list(range(len(_pack(state).rewards))) or list(challenges.reward_box) != sorted(
        challenges.reward_box
    ):
        return _says("challenges: one Reward card in play, the others in the box")
    first = next((t for t, c in enumerate(challenges.tiles) if c != NONE), NONE)
    if challenges.open != first:
        return _says("challenges: the Reward card lies by the first Challenge left")
    return None


def _trophies(state: State) -> str | None:
    """Trophies come from the Challenges resolved; one Challenge was drawn per tile."""
    challenges = _challenges(state)
    if challenges is None:
        return None
    players, beaches = state.config.players, state.config.beaches()
    if (
        any(t < 0 for t in challenges.trophies)
        or sum(challenges.trophies) > len(challenges.resolved) * players
    ):
        return _says("challenges: trophies come from the Challenges resolved")
    down = sum(c != NONE for c in challenges.tiles)
    if len(challenges.resolved) + down != beaches:
        return _says("challenges: the Challenges drawn are one per Beach tile")
    return None


def _due(state: State) -> str | None:
    """Cards are due during a turn, once each, at their borders."""
    adventure = adventure_of(state)
    if adventure is None or not adventure.due:
        return None
    due = adventure.due
    if state.phase is not Phase.ACTION or state.turn is None:
        return _says("due: cards are due only during a turn")
    if len(set(due)) != len(due):
        return _says("due: a card is due once")
    for item in due:
        part = adventure.challenges if item.kind is DueKind.CHALLENGE else adventure.events
        tiles = part.tiles if part is not None else ()
        if not 0 <= item.tile < len(tiles) or tiles[item.tile] == NONE:
            return _says("due: a due card lies at its border")
    return None


def _frames(state: State) -> str | None:
    """Decisions wait during a turn, each frame its crab's player's, of a token or card."""
    from crabrules.oh_crab.engine._effects import AUTOMATIC  # the effects need the rules' modules

    adventure = adventure_of(state)
    if adventure is None or not adventure.frames:
        return None
    if state.phase is not Phase.ACTION or state.turn is None:
        return _says("frames: decisions wait only during a turn")
    owners, pack = rules_for(state.config).owners, _pack(state)
    queues = content_queues(state.config)
    limits = {
        FrameKind.SURPRISE: len(pack.surprises),
        FrameKind.EVENT: len(pack.events),
        FrameKind.REWARD: len(pack.rewards),
        FrameKind.SKILL: len(pack.asymmetry),
    }
    for frame in adventure.frames:
        if not 0 <= frame.crab < len(owners) or owners[frame.crab] != frame.player:
            return _says("frames: a frame's crab is its player's")
        if frame.queue not in queues.get(frame.kind, frozenset()):
            return _says("frames: the steps are no part of a token or card")
        if not 0 <= frame.item < limits[frame.kind]:
            return _says("frames: no such token or card")
        if frame.queue[0] in AUTOMATIC and frame is adventure.frames[-1]:
            return _says("frames: a step that needs no choice does not wait")
    return None


def _frame_options(state: State) -> str | None:
    """The decision waiting has options, in a turn's actions; rewards need the Challenges."""
    from crabrules.oh_crab.adventure._triggers import frame_options  # it needs the rules too

    adventure = adventure_of(state)
    if adventure is None or not adventure.frames:
        return None
    assert state.turn is not None  # _frames holds
    if state.turn.stage not in (Stage.ACT, Stage.ENDING) or not frame_options(state):
        return _says("frames: the decision waiting has options, in a turn's actions")
    if adventure.challenges is None and any(f.kind is FrameKind.REWARD for f in adventure.frames):
        return _says("frames: rewards come with the Challenges")
    return None


def _asymmetry(state: State) -> str | None:
    """Module 4's part (:func:`~crabrules.oh_crab.adventure._asymmetry_views.check_asymmetry`)."""
    from crabrules.oh_crab.adventure._asymmetry_views import check_asymmetry  # Module 4

    if adventure_of(state) is None:
        return None
    try:
        check_asymmetry(state)
    except InvalidStateError as error:
        return str(error)
    return None


#: The rules the pack's part of a state keeps, in order; the base game's state check runs
#: them (the pack registers them: ``AdventurePack.invariants``).
STATE_INVARIANTS: tuple[Invariant[State], ...] = (
    _part,
    _surprise_piles,
    _surprise_spaces,
    _surprise_wastes,
    _event_cards,
    _foreseen,
    _event_in_effect,
    _challenge_cards,
    _reward,
    _trophies,
    _due,
    _frames,
    _frame_options,
    _asymmetry,
)


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def content_queues(config: Config) -> dict[FrameKind, frozenset[tuple[Primitive, ...]]]:
    """Every queue a token's or card's steps can leave, by where they come from.

    ``None`` key-less: the turn's own queues from kept Treasures and reveals are in
    :func:`turn_queues`.
    """
    pack = pack_in_play(rules_for(config))

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


# --- An observation's part: its shape, before it is dealt again ---------------------------
# The rest (that a game could show it) is checked by dealing it and checking the state.


def _ids(values: tuple[int, ...], count: int, what: str, hidden: bool = False) -> str | None:
    low = HIDDEN if hidden else 0
    if any(not (low <= v < count) or v == -2 for v in values):
        return _says(f"{what}: not an id of the content")
    return None


def _first(*found: str | None) -> str | None:
    return next((f for f in found if f is not None), None)


def _view_part(view: Observation) -> str | None:
    """The part is an Adventure Pack part, there exactly when modules are, with theirs."""
    config, part = view.config, adventure_of(view)
    if part is None:
        if config.modules:
            return _says("modules are in play but the view has no Adventure Pack part")
        return None
    if type(part) is not Adventure or not config.modules:
        return _says("no module is in play")
    return _module_parts(part, config)


def _view_surprises(view: Observation) -> str | None:
    surprises = a.surprises if (a := adventure_of(view)) else None
    if surprises is None:
        return None
    config = view.config
    if len(surprises.board) != rules_for(config).layout.cells or len(surprises.kept) != (
        config.players
    ):
        return _says("surprises: one entry per cell, kept: one per player")
    found = surprises.wastes_found
    if len(found) != config.beaches() or min(found, default=0) < 0:
        return _says("surprises: wastes_found has one entry per Beach tile")
    count = len(_pack_of(config).surprises)
    return _first(
        _ids(surprises.board, count, "surprises", hidden=True),
        _ids(surprises.gone + surprises.box, count, "surprises"),
        *(
            _ids(mine, count, "surprises", hidden=p != view.player)
            for p, mine in enumerate(surprises.kept)
        ),
    )


def _view_events(view: Observation) -> str | None:
    events = a.events if (a := adventure_of(view)) else None
    if events is None:
        return None
    if len(events.tiles) != view.config.beaches():
        return _says("events: one card per Beach tile")
    count = len(_pack_of(view.config).events)
    return _first(
        _ids(events.tiles, count, "events", hidden=True),
        _ids(events.revealed + events.removed + events.foreseen + events.box, count, "events"),
    )


def _view_challenges(view: Observation) -> str | None:
    challenges = a.challenges if (a := adventure_of(view)) else None
    if challenges is None:
        return None
    config, pack = view.config, _pack_of(view.config)
    if len(challenges.tiles) != config.beaches() or len(challenges.trophies) != config.players:
        return _says("challenges: one card per Beach tile, trophies per player")
    count = len(pack.challenges)
    return _first(
        _ids(challenges.tiles, count, "challenges", hidden=True),
        _ids(challenges.resolved + challenges.box, count, "challenges"),
        _ids((challenges.reward, *challenges.reward_box), len(pack.rewards), "rewards"),
    )


def _view_asymmetry(view: Observation) -> str | None:
    """Module 4's part of the view (``_asymmetry_views.check_asymmetry_view``)."""
    from crabrules.oh_crab.adventure._asymmetry_views import check_asymmetry_view  # Module 4

    part = adventure_of(view)
    if part is None:
        return None
    try:
        check_asymmetry_view(part, view.config, view.player)
    except InvalidStateError as error:
        return str(error)
    return None


def _pack_of(config: Config) -> AdventureContent:
    return pack_in_play(rules_for(config))


#: The shape an observation's part keeps, in order; the base game's observation check runs
#: them before it deals the observation again
#: (the pack registers them: ``AdventureViews.invariants``).
VIEW_INVARIANTS: tuple[Invariant[Observation], ...] = (
    _view_part,
    _view_surprises,
    _view_events,
    _view_challenges,
    _view_asymmetry,
)
