"""The state check of Module 4's part, and the queues its skills can leave.

Every Asymmetry card lies in exactly one place (dealt and not chosen yet, on a crab, or in
the box); only playable cards are dealt, as many as the setup deals; a card's Pincers are
0 to its starting number and the tokens they need (two per card at most) are among the 10;
the cards are chosen, one per crab, exactly when nobody is still choosing, and nothing else
happens before; a skill's frame belongs to its card's crab, and a window waits only for
a card with a Pincer; the lasting changes of the overlay are Obstacles made of distinct standard
spaces; what a player spied is a card still face down where they saw it.
"""

from __future__ import annotations

import functools

from crabrules.core.errors import InvalidStateError
from crabrules.core.memo import CONFIGS_KEPT
from crabrules.oh_crab.adventure.asymmetry import (
    dealt_per_player,
    playable_skills,
    window_steps,
)
from crabrules.oh_crab.content._components import SpaceType
from crabrules.oh_crab.content._documents import AdventureContent, Rule
from crabrules.oh_crab.content._pack_components import PINCER_TOKENS, tokens_for
from crabrules.oh_crab.content._primitives import Module, Primitive
from crabrules.oh_crab.engine._work import Rules, rules_for
from crabrules.oh_crab.model._pack_state import NONE, Adventure, Asymmetry, FrameKind, Spied
from crabrules.oh_crab.model._state import NO_CARD, Config, Phase, State

__all__ = ["check_asymmetry", "check_asymmetry_view", "skill_queues", "window_queues"]


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
    adventure = state.adventure
    assert adventure is not None
    _check_lasting(state, adventure)
    config = state.config
    asymmetry = _checked_shape(adventure, config)
    if asymmetry is None:
        return
    rules = rules_for(config)
    pack = rules.pack
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
    adventure = state.adventure
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


def _spied_tiles(adventure: Adventure, item: Spied) -> tuple[int, ...] | None:
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
    pack = rules_for(config).pack
    if pack is None or Module.ASYMMETRY not in config.modules:
        return frozenset()
    return frozenset(card.own[i:] for card in pack.asymmetry for i in range(len(card.own)))


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def window_queues(config: Config) -> frozenset[tuple[Primitive, ...]]:
    """The queues a skill's frame can hold: the window, then the suffixes of its steps."""
    pack = rules_for(config).pack
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
    pack = rules_for(config).pack
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
