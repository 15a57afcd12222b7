"""The command line: ``python -m crabrules list | demo | play | simulate | tournament | ...``.

``list`` prints every registered game with its metadata; ``demo`` plays a whole game
between :class:`~crabrules.agents.PlausibleAgent` players through the public API only,
printing after every action its notation, a sentence saying what it does, what happened
(its events) and the board, and the outcome at the end (``--save FILE`` writes the game's
record, ``--svg DIR`` a picture per move); ``play`` seats people and agents at one terminal
(``--seat 0=human --seat 1=mcts``); ``simulate`` plays many games between agents and
summarises them, on this machine's cores or a Ray cluster (``--out FILE``: one JSON line per
game); ``tournament`` plays every pairing of agents in every seat order on shared deals
and prints a crosstable, ratings with intervals and, with ``--sprt``, whether the first of
two agents is stronger (:mod:`crabrules.tournament`); ``replay`` replays a text record
(:mod:`crabrules.record`) of one game or several,
a :class:`~crabrules.GameRecord` JSON file, or each line of a ``simulate --out`` file
(``-``: standard input), checking every action, and prints the final state (``--events``:
what every move did; ``--game N``: game N of several); ``schema`` prints the JSON Schema
of the game's documents (:func:`crabrules.schema`; ``--document Action``: one of them);
``bot-check -- CMD...`` plays a bot program through every game (:mod:`crabrules.agents.bot_check`).
Bad input gives one line on standard error and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from crabrules import (
    GAMES,
    CrabRulesError,
    Game,
    GameRecord,
    __version__,
    compiled,
    get_game,
    replay,
    to_json,
)
from crabrules._replay_files import FileGame, games_in, opened
from crabrules.agents import (
    AGENTS,
    Agent,
    Decision,
    PlausibleAgent,
    bot_check,
    make_agent,
    play_match,
)
from crabrules.agents.human import HumanAgent, Quit, describe, notation
from crabrules.agents.match import DEFAULT_MAX_ACTIONS
from crabrules.agents.registry import split_spec
from crabrules.core import DeserializationError, Information, InvalidConfigError
from crabrules.core.rng import resolve_seed
from crabrules.core.schema import DOCUMENTS, schema
from crabrules.simulate import BACKENDS, simulate
from crabrules.simulate.configs import CONFIG_HELP, config_from_json
from crabrules.tournament import cli as tournament_cli

__all__ = ["main"]

#: The widest line the command line prints (boards are drawn within it too).
WIDTH = 100


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "list":
            _list()
        elif args.command == "schema":
            _schema(args.game, args.document)
        elif args.command == "demo":
            _demo(args.game, args.seed, args.players, args.max_actions, args.save, args.svg)
        elif args.command == "play":
            return _play(args)
        elif args.command == "simulate":
            return _simulate(args)
        elif args.command == "tournament":
            _importable_here()
            return tournament_cli.run(args)
        elif args.command == "bot-check":
            return bot_check.run(args)
        else:
            _replay(args.file, events=args.events, number=args.game)
    except BrokenPipeError:
        # The reader went away (`... | head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (CrabRulesError, OSError) as error:
        print(f"crabrules: error: {error}", file=sys.stderr)
        return 2
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m crabrules",
        description="The rules of four crab games: list them, watch one played, replay one.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="every game with its metadata")
    demo = commands.add_parser("demo", help="watch a whole game between casual players")
    demo.add_argument("game", help="a game id, as `list` prints it")
    demo.add_argument("--seed", type=int, default=None, help="the game's seed (default: random)")
    demo.add_argument("--players", type=int, default=None, help="player count (default: game's)")
    demo.add_argument(
        "--max-actions",
        type=int,
        default=None,
        help=f"stop after this many actions (default: {DEFAULT_MAX_ACTIONS})",
    )
    demo.add_argument("--save", metavar="FILE", help="write the game's record (JSON) to FILE")
    demo.add_argument(
        "--svg", metavar="DIR", help="write a picture per move to DIR (000.svg is the setup)"
    )
    schema_cmd = commands.add_parser("schema", help="the JSON Schema of a game's documents")
    schema_cmd.add_argument("game", help="a game id, as `list` prints it")
    schema_cmd.add_argument(
        "--document", choices=DOCUMENTS, help="only this document's schema (default: all, by name)"
    )
    agents = ", ".join(f"{name} ({meaning})" for name, meaning in AGENTS.items())
    agents += "; or your own, module:Name[:key=value...] (a class or function making an agent)"
    agents += "; or a program, bot:[seconds=S:]COMMAND ARGS (the bot protocol)"
    play = commands.add_parser("play", help="play at the terminal, against agents or people")
    play.add_argument("game", help="a game id, as `list` prints it")
    play.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="SEAT=WHO",
        help=f"who plays a seat: human, or an agent: {agents}; seats not given: plausible",
    )
    play.add_argument("--seed", type=int, default=None, help="the game's seed (default: random)")
    play.add_argument("--players", type=int, default=None, help="player count (default: game's)")
    play.add_argument("--save", metavar="FILE", help="write the game's record (JSON) to FILE")
    sim = commands.add_parser("simulate", help="play many games between agents, summarised")
    sim.add_argument("game", help="a game id, as `list` prints it")
    sim.add_argument("--games", type=int, default=100, help="how many games (default: 100)")
    sim.add_argument(
        "--agents",
        default="plausible",
        help=f"comma-separated agents, repeated over the seats (JSON values may hold "
        f"commas: mod:F:z=[1,2]): {agents}",
    )
    sim.add_argument("--players", type=int, default=None, help="player count (default: game's)")
    sim.add_argument("--config", metavar="JSON", default=None, help=CONFIG_HELP)
    sim.add_argument("--seed", type=int, default=0, help="the simulation's seed (default: 0)")
    sim.add_argument("--workers", type=int, default=1, help="games played at once (default: 1)")
    sim.add_argument("--backend", default="process", help=f"one of {', '.join(BACKENDS)}")
    sim.add_argument("--ray-address", default=None, help="a Ray cluster (default: a local Ray)")
    sim.add_argument(
        "--max-actions",
        type=int,
        default=DEFAULT_MAX_ACTIONS,
        help=f"stop a game unfinished after this many actions (default: {DEFAULT_MAX_ACTIONS})",
    )
    sim.add_argument("--out", metavar="FILE", help="write one JSON line per game to FILE")
    sim.add_argument(
        "--decision-seconds",
        type=float,
        default=None,
        help="fail a game whose agent takes longer than this for one decision (default: no cap)",
    )
    tournament_cli.add_arguments(
        commands.add_parser("tournament", help="agents against each other, rated, with SPRT")
    )
    bot_check.add_parser(commands)
    replay_cmd = commands.add_parser("replay", help="replay a game record (text or JSON)")
    replay_cmd.add_argument(
        "file",
        help="a text record (crabrules.record) of one game or several, a GameRecord written "
        "by crabrules.to_json, or a `simulate --out` file; - for standard input",
    )
    replay_cmd.add_argument("--events", action="store_true", help="print what every move did")
    replay_cmd.add_argument(
        "--game",
        type=int,
        metavar="N",
        help="only game N of a file of several (as replay lists them), shown in full",
    )
    return parser


def _list() -> None:
    print(f"crabrules {__version__}, {'compiled with mypyc' if compiled else 'pure Python'}")
    for game_id, game in sorted(GAMES.items()):
        info = game.info
        players = (
            f"{info.min_players}"
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        print(f"{game_id}: {info.name}")
        print(
            f"    {players} players, {info.dynamics.value}, {info.information.value} "
            f"information, chance: {info.chance.value}, utility: {info.utility.value}"
            + (", teams" if info.teams else "")
        )


def _demo(
    game_id: str,
    seed: int | None,
    players: int | None,
    max_actions: int | None,
    save: str | None,
    svg: str | None = None,
) -> None:
    game = get_game(game_id)
    pictures = _Pictures(game, svg)
    config = game.config_type() if players is None else game.config_for_players(players)
    seed = resolve_seed(seed)
    state = game.initial_state(config, seed=seed)
    print(f"{game.info.name}, seed {seed}")
    print(game.render(state))
    pictures.write(state, 0)
    count = 0

    def show(before: Any, player: int, decision: Decision, after: Any) -> None:
        nonlocal count
        count += 1
        print(_move_line(game, before, decision.action, count))
        _print_events(game, config, game.apply_with_events(before, decision.action)[1])
        print(game.render(after))
        pictures.write(after, count)

    # Casual players (PlausibleAgent) make every game end; the agents are seeded by the
    # game's seed, so a demo with a given --seed is the same game every time.
    agents = [PlausibleAgent() for _ in range(game.num_players(state))]
    cap = DEFAULT_MAX_ACTIONS if max_actions is None else max_actions
    result = play_match(game, agents, seed=seed, config=config, max_actions=cap, on_action=show)
    _print_end(game, config, result.state, result.length)
    if save is not None:
        _save(save, result.record)


def _save(path: str, record: GameRecord) -> None:
    with open(path, "w", encoding="utf-8") as file:
        file.write(to_json(record, indent=1) + "\n")
    print(f"Record written to {path}.")


def _words(game: Game[Any, Any, Any, Any], state: Any, action: Any) -> str:
    return f"{notation(game, state, action)}: {describe(game, state, action)}"


def _move_line(game: Game[Any, Any, Any, Any], state: Any, action: Any, number: int) -> str:
    line = f"{number}. {_words(game, state, action)}"
    return "\n" + textwrap.fill(line, WIDTH, subsequent_indent="   ")


class _Pictures:
    """``demo --svg DIR``: the spectator's picture of every position, ``DIR/000.svg`` on."""

    def __init__(self, game: Game[Any, Any, Any, Any], directory: str | None) -> None:
        self.game = game
        self.directory = directory
        if directory is not None:
            os.makedirs(directory, exist_ok=True)

    def write(self, state: Any, number: int) -> None:
        if self.directory is not None:
            path = os.path.join(self.directory, f"{number:03d}.svg")
            with open(path, "w", encoding="utf-8") as file:
                file.write(self.game.render_svg(state) + "\n")


