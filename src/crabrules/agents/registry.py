"""Agents by name, as the command line names them, and your own agents beside them.

The built-in names are ``random``, ``plausible``, ``mcts`` and ``ismcts``; a search agent
takes its budget after a colon: iterations (``mcts:200``), or ``key=value`` fields of
:class:`~crabrules.agents.tree.Budget` (``mcts:seconds=0.05``,
``ismcts:iterations=500:depth=20``). Budgets are bounded
(:data:`~crabrules.agents.tree.MAX_ITERATIONS`, :data:`~crabrules.agents.tree.MAX_SECONDS`),
so every decision ends.

A program in any language that speaks the bot protocol is ``bot:COMMAND ARGS``
(``bot:seconds=2:node bot.js`` with a per-decision deadline; see
:mod:`crabrules.agents.bot`).

Your own agent is named by where it lives, ``module:Name``, with ``key=value`` arguments
after more colons (``mybots.greedy:Greedy:depth=3``): ``Name`` is an agent class (a class
with an ``act`` method) or a function declared with :func:`agent_factory`, called with the
arguments (a value is read as JSON where it can be, commas and colons included, as a
string otherwise). Anything else is refused *before* it is called, so ``os:system`` runs
nothing; the module itself is imported, which runs its top-level code, so name only
modules you trust. :func:`simulate <crabrules.simulate.simulate>` and
:func:`~crabrules.agents.play_match` also take agent objects themselves.

>>> make_agent("mcts:200").budget.iterations
200
>>> make_agent("minimax")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crabrules.agents.registry.UnknownAgentError: unknown agent 'minimax'; known agents: ismcts, ...
>>> make_agent("os:system:command=true")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crabrules.agents.registry.UnknownAgentError: agent 'os:system:command=true': 'system' is ...
"""

from __future__ import annotations

import copy
import importlib
import json
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from crabrules.agents.base import Agent, check_is_agent, own_label
from crabrules.agents.bot import parse_bot_spec
from crabrules.agents.ismcts import ISMCTSAgent
from crabrules.agents.mcts import MCTSAgent
from crabrules.agents.plausible import PlausibleAgent
from crabrules.agents.random import RandomAgent
from crabrules.agents.strong import StrongAgent
from crabrules.agents.tree import MAX_ITERATIONS, Budget
from crabrules.core import CrabRulesError, InvalidConfigError

__all__ = [
    "AGENTS",
    "AgentSpec",
    "UnknownAgentError",
    "agent_factory",
    "agent_label",
    "agent_labels",
    "check_agent",
    "fresh_agent",
    "is_builtin",
    "make_agent",
    "split_spec",
]

#: An agent as simulations take it: a name (built-in or ``module:Name``) or an object.
AgentSpec = str | Agent

#: What each name means, for help texts.
AGENTS: dict[str, str] = {
    "random": "uniform over the legal actions",
    "plausible": "a casual human of each game (random games end)",
    "strong": "the strongest player of each game, about a second a decision; strong:N "
    "gives its searching players N iterations",
    "mcts": "UCT on the state, mcts:N for N iterations (default 1000), or mcts:seconds=S",
    "ismcts": "information-set MCTS, ismcts:N for N iterations (default 1000), or seconds=S",
}

_SEARCH: dict[str, Callable[[Budget], Agent]] = {
    "mcts": MCTSAgent,
    "ismcts": ISMCTSAgent,
    "strong": StrongAgent,
}
_SIMPLE: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "plausible": PlausibleAgent,
    "strong": StrongAgent,
}

#: The attribute :func:`agent_factory` sets on a function it declares.
_FACTORY = "__crabrules_agent_factory__"

_Factory = TypeVar("_Factory", bound=Callable[..., Any])


class UnknownAgentError(CrabRulesError, ValueError):
    """An agent name that is not in :data:`AGENTS`, or a bad budget after it.

    Also a ``module:Name`` that cannot be imported, or is not an agent class or factory.
    """


