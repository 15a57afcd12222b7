"""The Adventure Pack as the engine's :class:`~crabrules.oh_crab.engine.expansion.Expansion`.

Each hook hands the moment to the module of the pack that knows its rules: the setup
(:mod:`~crabrules.oh_crab.adventure.setup`), the rules overlay
(:mod:`~crabrules.oh_crab.adventure.overlay`), the frames
(:mod:`~crabrules.oh_crab.adventure.frames`), what an arrival triggers
(:mod:`~crabrules.oh_crab.adventure.triggers`), the due cards
(:mod:`~crabrules.oh_crab.adventure.reveal`), Treasures, Rewards, and Module 4
(:mod:`~crabrules.oh_crab.adventure.asymmetry`, :mod:`~crabrules.oh_crab.adventure.skills`).
:mod:`crabrules.oh_crab.adventure` registers :data:`ADVENTURE_PACK`.

>>> from crabrules.oh_crab.engine.expansion import registered
>>> registered() is ADVENTURE_PACK
True
"""

from __future__ import annotations

from typing import Final

from crabrules.core.errors import IllegalActionError
from crabrules.core.game import PlayerId
from crabrules.core.rng import Rng
from crabrules.oh_crab.adventure import asymmetry as module4
from crabrules.oh_crab.adventure.frames import (
    frame_options,
    frame_player,
    in_order,
    run_in_frame,
    settle,
)
from crabrules.oh_crab.adventure.overlay import overlaid
from crabrules.oh_crab.adventure.reveal import reveal, reveal_due
from crabrules.oh_crab.adventure.rewards import choose_reward, reward_options
from crabrules.oh_crab.adventure.setup import setup_adventure
from crabrules.oh_crab.adventure.skills import open_windows, skill_options, use_skill
from crabrules.oh_crab.adventure.treasures import treasure_options, use_treasure
from crabrules.oh_crab.adventure.triggers import border_crossed, crab_entered
from crabrules.oh_crab.content.adventure import RuleChange
from crabrules.oh_crab.content.board import Cell
from crabrules.oh_crab.content.primitives import Primitive
from crabrules.oh_crab.engine.work import Rules, View, Work, rules_for
from crabrules.oh_crab.model.actions import (
    Action,
    Choose,
    ChooseSkills,
    MakeObstacle,
    Reveal,
    Skill,
    UseTreasure,
)
from crabrules.oh_crab.model.adventure import Adventure
from crabrules.oh_crab.model.config import Config
from crabrules.oh_crab.model.progress import Phase, Stage
from crabrules.oh_crab.model.state import State

__all__ = ["ADVENTURE_PACK", "AdventurePack"]