def _print_events(game: Game[Any, Any, Any, Any], config: Any, events: tuple[Any, ...]) -> None:
    for event in events:
        print(
            textwrap.fill(
                game.describe_event(event, config),
                WIDTH,
                initial_indent="   - ",
                subsequent_indent="     ",
            )
        )


def _print_end(game: Game[Any, Any, Any, Any], config: Any, state: Any, count: int) -> None:
    # Players by the names the board shows (red, Boater, P2), the ending in words.
    outcome = game.outcome(state)
    actions = f"{count} action" + ("" if count == 1 else "s")
    if outcome is None:
        print(f"\nStopped after {actions}; the game is not over.")
    else:
        said = game.names.outcome(config, outcome)
        scores = ", ".join(
            f"{game.names.player(config, p)} {score}" for p, score in enumerate(outcome.scores)
        )
        print(f"\nGame over after {actions}.")
        print(f"{said[:1].upper()}{said[1:]}. Scores: {scores}.")


def _schema(game_id: str, document: str | None) -> None:
    schemas = schema(game_id)
    print(json.dumps(schemas if document is None else schemas[document], indent=2))


def _replay(path: str, *, events: bool, number: int | None) -> None:
    with opened(path) as file:
        listed, games = games_in(file, number)
        if number is None and not listed:
            _show_game(next(games), events=events)
            return
        count = failed = 0
        for game in games:
            if number is not None:
                if game.number == number:
                    _show_game(game, events=events)
                    return
                continue
            name, actions = get_game(game.record.game).info.name, len(game.record.actions)
            print(f"{game.label} ({name}, seed {game.record.seed}): {actions} actions, {game.end}")
            count += 1
            failed += game.error is not None
    if number is not None:
        raise DeserializationError(f"--game {number}: no game {number} in the file")
    failures = f"; {failed} failed on an agent's error" if failed else ""
    print(f"{count} games replayed, every action legal{failures}.")


