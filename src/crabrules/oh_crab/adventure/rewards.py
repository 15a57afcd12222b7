"""The Adventure Pack's Rewards: a trophy exchanged for a reward of the Reward card.

The winner of a Challenge's first place chooses one of the Reward card's rewards
(:func:`reward_options`, a :class:`~crabrules.oh_crab.Choose` in a frame of theirs); its
steps take the place of the choice, for the same player and crab (:func:`choose_reward`).

(The Selected Actions that take a card are the engine's: taking a Market card is
:func:`~crabrules.oh_crab.engine._turns.take_market`, as at Rest; taking a card from the
Trace is a step of :mod:`~crabrules.oh_crab.engine._effects`.)
"""

from __future__ import annotations

from crabrules.core.game import PlayerId
from crabrules.oh_crab.engine._tables import Tables
from crabrules.oh_crab.engine._work import View, Work
from crabrules.oh_crab.model._actions import Choose
from crabrules.oh_crab.model._events import RewardChosen

__all__ = ["choose_reward", "reward_options"]


def reward_options(rules: Tables, view: View, player: PlayerId) -> list[Choose]:
    """The rewards of the Reward card in play, by index."""
    adventure = view.adventure
    assert adventure is not None
    assert adventure.challenges is not None
    assert rules.pack
    options = rules.pack.rewards[adventure.challenges.reward].options
    return [Choose(player, k) for k in range(len(options))]


def choose_reward(work: Work, player: PlayerId, option: int) -> None:
    """Exchange the trophy for reward ``option``: its steps replace the choice."""
    adventure, pack = work.adventure, work.rules.pack
    assert adventure is not None
    assert adventure.challenges is not None
    assert pack is not None
    reward = pack.rewards[adventure.challenges.reward].options[option]
    work.decision.queue[0:1] = list(reward.steps)
    if work.events is not None:
        work.events.append(RewardChosen(player, work.rules.names[player], option, reward.name))
