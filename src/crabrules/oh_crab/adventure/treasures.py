"""Kept Treasures (Module 1): used at any moment of their owner's turn, as many as they like.

"Using a Treasure token constitutes a new type of action": :class:`~crabrules.oh_crab.UseTreasure`
sits beside :class:`~crabrules.oh_crab.Use` once the turn's card is added (or the Rest
done), while no other action is being resolved. Its steps go into the turn's queue, for the
active crab (in the 2-player mode, either of the owner's crabs: the one active this turn),
and the token leaves the game. A Treasure whose first step would do nothing is not offered.
"""

from __future__ import annotations

import attrs

from crabrules.core.game import PlayerId
from crabrules.oh_crab.engine._effects import advance, steps_usable
from crabrules.oh_crab.engine._tables import Tables
from crabrules.oh_crab.engine._work import Work
from crabrules.oh_crab.model._actions import UseTreasure
from crabrules.oh_crab.model._events import TreasureUsed
from crabrules.oh_crab.model._state import State

__all__ = ["treasure_options", "use_treasure"]


def treasure_options(rules: Tables, state: State, crab: int, head_down: bool) -> list[UseTreasure]:
    """The kept Treasures the active player may use now, by token."""
    adventure = state.adventure
    if adventure is None or adventure.surprises is None:
        return []
    player = rules.owners[crab]
    pack = rules.pack
    assert pack is not None
    return [
        UseTreasure(player, token)
        for token in adventure.surprises.kept[player]
        if steps_usable(rules, state, crab, pack.surprises[token].steps, head_down)
    ]


def use_treasure(work: Work, player: PlayerId, token: int) -> None:
    """Use the kept ``token``: it leaves the game and its steps begin."""
    adventure, pack = work.adventure, work.rules.pack
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
