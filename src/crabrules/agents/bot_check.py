"""``crabrules bot-check -- CMD...``: a bot program played through every game and mix.

:func:`check_bot` plays one short game (:data:`ACTIONS` actions at most) of each mix
:func:`bot_mixes` lists: every registered game at each of its player counts, each value
its config lists as an example (a scenario, a beach), and the mixes of
:data:`EXTRA_MIXES` (Oh Crab!'s modules and variants). The bot takes one seat, a
different one from mix to mix, beside ``random`` players; each game starts the program
anew. Every fault is a :class:`Violation`; a bot passes when there is none.

>>> import sys
>>> report = check_bot([sys.executable, "examples/bots/random_bot.py"], games=["crab-stack"])
>>> report.passed, report.mixes
(True, 3)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

import attrs

from crabrules.agents.base import AnyGame
from crabrules.agents.bot import DEFAULT_SECONDS, BotAgent
from crabrules.agents.match import AgentError, play_match
from crabrules.agents.random import RandomAgent
from crabrules.core import GAMES, CrabRulesError, from_dict, get_game

__all__ = [
    "ACTIONS",
    "EXTRA_MIXES",
    "CheckReport",
    "Mix",
    "Violation",
    "add_parser",
    "bot_mixes",
    "check_bot",
    "run",
]

#: Each mix's game stops after this many actions (every player's decisions included).
ACTIONS = 60

_MODULES = ("challenges", "surprises", "events", "asymmetry")
_VARIANTS = {
    "alls-well-that-ends-well": "surprises",
    "only-the-good": "surprises",
    "the-lucky-ones": "events",
    "crystal-ball": "events",
}

#: Mixes beyond the player counts and a config's examples: config documents by game id.
EXTRA_MIXES: dict[str, dict[str, dict[str, Any]]] = {
    "oh-crab": {
        **{f"4p-{m}": {"players": 4, "modules": [m]} for m in _MODULES},
        "2p-every-module": {"players": 2, "modules": list(_MODULES)},
        "5p-every-module": {"players": 5, "modules": list(_MODULES)},
        **{
            f"4p-{v}": {"players": 4, "modules": [m], "variants": [v]}
            for v, m in _VARIANTS.items()
        },
    },
}


@attrs.frozen
class Mix:
    """One game setup that ``bot-check`` plays: the game, a name, its config."""

    game: AnyGame
    name: str
    config: Any


@attrs.frozen
class Violation:
    """A fault of the bot in one mix: where, and the error that names it."""

    game: str
    mix: str
    seat: int
    message: str

    def __str__(self) -> str:
        return f"{self.game} {self.mix} (seat {self.seat}): {self.message}"


@attrs.frozen
class CheckReport:
    """What :func:`check_bot` found: the mixes played, the decisions asked, the faults."""

    mixes: int
    decisions: int
    violations: tuple[Violation, ...]

    @property
    def passed(self) -> bool:
        """Whether the bot broke no rule of the protocol."""
        return not self.violations


def bot_mixes(games: Sequence[str] | None = None) -> Iterator[Mix]:
    """The mixes of ``games`` (default: every registered game), in a fixed order.

    >>> [mix.name for mix in bot_mixes(["crab-stack"])]
    ['2p', '3p', '4p']
    """
    for game_id in games if games is not None else sorted(GAMES):
        game = get_game(game_id)
        info = game.info
        seen: list[Any] = []
        for players in range(info.min_players, info.max_players + 1):
            try:
                config = game.config_for_players(players)
            except CrabRulesError:  # a count the game does not seat (an odd team)
                continue
            if config not in seen:
                seen.append(config)
                yield Mix(game, f"{players}p", config)
        yield from _examples(game)
        for name, options in EXTRA_MIXES.get(info.id, {}).items():
            yield Mix(game, name, from_dict({"format_version": 1, **options}, game.config_type))


def _examples(game: AnyGame) -> Iterator[Mix]:
    # Each value a config field lists as an example, the other fields at their default.
    from crabrules.core.schema import game_schemas  # the schema only when asked

    fields = game_schemas(game)["Config"].get("properties", {})
    for field, described in fields.items():
        for number, value in enumerate(described.get("examples", ())):
            name = value.get("name", number) if isinstance(value, dict) else value
            yield Mix(
                game,
                f"{field}={name}",
                from_dict({"format_version": 1, field: value}, game.config_type),
            )


def check_bot(
    command: Sequence[str],
    *,
    games: Sequence[str] | None = None,
    actions: int = ACTIONS,
    seconds: float = DEFAULT_SECONDS,
    out: TextIO | None = None,
) -> CheckReport:
    """Play the bot ``command`` through every mix of ``games``; report its faults.

    Args:
        command: the program and its arguments.
        games: game ids (default: every registered game).
        actions: each game stops after this many actions.
        seconds: the deadline of one decision.
        out: where to write a line per mix as it is played (default: nowhere).
    """
    violations: list[Violation] = []
    mixes = decisions = 0
    for mixes, mix in enumerate(bot_mixes(games), 1):
        players = mix.game.num_players(mix.game.initial_state(mix.config, seed=0))
        seat = mixes % players
        bot = BotAgent(command, seconds=seconds)
        agents: list[Any] = [RandomAgent() for _ in range(players)]
        agents[seat] = bot
        fault = ""
        try:
            play_match(mix.game, agents, seed=mixes, config=mix.config, max_actions=actions)
        except AgentError as error:
            fault = str(error)
            violations.append(Violation(mix.game.info.id, mix.name, seat, fault))
        finally:
            bot.close()
        decisions += bot.decisions
        if out is not None:
            verdict = f"FAIL: {fault}" if fault else "ok"
            print(
                f"{mix.game.info.id} {mix.name} (seat {seat}, {bot.decisions} decisions): "
                f"{verdict}",
                file=out,
            )
    return CheckReport(mixes, decisions, tuple(violations))


def add_parser(commands: Any) -> None:
    """Add the ``bot-check`` command to the command line's subcommands."""
    check = commands.add_parser(
        "bot-check", help="play a bot program through every game and mix, report its faults"
    )
    check.add_argument("--game", action="append", help="only this game (repeatable)")
    check.add_argument(
        "--actions", type=int, default=ACTIONS, help=f"actions per game (default: {ACTIONS})"
    )
    check.add_argument(
        "--seconds",
        type=float,
        default=DEFAULT_SECONDS,
        help=f"deadline of one decision (default: {DEFAULT_SECONDS:g})",
    )
    check.add_argument("bot", nargs=argparse.REMAINDER, help="-- then the program and arguments")


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``bot-check``: 0 when the bot passed, 1 when it broke the protocol."""
    out = out or sys.stdout
    command = args.bot[1:] if args.bot[:1] == ["--"] else args.bot
    if not command:
        raise CrabRulesError("bot-check: give the bot's command after --")
    report = check_bot(
        command, games=args.game, actions=args.actions, seconds=args.seconds, out=out
    )
    for violation in report.violations:
        print(f"violation: {violation}", file=out)
    verdict = "passed" if report.passed else f"failed: {len(report.violations)} violations"
    print(f"{report.mixes} mixes, {report.decisions} decisions: the bot {verdict}.", file=out)
    return 0 if report.passed else 1
