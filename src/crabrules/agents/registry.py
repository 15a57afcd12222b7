"""Agents by name, as the command line names them.

The names are ``random``, ``plausible``, ``mcts`` and ``ismcts``; a search agent takes its
iteration budget after a colon (``mcts:200``).

>>> make_agent("mcts:200").budget.iterations
200
>>> make_agent("minimax")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crabrules.agents.registry.UnknownAgentError: unknown agent 'minimax'; known agents: ismcts, ...
"""

from __future__ import annotations

from collections.abc import Callable

from crabrules.agents.base import Agent
from crabrules.agents.ismcts import ISMCTSAgent
from crabrules.agents.mcts import MCTSAgent
from crabrules.agents.plausible import PlausibleAgent
from crabrules.agents.random import RandomAgent
from crabrules.agents.tree import Budget
from crabrules.core import CrabRulesError

__all__ = ["AGENTS", "UnknownAgentError", "check_agent", "make_agent"]

#: What each name means, for help texts.
AGENTS: dict[str, str] = {
    "random": "uniform over the legal actions",
    "plausible": "a casual human of each game (random games end)",
    "mcts": "UCT on the state, mcts:N for N iterations (default 1000)",
    "ismcts": "information-set MCTS, ismcts:N for N iterations (default 1000)",
}

_SEARCH: dict[str, Callable[[Budget], Agent]] = {"mcts": MCTSAgent, "ismcts": ISMCTSAgent}
_SIMPLE: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "plausible": PlausibleAgent}


class UnknownAgentError(CrabRulesError, ValueError):
    """An agent name that is not in :data:`AGENTS`, or a bad budget after it."""


def check_agent(spec: str) -> str:
    """``spec`` itself if :func:`make_agent` accepts it; else :class:`UnknownAgentError`.

    >>> check_agent("ismcts:50")
    'ismcts:50'
    """
    make_agent(spec)
    return spec


def make_agent(spec: str) -> Agent:
    """A fresh agent for ``spec``: a name of :data:`AGENTS`, a search agent's with ``:N``.

    ``N`` is the search agent's iterations per decision.

    Raises:
        UnknownAgentError: the name is unknown or the budget is not a positive integer.
    """
    name, colon, budget = spec.partition(":")
    if name in _SIMPLE and not colon:
        return _SIMPLE[name]()
    if name in _SEARCH:
        if not colon:
            return _SEARCH[name](Budget())
        # ASCII digits only ("²" is a digit to str.isdigit), and few of them (int() of
        # thousands of digits is refused by Python itself).
        if budget.isascii() and budget.isdigit() and len(budget) <= 18 and int(budget) > 0:
            return _SEARCH[name](Budget(iterations=int(budget)))
        raise UnknownAgentError(
            f"agent {spec!r:.60}: the iterations after ':' are a positive integer"
        )
    known = ", ".join(sorted(AGENTS))
    raise UnknownAgentError(f"unknown agent {spec!r:.60}; known agents: {known}")
