"""What a crab's moves trigger in the Adventure Pack, and the frames that resolve it.

A Surprise is flipped on arrival, a border's card falls due; a frame is a decision that
comes first, maybe out of turn, on the working copy's stack of decisions (``engine/_work``).
``_plugin`` registers these as handlers of the engine's named moments; the Reveal action's
steps (a due Event revealed, a due Challenge announced) are resolved here.

Here too is how the pack reads its part and its content in the base game's slots
(:func:`adventure_of`, :func:`pack_of`): every pack module does, on every action, and this
module is compiled in the compiled build, where a call to another compiled function costs
little.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import attrs

from crabrules.core.game import PlayerId
from crabrules.oh_crab.adventure._content import AdventureContent, Measure, Target, TokenKind
from crabrules.oh_crab.adventure._model import (
    NONE,
    Adventure,
    CardDue,
    ChallengeResolved,
    ChallengeRevealed,
    Due,
    DueKind,
    EventEnded,
    EventRevealed,
    Frame,
    FrameKind,
    SurpriseFlipped,
    Surprises,
)
from crabrules.oh_crab.content._components import Cell, ExpansionContent
from crabrules.oh_crab.content._primitives import Primitive, Variant
from crabrules.oh_crab.engine._effects import advance, resolve, step_options
from crabrules.oh_crab.engine._expansion import ActionRule
from crabrules.oh_crab.engine._tables import Tables, rules_of
from crabrules.oh_crab.engine._work import View, Work, gain_shell
from crabrules.oh_crab.model._actions import Action
from crabrules.oh_crab.model._state import ExpansionPart, State


class _PartHolder(Protocol):
    @property
    def adventure(self) -> ExpansionPart | None:
        """The expansion's part."""


def adventure_of(holder: _PartHolder) -> Adventure | None:
    """The Adventure Pack's part of a state, an observation or a working copy.

    The base game holds it as an :class:`~crabrules.oh_crab.model._state.ExpansionPart`;
    with the pack registered, it is always an :class:`Adventure` (or ``None``).
    """
    # Not typing.cast: in the pure build that is a call, and this runs ~9 times an action.
    return holder.adventure  # type: ignore[return-value]  # the pack's part, registered


class _ContentHolder(Protocol):
    @property
    def pack(self) -> ExpansionContent | None:
        """The expansion's tokens and cards."""


def pack_of(rules: _ContentHolder) -> AdventureContent | None:
    """The Adventure Pack's tokens and cards in a config's rules (``None`` without modules).

    The base game holds them as an
    :class:`~crabrules.oh_crab.content._components.ExpansionContent`; with the pack
    registered, they are its :class:`~crabrules.oh_crab.adventure._content.AdventureContent`.
    """
    return rules.pack  # type: ignore[return-value]  # the pack's content (as above)


def pack_in_play(rules: _ContentHolder) -> AdventureContent:
    """:func:`pack_of` the rules of a config with modules, where the pack is always there."""
    pack: AdventureContent | None = rules.pack  # type: ignore[assignment]  # (as above)
    assert pack is not None  # a config with modules has the pack's content
    return pack


def frame_player(state: State) -> PlayerId | None:
    """The player whose frame waits for a choice, or ``None``."""
    adventure = adventure_of(state)
    if adventure is None or not adventure.frames:
        return None
    return adventure.frames[-1].player


def frame_options(state: State) -> list[Action]:
    """The options of the top frame's step."""
    adventure = adventure_of(state)
    assert adventure is not None
    frame = adventure.frames[-1]
    turn = state.turn
    head_down = turn is not None and turn.head_down and turn.crab == frame.crab
    return step_options(
        rules_of(state),
        state,
        frame.crab,
        frame.queue[0],
        head_down=head_down,
        crabs_left=frame.crabs_left,
    )


def run_in_frame(work: Work, rule: ActionRule[Any], action: Action) -> None:
    """Apply ``action`` (of ``rule``), the choice of the top frame, then settle what follows."""
    _resolve_top(work, lambda: resolve(work, rule, action))
    settle(work)


