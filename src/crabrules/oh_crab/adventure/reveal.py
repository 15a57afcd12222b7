"""Revealing a due Event (Module 2) and announcing a due Challenge (Module 3).

:func:`reveal_due` resolves the first card of
:attr:`~crabrules.oh_crab.model._pack_state.Adventure.due`; the :class:`~crabrules.oh_crab.Reveal`
action (:func:`reveal`) puts one ``reveal_due`` step in the turn's queue per card it reveals
(two for a border holding both, the Challenge first), so the Challenge's reward choices come
before the Event, and the Event's targets are taken after them.

- **Challenge.** Only players with at least one element the Challenge counts take part;
  those with the most win the first place: a shell, and a trophy exchanged for a reward of
  the Reward card (their :class:`~crabrules.oh_crab.Choose`, in a frame of theirs). With a
  single winner, the other players taking part get a shell each. The Challenge leaves the
  game and the Reward card moves on to the next one, revealed at once (after the last, the
  Reward card leaves too).
- **Event.** A card that needs an absent module is replaced at once by the top card set
  aside. The temporary Event in effect ends. A temporary card's rule changes go into the
  overlay until the next Event; an immediate card's parts become frames of the players they
  target (in turn order from the active player) and the card leaves the game.
"""

from __future__ import annotations

import attrs

from crabrules.core.game import PlayerId
from crabrules.oh_crab.content._documents import Measure, Target
from crabrules.oh_crab.content._primitives import Primitive
from crabrules.oh_crab.engine._effects import advance
from crabrules.oh_crab.engine._tables import Tables
from crabrules.oh_crab.engine._work import View, Work, gain_shell
from crabrules.oh_crab.model._events import (
    ChallengeResolved,
    ChallengeRevealed,
    EventEnded,
    EventRevealed,
)
from crabrules.oh_crab.model._pack_state import NONE, Due, DueKind, Frame, FrameKind

__all__ = ["crab_of", "measure", "reveal", "reveal_due", "reveal_steps", "targets"]


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
    assert work.adventure is not None
    work.turn_decision.queue = list(reveal_steps(work.adventure.due))
    advance(work)


def reveal_due(work: Work) -> None:
    """Resolve the first due card for the active player."""
    adventure = work.adventure
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
        adventure = view.adventure
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
    adventure = work.adventure
    assert adventure is not None
    assert adventure.challenges is not None
    challenges = adventure.challenges
    rules = work.rules
    pack = rules.pack
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
    adventure = work.adventure
    assert adventure is not None
    assert adventure.events is not None
    events = adventure.events
    rules = work.rules
    pack = rules.pack
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
    adventure = work.adventure
    assert adventure is not None
    held: tuple[object, ...] = ()
    if who is Target.TREASURE_KEEPERS and adventure.surprises is not None:
        held = adventure.surprises.kept
    elif who is Target.TROPHY_HOLDERS and adventure.challenges is not None:
        held = adventure.challenges.trophies
    return [p for p in order if held and held[p]]
