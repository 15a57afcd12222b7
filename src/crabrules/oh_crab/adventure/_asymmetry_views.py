"""Module 4 (Asymmetry) in the views: its check, its sentences, its lines in the pictures.

The pictures draw only what every player may see. The rest of the pack's views are in
``_pack_views`` and ``_pack_check``; Module 4's rules are in ``_asymmetry``.

>>> from crabrules.oh_crab.adventure._model import SkillUsed, Spied
>>> describe_asymmetry_event(SkillUsed(1, "orange", 1, 3, "Armoured Crab", 2))
'orange uses the skill of Armoured Crab (2 Pincers left)'
>>> describe_asymmetry_event(Spied(0, "red", "event", (1, 2), (-3, -3), ("", "")))
'red spies the face-down Events of Beach tiles 2, 3'
>>> describe_asymmetry_event(Spied(0, "red", "event", (1,), (4,), ("Shell Rain",)))
'red spies the face-down Events of Beach tile 2: Shell Rain'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from crabrules.core.errors import InvalidStateError
from crabrules.core.memo import CONFIGS_KEPT
from crabrules.oh_crab.adventure import _model as model
from crabrules.oh_crab.adventure._asymmetry import (
    dealt_per_player,
    playable_skills,
    window_steps,
)
from crabrules.oh_crab.adventure._content import (
    PINCER_TOKENS,
    AdventureContent,
    Rule,
    tokens_for,
)
from crabrules.oh_crab.adventure._model import (
    NONE,
    Adventure,
    Asymmetry,
    FrameKind,
    Spied,
    SpiedCard,
)
from crabrules.oh_crab.adventure._triggers import adventure_of, pack_in_play, pack_of
from crabrules.oh_crab.content._components import SpaceType
from crabrules.oh_crab.content._primitives import Module, Phase, Primitive
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._actions import ChooseSkills, Decline, MakeObstacle, Skill, cell_label
from crabrules.oh_crab.model._state import NO_CARD, Config, State
from crabrules.oh_crab.view._observe import Observation
from crabrules.oh_crab.view._svg import Marks, crab_space, on_board


def _bad(message: str) -> InvalidStateError:
    return InvalidStateError(f"adventure: asymmetry: {message}")


def _checked_shape(adventure: Adventure, config: Config) -> Asymmetry | None:
    """The Module 4 part, there exactly when the module is in play, sized per player and crab.

    What a state and an observation share: ``None`` when the module is not in play.
    """
    asymmetry = adventure.asymmetry
    if (asymmetry is None) == (Module.ASYMMETRY in config.modules):
        raise _bad("the part is there exactly when the module is in play")
    if asymmetry is None:
        return None
    if type(asymmetry) is not Asymmetry:
        raise _bad("not a Module 4 part")
    n, crabs = config.players, len(rules_for(config).owners)
    if (
        len(asymmetry.offered) != n
        or len(asymmetry.spied) != n
        or len(asymmetry.chosen) != crabs
        or len(asymmetry.pincers) != crabs
    ):
        raise _bad("offered and spied per player, chosen and pincers per crab")
    return asymmetry


def check_asymmetry(state: State) -> None:
    """Refuse an impossible Module 4 part (and lasting overlay) of ``state``.

    Raises:
        InvalidStateError: saying what is wrong.
    """
    adventure = adventure_of(state)
    assert adventure is not None
    _check_lasting(state, adventure)
    config = state.config
    asymmetry = _checked_shape(adventure, config)
    if asymmetry is None:
        return
    rules = rules_for(config)
    pack = pack_of(rules)
    assert pack is not None
    _check_cards(config, rules, pack, asymmetry)
    _check_pincers(pack, asymmetry)
    if asymmetry.choosing:
        _check_nothing_before_the_choice(state, adventure, pack, asymmetry)
    _check_spied(state, asymmetry)
    _check_skill_frames(adventure, len(rules.owners), asymmetry)


def _check_cards(
    config: Config, rules: Rules, pack: AdventureContent, asymmetry: Asymmetry
) -> None:
    """Every card in one place; each player holds their dealt cards or chose one a crab."""
    on_crabs = tuple(c for c in asymmetry.chosen if c != NONE)
    offered = [c for mine in asymmetry.offered for c in mine]
    if sorted([*on_crabs, *asymmetry.box, *offered]) != list(range(len(pack.asymmetry))):
        raise _bad("every card lies in exactly one place")
    if list(asymmetry.box) != sorted(asymmetry.box):
        raise _bad("the box is sorted")
    per = dealt_per_player(config)
    for p, mine in enumerate(asymmetry.offered):
        chosen = [asymmetry.chosen[c] for c in rules.crabs_of[p]]
        if mine:
            if len(mine) != per or list(mine) != sorted(mine) or any(c != NONE for c in chosen):
                raise _bad(f"player {p} holds the {per} cards dealt until they choose")
        elif any(c == NONE for c in chosen):
            raise _bad(f"player {p} chose a card for each of their crabs")
    if not set(on_crabs) | set(offered) <= set(playable_skills(config, pack)):
        raise _bad("a card needing an absent module is never dealt")


def _starting_pincers(pack: AdventureContent, card: int) -> int:
    return pack.asymmetry[card].pincers if card != NONE else 0


def _check_pincers(pack: AdventureContent, asymmetry: Asymmetry) -> None:
    """Each card holds 0 to its starting Pincers, on the tokens the box has."""
    for crab, card in enumerate(asymmetry.chosen):
        if not 0 <= asymmetry.pincers[crab] <= _starting_pincers(pack, card):
            raise _bad("a card has 0 to its starting number of Pincers")
    if sum(tokens_for(k) for k in asymmetry.pincers) > PINCER_TOKENS:
        raise _bad(f"the Pincers lie on at most {PINCER_TOKENS} tokens")


def _check_nothing_before_the_choice(
    state: State, adventure: Adventure, pack: AdventureContent, asymmetry: Asymmetry
) -> None:
    """While players choose their cards, the game has not begun: no Pincer spent, no spying."""
    untouched = (
        state.round == 1
        and state.phase in (Phase.PLANNING, Phase.PLACING)
        and all(c == NO_CARD for c in state.planned)
        and not adventure.frames
        and not adventure.overlay.lasting
    )
    full = all(
        asymmetry.pincers[crab] == _starting_pincers(pack, card)
        for crab, card in enumerate(asymmetry.chosen)
    )
    if not untouched or not full or any(asymmetry.spied):
        raise _bad("nothing happens before every player has chosen")


def _check_skill_frames(adventure: Adventure, crabs: int, asymmetry: Asymmetry) -> None:
    """A skill's frame is its crab's card's, and a window needs a Pincer."""
    for frame in adventure.frames:
        if frame.kind is not FrameKind.SKILL:
            continue
        crab = frame.crab
        if not 0 <= crab < crabs or asymmetry.chosen[crab] != frame.item:
            raise _bad("a skill's frame belongs to the crab whose card it is")
        if frame.queue == (Primitive.SKILL_WINDOW,) and asymmetry.pincers[crab] <= 0:
            raise _bad("a window opens only for a card with a Pincer")