def settle(work: Work) -> None:
    """Resolve the frames' steps that need no choice, top first, and resume the turn.

    Stops at the first frame that waits for a choice; with no frame left, the turn's own
    decision goes on.
    """
    while work.frames_wait():
        if _resolve_top(work, lambda: advance(work)):
            return
    if work.in_turn:
        advance(work)
        in_order(work, 1)  # what the turn's steps pushed: first come, first served


def in_order(work: Work, start: int) -> None:
    """The decisions pushed from ``start`` on resolve in the order they were pushed.

    Frames pushed by one step (the active crab's token, then those of the crabs it pushed;
    each winner of a Challenge) resolve first come, first served; the stack puts them all
    above the decision that pushed them.
    """
    decisions = work.decisions
    if len(decisions) > start + 1:  # a single decision is in order already
        decisions[start:] = decisions[start:][::-1]


def _resolve_top(work: Work, run: Callable[[], object]) -> bool:
    """Run ``run`` on the top frame; drop it once done. True: it waits for a choice."""
    decision = work.decision
    above = len(work.decisions)
    run()
    in_order(work, above)
    pushed = len(work.decisions) > above
    if decision.queue:
        # A frame pushed above this one comes first: the loop goes on with it.
        return not pushed
    del work.decisions[above - 1]
    return False


def crab_entered(work: Work, crab: int, dest: Cell) -> None:
    """``crab`` entered ``dest``: flip the Surprise there, if any."""
    adventure = adventure_of(work)
    assert adventure is not None
    if dest >= 0 and adventure.surprises is not None and adventure.surprises.board[dest] != NONE:
        _flip(work, crab, dest)


def border_crossed(work: Work, low: int, high: int) -> None:
    """Crabs crossed the borders between tiles ``low`` and ``high``: note the cards due."""
    adventure = adventure_of(work)
    assert adventure is not None
    if adventure.events is not None or adventure.challenges is not None:
        _crossed(work, low, high)


def _flip(work: Work, crab: int, cell: Cell) -> None:
    adventure = adventure_of(work)
    assert adventure is not None
    assert adventure.surprises is not None
    surprises = adventure.surprises
    pack = pack_of(work.rules)
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
    adventure = adventure_of(work)
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


def reveal_steps(due: tuple[Due, ...]) -> tuple[Primitive, ...]:
    """The steps one :class:`~crabrules.oh_crab.Reveal` resolves.

    The first card, and the Event of the same border right after its Challenge.
    """
    first = due[0]
    if (
        first.kind is DueKind.CHALLENGE
        and len(due) > 1
        and due[1] == Due(DueKind.EVENT, first.tile + 1)
    ):
        return (Primitive.REVEAL_DUE, Primitive.REVEAL_DUE)
    return (Primitive.REVEAL_DUE,)


def reveal(work: Work) -> None:
    """The :class:`~crabrules.oh_crab.Reveal` action: its steps begin."""
    adventure = adventure_of(work)
    assert adventure is not None
    work.turn_decision.queue = list(reveal_steps(adventure.due))
    advance(work)


def reveal_due(work: Work) -> None:
    """Resolve the first due card for the active player."""
    adventure = adventure_of(work)
    assert adventure is not None
    assert adventure.due
    item = adventure.due[0]
    work.change_adventure(due=adventure.due[1:])
    if item.kind is DueKind.CHALLENGE:
        _resolve_challenge(work, item.tile)
    else:
        _reveal_event(work, item.tile)


def crab_of(view: View, crabs: tuple[int, ...], active: int) -> int:
    """The crab a player-level effect acts with, among the player's ``crabs``.

    The active crab if it is one of them, else their first on the board (else their first).
    """
    if active in crabs:
        return active
    return next((c for c in crabs if view.crabs[c] >= 0), crabs[0])


