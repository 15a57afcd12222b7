"""Module 4, Asymmetry, as rules: the hidden choice of cards, Pincers, the Selected Actions.

A skill spends and regains Pincers; Module 4's Selected Actions spy on face-down cards and
make Obstacles. Its action kinds are played in ``_pack_actions``, what players see of it
is in ``_asymmetry_views``, and its part of the state is ``Asymmetry`` in ``_model``.

>>> from crabrules.oh_crab import Config, initial_state, legal_actions
>>> from crabrules.oh_crab import active_players as who_acts
>>> state = initial_state(Config(players=3, modules={"asymmetry"}), seed=1)
>>> [len(o) for o in state.adventure.asymmetry.offered], sorted(who_acts(state))
([2, 2, 2], [0, 1, 2])
>>> legal_actions(state, 0)
(ChooseSkills(player=0, cards=(0,)), ChooseSkills(player=0, cards=(5,)))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import permutations

import attrs

from crabrules.core.game import PlayerId
from crabrules.core.rng import Rng
from crabrules.oh_crab.adventure._content import (
    AdventureContent,
    AsymmetryCard,
    Rule,
    RuleChange,
    Timing,
)
from crabrules.oh_crab.adventure._model import (
    NONE,
    Adventure,
    Asymmetry,
    ObstacleMade,
    PincersRegenerated,
    SkillDeclined,
    SkillsChosen,
    SkillsRevealed,
    SkillUsed,
    SpiedCard,
)
from crabrules.oh_crab.adventure._model import Spied as SpiedEvent
from crabrules.oh_crab.adventure._triggers import adventure_of, pack_in_play, pack_of
from crabrules.oh_crab.content._components import SpaceType
from crabrules.oh_crab.content._primitives import Primitive
from crabrules.oh_crab.engine._tables import Tables
from crabrules.oh_crab.engine._work import View, Work, gain_shell
from crabrules.oh_crab.model._actions import (
    ChooseSkills,
    Decline,
    IllegalReason,
    MakeObstacle,
    Skill,
)
from crabrules.oh_crab.model._state import Config, State


def dealt_per_player(config: Config) -> int:
    """The cards dealt to each player: 2, or 4 in the 2-player mode (two crabs)."""
    return 4 if config.players == 2 else 2


def playable_skills(config: Config, pack: AdventureContent) -> tuple[int, ...]:
    """The Asymmetry cards whose modules are all in play."""
    return tuple(i for i, c in enumerate(pack.asymmetry) if set(c.requires) <= config.modules)


def setup_asymmetry(config: Config, pack: AdventureContent, rng: Rng) -> tuple[Asymmetry, Rng]:
    """Shuffle the cards and deal them; a card needing an absent module is drawn past."""
    crabs = config.players * (2 if config.players == 2 else 1)
    pile, rng = rng.shuffle(range(len(pack.asymmetry)))
    playable = set(playable_skills(config, pack))
    usable = iter([c for c in pile if c in playable])
    per = dealt_per_player(config)
    offered = tuple(tuple(sorted(next(usable) for _ in range(per))) for _ in range(config.players))
    dealt = {c for mine in offered for c in mine}
    box = tuple(c for c in range(len(pack.asymmetry)) if c not in dealt)
    spied: tuple[tuple[SpiedCard, ...], ...] = ((),) * config.players
    return Asymmetry(offered, (NONE,) * crabs, (0,) * crabs, box, spied), rng


def active_players(asymmetry: Asymmetry) -> frozenset[PlayerId]:
    """While the cards are chosen: every player still to choose."""
    return frozenset(p for p, mine in enumerate(asymmetry.offered) if mine)


def choice_options(
    rules: Tables, asymmetry: Asymmetry, player: PlayerId | None
) -> list[ChooseSkills]:
    """Each player's possible choices: a card, or (2 players) an ordered pair, one per crab."""
    out: list[ChooseSkills] = []
    for p, mine in enumerate(asymmetry.offered):
        if mine and player in (None, p):
            k = len(rules.crabs_of[p])
            out.extend(ChooseSkills(p, cards) for cards in permutations(mine, k))
    return out


