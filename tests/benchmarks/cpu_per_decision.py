"""Each built-in agent's CPU time per decision, on each game.

``nox -s bench`` times each agent with :func:`ms_per_decision`, as a ratio to ``random``.

The agent sits at seat 0 of a game among plausible players, and the game is played
through :func:`~crabrules.agents.play_match` with ``timing=True``, which counts the CPU
time (``time.process_time``: other work on the machine does not count) of each seat's
``act`` calls. A game stops after :data:`ACTIONS` actions, so search agents are timed on
the opening and middle game; a figure is the mean over :data:`GAMES` games.

Run it alone with ``python -m tests.benchmarks.cpu_per_decision [agent ...]``.
"""

from __future__ import annotations

import sys

import crabrules
from crabrules.agents import PlausibleAgent, make_agent, play_match

#: The agents timed, as ``make_agent`` names them (search agents with a fixed budget).
AGENTS = ("random", "plausible", "mcts:100", "mcts:1000", "ismcts:50")
#: The games, with the config each is timed on.
GAMES_TIMED: tuple[tuple[str, dict[str, object]], ...] = (
    ("crab-stack", {"players": 2}),
    ("la-marche-du-crabe", {}),
    ("youve-got-crabs", {"teams": 2}),
    ("oh-crab", {"players": 4}),
)
GAMES = 2
ACTIONS = 60


def ms_per_decision(
    agent: str, game_id: str, options: dict[str, object], games: int = GAMES
) -> float:
    """Seat 0's mean CPU milliseconds per decision over ``games`` games."""
    game = crabrules.get_game(game_id)
    config = game.config_type(**options)
    players = game.num_players(game.initial_state(config, seed=0))
    seconds = decisions = 0.0
    for seed in range(games):
        seats = [make_agent(agent), *(PlausibleAgent() for _ in range(players - 1))]
        result = play_match(
            game, seats, seed=seed, config=config, max_actions=ACTIONS, timing=True
        )
        seconds += result.cpu_seconds[0]
        decisions += result.decisions[0]
    return 1000 * seconds / decisions if decisions else 0.0


def table(agents: tuple[str, ...] = AGENTS) -> str:
    """The Markdown table of every agent on every game, in CPU ms per decision."""
    names = [game_id for game_id, _ in GAMES_TIMED]
    lines = [
        "| agent | " + " | ".join(names) + " |",
        "| --- |" + " ---: |" * len(names),
    ]
    for agent in agents:
        cells = [f"{ms_per_decision(agent, g, o):.3g}" for g, o in GAMES_TIMED]
        lines.append(f"| `{agent}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    chosen = tuple(sys.argv[1:]) or AGENTS
    print("CPU ms per decision (seat 0 among plausible players)")
    print(table(chosen))
