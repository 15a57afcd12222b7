"""Save a game as a GameRecord (the library's PGN), load it back and replay it.

    python examples/save_and_replay.py game.json

A record holds the game id, the library version, the config, the seed and every action;
``replay`` rebuilds the game and checks every action on the way.
"""

from __future__ import annotations

import pathlib
import sys
from typing import Any

import crabrules
from crabrules import GameRecord, from_json, replay, to_json
from crabrules.core import Rng


def record_a_game(game_id: str, seed: int) -> GameRecord:
    """Play ``game_id`` at random and keep every action."""
    game = crabrules.get_game(game_id)
    state = game.initial_state(seed=seed)
    chooser = Rng.from_seed(seed)
    actions: list[Any] = []
    cap = game.info.max_random_steps or 10_000
    while not game.is_terminal(state) and len(actions) < cap:
        action, chooser = chooser.choice(game.legal_actions(state))
        state = game.apply(state, action)
        actions.append(action)
    return GameRecord.of(game_id, game.config_type(), seed, actions)


def main() -> None:
    path = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "game.json")
    path.write_text(to_json(record_a_game("crab-stack", seed=11), indent=1), encoding="utf-8")
    loaded = from_json(path.read_text(encoding="utf-8"), GameRecord)
    final = replay(loaded)
    game = crabrules.get_game(loaded.game)
    print(f"saved {len(loaded.actions)} actions to {path}; replayed:")
    print(game.render(final))
    print(game.outcome(final))


if __name__ == "__main__":
    main()