def measure(view: View, rules: Tables, what: Measure, player: PlayerId, tile: int) -> int:
    """How many elements a Challenge counts for ``player`` (``tile``: its Beach tile)."""
    hand = view.hands[player]
    if what is Measure.SHELLS:
        return view.shells[player]
    if what is Measure.HAND:
        return len(hand)
    if what is Measure.TRACE:
        return len(view.traces[player])
    if what is Measure.DISCARDS:
        return len(view.discards[player])
    if what is Measure.TREASURES:
        adventure = adventure_of(view)
        assert adventure is not None
        assert adventure.surprises is not None
        return len(adventure.surprises.kept[player])
    if what is Measure.STARTING_IN_HAND:
        return sum(rules.cards[c].starting for c in hand)
    if what is Measure.FORWARD_IN_HAND:
        return sum(rules.cards[c].main is Primitive.MOVE_FORWARD for c in hand)
    # CRABS_ON_TILE: the player's crabs on the Challenge's Beach tile (board tile + 1).
    cells = [view.crabs[c] for c in rules.crabs_of[player]]
    return sum(1 for cell in cells if cell >= 0 and rules.tile_of[cell] == tile + 1)


def _placings(work: Work, what: Measure, tile: int) -> tuple[list[PlayerId], list[PlayerId]]:
    """The Challenge's first places and, behind a lone first, its second places."""
    order = _turn_order(work)
    counts = {p: measure(work, work.rules, what, p, tile) for p in order}
    # "Only players having at least one element corresponding to the Challenge."
    taking_part = [p for p in order if counts[p] > 0]
    best = max((counts[p] for p in taking_part), default=0)
    first = [p for p in taking_part if counts[p] == best]
    second = [p for p in taking_part if p not in first] if len(first) == 1 else []
    return first, second


def _resolve_challenge(work: Work, tile: int) -> None:
    adventure = adventure_of(work)
    assert adventure is not None
    assert adventure.challenges is not None
    challenges = adventure.challenges
    rules = work.rules
    pack = pack_of(rules)
    assert pack is not None
    card = challenges.tiles[tile]
    info = pack.challenges[card]
    first, second = _placings(work, info.measure, tile)
    tiles = list(challenges.tiles)
    tiles[tile] = NONE
    following = next((t for t, c in enumerate(tiles) if c != NONE), NONE)
    if work.events is not None:
        name = rules.names[work.current]
        work.events.append(
            ChallengeResolved(
                work.current,
                name,
                tile,
                card,
                info.name,
                tuple(first),
                tuple(rules.names[p] for p in first),
                tuple(second),
                tuple(rules.names[p] for p in second),
            )
        )
    trophies = list(challenges.trophies)
    frames: list[Frame] = []
    for p in first:
        gain_shell(work, p)
        trophies[p] += 1
        crab = crab_of(work, rules.crabs_of[p], work.decision.crab)
        frames.append(
            Frame(FrameKind.REWARD, challenges.reward, p, crab, (Primitive.CHOOSE_REWARD,))
        )
    for p in second:
        gain_shell(work, p)
    if work.events is not None:
        # "Then, the Reward card is moved to the next Challenge, which is then revealed."
        nxt = tiles[following] if following != NONE else NONE
        work.events.append(
            ChallengeRevealed(following, nxt, pack.challenges[nxt].name if nxt != NONE else "")
        )
    work.change_adventure(
        challenges=attrs.evolve(
            challenges,
            tiles=tuple(tiles),
            open=following,
            trophies=tuple(trophies),
            resolved=(*challenges.resolved, card),
        )
    )
    for frame in frames:
        work.push_frame(frame)


