"""The Adventure Pack's choices that take a card or a reward: Selected Actions, Rewards.

- "Take a card from your Trace into your Hand. If a gap forms in the Trace, slide the
  cards to fill the space" (:func:`take_from_trace`): the card was face up, so every
  player saw it go into the Hand.
- A trophy exchanged for a reward of the Reward card (:func:`choose_reward`): the reward's
  steps take the place of the choice, for the same player and crab.

(Taking a Market card is :meth:`~crabrules.oh_crab.engine.work.Work.take_market`, as at Rest.)
"""

from __future__ import annotations

from crabrules.core.game import PlayerId
from crabrules.oh_crab.engine.work import Work
from crabrules.oh_crab.model.events import CardTakenBack, RewardChosen
from crabrules.oh_crab.model.state import CardId

__all__ = ["choose_reward", "take_from_trace"]


def take_from_trace(work: Work, player: PlayerId, card: CardId) -> None:
    """Move ``card`` from the player's Trace into their Hand, in view of all."""
    work.trace(player).remove(card)
    work.hand(player).append(card)
    work.learn(player, (card,))
    if work.events is not None:
        rules = work.rules
        work.events.append(
            CardTakenBack(player, rules.names[player], card, rules.card_names[card])
        )


def choose_reward(work: Work, player: PlayerId, option: int) -> None:
    """Exchange the trophy for reward ``option``: its steps replace the choice."""
    adventure, pack = work.adventure, work.rules.pack
    assert adventure is not None
    assert adventure.challenges is not None
    assert pack is not None
    reward = pack.rewards[adventure.challenges.reward].options[option]
    work.queue[0:1] = list(reward.steps)
    if work.events is not None:
        work.events.append(RewardChosen(player, work.rules.names[player], option, reward.name))