def _show_game(file_game: FileGame, *, events: bool) -> None:
    record = file_game.record
    state = replay(record)  # checks every action first, naming the first illegal one
    game = get_game(record.game)
    print(f"{game.info.name}: {len(record.actions)} actions replayed, all legal.")
    config = game.config_type() if record.config is None else record.config
    if events:
        state = game.initial_state(config, seed=record.seed)
        for number, action in enumerate(record.actions, 1):
            print(_move_line(game, state, action, number))
            state, happened = game.apply_with_events(state, action, check=False)
            _print_events(game, config, happened)
        print()
    print(game.render(state))
    _print_end(game, config, state, len(record.actions))
    if file_game.error is not None:
        print(f"The game failed: {file_game.error}")


def _importable_here() -> None:
    # `module:Name` agents are found in the current directory, as `python -m` finds them,
    # also when the console script `crabrules` runs (whose path does not hold it).
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())


def _seats(specs: list[str], players: int) -> list[str]:
    _importable_here()
    seats = ["plausible"] * players
    for spec in specs:
        seat, equals, who = spec.partition("=")
        if not equals or not _is_number(seat) or not 0 <= int(seat) < players:
            raise InvalidConfigError(
                f"--seat: SEAT=WHO with SEAT from 0 to {players - 1}, not {spec!r}"
            )
        if who != "human":
            make_agent(who)  # names an unknown agent now, not at its first turn
        seats[int(seat)] = who
    return seats


