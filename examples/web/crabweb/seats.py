"""Who may sit at a table: a person, or one of the library's agents within this server's caps.

:func:`make_seat_agent` turns a seat a client names (``"agent:NAME"``) into an agent, and
refuses what this server does not run: code a client names, or a search budget over
:data:`MAX_AGENT_ITERATIONS`. :class:`ServerError` is every refusal's type.
"""

from __future__ import annotations

from crabrules.agents import AGENTS, Agent, UnknownAgentError, make_agent
from crabrules.agents.registry import is_builtin
from crabrules.core import CrabRulesError

__all__ = [
    "HUMAN",
    "MAX_AGENT_ITERATIONS",
    "SEAT_CHOICES",
    "ServerError",
    "make_seat_agent",
    "shown",
]

#: The seat of a person; any other seat is ``agent:NAME`` (a name of ``crabrules.agents``).
HUMAN = "human"

#: The most iterations per decision a search agent (``agent:mcts:N``, ``agent:ismcts:N``)
#: may have here; a seat asking for more is refused. The library's default (1,000) is
#: allowed; a decision then takes about a second (You've Got Crabs: several).
MAX_AGENT_ITERATIONS = 2000

#: The seats the page offers: a person, or each of the library's agents (the search agents
#: at a few budgets within :data:`MAX_AGENT_ITERATIONS`; any budget up to it is accepted).
SEAT_CHOICES = [
    HUMAN,
    "agent:random",
    "agent:plausible",
    "agent:mcts:200",
    "agent:mcts:1000",
    "agent:ismcts:50",
    "agent:ismcts:500",
]


class ServerError(CrabRulesError, ValueError):
    """A request the server refuses: ``reason`` is a stable code, the message says why."""

    def __init__(self, message: str, reason: str, status: int = 400) -> None:
        super().__init__(message)
        self.reason = reason
        self.status = status


def make_seat_agent(player: int, seat: str) -> Agent:
    """The agent for ``seat`` (``"agent:NAME"``), its search budget within this server's cap.

    >>> make_seat_agent(1, "agent:mcts:200").budget.iterations
    200
    >>> make_seat_agent(1, "agent:mcts:100000000")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crabweb.seats.ServerError: seat 1: a search agent thinks at most 2000 iterations ...

    Raises:
        ServerError: the seat is not ``agent:NAME`` (``seats``), or its budget is over
            :data:`MAX_AGENT_ITERATIONS` (``agent_budget``).
        UnknownAgentError: no agent has that name, or the budget is not a number.
    """
    name = seat.removeprefix("agent:")
    if name == seat:
        raise ServerError(f"seat {player}: 'human' or 'agent:NAME', not {shown(seat)}", "seats")
    if not is_builtin(name):
        # A server must not import code a client names (`agent:os:system` would run it):
        # from HTTP, only the library's own agents; Python code may seat agent objects.
        known = ", ".join(sorted(AGENTS))
        raise UnknownAgentError(f"seat {player}: agent {shown(name)} is not one of {known}")
    kind, colon, budget = name.partition(":")

    def too_many(iterations: str) -> ServerError:
        return ServerError(
            f"seat {player}: a search agent thinks at most {MAX_AGENT_ITERATIONS} iterations "
            f"per decision on this server, not {iterations}",
            "agent_budget",
        )

    if colon:
        if not (budget.isascii() and budget.isdigit()):
            # Checked here: the number is read by int(), which knows other digits ('²').
            raise UnknownAgentError(
                f"agent {shown(name)}: the iterations after ':' are a positive integer"
            )
        digits = budget.lstrip("0") or "0"
        if len(digits) > len(str(MAX_AGENT_ITERATIONS)):
            raise too_many(shown(budget))  # before int(): thousands of digits read slowly
        name = f"{kind}:{digits}"
    agent = make_agent(name)
    iterations = getattr(getattr(agent, "budget", None), "iterations", 0)
    if iterations > MAX_AGENT_ITERATIONS:
        raise too_many(str(iterations))
    return agent


def shown(text: str) -> str:
    """``text`` quoted for a message, cut short: an error stays small whatever was sent."""
    return repr(text if len(text) <= 24 else text[:24] + "...")
