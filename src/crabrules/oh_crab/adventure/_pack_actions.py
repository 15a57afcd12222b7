"""The Adventure Pack's own action kinds, as rules of the engine's table.

Each kind's options, refusal and play side by side (``ACTION_RULES``): Treasures, Rewards
and Module 4's skills, in their owner's turn and in the windows of another's. ``_plugin``
registers them; the frames they run in are ``_triggers``', Module 4's rules ``_asymmetry``'s.
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from crabrules.core.game import PlayerId
from crabrules.oh_crab.adventure import _asymmetry as module4
from crabrules.oh_crab.adventure._asymmetry import card_of, spend_pincer, window_steps
from crabrules.oh_crab.adventure._content import (
    AsymmetryCard,
    Situation,
    Timing,
    TokenKind,
)
from crabrules.oh_crab.adventure._model import (
    Adventure,
    Frame,
    FrameKind,
    RewardChosen,
    TreasureUsed,
)
from crabrules.oh_crab.adventure._triggers import (
    adventure_of,
    in_order,
    pack_in_play,
    pack_of,
    reveal,
    run_in_frame,
)
from crabrules.oh_crab.content._components import SpaceType
from crabrules.oh_crab.content._primitives import Phase, Primitive
from crabrules.oh_crab.engine._effects import advance, steps_usable
from crabrules.oh_crab.engine._expansion import ActionRule, Refused
from crabrules.oh_crab.engine._moment import Moment, crab_refusal, why_nothing
from crabrules.oh_crab.engine._tables import Tables
from crabrules.oh_crab.engine._work import View, Work
from crabrules.oh_crab.model._actions import (
    Choose,
    ChooseSkills,
    Decline,
    IllegalReason,
    MakeObstacle,
    Reveal,
    Skill,
    UseTreasure,
    cell_label,
)
from crabrules.oh_crab.model._state import State


def reward_options(rules: Tables, view: View, player: PlayerId) -> list[Choose]:
    """The rewards of the Reward card in play, by index."""
    adventure = adventure_of(view)
    assert adventure is not None
    assert adventure.challenges is not None
    assert pack_of(rules)
    options = pack_in_play(rules).rewards[adventure.challenges.reward].options
    return [Choose(player, k) for k in range(len(options))]


def choose_reward(work: Work, player: PlayerId, option: int) -> None:
    """Exchange the trophy for reward ``option``: its steps replace the choice."""
    adventure, pack = adventure_of(work), pack_of(work.rules)
    assert adventure is not None
    assert adventure.challenges is not None
    assert pack is not None
    reward = pack.rewards[adventure.challenges.reward].options[option]
    work.decision.queue[0:1] = list(reward.steps)
    if work.events is not None:
        work.events.append(RewardChosen(player, work.rules.names[player], option, reward.name))


def treasure_options(rules: Tables, state: State, crab: int, head_down: bool) -> list[UseTreasure]:
    """The kept Treasures the active player may use now, by token."""
    adventure = adventure_of(state)
    if adventure is None or adventure.surprises is None:
        return []
    player = rules.owners[crab]
    pack = pack_of(rules)
    assert pack is not None
    return [
        UseTreasure(player, token)
        for token in adventure.surprises.kept[player]
        if steps_usable(rules, state, crab, pack.surprises[token].steps, head_down)
    ]


def use_treasure(work: Work, player: PlayerId, token: int) -> None:
    """Use the kept ``token``: it leaves the game and its steps begin."""
    adventure, pack = adventure_of(work), pack_of(work.rules)
    assert adventure is not None
    assert adventure.surprises is not None
    assert pack is not None
    surprises = adventure.surprises
    kept = tuple(
        tuple(t for t in mine if t != token) if p == player else mine
        for p, mine in enumerate(surprises.kept)
    )
    gone = tuple(sorted((*surprises.gone, token)))
    work.change_adventure(surprises=attrs.evolve(surprises, kept=kept, gone=gone))
    info = pack.surprises[token]
    if work.events is not None:
        work.events.append(TreasureUsed(player, work.rules.names[player], token, info.name))
    own = work.turn_decision
    own.queue, own.crabs_left = list(info.steps), None
    advance(work)


_OWN_TIMING = frozenset({Timing.OWN, Timing.BOTH})
_OTHER_TIMING = frozenset({Timing.OTHER, Timing.BOTH})


def skill_options(rules: Tables, state: State, crab: int, head_down: bool) -> list[Skill]:
    """The active crab's own-turn skill, if its card has a Pincer and the skill would act."""
    adventure = adventure_of(state)
    if adventure is None or adventure.asymmetry is None:
        return []
    asymmetry = adventure.asymmetry
    card = card_of(rules, state, crab)
    if card is None or card.timing not in _OWN_TIMING or asymmetry.pincers[crab] <= 0:
        return []
    if not steps_usable(rules, state, crab, card.own, head_down):
        return []
    return [Skill(rules.owners[crab], crab)]


