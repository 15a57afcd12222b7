"""Shells: taken from the supply, given back to it.

The supply is finite: a player takes a shell only while one is left, and gives one back
only if they have one. A shell moves, it is never made or lost, so the players' shells
and the supply always add up to the same number.

>>> from crabrules.oh_crab.engine.work import Work
>>> from crabrules.oh_crab.rules import initial_state
>>> work = Work(initial_state(seed=1))
>>> work.shells[1], work.supply
(0, 24)
>>> gain_shell(work, 1)
>>> work.shells[1], work.supply
(1, 23)
>>> lose_shell(work, 1)
>>> lose_shell(work, 1)  # none left to give
>>> work.shells[1], work.supply
(0, 24)
"""

from __future__ import annotations

from crabrules.core.game import PlayerId
from crabrules.oh_crab.engine.work import Work
from crabrules.oh_crab.model.events import ShellLost, ShellTaken

__all__ = ["gain_shell", "lose_shell"]


def gain_shell(work: Work, player: PlayerId) -> None:
    """Take a shell from the supply, if one is left."""
    if work.supply:
        work.supply -= 1
        work.shells[player] += 1
        if work.events is not None:
            name = work.rules.names[player]
            work.events.append(ShellTaken(player, name, work.shells[player]))


def lose_shell(work: Work, player: PlayerId) -> None:
    """Give a shell back to the supply, if the player has one."""
    if work.shells[player]:
        work.shells[player] -= 1
        work.supply += 1
        if work.events is not None:
            name = work.rules.names[player]
            work.events.append(ShellLost(player, name, work.shells[player]))