def _check_spied(state: State, asymmetry: Asymmetry) -> None:
    adventure = adventure_of(state)
    assert adventure is not None
    for mine in asymmetry.spied:
        if list(mine) != sorted(mine, key=lambda s: (s.kind, s.tile, s.card)) or len(
            set(mine)
        ) != len(mine):
            raise _bad("what a player spied is sorted, each card once")
        for item in mine:
            tiles = _spied_tiles(adventure, item)
            face_down = tiles is not None and tiles[item.tile] == item.card
            if item.kind == "challenge" and adventure.challenges is not None:
                face_down = face_down and adventure.challenges.open != item.tile
            if not face_down:
                raise _bad("a card spied lies face down where it was seen")


def _spied_tiles(adventure: Adventure, item: SpiedCard) -> tuple[int, ...] | None:
    """The tiles of the Events or Challenges a spied card lies at, if ``item.tile`` is one."""
    part = {"event": adventure.events, "challenge": adventure.challenges}.get(item.kind)
    if part is None or not 0 <= item.tile < len(part.tiles):
        return None
    return part.tiles


def _check_lasting(state: State, adventure: Adventure) -> None:
    rules = rules_for(state.config)
    cells = [change.cell for change in adventure.overlay.lasting]
    if any(change.rule is not Rule.OBSTACLE_AT for change in adventure.overlay.lasting):
        raise InvalidStateError("adventure: only Obstacles made of standard spaces last")
    spaces = rules.layout.spaces
    if len(set(cells)) != len(cells) or any(
        not 0 <= c < len(spaces)
        or spaces[c].type is not SpaceType.STANDARD
        or spaces[c].start
        or rules.obstacle[c]
        for c in cells
    ):
        raise InvalidStateError("adventure: an Obstacle is made of a distinct standard space")


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def skill_queues(config: Config) -> frozenset[tuple[Primitive, ...]]:
    """The turn's queues that own-turn skills can leave (every suffix of their steps)."""
    pack = pack_of(rules_for(config))
    if pack is None or Module.ASYMMETRY not in config.modules:
        return frozenset()
    return frozenset(card.own[i:] for card in pack.asymmetry for i in range(len(card.own)))


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def window_queues(config: Config) -> frozenset[tuple[Primitive, ...]]:
    """The queues a skill's frame can hold: the window, then the suffixes of its steps."""
    pack = pack_of(rules_for(config))
    out: set[tuple[Primitive, ...]] = {(Primitive.SKILL_WINDOW,)}
    if pack is not None:
        for card in pack.asymmetry:
            steps = window_steps(card)
            out.update(steps[i:] for i in range(len(steps)))
    return frozenset(out)