def _reveal_event(work: Work, tile: int) -> None:
    adventure = adventure_of(work)
    assert adventure is not None
    assert adventure.events is not None
    events = adventure.events
    rules = work.rules
    pack = pack_of(rules)
    assert pack is not None
    card = events.tiles[tile]
    box = list(events.box)
    revealed = list(events.revealed)
    tiles = list(events.tiles)
    tiles[tile] = NONE
    who, name = work.current, rules.names[work.current]
    while set(pack.events[card].requires) - work.config.modules:
        # "Immediately draw a replacement card from among those set aside."
        revealed.append(card)
        if work.events is not None:
            info = pack.events[card]
            work.events.append(
                EventRevealed(who, name, tile, card, info.name, info.temporary, True)
            )
        if not box:
            card = NONE
            break
        card = box.pop(0)
    overlay = adventure.overlay
    if events.active != NONE:
        overlay = attrs.evolve(overlay, event=())
        if work.events is not None:
            work.events.append(EventEnded(events.active, pack.events[events.active].name))
    active, at = NONE, NONE
    frames: list[Frame] = []
    if card != NONE:
        info = pack.events[card]
        revealed.append(card)
        if work.events is not None:
            work.events.append(EventRevealed(who, name, tile, card, info.name, info.temporary))
        if info.temporary:
            active, at = card, tile
            overlay = attrs.evolve(overlay, event=info.changes)
        else:
            for part in info.effect:
                frames.extend(
                    Frame(FrameKind.EVENT, card, p, crab, part.steps)
                    for p, crab in targets(work, part.who)
                )
    work.change_adventure(
        events=attrs.evolve(
            events,
            tiles=tuple(tiles),
            box=tuple(box),
            active=active,
            revealed=tuple(revealed),
            at=at,
        ),
        overlay=overlay,
    )
    for frame in frames:
        work.push_frame(frame)


def _turn_order(work: Work) -> list[PlayerId]:
    n = work.rules.players
    return [(work.current + k) % n for k in range(n)]


def targets(work: Work, who: Target) -> list[tuple[PlayerId, int]]:
    """The (player, crab) pairs an immediate Event's part concerns, in turn order."""
    rules = work.rules
    order = _turn_order(work)
    if who in (Target.LAST, Target.FIRST, Target.EVERY_CRAB):
        return _crab_targets(work, who, order)
    players = _player_targets(work, who, order)
    return [(p, crab_of(work, rules.crabs_of[p], work.decision.crab)) for p in players]


def _crab_targets(work: Work, who: Target, order: list[PlayerId]) -> list[tuple[PlayerId, int]]:
    """Every crab on the board, or the last or first ones, in turn order."""
    rules, crabs = work.rules, work.crabs
    on_board = [c for p in order for c in rules.crabs_of[p] if crabs[c] >= 0]
    if who is not Target.EVERY_CRAB and on_board:
        distance = rules.layout.distance
        far = (max if who is Target.LAST else min)(distance(crabs[c]) for c in on_board)
        on_board = [c for c in on_board if distance(crabs[c]) == far]
    return [(rules.owners[c], c) for c in on_board]


def _player_targets(work: Work, who: Target, order: list[PlayerId]) -> list[PlayerId]:
    """The players the part concerns, in turn order (``order``)."""
    if who is Target.ACTIVE:
        return order[:1]
    if who is Target.OTHERS:
        return order[1:]
    if who in (Target.RICHEST, Target.POOREST):
        shells = work.shells
        values = {shells[p] for p in order}
        if len(values) == 1:
            return []
        aim = max(values) if who is Target.RICHEST else min(values)
        return [p for p in order if shells[p] == aim]
    if who in (Target.TREASURE_KEEPERS, Target.TROPHY_HOLDERS):
        return _holders(work, who, order)
    return order


def _holders(work: Work, who: Target, order: list[PlayerId]) -> list[PlayerId]:
    """The players who keep a Treasure, or who hold a trophy."""
    adventure = adventure_of(work)
    assert adventure is not None
    held: tuple[object, ...] = ()
    if who is Target.TREASURE_KEEPERS and adventure.surprises is not None:
        held = adventure.surprises.kept
    elif who is Target.TROPHY_HOLDERS and adventure.challenges is not None:
        held = adventure.challenges.trophies
    return [p for p in order if held and held[p]]
