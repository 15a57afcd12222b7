"""The Adventure Pack as the engine's :class:`~crabrules.oh_crab.engine._expansion.Expansion`.

Each hook hands the moment to the module of the pack that knows its rules: the setup
(:mod:`~crabrules.oh_crab.adventure.setup`), the rules overlay
(:mod:`~crabrules.oh_crab.adventure.overlay`), the frames
(:mod:`~crabrules.oh_crab.adventure.frames`), what an arrival triggers
(:mod:`~crabrules.oh_crab.adventure.triggers`), the due cards
(:mod:`~crabrules.oh_crab.adventure.reveal`), Treasures, Rewards, and Module 4
(:mod:`~crabrules.oh_crab.adventure.asymmetry`, :mod:`~crabrules.oh_crab.adventure.skills`).
:mod:`crabrules.oh_crab.adventure` registers :data:`ADVENTURE_PACK`.

>>> from crabrules.oh_crab.engine._expansion import registered
>>> registered() is ADVENTURE_PACK
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from crabrules.core.game import PlayerId
from crabrules.core.rng import Rng
from crabrules.oh_crab.adventure import asymmetry as module4
from crabrules.oh_crab.adventure.actions import ACTION_RULES
from crabrules.oh_crab.adventure.frames import (
    frame_options,
    frame_player,
    in_order,
    run_in_frame,
    settle,
)
from crabrules.oh_crab.adventure.overlay import rules_in_play
from crabrules.oh_crab.adventure.reveal import reveal_due
from crabrules.oh_crab.adventure.rewards import reward_options
from crabrules.oh_crab.adventure.setup import setup_adventure
from crabrules.oh_crab.adventure.skills import open_windows, skill_options
from crabrules.oh_crab.adventure.treasures import treasure_options
from crabrules.oh_crab.adventure.triggers import border_crossed, crab_entered
from crabrules.oh_crab.content._primitives import Primitive
from crabrules.oh_crab.engine._expansion import EXPANSION_STEPS, ActionRule, Moments
from crabrules.oh_crab.engine._tables import Tables, rules_for
from crabrules.oh_crab.engine._turns import pass_turn
from crabrules.oh_crab.engine._work import View, Work
from crabrules.oh_crab.model._actions import (
    Action,
    Reveal,
)
from crabrules.oh_crab.model._pack_state import Adventure
from crabrules.oh_crab.model._state import Config, Phase, Stage, State

__all__ = ["ADVENTURE_PACK", "AdventurePack"]


class AdventurePack:
    """The Adventure Pack's hooks (see :class:`~crabrules.oh_crab.engine._expansion.Expansion`).

    Attributes:
        steps: every step only an expansion plays.
        actions: the pack's own action kinds and their rules
            (:mod:`~crabrules.oh_crab.adventure.actions`).
        moments: its handlers of the named moments of play: a Surprise flipped where a
            crab enters, the cards due at a crossed border, the turn held while what it
            triggered is resolved, the frames settled when an action ends, a step's
            answer played in the frame that waits for it.
    """

    def __init__(self) -> None:
        self.steps = EXPANSION_STEPS
        self.actions: Mapping[type, ActionRule[Any]] = ACTION_RULES
        self.moments = _moments()

    def setup(self, config: Config, rules: Tables, rng: Rng) -> tuple[Adventure, Rng]:
        """The modules of ``config``, set up in module order."""
        return setup_adventure(config, rules, rng)

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

    def step_options(self, rules: Tables, view: View, crab: int, step: Primitive) -> list[Action]:
        """Sandcastle's spaces, a skill's window, the Reward card's rewards."""
        player = rules.owners[crab]
        if step is Primitive.TURN_INTO_OBSTACLE:
            return list(module4.obstacle_options(rules, view, player))
        if step is Primitive.SKILL_WINDOW:
            return list(module4.window_options(rules, view, crab))
        return list(reward_options(rules, view, player))

    def automatic_usable(self, rules: Tables, view: View, crab: int, step: Primitive) -> bool:
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


def _first_options(state: State, player: PlayerId | None) -> tuple[Action, ...] | None:
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


def _turn_options(
    rules: Tables, state: State, crab: int, head_down: bool
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


def _waits_for(state: State) -> str | None:
    """Module 4's hidden choice, while it is under way."""
    if module4.is_choosing(state):
        return "every player first chooses their Asymmetry card"
    return None


def _hold_turn(work: Work) -> bool:
    """The turn would end: what it triggered belongs to it and is resolved before it passes."""
    work.stage = Stage.ENDING
    return True


def _action_ended(work: Work, before: State) -> None:
    """Resolve the frames the action pushed; Module 4's windows; forget what is face up.

    An ended turn passes once nothing holds it any longer (a decision, a card due).
    """
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
    held = work.frames_wait() or bool(adventure.due)
    if work.stage is Stage.ENDING and not (held or work.turn_decision.queue):
        pass_turn(work)


def _answer_in_frame(work: Work, rule: ActionRule[Any], action: Action) -> bool:
    """A step's answer, while a frame waits: the frame's (its decision comes first)."""
    if not work.frames_wait():
        return False
    run_in_frame(work, rule, action)
    return True


def _moments() -> Moments:
    """The pack's handlers of the engine's named moments."""
    moments = Moments()
    moments.rule_changes.append(rules_in_play)  # the Events in effect, the Obstacles made
    moments.first_options.append(_first_options)
    moments.turn_options.append(_turn_options)
    moments.waits_for.append(_waits_for)  # Module 4's hidden choice
    moments.crab_entered.append(crab_entered)  # a Surprise on the space is flipped
    moments.border_crossed.append(border_crossed)  # the borders' cards become due
    moments.turn_ending.append(_hold_turn)
    moments.action_ended.append(_action_ended)
    moments.step_answered.append(_answer_in_frame)
    return moments


#: The one instance, registered by :mod:`crabrules.oh_crab.adventure`.
ADVENTURE_PACK: Final = AdventurePack()
