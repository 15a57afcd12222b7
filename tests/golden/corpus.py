"""The golden corpus: seeded games of every named mix of every game, as hashes.

A redesign of an engine must not change one byte of what the library does. The corpus
plays a few seeded games of every named mix (the conformance suite's
:data:`~tests.conformance.strategies.MIXES`) with the random and the plausible agents,
and keeps each game's record with one digest over the JSON of every state and every
event, in order. ``test_golden.py`` replays each record and compares.

After a deliberate change of the rules (a bug fixed), write the corpus again and say why
in the commit::

    python -m tests.golden.corpus
"""

from __future__ import annotations

import gzip
import hashlib
import json
import pathlib
from collections.abc import Iterator
from typing import Any

import crabrules
from crabrules import from_json, to_json
from crabrules.agents import PlausibleAgent, RandomAgent, play_match
from crabrules.core import GameRecord, replay
from tests.conformance.strategies import MIXES

CORPUS = pathlib.Path(__file__).parent / "corpus.jsonl.gz"
#: Games of each named mix: the first half random, the second plausible.
GAMES_PER_MIX = {"oh-crab": 5, "crab-stack": 12, "la-marche-du-crabe": 8, "youve-got-crabs": 10}
#: Random play of You've Got Crabs need not end: a record stops here.
MAX_ACTIONS = 600


def _cases() -> Iterator[tuple[str, str, Any, int, str]]:
    for game_id, mixes in sorted(MIXES.items()):
        count = GAMES_PER_MIX[game_id]
        for name, config in mixes.items():
            for seed in range(count):
                agent = "random" if seed < count // 2 else "plausible"
                yield game_id, name, config, seed, agent


def digest(game_id: str, record: GameRecord) -> str:
    """One SHA-256 over the JSON of every state and every event of ``record``, in order."""
    game = crabrules.get_game(game_id)
    state = game.initial_state(record.config, seed=record.seed)
    sha = hashlib.sha256(to_json(state).encode())
    for action in record.actions:
        state, events = game.apply_with_events(state, action)
        sha.update(b"\n" + to_json(state).encode() + b"\n" + to_json(events).encode())
    return sha.hexdigest()


def record_corpus() -> list[dict[str, Any]]:
    """Play every case and return the corpus' entries."""
    entries = []
    for game_id, name, config, seed, agent in _cases():
        game = crabrules.get_game(game_id)
        players = game.num_players(game.initial_state(config, seed=seed))
        agents = [RandomAgent() if agent == "random" else PlausibleAgent() for _ in range(players)]
        match = play_match(game, agents, seed=seed, config=config, max_actions=MAX_ACTIONS)
        entries.append(
            {
                "game": game_id,
                "mix": name,
                "agent": agent,
                "record": json.loads(to_json(match.record)),
                "digest": digest(game_id, match.record),
            }
        )
    return entries


def load_corpus() -> list[dict[str, Any]]:
    """The stored entries."""
    with gzip.open(CORPUS, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def record_of(entry: dict[str, Any]) -> GameRecord:
    """The entry's record, rebuilt; :func:`crabrules.core.replay` checks every action."""
    record = from_json(json.dumps(entry["record"]), GameRecord)
    replay(record)
    return record


def main() -> None:
    entries = record_corpus()
    # mtime=0: the same corpus gives the same bytes.
    with gzip.GzipFile(CORPUS, "wb", mtime=0) as raw:
        for entry in entries:
            raw.write((json.dumps(entry, sort_keys=True) + "\n").encode())
    print(f"{len(entries)} games written to {CORPUS}")


if __name__ == "__main__":
    main()
