"""A Sphinx extension that draws the pictures of the docs when the site is built.

Every picture is ``render_svg`` of a game in progress, written to ``docs/_generated`` as
the build starts, so the pictures always show what the library draws today. A page shows
one with ``![Crab Stack after 12 moves](../_generated/crab-stack-12.svg)``. The moves are
the ``(7 * k) % n``-th legal action at move ``k``: the same game at every build.
"""

from __future__ import annotations

import pathlib
from typing import Any

import crabrules

#: The pictures drawn: (game id, players or ``None`` for the default, seed, moves, viewer).
PICTURES: tuple[tuple[str, int | None, int, int, int | None], ...] = (
    ("crab-stack", None, 1, 0, None),
    ("crab-stack", 3, 1, 12, None),
    ("la-marche-du-crabe", None, 7, 0, 1),
    ("la-marche-du-crabe", None, 7, 9, 1),
    ("youve-got-crabs", None, 2, 0, 0),
    ("youve-got-crabs", None, 2, 9, 0),
    ("oh-crab", 3, 2, 0, 0),
    ("oh-crab", 3, 2, 40, 0),
)

OUT = pathlib.Path(__file__).resolve().parent.parent / "_generated"


def picture(game_id: str, players: int | None, seed: int, moves: int, viewer: int | None) -> str:
    """The SVG of ``game_id`` after ``moves`` moves, as ``viewer`` sees it."""
    game = crabrules.get_game(game_id)
    config = game.config_type() if players is None else game.config_for_players(players)
    state = game.initial_state(config, seed=seed)
    for k in range(moves):
        if game.is_terminal(state):
            break
        actions = game.legal_actions(state)
        state = game.apply(state, actions[(7 * k) % len(actions)])
    return game.render_svg(game.observe(state, viewer))


def draw_all(app: Any = None) -> None:
    """Write every picture of :data:`PICTURES` (a ``builder-inited`` handler)."""
    OUT.mkdir(exist_ok=True)
    for game_id, players, seed, moves, viewer in PICTURES:
        path = OUT / f"{game_id}-{moves}.svg"
        path.write_text(picture(game_id, players, seed, moves, viewer) + "\n", encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    """Register the extension: draw the pictures when the builder starts."""
    app.connect("builder-inited", draw_all)
    return {"parallel_read_safe": True, "version": "1"}
