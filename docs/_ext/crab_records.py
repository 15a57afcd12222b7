"""A Sphinx extension that writes one complete game of each game as a text record.

Each game is played by :class:`~crabrules.agents.PlausibleAgent` players from a fixed seed
when the site is built and written with :func:`crabrules.record.write` to
``docs/_generated/<name>.txt``, which ``docs/records.md`` includes: the records always show
what the library writes today.
"""

from __future__ import annotations

import pathlib
from typing import Any

import crabrules
from crabrules.agents import PlausibleAgent, play_match
from crabrules.record import write

#: The games written: (file name, game id, config options, seed).
RECORDS: tuple[tuple[str, str, dict[str, Any], int], ...] = (
    ("crab-stack-record", "crab-stack", {"players": 2}, 2),
    ("la-marche-du-crabe-record", "la-marche-du-crabe", {}, 1),
    ("youve-got-crabs-record", "youve-got-crabs", {}, 5),
    ("oh-crab-record", "oh-crab", {"players": 3, "quick": True}, 4),
)

OUT = pathlib.Path(__file__).resolve().parent.parent / "_generated"


def record_text(game_id: str, options: dict[str, Any], seed: int) -> str:
    """A whole game of ``game_id`` between plausible players, as a text record."""
    game = crabrules.get_game(game_id)
    config = game.config_type(**options)
    players = game.num_players(game.initial_state(config, seed=seed))
    result = play_match(game, [PlausibleAgent() for _ in range(players)], seed=seed, config=config)
    return write(result.record, players=["plausible"] * players)


def write_all(app: Any = None) -> None:
    """Write every record of :data:`RECORDS` (a ``builder-inited`` handler)."""
    OUT.mkdir(exist_ok=True)
    for name, game_id, options, seed in RECORDS:
        (OUT / f"{name}.txt").write_text(record_text(game_id, options, seed), encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    """Register the extension: write the records when the builder starts."""
    app.connect("builder-inited", write_all)
    return {"parallel_read_safe": True, "version": "1"}