def agent_factory(function: _Factory) -> _Factory:
    """Declare ``function`` a maker of agents, so that a ``module:function`` spec may call it.

    A spec may name an agent class directly; a function must be declared, so that a spec
    never calls a function that was not written to make an agent.

    >>> @agent_factory
    ... def cautious(depth=2):
    ...     return RandomAgent()
    >>> getattr(cautious, _FACTORY)
    True
    """
    setattr(function, _FACTORY, True)
    return function


def split_spec(text: str, separator: str) -> list[str]:
    """``text`` split at ``separator``, except inside JSON brackets, braces and strings.

    So ``--agents`` and ``key=value`` arguments take JSON values with commas and colons.

    >>> split_spec('bots:F:z=[1,2],random', ",")
    ['bots:F:z=[1,2]', 'random']
    >>> split_spec('bots:F:w={"a":1}:s="x:y"', ":")
    ['bots', 'F', 'w={"a":1}', 's="x:y"']
    """
    parts, start, depth, quoted, escaped = [], 0, 0, False, False
    for i, char in enumerate(text):
        if escaped:
            escaped = False
        elif quoted:
            escaped = char == "\\"
            quoted = char != '"'
        elif char == '"':
            quoted = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth = max(depth - 1, 0)
        elif char == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


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
    """How results and summaries name ``spec`` alone: a name itself, an object its own way.

    An object goes by its ``label`` or ``name`` (a string attribute), else by its class.

    :func:`agent_labels` makes the labels of several agents distinct.

    >>> from crabrules.agents.random import RandomAgent
    >>> agent_label("mcts:200"), agent_label(RandomAgent())
    ('mcts:200', 'RandomAgent')
    """
    return spec if isinstance(spec, str) else own_label(spec)


def agent_labels(specs: Sequence[AgentSpec]) -> tuple[str, ...]:
    """A label for each of ``specs`` (:func:`agent_label`), distinct for distinct agents.

    Equal names are one agent, and so is one object given twice; two different agents
    whose labels clash (two ``MCTSAgent`` objects, an object named ``random`` beside the
    built-in ``random``) are numbered in order: ``MCTSAgent#1``, ``MCTSAgent#2``.

    >>> from crabrules.agents import MCTSAgent
    >>> agent_labels(["random", MCTSAgent(), MCTSAgent(), "random"])
    ('random', 'MCTSAgent#1', 'MCTSAgent#2', 'random')
    """
    agents: list[AgentSpec] = []  # each distinct agent once, in order
    for spec in specs:
        if not any(_same(spec, seen) for seen in agents):
            agents.append(spec)
    plain = [agent_label(agent) for agent in agents]
    numbered = list(plain)
    for label in set(plain):
        clashing = [i for i, other in enumerate(plain) if other == label]
        if len(clashing) > 1:
            for number, i in enumerate(clashing, 1):
                numbered[i] = f"{label}#{number}"
    return tuple(
        numbered[next(i for i, agent in enumerate(agents) if _same(spec, agent))] for spec in specs
    )


def _same(a: AgentSpec, b: AgentSpec) -> bool:
    # One agent: equal names, or the very same object.
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return a is b