class AdventurePack:
    """The Adventure Pack's hooks (see :class:`~crabrules.oh_crab.engine.expansion.Expansion`)."""

    def setup(self, config: Config, rules: Rules, rng: Rng) -> tuple[Adventure, Rng]:
        """The modules of ``config``, set up in module order."""
        return setup_adventure(config, rules, rng)

    def changed_rules(self, rules: Rules, changes: tuple[RuleChange, ...]) -> Rules:
        """The rules overlay: Events in effect, Obstacles made."""
        return overlaid(rules, changes)

    def first_players(self, state: State) -> frozenset[PlayerId] | None:
        """Module 4's hidden choice: every player still to choose; a frame: its player."""
        adventure = state.adventure
        assert adventure is not None
        if module4.is_choosing(state):
            assert adventure.asymmetry is not None
            return module4.active_players(adventure.asymmetry)
        if adventure.frames and state.phase is not Phase.PLANNING:
            return frozenset({adventure.frames[-1].player})
        return None

    def first_options(self, state: State, player: PlayerId | None) -> tuple[Action, ...] | None:
        """Module 4's hidden choice, or the options of the frame on top."""
        adventure = state.adventure
        assert adventure is not None
        # The hidden choice comes before the first Planning or placing, never in the action
        # phase: most positions skip the test.
        if state.phase is not Phase.ACTION and module4.is_choosing(state):
            assert adventure.asymmetry is not None
            rules = rules_for(state.config)
            return tuple(module4.choice_options(rules, adventure.asymmetry, player))
        if adventure.frames and state.phase is not Phase.PLANNING:
            if player not in (None, adventure.frames[-1].player):
                return ()
            return tuple(frame_options(state))
        return None

    def turn_options(
        self, rules: Rules, state: State, crab: int, head_down: bool
    ) -> tuple[list[Action], bool]:
        """Kept Treasures and the own-turn skill; a due card's Reveal holds the turn."""
        adventure, turn = state.adventure, state.turn
        assert adventure is not None
        assert turn is not None
        p = state.current
        if turn.stage is Stage.ENDING:
            return [Reveal(p)], True
        out: list[Action] = []
        out.extend(treasure_options(rules, state, crab, head_down))
        out.extend(skill_options(rules, state, crab, head_down))
        if adventure.due:
            # "At any moment of their turn ... but no later": the turn cannot end before.
            out.append(Reveal(p))
            return out, True
        return out, False

    def step_options(self, rules: Rules, view: View, crab: int, step: Primitive) -> list[Action]:
        """Sandcastle's spaces, a skill's window, the Reward card's rewards."""
        player = rules.owners[crab]
        if step is Primitive.TURN_INTO_OBSTACLE:
            return list(module4.obstacle_options(rules, view, player))
        if step is Primitive.SKILL_WINDOW:
            return list(module4.window_options(rules, view, crab))
        return list(reward_options(rules, view, player))

    def automatic_usable(self, rules: Rules, view: View, crab: int, step: Primitive) -> bool:
        """A regeneration needs a spent Pincer, a Spy a face-down card; a Reveal is due."""
        player = rules.owners[crab]
        if step is Primitive.REGENERATE_PINCERS:
            return module4.can_regenerate(rules, view, player)
        if step is Primitive.SPY_EVENTS or step is Primitive.SPY_CHALLENGES:
            return module4.can_spy(view, player, step)
        return True

    def run_automatic(self, work: Work, player: PlayerId, step: Primitive) -> None:
        """Regenerate the Pincers, Spy, or reveal the first card due."""
        if step is Primitive.REGENERATE_PINCERS:
            module4.regenerate(work, player)
        elif step is Primitive.SPY_EVENTS or step is Primitive.SPY_CHALLENGES:
            module4.spy(work, player, step)
        else:
            reveal_due(work)

    def resolve(self, work: Work, action: Action) -> None:
        """A reward chosen, an Obstacle made, a window's skill used or declined."""
        crab = work.decision.crab
        player = work.rules.owners[crab]
        if isinstance(action, Choose):
            choose_reward(work, player, action.option)
        elif isinstance(action, MakeObstacle):
            work.decision.queue.pop(0)
            module4.make_obstacle(work, player, action.cell)
        elif isinstance(action, Skill):
            module4.use_in_window(work, crab)
        else:
            module4.decline(work, crab)

    def run_action(self, work: Work, action: Action) -> bool:
        """Module 4's choice, a frame's choice, a Reveal, a Treasure or an own-turn skill."""
        if isinstance(action, ChooseSkills):
            module4.choose_skills(work, action)  # Module 4's setup
        elif work.frames_wait():
            run_in_frame(work, action)  # the choice of the decision that comes first
        elif isinstance(action, Reveal):
            reveal(work)
        elif isinstance(action, UseTreasure):
            use_treasure(work, action.player, action.token)
        elif isinstance(action, Skill):
            use_skill(work, action.player, action.crab)
        else:
            return False
        return True

    def crab_entered(self, work: Work, crab: int, dest: Cell) -> None:
        """A Surprise on ``dest`` is flipped."""
        crab_entered(work, crab, dest)

    def border_crossed(self, work: Work, low: int, high: int) -> None:
        """The crossed borders' Challenges and Events become due."""
        border_crossed(work, low, high)

    def action_ended(self, work: Work, before: State) -> bool:
        """Resolve the frames the action pushed; Module 4's windows; forget what is face up."""
        if frame_player(before) is None:
            # The turn's action: the frames its steps pushed resolve first come, first
            # served. (A frame's choice ordered what it pushed as it went, and the frames
            # still waiting beneath keep their order.)
            in_order(work, 1)
        settle(work)
        adventure = work.adventure
        assert adventure is not None
        if adventure.asymmetry is not None:
            # Module 4: the windows the action opened come first; what is face up is no secret.
            open_windows(work, before)
            module4.forget_revealed(work, before)
        adventure = work.adventure
        assert adventure is not None
        return work.frames_wait() or bool(adventure.due)

    def waits_for(self, state: State) -> str | None:
        """Module 4's hidden choice, while it is under way."""
        if module4.is_choosing(state):
            return "every player first chooses their Asymmetry card"
        return None

    def choice_refusal(
        self, rules: Rules, state: State, action: Action
    ) -> IllegalActionError | None:
        """A :class:`~crabrules.oh_crab.ChooseSkills` names the cards its player was dealt."""
        adventure = state.adventure
        if not isinstance(action, ChooseSkills) or adventure is None:
            return None
        assert adventure.asymmetry is not None
        return module4.choice_refusal(rules, adventure.asymmetry, action)


#: The one instance, registered by :mod:`crabrules.oh_crab.adventure`.
ADVENTURE_PACK: Final = AdventurePack()
