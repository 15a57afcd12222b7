"""A Sphinx extension that draws the pictures of the docs when the site is built.

Every picture is ``render_svg`` of a game in progress, written to ``docs/_generated`` as
the build starts, so the pictures always show what the library draws today. A page shows
one with ``![Crab Stack after 12 moves](../_generated/crab-stack-12.svg)``. The moves are
the ``(7 * k) % n``-th legal action at move ``k``: the same game at every build.
"""

from __future__ import annotations

import dataclasses
import pathlib
from typing import Any

import crabrules

#: Every Adventure Pack module, for the gallery's Oh Crab! with all of them.
ADVENTURE = ("surprises", "events", "challenges", "asymmetry")

#: A move count no game reaches: the picture is the finished game.
TO_THE_END = 10_000


@dataclasses.dataclass(frozen=True)
class Picture:
    """One picture: ``_generated/<name>.svg``, ``game_id`` after ``moves`` moves."""

    name: str
    game_id: str
    seed: int
    moves: int
    #: The seat whose view is drawn, or ``None`` for the whole state.
    viewer: int | None
    #: ``Config`` options (``players`` included); empty for the game's default.
    options: tuple[tuple[str, Any], ...] = ()


#: The pictures drawn: the game pages', the index's and the gallery's.
PICTURES: tuple[Picture, ...] = (
    Picture("crab-stack-0", "crab-stack", 1, 0, None),
    Picture("crab-stack-12", "crab-stack", 1, 12, None, (("players", 3),)),
    Picture("crab-stack-end", "crab-stack", 3, TO_THE_END, None, (("players", 2),)),
    Picture("la-marche-du-crabe-0", "la-marche-du-crabe", 7, 0, 1),
    Picture("la-marche-du-crabe-9", "la-marche-du-crabe", 7, 9, 1),
    Picture("la-marche-du-crabe-end", "la-marche-du-crabe", 3, TO_THE_END, None),
    Picture("youve-got-crabs-0", "youve-got-crabs", 2, 0, 0),
    Picture("youve-got-crabs-9", "youve-got-crabs", 2, 9, 0),
    Picture("oh-crab-0", "oh-crab", 2, 0, 0, (("players", 3),)),
    Picture("oh-crab-40", "oh-crab", 2, 40, 0, (("players", 3),)),
    Picture("oh-crab-2p-60", "oh-crab", 3, 60, 0, (("players", 2),)),
    Picture(
        "oh-crab-adventure-80",
        "oh-crab",
        3,
        80,
        0,
        (("players", 4), ("modules", frozenset(ADVENTURE))),
    ),
    Picture("oh-crab-end", "oh-crab", 3, TO_THE_END, None, (("players", 2),)),
)

OUT = pathlib.Path(__file__).resolve().parent.parent / "_generated"


def picture(spec: Picture) -> str:
    """The SVG of ``spec``'s game after its moves, as its viewer sees it.

    The moves are the ``(7 * k) % n``-th legal action at move ``k``: the same game at every
    build.
    """
    game = crabrules.get_game(spec.game_id)
    config = game.config_type(**dict(spec.options))
    state = game.initial_state(config, seed=spec.seed)
    for k in range(spec.moves):
        if game.is_terminal(state):
            break
        actions = game.legal_actions(state)
        state = game.apply(state, actions[(7 * k) % len(actions)])
    view = state if spec.viewer is None else game.observe(state, spec.viewer)
    return game.render_svg(view)


def draw_all(app: Any = None) -> None:
    """Write every picture of :data:`PICTURES` (a ``builder-inited`` handler)."""
    OUT.mkdir(exist_ok=True)
    for spec in PICTURES:
        (OUT / f"{spec.name}.svg").write_text(picture(spec) + "\n", encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    """Register the extension: draw the pictures when the builder starts."""
    app.connect("builder-inited", draw_all)
    return {"parallel_read_safe": True, "version": "1"}
