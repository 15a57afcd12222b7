"""Agents by name, as the command line names them, and your own agents beside them.

The built-in names are ``random``, ``plausible``, ``mcts`` and ``ismcts``; a search agent
takes its iteration budget after a colon (``mcts:200``). Your own agent is named by where
it lives, ``module:Name``, with ``key=value`` arguments after more colons
(``mybots.greedy:Greedy:depth=3``): ``Name`` is a class or a function that makes an
agent, called with the arguments (a value is read as JSON where it can be, as a string
otherwise). :func:`simulate <crabrules.simulate.simulate>` and
:func:`~crabrules.agents.play_match` also take agent objects themselves.

>>> make_agent("mcts:200").budget.iterations
200
>>> make_agent("minimax")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crabrules.agents.registry.UnknownAgentError: unknown agent 'minimax'; known agents: ismcts, ...
"""

from __future__ import annotations

import copy
import importlib
import json
from collections.abc import Callable
from typing import Any

from crabrules.agents.base import Agent, check_is_agent
from crabrules.agents.ismcts import ISMCTSAgent
from crabrules.agents.mcts import MCTSAgent
from crabrules.agents.plausible import PlausibleAgent
from crabrules.agents.random import RandomAgent
from crabrules.agents.tree import Budget
from crabrules.core import CrabRulesError

__all__ = [
    "AGENTS",
    "AgentSpec",
    "UnknownAgentError",
    "agent_label",
    "check_agent",
    "fresh_agent",
    "is_builtin",
    "make_agent",
]

#: An agent as simulations take it: a name (built-in or ``module:Name``) or an object.
AgentSpec = str | Agent

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


def check_agent(spec: object, where: str = "agent") -> AgentSpec:
    """``spec`` itself if it names or is an agent; else a refusal that says why.

    >>> check_agent("ismcts:50")
    'ismcts:50'

    Raises:
        UnknownAgentError: a name that is neither built in nor an importable agent.
        NotAnAgentError: an object without the protocol's ``act``.
    """
    if isinstance(spec, str):
        make_agent(spec)
        return spec
    return check_is_agent(spec, where)


def is_builtin(spec: str) -> bool:
    """Whether ``spec`` names a built-in agent (``mcts:200`` does, ``mybots:Greedy`` not).

    >>> is_builtin("mcts:200"), is_builtin("mybots:Greedy")
    (True, False)
    """
    return spec.partition(":")[0] in AGENTS


def fresh_agent(spec: AgentSpec) -> Agent:
    """An agent of its own for one game: a new one for a name, a deep copy of an object.

    Agents may remember what they saw in a game, so no two games share one.

    >>> from crabrules.agents.random import RandomAgent
    >>> prototype = RandomAgent()
    >>> fresh_agent(prototype) is not prototype
    True
    """
    return make_agent(spec) if isinstance(spec, str) else copy.deepcopy(spec)


def agent_label(spec: AgentSpec) -> str:
    """How results and summaries name ``spec``: a name itself, an object by its class.

    An object with a string ``name`` attribute goes by that name.

    >>> from crabrules.agents.random import RandomAgent
    >>> agent_label("mcts:200"), agent_label(RandomAgent())
    ('mcts:200', 'RandomAgent')
    """
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    return name if isinstance(name, str) else type(spec).__qualname__


def make_agent(spec: str) -> Agent:
    """A fresh agent for ``spec``: a built-in name, or ``module:Name[:key=value...]``.

    A built-in name is one of :data:`AGENTS`; a search agent's may end with ``:N``, its
    iterations per decision.

    Raises:
        UnknownAgentError: the name is unknown, the budget is not a positive integer, or
            the module or name cannot be imported or called.
        NotAnAgentError: ``module:Name`` made something that is not an agent.
    """
    name, colon, budget = spec.partition(":")
    if name not in AGENTS and colon and budget:
        return _imported_agent(spec)
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


def _imported_agent(spec: str) -> Agent:
    """The agent ``module:Name[:key=value...]`` makes: ``Name(**arguments)``."""
    module_name, _, rest = spec.partition(":")
    attribute, *pairs = rest.split(":")
    arguments: dict[str, Any] = {}
    for pair in pairs:
        key, equals, text = pair.partition("=")
        if not equals or not key.isidentifier():
            raise UnknownAgentError(
                f"agent {spec!r:.80}: arguments are key=value, not {pair!r:.40}"
            )
        arguments[key] = _argument(text)
    try:
        factory = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError, ValueError) as error:
        raise UnknownAgentError(
            f"agent {spec!r:.80}: cannot import {attribute!r:.40} from {module_name!r:.40} "
            f"({type(error).__name__}: {error})"
        ) from None
    try:
        made = factory(**arguments)
    except Exception as error:  # the user's code: say whose call failed, and how
        raise UnknownAgentError(
            f"agent {spec!r:.80}: {attribute}(**{arguments!r:.60}) raised "
            f"{type(error).__name__}: {error}"
        ) from None
    return check_is_agent(made, f"agent {spec!r:.80}")


def _argument(text: str) -> Any:
    """A ``key=value`` value: JSON where it reads as JSON (``3``, ``true``), else the text."""
    try:
        return json.loads(text)
    except ValueError:
        return text