def _is_number(text: str) -> bool:
    """Whether ``text`` is a short number in ASCII digits (``'²'.isdigit()``, yet int fails)."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def _play(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    config = game.config_type() if args.players is None else game.config_for_players(args.players)
    seed = resolve_seed(args.seed)
    players = game.num_players(game.initial_state(config, seed=seed))
    seats = _seats(args.seat, players)
    humans = seats.count("human")
    agents: list[Agent] = []
    screen: HumanAgent | None = None
    for who in seats:
        if who == "human":
            human = HumanAgent(sys.stdin, sys.stdout, hot_seat=humans > 1)
            if screen is not None:
                screen.share_screen(human)
            screen = screen or human
            agents.append(human)
        else:
            agents.append(make_agent(who))
    names = [game.names.player(config, p) for p in range(players)]
    print(
        f"{game.info.name}, seed {seed}: "
        + ", ".join(f"{names[p]} (seat {p}): {w}" for p, w in enumerate(seats))
    )
    actions: list[Any] = []
    viewer = seats.index("human") if humans == 1 else None

    def show(before: Any, player: int, decision: Decision, after: Any) -> None:
        actions.append(decision.action)
        if seats[player] != "human":
            move = _public_move(game, before, decision.action, viewer)
            print(f"{names[player]} ({seats[player]}): {move}")

    try:
        result = play_match(game, agents, seed=seed, config=config, on_action=show)
    except (Quit, KeyboardInterrupt):  # Ctrl-C while an agent thinks leaves the game too
        print("\nGame left unfinished.")
        _offer_save(args.save, GameRecord.of(game.info.id, config, seed, actions))
        return 0
    if humans != 1 or game.info.information is Information.PERFECT:
        print(game.render(result.state))
    _print_end(game, config, result.state, result.length)
    if args.save is not None:
        _save(args.save, result.record)
    return 0


def _public_move(
    game: Game[Any, Any, Any, Any], state: Any, action: Any, viewer: int | None
) -> str:
    """An agent's move as the person may know it.

    In words when nothing is hidden; else what the game's events show that person; else
    only the kind of action.
    """
    if game.info.information is Information.PERFECT:
        return _words(game, state, action)
    try:
        events = game.observe_events(game.apply_with_events(state, action)[1], viewer)
        return "; ".join(game.describe_event(event) for event in events) or "(nothing seen)"
    except AssertionError:
        return str(getattr(type(action), "TAG", type(action).__name__))


def _offer_save(path: str | None, record: GameRecord) -> None:
    if path is None:
        print("Save the record? A file name, or Enter for no: ", end="", flush=True)
        try:
            path = sys.stdin.readline().strip() or None
        except KeyboardInterrupt:
            path = None
    if path:
        _save(path, record)


def _simulate(args: argparse.Namespace) -> int:
    _importable_here()
    agents = [name.strip() for name in split_spec(args.agents, ",")]
    config = None if args.config is None else config_from_json(args.config, args.game)
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    try:
        run = simulate(
            args.game,
            games=args.games,
            agents=agents,
            players=args.players,
            seed=args.seed,
            workers=args.workers,
            backend=args.backend,
            ray_address=args.ray_address,
            max_actions=args.max_actions,
            out=out,
            progress=sys.stderr,
            decision_seconds=args.decision_seconds,
            config=config,
        )
    finally:
        if out is not None:
            out.close()
    if run.interrupted:
        print(f"Interrupted: the summary of the {len(run.results)} finished games.")
    print(run.summary.text())
    if args.out:
        print(f"{len(run.results)} games written to {args.out}.")
    failures = [result for result in run.results if result.failed]
    for result in failures[:_FAILURES_SHOWN]:
        print(f"crabrules: game {result.index} failed: {result.error}", file=sys.stderr)
    if run.interrupted:
        return 130
    return 1 if failures else 0


#: How many failed games ``simulate`` names on the terminal (the --out file has them all).
_FAILURES_SHOWN = 5


if __name__ == "__main__":
    sys.exit(main())
