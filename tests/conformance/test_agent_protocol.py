"""Every way an agent can break the protocol is an ``AgentError`` naming the player, in every game.

A faulty agent must never corrupt a game nor surface as a bare ``AttributeError`` from
inside the match loop: it answers a bare action, ``None`` where nobody may wait, an
illegal action, an action equal to a legal one but with fields of another type, a time
that is not a number, a type that is not a ``Decision``, raises, or overruns the match's
per-decision cap. Each faulty agent sits at every seat, so the first player asked names it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from crabrules.agents import AgentError, Decision, Turn, play_match
from crabrules.core import Dynamics, Rng
from tests.conformance.common import GAMES, AnyGame


def _float_player(turn: Turn) -> object:
    # Equal to a legal action (1.0 == 1), but not one: the field has another type.
    action = turn.legal[0]
    return Decision(attrs.evolve(action, player=float(action.player)), turn.now)


def _raises(turn: Turn) -> object:
    raise KeyError("my bug")


def _slow(turn: Turn) -> object:
    time.sleep(0.03)
    return Decision(turn.legal[0], turn.now)


#: Each fault, and what the error says about it.
FAULTS: dict[str, tuple[Callable[[Turn], object], str]] = {
    "bare_action": (lambda turn: turn.legal[0], "returned a bare action"),
    "illegal_action": (lambda turn: Decision("castle", turn.now), "illegal action"),
    "wrong_field_type": (_float_player, "illegal action"),
    "not_a_decision": (lambda turn: 42, "returned an object of type int"),
    "time_not_a_number": (lambda turn: Decision(turn.legal[0], float("nan")), "acts at nan"),
    "raises": (_raises, "raised KeyError: 'my bug'"),
    "overruns_cap": (_slow, "over the decision_seconds cap"),
    "waits": (lambda turn: None, "waited"),
}


class Faulty:
    def __init__(self, fault: Callable[[Turn], object]) -> None:
        self.fault = fault

    def act(self, turn: Turn, rng: Rng) -> Any:
        return self.fault(turn)


@pytest.mark.parametrize("fault", sorted(FAULTS))
@pytest.mark.parametrize("game", GAMES, ids=[game.info.id for game in GAMES])
def test_an_agent_that_breaks_the_protocol_is_named(game: AnyGame, fault: str) -> None:
    behaviour, says = FAULTS[fault]
    state = game.initial_state(seed=1)
    players = game.num_players(state)
    first = min(game.active_players(state))
    agents = [Faulty(behaviour) for _ in range(players)]
    if fault == "waits" and game.info.dynamics is Dynamics.REAL_TIME:
        says = "every player waited"  # waiting is allowed in real time, until the table stalls
    elif fault == "waits":
        says = f"player {first}'s agent \\(Faulty\\) waited"
    else:
        says = f"player {first}'s agent \\(Faulty\\) .*{says}"
    cap: dict[str, Any] = {"decision_seconds": 0.01} if fault == "overruns_cap" else {}
    with pytest.raises(AgentError, match=says):
        play_match(game, agents, seed=1, **cap)