def check_asymmetry_view(view: Adventure, config: Config, player: int | None) -> None:
    """Refuse the shape of an observed Module 4 part before it is dealt again.

    Raises:
        InvalidStateError: saying what is wrong.
    """
    asymmetry = _checked_shape(view, config)
    if asymmetry is None:
        return
    pack = pack_of(rules_for(config))
    assert pack is not None
    count = len(pack.asymmetry)
    values = [*asymmetry.chosen, *(c for mine in asymmetry.offered for c in mine)]
    if any(not -3 <= v < count or v == -2 for v in values) or any(
        not 0 <= c < count for c in asymmetry.box
    ):
        raise _bad("not an id of the content")
    if any(type(k) is not int or k < 0 for k in asymmetry.pincers):
        raise _bad("Pincers are counts")
    # Dealing the view again puts each spied card back at its tile: the tile must be one.
    if any(_spied_tiles(view, item) is None for mine in asymmetry.spied for item in mine):
        raise _bad("a card spied lies at a Beach tile of the Events or Challenges in play")


def _pincers(count: int) -> str:
    return f"{count} Pincer{'' if count == 1 else 's'}"


def _card_name(rules: Rules, card: int) -> str:
    cards = pack_in_play(rules).asymmetry if pack_of(rules) is not None else ()
    return cards[card].name if 0 <= card < len(cards) else f"card {card}"


def _choose_skills(action: ChooseSkills, state: State, rules: Rules, who: str) -> str:
    if len(action.cards) == 1:
        return f"{who} chooses the Asymmetry card {_card_name(rules, action.cards[0])}"
    crabs = rules.crabs_of[action.player] if 0 <= action.player < rules.players else ()
    pairs = [
        f"{_card_name(rules, card)} for {rules.colours[crab]}"
        for crab, card in zip(crabs, action.cards, strict=False)
    ]
    return f"{who} chooses the Asymmetry cards " + " and ".join(pairs)


def _skill(action: Skill, state: State, rules: Rules, who: str) -> str:
    adventure = adventure_of(state)
    asymmetry = adventure.asymmetry if adventure is not None else None
    card = -1
    if asymmetry is not None and 0 <= action.crab < len(asymmetry.chosen):
        card = asymmetry.chosen[action.crab]
    return f"{who} uses the skill of {_card_name(rules, card)}"


def _decline(action: Decline, state: State, rules: Rules, who: str) -> str:
    return f"{who} lets the skill pass"


def _obstacle(action: MakeObstacle, state: State, rules: Rules, who: str) -> str:
    return f"{who} turns {cell_label(action.cell)} into a standard Obstacle"


#: The sentence of each Module 4 action, by its kind (``who``: the player's name).
ASYMMETRY_ACTION_SENTENCES: dict[type, Callable[[Any, State, Rules, str], str]] = {
    ChooseSkills: _choose_skills,
    Skill: _skill,
    Decline: _decline,
    MakeObstacle: _obstacle,
}


