"""The pure and the compiled build side by side: speed figures and game fingerprints.

``nox -s hotpaths`` and ``nox -s compiled`` run this module in an environment of each build
(``python -m tests.benchmarks.builds speed|fingerprints``, from a copy of ``tests/``), and
compare what the two print as JSON:

- ``speed``: for every game, random playouts (uniformly random legal actions: the figure
  times the library, not a policy), ``legal_actions`` followed by ``apply(check=False)``
  on positions of random games, and loading saved states (``from_json``, which checks
  each state). Uniformly random games of You've Got Crabs do not end (wrong
  calls fill the Pot and nobody empties it), so its playouts stop after
  :data:`YGC_PLAYOUT_ACTIONS` actions, and its positions come from games played with the mix
  of :mod:`tests.youve_got_crabs.policy` (whose games end, through every phase). Each
  figure is the best of :data:`REPEATS` runs of the same fixed work, so that the two builds
  are timed on exactly the same games.
- ``fingerprints``: for every game, the SHA-256 of the JSON of every state of a few seeded
  random games and of their records. Equal fingerprints mean that both builds play and
  serialise the same games byte for byte.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import crabrules
from crabrules import GameRecord, from_json, get_game, to_json
from tests.youve_got_crabs.policy import RandomTable

#: Runs of each figure's work, the best one kept (``nox -s compare`` asks for more).
REPEATS = int(os.environ.get("CRABRULES_BENCH_REPEATS", "3"))

#: Every Adventure Pack module: Oh Crab!'s heaviest mix.
ADVENTURE = ["surprises", "events", "challenges", "asymmetry"]
#: (label, game id, config options, random playouts timed, positions timed)
WORK: tuple[tuple[str, str, dict[str, Any], int, int], ...] = (
    ("crab-stack", "crab-stack", {"players": 4}, 20, 2000),
    ("la-marche-du-crabe", "la-marche-du-crabe", {}, 200, 2000),
    ("youve-got-crabs", "youve-got-crabs", {"teams": 5}, 6, 600),
    ("oh-crab", "oh-crab", {"players": 5, "scenario": "first-escape"}, 4, 1000),
    ("oh-crab 2p", "oh-crab", {"players": 2}, 4, 1000),
    ("oh-crab 4p", "oh-crab", {"players": 4}, 4, 1000),
    ("oh-crab 4p adventure", "oh-crab", {"players": 4, "modules": ADVENTURE}, 4, 1000),
)
FINGERPRINT_GAMES = 5
#: The length of a timed random playout of You've Got Crabs (the other games end sooner).
YGC_PLAYOUT_ACTIONS = 500


def _config(game_id: str, options: dict[str, Any]) -> Any:
    return get_game(game_id).config_type(**options)


def _random_games(game_id: str, options: dict[str, Any], first_seed: int) -> Iterator[Any]:
    """The states of seeded random games, one after the other, forever."""
    game = get_game(game_id)
    config = _config(game_id, options)
    for seed in range(first_seed, 10**9):
        state = game.initial_state(config, seed=seed)
        if game_id == "youve-got-crabs":
            table = RandomTable(random.Random(seed))
            while not game.is_terminal(state):
                yield state
                state = game.apply(state, table.choose(state), check=False)
            continue
        rnd = random.Random(seed)
        while not game.is_terminal(state):
            yield state
            state = game.apply(state, rnd.choice(game.legal_actions(state)), check=False)


def _playouts(game_id: str, options: dict[str, Any], games: int) -> Callable[[], int]:
    game = get_game(game_id)
    config = _config(game_id, options)

    limit = YGC_PLAYOUT_ACTIONS if game_id == "youve-got-crabs" else None

    def run() -> int:
        actions = 0
        for seed in range(games):
            state = game.initial_state(config, seed=seed)
            rnd = random.Random(seed)
            steps = 0
            while not game.is_terminal(state) and steps != limit:
                state = game.apply(state, rnd.choice(game.legal_actions(state)), check=False)
                steps += 1
            actions += steps
        return actions

    return run


def _legal_then_apply(game_id: str, options: dict[str, Any], count: int) -> Callable[[], int]:
    game = get_game(game_id)
    states = list(itertools.islice(_random_games(game_id, options, 10**6), count))
    choices = random.Random(7)
    picks = [choices.randrange(10**6) for _ in states]

    def run() -> int:
        for state, pick in zip(states, picks, strict=True):
            legal = game.legal_actions(state)
            game.apply(state, legal[pick % len(legal)], check=False)
        return len(states)

    return run


def _load(game_id: str, options: dict[str, Any], count: int) -> Callable[[], int]:
    """Loading saved states: ``from_json`` of each, which checks the state it rebuilds."""
    states = list(itertools.islice(_random_games(game_id, options, 10**6), count))
    texts = [to_json(state) for state in states]
    cls = type(states[0])

    def run() -> int:
        for text in texts:
            from_json(text, cls)
        return len(texts)

    return run


def _best_seconds(run: Callable[[], int]) -> tuple[float, int]:
    best = float("inf")
    count = 0
    for _ in range(REPEATS):
        # CPU time, not wall time: the machines that run this are shared.
        start = time.process_time()
        count = run()
        best = min(best, time.process_time() - start)
    return best, count


def speed() -> dict[str, float]:
    """Every game's figures: playout actions a second, and microseconds a position."""
    figures: dict[str, float] = {}
    for label, game_id, options, games, positions in WORK:
        seconds, actions = _best_seconds(_playouts(game_id, options, games))
        figures[f"{label}: random playouts (actions/s)"] = actions / seconds
        seconds, count = _best_seconds(_legal_then_apply(game_id, options, positions))
        figures[f"{label}: legal_actions + apply (us)"] = seconds / count * 1e6
        seconds, count = _best_seconds(_load(game_id, options, positions // 4))
        figures[f"{label}: load a saved state (us)"] = seconds / count * 1e6
    return figures


def fingerprints() -> dict[str, str]:
    """Every game's SHA-256 over the JSON of each state of seeded games and their records."""
    out: dict[str, str] = {}
    for label, game_id, options, _, _ in WORK:
        game = get_game(game_id)
        config = _config(game_id, options)
        digest = hashlib.sha256()
        for seed in range(FINGERPRINT_GAMES):
            rnd = random.Random(seed)
            state = game.initial_state(config, seed=seed)
            actions: list[Any] = []
            while not game.is_terminal(state) and len(actions) < 400:
                digest.update(to_json(state).encode())
                action = rnd.choice(game.legal_actions(state))
                actions.append(action)
                state = game.apply(state, action)
            digest.update(to_json(state).encode())
            digest.update(to_json(GameRecord.of(game_id, config, seed, actions)).encode())
        out[label] = digest.hexdigest()
    return out


def main(argv: list[str]) -> int:
    """Print ``speed`` or ``fingerprints`` as JSON, with the build that made them."""
    if argv not in (["speed"], ["fingerprints"]):
        print("usage: python -m tests.benchmarks.builds speed|fingerprints", file=sys.stderr)
        return 2
    result = speed() if argv == ["speed"] else fingerprints()
    print(json.dumps({"compiled": crabrules.compiled, argv[0]: result}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
