"""The bot protocol's cost per decision, beside the same random player in process.

Every seat of a game is the Python reference bot (``examples/bots/random_bot.py``) in one
run and :class:`~crabrules.agents.RandomAgent` in the other, on the same seed and the same
number of actions (the bot draws its own choices, so the games differ: each run's time is
taken per decision); the programs are started before the clock runs. The cost is the
difference of the wall-clock times per decision: writing the observation and
the legal actions as JSON, the pipes both ways, the bot's reading and answering, and
reading the answer back. The target is under 1 ms.

Run it with ``python -m tests.benchmarks.bot_protocol [ROUNDS]`` (not in the default run).
"""

from __future__ import annotations

import pathlib
import sys
import time
from typing import Any

import crabrules
from crabrules.agents import RandomAgent, play_match
from crabrules.agents.bot import BotAgent
from tests.benchmarks.cpu_per_decision import GAMES_TIMED

BOT = [sys.executable, str(pathlib.Path(__file__).parents[2] / "examples/bots/random_bot.py")]
#: The games timed (those the agents' CPU time is measured on), and their length cap.
ACTIONS = 300
#: The seeds of the games played in each run.
SEEDS = range(1, 6)


def timed(game_id: str, options: dict[str, object], bots: bool) -> tuple[float, int]:
    """Seconds of :data:`SEEDS` games' play and their decisions, bots or in process."""
    game = crabrules.get_game(game_id)
    config = crabrules.from_dict({"format_version": 1, **options}, game.config_type)
    players = game.num_players(game.initial_state(config, seed=0))
    seconds, decisions = 0.0, 0
    for seed in SEEDS:
        agents: list[Any] = [BotAgent(BOT) if bots else RandomAgent() for _ in range(players)]
        for agent in agents:
            if isinstance(agent, BotAgent):
                agent._start()  # the program's start is not a decision's cost
        start = time.perf_counter()
        result = play_match(
            game, agents, seed=seed, config=config, max_actions=ACTIONS, timing=True
        )
        seconds += time.perf_counter() - start
        for agent in agents:
            if isinstance(agent, BotAgent):
                agent.close()
        decisions += sum(result.decisions)  # every call of act (real time asks every seat)
    return seconds, decisions


def main(rounds: int = 5) -> None:
    """Print the cost per decision of each game: the best of ``rounds`` of each."""
    print(f"{'game':<20} {'decisions':>9} {'in process':>12} {'bot':>10} {'cost':>10}")
    for game_id, options in GAMES_TIMED:
        inside = min(timed(game_id, options, bots=False) for _ in range(rounds))
        bot = min(timed(game_id, options, bots=True) for _ in range(rounds))
        # The bot draws its own random choices, so the two games differ: compare per decision.
        per_inside, per_bot = inside[0] / inside[1], bot[0] / bot[1]
        print(
            f"{game_id:<20} {bot[1]:>9} {per_inside * 1e3:>9.3f} ms "
            f"{per_bot * 1e3:>7.3f} ms {(per_bot - per_inside) * 1e3:>7.3f} ms"
        )


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:2]))
