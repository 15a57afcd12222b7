"""The command line: ``python -m crabrules list | demo GAME | replay FILE | schema GAME``.

``list`` prints every registered game with its metadata; ``demo`` plays a whole game with
random legal actions through the public API only, printing after every action its notation,
a sentence saying what it does, what happened (its events) and the board, and the outcome
at the end (``--save FILE`` writes the game's record, ``--svg DIR`` a picture per move);
``replay`` replays a :class:`~crabrules.GameRecord` JSON file, checking every action, and
prints the final state (``--events``: what every move did). Bad input gives one line on
standard error and exit status 2, never a traceback. ``schema`` prints the JSON Schema of
the game's documents (:func:`crabrules.schema`; ``--document Action``: one of them).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from crabrules import GAMES, CrabRulesError, Game, GameRecord, from_json, get_game, replay, to_json
from crabrules.core.rng import Rng, resolve_seed
from crabrules.core.schema import DOCUMENTS, schema

__all__ = ["main"]


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
        else:
            _replay(args.file, events=args.events)
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
    demo = commands.add_parser("demo", help="play a whole game with random legal actions")
    demo.add_argument("game", help="a game id, as `list` prints it")
    demo.add_argument("--seed", type=int, default=None, help="the game's seed (default: random)")
    demo.add_argument("--players", type=int, default=None, help="player count (default: game's)")
    demo.add_argument(
        "--max-actions",
        type=int,
        default=None,
        help="stop after this many actions (default: the game's own cap for real-time games)",
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
    replay_cmd = commands.add_parser("replay", help="replay a GameRecord JSON file")
    replay_cmd.add_argument("file", help="the record, as written by crabrules.to_json")
    replay_cmd.add_argument("--events", action="store_true", help="print what every move did")
    return parser


def _list() -> None:
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
    # The demo's own choices come from a generator seeded like the game, so a demo with a
    # given --seed is the same game every time.
    chooser = Rng.from_seed(seed).split()[1]
    cap = max_actions if max_actions is not None else game.info.max_random_steps
    print(f"{game.info.name}, seed {seed}")
    print(game.render(state))
    pictures.write(state, 0)
    actions: list[Any] = []
    while not game.is_terminal(state) and (cap is None or len(actions) < cap):
        action: Any
        action, chooser = chooser.choice(game.legal_actions(state))
        print(f"\n{len(actions) + 1}. {_move_line(game, state, action)}")
        state, events = game.apply_with_events(state, action)
        actions.append(action)
        _print_events(game, events)
        print(game.render(state))
        pictures.write(state, len(actions))
    _print_end(game, state, len(actions))
    if save is not None:
        with open(save, "w", encoding="utf-8") as file:
            file.write(to_json(GameRecord.of(game_id, config, seed, actions), indent=1) + "\n")
        print(f"Record written to {save}.")


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


def _move_line(game: Game[Any, Any, Any, Any], state: Any, action: Any) -> str:
    return f"{game.action_to_str(state, action)}: {game.describe(state, action)}"


def _print_events(game: Game[Any, Any, Any, Any], events: tuple[Any, ...]) -> None:
    for event in events:
        print(f"   - {game.describe_event(event)}")


def _print_end(game: Game[Any, Any, Any, Any], state: Any, count: int) -> None:
    outcome = game.outcome(state)
    actions = f"{count} action" + ("" if count == 1 else "s")
    if outcome is None:
        print(f"\nStopped after {actions}; the game is not over.")
    else:
        winners = ", ".join(f"player {p}" for p in sorted(outcome.winners)) or "nobody"
        print(f"\nGame over after {actions}: {outcome.reason}.")
        print(f"Winners: {winners}. Scores: {list(outcome.scores)}.")


def _schema(game_id: str, document: str | None) -> None:
    schemas = schema(game_id)
    print(json.dumps(schemas if document is None else schemas[document], indent=2))


def _replay(path: str, *, events: bool) -> None:
    with open(path, encoding="utf-8") as file:
        text = file.read()
    record = from_json(text, GameRecord)
    state = replay(record)  # checks every action first, naming the first illegal one
    game = get_game(record.game)
    print(f"{game.info.name}: {len(record.actions)} actions replayed, all legal.")
    if events:
        state = game.initial_state(record.config, seed=record.seed)
        for number, action in enumerate(record.actions, 1):
            print(f"\n{number}. {_move_line(game, state, action)}")
            state, happened = game.apply_with_events(state, action, check=False)
            _print_events(game, happened)
        print()
    print(game.render(state))
    _print_end(game, state, len(record.actions))


if __name__ == "__main__":
    sys.exit(main())