def use_skill(work: Work, player: PlayerId, crab: int) -> None:
    """Use ``crab``'s own-turn skill: a Pincer is spent and its steps begin."""
    card = card_of(work.rules, work, crab)
    assert card is not None
    spend_pincer(work, crab)
    own = work.turn_decision
    own.queue, own.crabs_left = list(card.own), None
    advance(work)


def open_windows(work: Work, before: State) -> None:
    """Push the windows that the action just played opened (see the module's list)."""
    adventure = adventure_of(work)
    assert adventure is not None
    asymmetry = adventure.asymmetry
    # The phase first: the hidden choice of the cards (``choosing``) is never in the
    # action phase, and reading it is a pure Python call.
    if asymmetry is None or work.phase is not Phase.ACTION or not work.in_turn:
        return
    if asymmetry.choosing:
        return
    rules = work.rules
    revealed = _event_revealed(adventure, before)
    knocked_before = before.knocked
    knocked_now = [
        work.knocked[crab] and not knocked_before[crab] and work.crabs[crab] >= 0
        for crab in range(len(knocked_before))
    ]
    if not revealed and not any(knocked_now):
        return  # only a knock-over or an Event opens a window: most actions open none
    start = len(work.decisions)
    n = rules.players
    for player in [(work.current + k) % n for k in range(n)]:
        for crab in rules.crabs_of[player]:
            card = card_of(rules, work, crab)
            if card is None or asymmetry.pincers[crab] <= 0:
                continue
            opens = _opens(card, knocked_now[crab], revealed, player != work.current)
            if opens and steps_usable(rules, work, crab, window_steps(card), False):
                item = asymmetry.chosen[crab]
                work.push_frame(
                    Frame(FrameKind.SKILL, item, player, crab, (Primitive.SKILL_WINDOW,))
                )
    in_order(work, start)


def _event_revealed(adventure: Adventure, before: State) -> bool:
    """Whether the action revealed an Event (Module 2)."""
    old_part = adventure_of(before)
    events, old = adventure.events, old_part.events if old_part else None
    return events is not None and old is not None and len(events.revealed) > len(old.revealed)


def _opens(card: AsymmetryCard, knocked: bool, revealed: bool, other_turn: bool) -> bool:
    """Whether ``card``'s window opens: its crab was knocked over, or an Event revealed."""
    if card.timing is Timing.SPECIAL:
        return (card.situation is Situation.KNOCKED_OVER and knocked) or (
            card.situation is Situation.EVENT_REVEALED and revealed
        )
    # ``current`` is still the turn the moment arose in: a turn passes only after its
    # windows, those of the end-of-turn Water Current included.
    return card.timing in _OTHER_TIMING and knocked and other_turn


R = IllegalReason


# --- Kept Treasures (Module 1) ----------------------------------------------------------------


def _treasure_refusal(m: Moment, action: UseTreasure, same: list[UseTreasure]) -> Refused:
    adventure, pack = adventure_of(m.state), pack_of(m.rules)
    assert adventure is not None
    assert adventure.surprises is not None
    assert pack is not None
    token = action.token
    if not 0 <= token < len(pack.surprises):
        return f"token: {token} is no Surprise token", R.NO_SUCH_OPTION
    surprise = pack.surprises[token]
    name = surprise.name
    if token not in adventure.surprises.kept[m.player]:
        if surprise.kind is TokenKind.WASTE:
            return f"token: {name} is a Waste, only a kept Treasure is used", R.NO_SUCH_OPTION
        if surprise.immediate:
            return f"token: the Treasure {name} applies when found, nobody keeps it", (
                R.NO_SUCH_OPTION
            )
        return f"token: {m.who} keeps no Treasure {name}", R.NO_SUCH_OPTION
    return f"token: the Treasure {name} would do nothing now{why_nothing(m)}", R.NO_EFFECT