def make_agent(spec: str) -> Agent:
    """A fresh agent for ``spec``: a built-in name, ``bot:COMMAND``, or ``module:Name[:...]``.

    A built-in name is one of :data:`AGENTS`; a search agent's may go on with ``:N``, its
    iterations per decision, or with ``key=value`` fields of its
    :class:`~crabrules.agents.tree.Budget` (``iterations``, ``seconds``, ``depth``). With
    ``seconds`` and no iterations, the time alone bounds the search (up to
    :data:`~crabrules.agents.tree.MAX_ITERATIONS`).

    >>> make_agent("ismcts:seconds=0.05").budget.seconds
    0.05
    >>> make_agent("mcts:999999999999999999")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crabrules.agents.registry.UnknownAgentError: agent 'mcts:999999999999999999': iterations: ...

    Raises:
        InvalidConfigError: a ``bot:`` spec with no command or a bad deadline.
        UnknownAgentError: the name is unknown, the budget is out of bounds, or
            ``module:Name`` cannot be imported, is not an agent class or a declared
            factory (:func:`agent_factory`), or raised when called.
        NotAnAgentError: a declared factory made something that is not an agent.
    """
    name, colon, rest = spec.partition(":")
    if name == "bot" and colon:  # a program, through the bot protocol (docs/bots.md)
        return parse_bot_spec(rest)
    if name not in AGENTS and colon and rest:
        return _imported_agent(spec)
    if name in _SIMPLE and not colon:
        return _SIMPLE[name]()
    if name in _SEARCH:
        return _SEARCH[name](_budget(spec, rest if colon else None))
    known = ", ".join(sorted(AGENTS))
    raise UnknownAgentError(f"unknown agent {spec!r:.60}; known agents: {known}")


def _budget(spec: str, text: str | None) -> Budget:
    """A search agent's budget after its name: ``N``, or ``key=value`` fields."""
    if text is None:
        return Budget()
    fields: dict[str, Any] = {}
    for i, part in enumerate(text.split(":")):
        key, equals, value = part.partition("=")
        if not equals and i == 0:
            key, value = "iterations", part
        if key not in ("iterations", "seconds", "depth") or key in fields:
            raise UnknownAgentError(
                f"agent {spec!r:.60}: after the name, N (iterations) or iterations=N, "
                f"seconds=S, depth=D, not {part!r:.40}"
            )
        fields[key] = _number(spec, key, value)
    if "seconds" in fields and "iterations" not in fields:
        fields["iterations"] = MAX_ITERATIONS  # the time alone bounds the search
    try:
        return Budget(**fields)
    except InvalidConfigError as error:
        raise UnknownAgentError(f"agent {spec!r:.60}: {error}") from None


def _number(spec: str, key: str, text: str) -> int | float:
    # ASCII digits only ("²" is a digit to str.isdigit), and few of them (int() of
    # thousands of digits is refused by Python itself); Budget then bounds the value.
    if text.isascii() and text.isdigit() and len(text) <= 18:
        return int(text)
    if key == "seconds" and len(text) <= 30:
        try:
            return float(text)
        except ValueError:
            pass
    kind = "a number of seconds" if key == "seconds" else "a positive integer"
    raise UnknownAgentError(f"agent {spec!r:.60}: {key} is {kind}, not {text!r:.30}")


def _imported_agent(spec: str) -> Agent:
    """The agent ``module:Name[:key=value...]`` makes: ``Name(**arguments)``."""
    module_name, _, rest = spec.partition(":")
    attribute, *pairs = split_spec(rest, ":")
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
    _check_factory(spec, attribute, factory)
    try:
        made = factory(**arguments)
    except Exception as error:  # the user's code: say whose call failed, and how
        raise UnknownAgentError(
            f"agent {spec!r:.80}: {attribute}(**{arguments!r:.60}) raised "
            f"{type(error).__name__}: {error}"
        ) from None
    return check_is_agent(made, f"agent {spec!r:.80}")


def _check_factory(spec: str, attribute: str, target: object) -> None:
    # Called only if it was written to make an agent: a class with the protocol's `act`,
    # or a function declared with agent_factory (so `os:system` is refused uncalled).
    if isinstance(target, type) and callable(getattr(target, "act", None)):
        return
    if callable(target) and getattr(target, _FACTORY, False) is True:
        return
    raise UnknownAgentError(
        f"agent {spec!r:.80}: {attribute!r:.40} is neither an agent class (a class with "
        "act(turn, rng)) nor a function declared with @crabrules.agents.agent_factory; "
        "it was not called"
    )


def _argument(text: str) -> Any:
    """A ``key=value`` value: JSON where it reads as JSON (``3``, ``[1,2]``), else the text."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return text