def choice_refusal(
    rules: Tables, asymmetry: Asymmetry, action: ChooseSkills
) -> tuple[str, IllegalReason]:
    """Why ``action`` (a player still to choose) is refused, naming the cards they were dealt.

    >>> from crabrules import oh_crab
    >>> state = oh_crab.initial_state(oh_crab.Config(players=3, modules={"asymmetry"}), seed=1)
    >>> oh_crab.apply(state, oh_crab.ChooseSkills(0, (4,)))
    Traceback (most recent call last):
    ...
    crabrules.core.errors.IllegalActionError: cards: red was dealt only 0 (Sprinter) and 5 (Boxer)
    """
    names = pack_in_play(rules).asymmetry if pack_of(rules) is not None else ()
    mine = [f"{card} ({names[card].name})" for card in asymmetry.offered[action.player]]
    dealt = ", ".join(mine[:-1]) + f" or {mine[-1]}" if len(mine) > 1 else mine[0]
    who = rules.names[action.player]
    if any(card not in asymmetry.offered[action.player] for card in action.cards):
        return f"cards: {who} was dealt only {dealt.replace(' or ', ' and ')}", (
            IllegalReason.NO_SUCH_CARD
        )
    count = len(rules.crabs_of[action.player])
    wanted = "one card" if count == 1 else f"{count} different cards, one per crab"
    return f"cards: {who} chooses {wanted}, among {dealt}", IllegalReason.WRONG_COUNT


def choose_skills(work: Work, action: ChooseSkills) -> None:
    """Record ``action``'s hidden choice; the last one reveals all and runs sunset setups."""
    asymmetry = _part(work)
    rules = work.rules
    pack = pack_of(rules)
    assert pack is not None
    p = action.player
    chosen, pincers = list(asymmetry.chosen), list(asymmetry.pincers)
    for crab, card in zip(rules.crabs_of[p], action.cards, strict=True):
        chosen[crab] = card
        pincers[crab] = pack.asymmetry[card].pincers
    unused = [c for c in asymmetry.offered[p] if c not in action.cards]
    offered = tuple(() if q == p else mine for q, mine in enumerate(asymmetry.offered))
    box = tuple(sorted((*asymmetry.box, *unused)))
    asymmetry = attrs.evolve(
        asymmetry, offered=offered, chosen=tuple(chosen), pincers=tuple(pincers), box=box
    )
    work.change_adventure(asymmetry=asymmetry)
    if work.events is not None:
        work.events.append(SkillsChosen(p, rules.names[p]))
    if asymmetry.choosing:
        return
    if work.events is not None:
        names = tuple(pack.asymmetry[c].name for c in asymmetry.chosen)
        work.events.append(SkillsRevealed(asymmetry.chosen, names))
    n = rules.players
    for q in [(work.cook + k) % n for k in range(n)]:
        for crab in rules.crabs_of[q]:
            for step in pack.asymmetry[asymmetry.chosen[crab]].sunset:
                _sunset_step(work, q, step)


def _sunset_step(work: Work, player: PlayerId, step: Primitive) -> None:
    if step is Primitive.TAKE_SHELL:
        gain_shell(work, player)
    elif step is Primitive.REGENERATE_PINCERS:
        regenerate(work, player)
    else:
        spy(work, player, step)


def _part(view: View) -> Asymmetry:
    adventure = adventure_of(view)
    assert adventure is not None
    assert adventure.asymmetry is not None
    return adventure.asymmetry


def card_of(rules: Tables, view: View, crab: int) -> AsymmetryCard | None:
    """The Asymmetry card of ``crab`` (``None``: no Module 4, or not chosen yet)."""
    adventure = adventure_of(view)
    if adventure is None or adventure.asymmetry is None:
        return None
    card = adventure.asymmetry.chosen[crab]
    pack = pack_of(rules)
    return None if card < 0 or pack is None else pack.asymmetry[card]


# --- Pincers ---------------------------------------------------------------------------


def spend_pincer(work: Work, crab: int) -> None:
    """``crab``'s skill acts: one Pincer leaves its card (a 1 removed, or a 2 flipped)."""
    asymmetry = _part(work)
    pincers = list(asymmetry.pincers)
    assert pincers[crab] > 0
    pincers[crab] -= 1
    work.change_adventure(asymmetry=attrs.evolve(asymmetry, pincers=tuple(pincers)))
    if work.events is not None:
        rules = work.rules
        player = rules.owners[crab]
        card = asymmetry.chosen[crab]
        assert pack_of(rules) is not None
        name = pack_in_play(rules).asymmetry[card].name
        work.events.append(SkillUsed(player, rules.names[player], crab, card, name, pincers[crab]))