def _use_treasure(work: Work, action: UseTreasure) -> None:
    use_treasure(work, action.player, action.token)


# --- Events and Challenges due (Modules 2 and 3) -----------------------------------------------


def _reveal_closed(m: Moment, action: Reveal, kind: str, knocked: bool) -> Refused:
    return f"{kind}: no Event or Challenge is due this turn", R.WRONG_PHASE


def _reveal(work: Work, action: Reveal) -> None:
    reveal(work)


def _choose_refusal(m: Moment, action: Choose, same: list[Choose]) -> Refused:
    return f"option: the Reward card offers rewards 0 to {len(same) - 1}", R.NO_SUCH_OPTION


def _choose(work: Work, action: Choose) -> None:
    choose_reward(work, work.rules.owners[work.decision.crab], action.option)


# --- Asymmetry (Module 4) ---------------------------------------------------------------------


def _choose_skills_refusal(m: Moment, action: ChooseSkills, same: list[ChooseSkills]) -> Refused:
    adventure = adventure_of(m.state)
    assert adventure is not None
    assert adventure.asymmetry is not None
    return module4.choice_refusal(m.rules, adventure.asymmetry, action)


def _choose_skills(work: Work, action: ChooseSkills) -> None:
    module4.choose_skills(work, action)


def _skill_refusal(m: Moment, action: Skill, same: list[Skill]) -> Refused:
    return crab_refusal(m, action.crab, [a.crab for a in same])


def _skill(work: Work, action: Skill) -> None:
    """The own-turn skill, or the skill a window offers (the answer of its frame)."""
    if work.frames_wait():
        run_in_frame(work, _IN_WINDOW, action)
    else:
        use_skill(work, action.player, action.crab)


def _use_in_window(work: Work, action: Skill) -> None:
    module4.use_in_window(work, work.decision.crab)


def _decline(work: Work, action: Decline) -> None:
    module4.decline(work, work.decision.crab)


def _make_obstacle_refusal(m: Moment, action: MakeObstacle, same: list[MakeObstacle]) -> Refused:
    cell = action.cell
    spaces = m.rules.layout.spaces
    if not 0 <= cell < len(spaces):
        return f"cell: {cell} is no space of the board", R.BAD_SPACE
    label = cell_label(cell)
    space = spaces[cell]
    if space.start:
        return f"cell: {label} is a Start space, only a standard space becomes an Obstacle", (
            R.BAD_SPACE
        )
    if space.type is not SpaceType.STANDARD:
        kind = _SPACE_WORDS.get(space.type, "not a standard space")
        return f"cell: {label} is {kind}, only a standard space becomes an Obstacle", (R.BAD_SPACE)
    return f"cell: {label} is an Obstacle already (until the end of the game)", R.BAD_SPACE


#: The space types as the rulebook's "Types of Spaces on the Game Board" names them.
_SPACE_WORDS: Final = {
    SpaceType.INACCESSIBLE: "an inaccessible space",
    SpaceType.OBSTACLE: "a standard Obstacle",
    SpaceType.KNOCK_OVER: "a knocking-over Obstacle",
    SpaceType.CARD_EXCHANGE: "a Card Exchange space",
    SpaceType.SHORTCUT: "a Shortcut space",
    SpaceType.CURRENT: "a Water Current space",
}


def _make_obstacle(work: Work, action: MakeObstacle) -> None:
    work.decision.queue.pop(0)
    module4.make_obstacle(work, work.rules.owners[work.decision.crab], action.cell)


#: A window's skill, as the answer of its frame.
_IN_WINDOW: Final[ActionRule[Skill]] = ActionRule(_use_in_window, choice=True)

#: The pack's rules, by action kind.
ACTION_RULES: Final[dict[type, ActionRule[Any]]] = {
    UseTreasure: ActionRule(_use_treasure, _treasure_refusal),
    Reveal: ActionRule(_reveal, closed=_reveal_closed),
    Choose: ActionRule(_choose, _choose_refusal, choice=True),
    ChooseSkills: ActionRule(_choose_skills, _choose_skills_refusal),
    Skill: ActionRule(_skill, _skill_refusal),
    Decline: ActionRule(_decline, choice=True),
    MakeObstacle: ActionRule(_make_obstacle, _make_obstacle_refusal, choice=True),
}
