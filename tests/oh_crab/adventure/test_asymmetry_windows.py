"""Module 4: which moments open a window, for each timing icon.

The end-of-turn Water Current belongs to the turn of the crab it carries: a crab knocked
over by it is knocked over in its owner's own turn. Scenario 4 ("Shortcut!"), 3 players:
the current at b5 (cell 26) carries north onto the standard Obstacle b6 (cell 31), which
Slippery Rocks makes knock the crab over.
"""

from __future__ import annotations

import attrs
import pytest

from crabrules.oh_crab import (
    Config,
    Decline,
    EndTurn,
    Move,
    Skill,
    State,
    active_players,
    apply,
    legal_actions,
)
from crabrules.oh_crab.adventure._model import NONE, Adventure, Overlay
from crabrules.oh_crab.engine._tables import rules_for
from tests.oh_crab.adventure_helpers import event, events, pack
from tests.oh_crab.asymmetry_helpers import asy, asym
from tests.oh_crab.helpers import at, make

CONFIG = Config(players=3, scenario="shortcut", modules={"events", "asymmetry"})
CURRENT, OBSTACLE = at(5, 1), at(6, 1)


def _on_the_current(card: str) -> State:
    """Red (``card``) on the current at the end of its turn, under Slippery Rocks.

    The Events of Beach tiles 1 and 2 are revealed (Slippery Rocks last), so nothing
    falls due when the current carries red across their border.
    """
    rules = rules_for(CONFIG)
    assert rules.layout.current[CURRENT] == OBSTACLE
    assert rules.obstacle[OBSTACLE]
    slippery = event("slippery-rocks")
    revealed = attrs.evolve(
        events(CONFIG, [NONE, NONE, event("sunny-day")], [event("shell-rain"), slippery]),
        active=slippery,
        at=1,
    )
    return make(
        CONFIG,
        crabs=[CURRENT, at(0, 3), at(0, 4)],
        adventure=Adventure(
            events=revealed,
            asymmetry=asym(CONFIG, [card, "hoarder", "sprinter"]),
            overlay=Overlay(event=pack().events[slippery].changes),
        ),
    )


@pytest.mark.parametrize("card", ["armoured", "boxer"])
def test_an_other_turn_skill_opens_no_window_for_the_current_at_the_end_of_its_own_turn(
    card: str,
) -> None:
    # "Another player's turn": the current knocks red over in red's own turn.
    after = apply(_on_the_current(card), EndTurn(0))
    assert after.crabs[0] == OBSTACLE
    assert after.knocked[0]
    assert after.adventure is not None
    assert after.adventure.frames == ()
    assert (after.current, active_players(after)) == (1, frozenset({1}))
    assert asy(after).pincers[0] == pack().skill(card).pincers


def test_an_any_turn_skill_opens_its_window_for_the_current_before_the_turn_passes() -> None:
    # Rebound Crab: "Any turn, when your crab is knocked over": red's own turn included,
    # and the window opens in it, before the turn passes to orange.
    state = apply(_on_the_current("rebound"), EndTurn(0))
    assert state.knocked[0]
    assert (state.current, active_players(state)) == (0, frozenset({0}))
    assert legal_actions(state) == (Skill(0, 0), Decline(0))
    declined = apply(state, Decline(0))
    assert declined.knocked[0]
    assert (declined.current, active_players(declined)) == (1, frozenset({1}))
    used = apply(state, Skill(0, 0))
    assert not used.knocked[0]  # it stands up, then jumps at the same distance
    jumps = [a for a in legal_actions(used) if isinstance(a, Move)]
    assert jumps
    assert len(jumps) == len(legal_actions(used))
    assert all(a.dest // 5 == OBSTACLE // 5 for a in jumps)  # the same row
    jumped = apply(used, jumps[0])
    assert jumped.crabs[0] == jumps[0].dest
    assert (jumped.current, active_players(jumped)) == (1, frozenset({1}))
    assert asy(jumped).pincers[0] == pack().skill("rebound").pincers - 1