def can_regenerate(rules: Tables, view: View, player: PlayerId) -> bool:
    """Some crab of ``player`` has spent a Pincer (else a regeneration is lost)."""
    adventure = adventure_of(view)
    if adventure is None or adventure.asymmetry is None or pack_of(rules) is None:
        return False
    asymmetry = adventure.asymmetry
    cards = pack_in_play(rules).asymmetry
    return any(
        asymmetry.chosen[c] >= 0 and asymmetry.pincers[c] < cards[asymmetry.chosen[c]].pincers
        for c in rules.crabs_of[player]
    )


def regenerate(work: Work, player: PlayerId) -> None:
    """Each of ``player``'s crabs that spent a Pincer regains one, never above its card's."""
    adventure = adventure_of(work)
    if adventure is None or adventure.asymmetry is None:
        return  # without Module 4 there are no Pincers to regenerate
    asymmetry = adventure.asymmetry
    rules = work.rules
    assert pack_of(rules) is not None
    pincers = list(asymmetry.pincers)
    for crab in rules.crabs_of[player]:
        card = asymmetry.chosen[crab]
        if card >= 0 and pincers[crab] < pack_in_play(rules).asymmetry[card].pincers:
            pincers[crab] += 1
            if work.events is not None:
                work.events.append(PincersRegenerated(crab, rules.colours[crab], pincers[crab]))
    work.change_adventure(asymmetry=attrs.evolve(asymmetry, pincers=tuple(pincers)))


# --- windows out of turn ------------------------------------------------------------------


def window_steps(card: AsymmetryCard) -> tuple[Primitive, ...]:
    """The steps a card's window offers: its other-turn steps, or its situation's."""
    return card.react if card.timing is Timing.SPECIAL else card.other


def window_options(rules: Tables, view: View, crab: int) -> list[Skill | Decline]:
    """A window's options: use the skill of ``crab``, or decline."""
    player = rules.owners[crab]
    return [Skill(player, crab), Decline(player)]


def use_in_window(work: Work, crab: int) -> None:
    """The window's skill acts: a Pincer is spent and its steps replace the window."""
    card = card_of(work.rules, work, crab)
    assert card is not None
    spend_pincer(work, crab)
    work.decision.queue[0:1] = list(window_steps(card))


def decline(work: Work, crab: int) -> None:
    """The window passes: nothing is spent."""
    work.decision.queue.pop(0)
    if work.events is not None:
        rules = work.rules
        player = rules.owners[crab]
        card = card_of(rules, work, crab)
        assert card is not None
        work.events.append(SkillDeclined(player, rules.names[player], crab, card.name))


# --- Spy ----------------------------------------------------------------------------------

_SPY_KIND = {Primitive.SPY_EVENTS: "event", Primitive.SPY_CHALLENGES: "challenge"}


def _tiles(adventure: Adventure, kind: str) -> tuple[tuple[int, ...], int]:
    """The cards on the tiles of ``kind`` (>= 0 a card, else gone), and the face-up tile.

    The open Challenge is the one face-up card (-1: no tile is face up among the Events).
    """
    if kind == "event":
        events = adventure.events
        return ((), -1) if events is None else (events.tiles, -1)
    challenges = adventure.challenges
    return ((), -1) if challenges is None else (challenges.tiles, challenges.open)


def _face_down(view: View, kind: str) -> list[tuple[int, int]]:
    """(tile, card) of each face-down card of ``kind`` (the open Challenge is face up)."""
    adventure = adventure_of(view)
    if adventure is None:
        return []
    tiles, face_up = _tiles(adventure, kind)
    return [(t, c) for t, c in enumerate(tiles) if c >= 0 and t != face_up]


def can_spy(view: View, player: PlayerId, step: Primitive) -> bool:
    """A Spy would show ``player`` something they have not consulted yet."""
    adventure = adventure_of(view)
    if adventure is None or adventure.asymmetry is None:
        return False
    kind = _SPY_KIND[step]
    known = {(s.tile, s.card) for s in adventure.asymmetry.spied[player] if s.kind == kind}
    return any(item not in known for item in _face_down(view, kind))


def spy(work: Work, player: PlayerId, step: Primitive) -> None:
    """Consult every face-down card the Spy step names; only ``player`` learns them."""
    adventure = adventure_of(work)
    if adventure is None or adventure.asymmetry is None:
        return  # the knowledge is Module 4's: without it, nothing is kept
    asymmetry = adventure.asymmetry
    kind = _SPY_KIND[step]
    seen = _face_down(work, kind)
    mine = {s for s in asymmetry.spied[player] if s.kind != kind}
    mine.update(SpiedCard(kind, t, c) for t, c in seen)
    spied = tuple(
        tuple(sorted(mine, key=_spied_key)) if p == player else theirs
        for p, theirs in enumerate(asymmetry.spied)
    )
    work.change_adventure(asymmetry=attrs.evolve(asymmetry, spied=spied))
    if work.events is not None:
        rules = work.rules
        pack = pack_of(rules)
        assert pack is not None
        names = tuple(
            (pack.events[c].name if kind == "event" else pack.challenges[c].name) for _, c in seen
        )
        work.events.append(
            SpiedEvent(
                player,
                rules.names[player],
                kind,
                tuple(t for t, _ in seen),
                tuple(c for _, c in seen),
                names,
            )
        )