def describe_asymmetry_action(
    state: State, rules: Rules, who: str, action: ChooseSkills | Skill | Decline | MakeObstacle
) -> str:
    """Say what a Module 4 action does (``who``: the player's name)."""
    return ASYMMETRY_ACTION_SENTENCES[type(action)](action, state, rules, who)


def _spied(event: Spied) -> str:
    what = "Events" if event.kind == "event" else "Challenges"
    tiles = ", ".join(str(t + 1) for t in event.tiles)
    where = f"Beach tile{'' if len(event.tiles) == 1 else 's'} {tiles}"
    text = f"{event.colour} spies the face-down {what} of {where}"
    if any(event.names):
        text += ": " + ", ".join(event.names)
    return text


#: The sentence of each Module 4 event, by its kind.
ASYMMETRY_EVENT_SENTENCES: dict[type, Callable[[Any], str]] = {
    model.SkillsChosen: lambda event: f"{event.colour} has chosen their Asymmetry card",
    model.SkillsRevealed: lambda event: (
        "the Asymmetry cards are revealed: " + ", ".join(event.names)
    ),
    model.SkillUsed: lambda event: (
        f"{event.colour} uses the skill of {event.name} ({_pincers(event.pincers)} left)"
    ),
    model.SkillDeclined: lambda event: f"{event.colour} lets the skill of {event.name} pass",
    model.PincersRegenerated: lambda event: (
        f"{event.colour} regains a Pincer ({_pincers(event.pincers)})"
    ),
    Spied: _spied,
    model.ObstacleMade: lambda event: (
        f"{event.colour} turns {cell_label(event.cell)} into a standard Obstacle"
    ),
}

#: Module 4's events.
ASYMMETRY_EVENTS = tuple(ASYMMETRY_EVENT_SENTENCES)


def describe_asymmetry_event(
    event: model.SkillsChosen
    | model.SkillsRevealed
    | model.SkillUsed
    | model.SkillDeclined
    | model.PincersRegenerated
    | Spied
    | model.ObstacleMade,
) -> str:
    """Say what happened, for a Module 4 event."""
    return ASYMMETRY_EVENT_SENTENCES[type(event)](event)


def asymmetry_lines(state: State, rules: Rules) -> list[str]:
    """The lines that Module 4 adds to ``render`` (none without it)."""
    adventure = adventure_of(state)
    if adventure is None:
        return []
    lines: list[str] = []
    lasting = adventure.overlay.lasting
    if lasting:
        cells = ", ".join(cell_label(change.cell) for change in lasting)
        lines.append(f"Obstacles made of standard spaces: {cells}")
    asymmetry = adventure.asymmetry
    if asymmetry is None or pack_of(rules) is None:
        return lines
    cards = pack_in_play(rules).asymmetry
    lines.append("Asymmetry:")
    for p in range(rules.players):
        if asymmetry.choosing:
            mine = asymmetry.offered[p]
            status = f"choosing among {len(mine)} cards" if mine else "has chosen"
            lines.append(f"   P{p} {rules.names[p]}: {status}")
            continue
        parts = []
        for crab in rules.crabs_of[p]:
            card = cards[asymmetry.chosen[crab]]
            left = asymmetry.pincers[crab]
            parts.append(
                f"{rules.colours[crab]} {card.name} [{card.timing.value}] "
                f"Pincers {left}/{card.pincers} on {tokens_for(left)} token(s)"
            )
        spied = len(asymmetry.spied[p])
        spies = f"; spied {spied} card(s)" if spied else ""
        lines.append(f"   P{p} {rules.names[p]}: " + "; ".join(parts) + spies)
    return lines


def _obstacle_marks(action: MakeObstacle, view: Observation, count: int) -> Marks:
    return on_board((action.cell,), count), ()


def _skill_marks(action: Skill, view: Observation, count: int) -> Marks:
    return crab_space(action.crab, view, count), ()


#: The spaces a Module 4 action outlines in :func:`~crabrules.oh_crab.render_svg` as the
#: last action, by its kind: the new Obstacle's, the skilled crab's.
ASYMMETRY_MARKS: dict[type, Callable[[Any, Observation, int], Marks]] = {
    MakeObstacle: _obstacle_marks,
    Skill: _skill_marks,
}
