"""``crabrules tournament``: its options, and the run that prints the standings.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> args = parser.parse_args(["crab-stack", "--agents", "random,plausible", "--games", "2"])
>>> args.agents, args.games, args.mode
('random,plausible', 2, 'round-robin')
"""

from __future__ import annotations

import argparse
import sys

from crabrules.agents.match import DEFAULT_MAX_ACTIONS
from crabrules.agents.registry import AGENTS, split_spec
from crabrules.simulate import BACKENDS
from crabrules.simulate.configs import CONFIG_HELP, config_from_json
from crabrules.tournament.runner import tournament
from crabrules.tournament.schedule import MODES
from crabrules.tournament.sprt import SPRT
from crabrules.tournament.standings import report

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``crabrules tournament`` (those it shares with ``simulate`` alike)."""
    parser.add_argument("game", help="a game id, as `list` prints it")
    parser.add_argument(
        "--agents",
        required=True,
        help=f"comma-separated agents, at least two: built-in ({', '.join(AGENTS)}; "
        "mcts, ismcts and strong take :N iterations), module:Name[:key=value...], or "
        "bot:COMMAND",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=20,
        help="games per table, a multiple of its seat orders (default: 20)",
    )
    parser.add_argument("--mode", default="round-robin", help=f"one of {', '.join(MODES)}")
    parser.add_argument("--players", type=int, default=None, help="player count (default: game's)")
    parser.add_argument("--config", metavar="JSON", default=None, help=CONFIG_HELP)
    parser.add_argument("--seed", type=int, default=0, help="the tournament's seed (default: 0)")
    parser.add_argument("--workers", type=int, default=1, help="games played at once (default: 1)")
    parser.add_argument("--backend", default="process", help=f"one of {', '.join(BACKENDS)}")
    parser.add_argument("--ray-address", default=None, help="a Ray cluster (default: a local Ray)")
    parser.add_argument(
        "--max-actions",
        type=int,
        default=DEFAULT_MAX_ACTIONS,
        help=f"stop a game unfinished (a draw) after this many actions "
        f"(default: {DEFAULT_MAX_ACTIONS})",
    )
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="the results file, one JSON line a game: a rerun with it plays only the games "
        "not there yet",
    )
    parser.add_argument(
        "--sprt",
        metavar="elo0=E0,elo1=E1[,alpha=A,beta=B]",
        help="test whether the first of two agents is stronger, and stop when decided",
    )
    parser.add_argument(
        "--decision-seconds",
        type=float,
        default=None,
        help="fail a game whose agent takes longer than this for one decision (default: no cap)",
    )


def run(args: argparse.Namespace) -> int:
    """Play the tournament ``args`` describe and print its standings; the exit status."""
    agents = [name.strip() for name in split_spec(args.agents, ",")]
    config = None if args.config is None else config_from_json(args.config, args.game)
    standings = tournament(
        args.game,
        agents,
        games=args.games,
        players=args.players,
        mode=args.mode,
        seed=args.seed,
        workers=args.workers,
        backend=args.backend,
        ray_address=args.ray_address,
        max_actions=args.max_actions,
        out=args.out,
        progress=sys.stderr,
        sprt=None if args.sprt is None else SPRT.parse(args.sprt),
        decision_seconds=args.decision_seconds,
        config=config,
    )
    if standings.interrupted:
        print(f"Interrupted: the standings of the {len(standings.games)} games played.")
    if args.out and standings.played < len(standings.games):
        print(f"{len(standings.games) - standings.played} games read from {args.out}.")
    print(report(standings))
    if standings.interrupted:
        return 130
    return 1 if standings.failed else 0