def _spied_key(item: SpiedCard) -> tuple[str, int, int]:
    return item.kind, item.tile, item.card


def forget_revealed(work: Work, before: State) -> None:
    """Drop what was spied of cards now face up or gone: everyone sees them now.

    ``before`` is the state the action started from. What was spied lay face down then,
    and only a change to the Events or the Challenges can turn it up, so an action that
    replaced neither (most of them) has nothing to drop.
    """
    adventure = adventure_of(work)
    assert adventure is not None
    asymmetry = adventure.asymmetry
    old = adventure_of(before)
    if asymmetry is None or (
        old is not None
        and adventure.events is old.events
        and adventure.challenges is old.challenges
    ):
        return
    spied = tuple(
        tuple(s for s in mine if _face_down_still(adventure, s)) for mine in asymmetry.spied
    )
    if spied != asymmetry.spied:  # the same entries: compared by identity, at once
        work.change_adventure(asymmetry=attrs.evolve(asymmetry, spied=spied))


def _face_down_still(adventure: Adventure, item: SpiedCard) -> bool:
    """The spied card still lies face down where it was spied (as :func:`_face_down` says)."""
    tiles, face_up = _tiles(adventure, item.kind)
    tile = item.tile
    return (
        0 <= tile < len(tiles) and tile != face_up and item.card >= 0 and tiles[tile] == item.card
    )


# --- an Obstacle made of a standard space ---------------------------------------------------


def obstacle_options(rules: Tables, view: View, player: PlayerId) -> list[MakeObstacle]:
    """The standard spaces (not Start spaces) not made Obstacles yet, by cell."""
    # Made Obstacles are read from the overlay, not from the rules' tables: an Event in
    # effect (Slippery Rocks) may have turned them into another kind of Obstacle.
    adventure = adventure_of(view)
    lasting = adventure.overlay.lasting if adventure is not None else ()
    made = {change.cell for change in lasting if change.rule is Rule.OBSTACLE_AT}
    return [
        MakeObstacle(player, cell)
        for cell, space in enumerate(rules.layout.spaces)
        if space.type is SpaceType.STANDARD and not space.start and cell not in made
    ]


def make_obstacle(work: Work, player: PlayerId, cell: int) -> None:
    """``cell`` is a standard Obstacle until the end of the game (the overlay's lasting part)."""
    adventure = adventure_of(work)
    assert adventure is not None
    overlay = adventure.overlay
    lasting = (*overlay.lasting, RuleChange(Rule.OBSTACLE_AT, cell=cell))
    work.change_adventure(overlay=attrs.evolve(overlay, lasting=lasting))
    if work.events is not None:
        work.events.append(ObstacleMade(player, work.rules.names[player], cell))


def is_choosing(state: State) -> bool:
    """The setup's hidden choice of the Asymmetry cards is under way."""
    adventure = adventure_of(state)
    return (
        adventure is not None and adventure.asymmetry is not None and adventure.asymmetry.choosing
    )


# --- what a player sees, and dealing it again ----------------------------------------------

#: A card the viewer may not see (the same value as the other modules').
_HIDDEN = -3


