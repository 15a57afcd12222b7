"""The Adventure Pack's own action kinds, as rules of the engine's table.

Each kind's refusal and play, side by side; :mod:`~crabrules.oh_crab.adventure.plugin`
adds them to the engine's table (:mod:`~crabrules.oh_crab.engine.actions._table`) when the
pack is registered. Their options come with the moments that offer them: a kept Treasure
and the own-turn skill between the turn's actions, a Reveal while a card is due (the
pack's ``turn_options`` moment), a step's answers (a Reward, a space to make an Obstacle,
a window's skill or pass:
:meth:`~crabrules.oh_crab.adventure.plugin.AdventurePack.step_options`), and Module 4's
setup choice (its ``first_options`` moment).
"""

from __future__ import annotations

from typing import Any, Final

from crabrules.oh_crab.adventure import asymmetry as module4
from crabrules.oh_crab.adventure.frames import run_in_frame
from crabrules.oh_crab.adventure.reveal import reveal
from crabrules.oh_crab.adventure.rewards import choose_reward
from crabrules.oh_crab.adventure.skills import use_skill
from crabrules.oh_crab.adventure.treasures import use_treasure
from crabrules.oh_crab.content._components import SpaceType
from crabrules.oh_crab.content._documents import TokenKind
from crabrules.oh_crab.engine._expansion import ActionRule, Refused
from crabrules.oh_crab.engine._work import Work
from crabrules.oh_crab.engine.actions._moment import Moment, crab_refusal, why_nothing
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

__all__ = ["ACTION_RULES"]

R = IllegalReason


# --- Kept Treasures (Module 1) ----------------------------------------------------------------


def _treasure_refusal(m: Moment, action: UseTreasure, same: list[UseTreasure]) -> Refused:
    adventure, pack = m.state.adventure, m.rules.pack
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
    adventure = m.state.adventure
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
