"""Agents that play every crabrules game, and the loop that lets them play one.

- :mod:`~crabrules.agents.base`: the :class:`Agent` protocol, :class:`Turn` (what an
  agent is told) and :class:`Decision` (what it answers, and when).
- :mod:`~crabrules.agents.random`: :class:`RandomAgent`, uniform over the legal actions.
- :mod:`~crabrules.agents.plausible`: :class:`PlausibleAgent`, a casual human per game.
- :mod:`~crabrules.agents.mcts`: :class:`MCTSAgent`, UCT on the state (one sampled world
  when information is hidden).
- :mod:`~crabrules.agents.ismcts`: :class:`ISMCTSAgent`, information-set MCTS.
- :mod:`~crabrules.agents.match`: :func:`play_match`, one game between agents.
- :mod:`~crabrules.agents.registry`: agents by name, for the command line.

>>> import crabrules
>>> from crabrules import agents
>>> game = crabrules.get_game("oh-crab")
>>> seats = [agents.make_agent("plausible") for _ in range(4)]
>>> agents.play_match(game, seats, seed=5).finished
True
"""

from crabrules.agents.base import (
    Agent,
    AnyGame,
    Decision,
    HiddenStateError,
    NotAnAgentError,
    Turn,
    stamped,
)
from crabrules.agents.ismcts import ISMCTSAgent
from crabrules.agents.match import (
    DEFAULT_MAX_ACTIONS,
    AgentError,
    MatchResult,
    PlayedGame,
    StalledError,
    agent_rngs,
    play_match,
)
from crabrules.agents.mcts import MCTSAgent
from crabrules.agents.plausible import PlausibleAgent
from crabrules.agents.random import RandomAgent
from crabrules.agents.registry import (
    AGENTS,
    AgentSpec,
    UnknownAgentError,
    agent_factory,
    agent_label,
    agent_labels,
    check_agent,
    fresh_agent,
    make_agent,
)

__all__ = [
    "AGENTS",
    "DEFAULT_MAX_ACTIONS",
    "Agent",
    "AgentError",
    "AgentSpec",
    "AnyGame",
    "Decision",
    "HiddenStateError",
    "ISMCTSAgent",
    "MCTSAgent",
    "MatchResult",
    "PlayedGame",
    "NotAnAgentError",
    "PlausibleAgent",
    "RandomAgent",
    "StalledError",
    "Turn",
    "UnknownAgentError",
    "agent_factory",
    "agent_label",
    "agent_labels",
    "agent_rngs",
    "check_agent",
    "fresh_agent",
    "make_agent",
    "play_match",
    "stamped",
]