def mask_asymmetry(asymmetry: Asymmetry, player: PlayerId | None) -> Asymmetry:
    """``player``'s view of Module 4's part.

    The others' cards dealt, their choice until all have chosen, the box, and the cards
    the others spied are hidden; how many of each is seen.
    """
    # The crabs' owners (see State): two crabs each in the 2-player mode, else one.
    pairs = len(asymmetry.offered) == 2
    owners = [crab // 2 if pairs else crab for crab in range(len(asymmetry.chosen))]
    choosing = asymmetry.choosing
    return Asymmetry(
        offered=tuple(
            mine if p == player else (_HIDDEN,) * len(mine)
            for p, mine in enumerate(asymmetry.offered)
        ),
        chosen=tuple(
            _HIDDEN if choosing and card != NONE and owners[crab] != player else card
            for crab, card in enumerate(asymmetry.chosen)
        ),
        # A choice's Pincers would tell its card: hidden with it.
        pincers=tuple(
            0 if choosing and owners[crab] != player else k
            for crab, k in enumerate(asymmetry.pincers)
        ),
        box=(),
        spied=tuple(
            mine if p == player else tuple(SpiedCard(s.kind, s.tile, _HIDDEN) for s in mine)
            for p, mine in enumerate(asymmetry.spied)
        ),
    )


def deal_asymmetry(
    view: Adventure, config: Config, rules: Tables, player: PlayerId | None, rng: Rng
) -> tuple[Asymmetry, Rng]:
    """Deal again the Asymmetry cards ``view`` hides, from ``rng``.

    ``view``'s other modules are already dealt (the spied cards are moved among them).
    """
    asymmetry = view.asymmetry
    assert asymmetry is not None
    pack = pack_of(rules)
    assert pack is not None
    pool, rng = rng.shuffle(_unseen_skills(asymmetry, config, pack))
    deal = _dealer(pool)
    offered = tuple(tuple(sorted(deal(c) for c in mine)) for mine in asymmetry.offered)
    chosen = tuple(deal(c) for c in asymmetry.chosen)
    pincers = asymmetry.pincers
    if asymmetry.choosing:  # nothing is spent before all have chosen
        pincers = tuple(pack.asymmetry[c].pincers if c >= 0 else 0 for c in chosen)
    placed = {c for c in chosen if c >= 0} | {c for mine in offered for c in mine}
    box = tuple(c for c in range(len(pack.asymmetry)) if c not in placed)
    return attrs.evolve(asymmetry, offered=offered, chosen=chosen, pincers=pincers, box=box), rng


def _unseen_skills(asymmetry: Asymmetry, config: Config, pack: AdventureContent) -> list[int]:
    """The playable Asymmetry cards neither offered nor chosen in sight."""
    seen = {c for c in asymmetry.chosen if c >= 0}
    seen.update(c for mine in asymmetry.offered for c in mine if c >= 0)
    return [c for c in playable_skills(config, pack) if c not in seen]


def _dealer(pool: Sequence[int]) -> Callable[[int], int]:
    """A card as dealt: a hidden one is drawn from the end of ``pool``, a seen one kept."""
    from crabrules.core.errors import InvalidStateError

    left = list(pool)

    def deal(card: int) -> int:
        if card != _HIDDEN:
            return card
        if not left:
            raise InvalidStateError("adventure: asymmetry: the hidden cards cannot be dealt")
        return left.pop()

    return deal


def keep_spied(dealt: Adventure, player: PlayerId | None) -> Adventure:
    """Move each card ``player`` spied back to its tile, and fill in the others' spies.

    A card spied lies face down at a known tile: if the deal put it elsewhere (another tile
    or the box), it swaps places with the card dealt there. Events and Challenges have no
    other constraint on the tiles, so the swap keeps the deal possible.
    """
    asymmetry = dealt.asymmetry
    assert asymmetry is not None
    events, challenges = dealt.events, dealt.challenges
    mine = asymmetry.spied[player] if player is not None else ()
    for item in mine:
        if item.kind == "event" and events is not None:
            tiles, box = _swap_in(events.tiles, events.box, item.tile, item.card)
            events = attrs.evolve(events, tiles=tiles, box=box)
        elif item.kind == "challenge" and challenges is not None:
            tiles, box = _swap_in(challenges.tiles, challenges.box, item.tile, item.card)
            challenges = attrs.evolve(challenges, tiles=tiles, box=tuple(sorted(box)))

    def dealt_at(item: SpiedCard) -> int:
        part = events if item.kind == "event" else challenges
        return item.card if part is None else part.tiles[item.tile]

    spied = tuple(
        theirs if p == player else tuple(SpiedCard(s.kind, s.tile, dealt_at(s)) for s in theirs)
        for p, theirs in enumerate(asymmetry.spied)
    )
    return attrs.evolve(
        dealt, events=events, challenges=challenges, asymmetry=attrs.evolve(asymmetry, spied=spied)
    )


def _swap_in(
    tiles: tuple[int, ...], box: tuple[int, ...], tile: int, card: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    new_tiles, new_box = list(tiles), list(box)
    if new_tiles[tile] != card:
        there = new_tiles[tile]
        if card in new_tiles:
            new_tiles[new_tiles.index(card)] = there
        elif card in new_box:
            new_box[new_box.index(card)] = there
        new_tiles[tile] = card
    return tuple(new_tiles), tuple(new_box)
