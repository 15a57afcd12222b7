"""Every game's picture is legible at its default size, in every named mix.

A player reads the picture at the size ``render_svg`` draws it by default, so no text may
be smaller than :data:`SMALLEST_TEXT` pixels there: a ``font-size`` is scaled by the
document's width over its ``viewBox``'s width. Every picture is well-formed XML with a
``viewBox``, so a page can scale it.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from tests.conformance.common import GAMES, AnyGame, play
from tests.conformance.strategies import MIXES

#: The smallest text, in pixels at the default size, a player reads without a squint.
SMALLEST_TEXT = 11.0

MIX_CASES = [
    (game, name, config)
    for game in GAMES
    for name, config in MIXES.get(game.info.id, {"default": game.config_type()}).items()
]


def text_sizes(picture: str) -> list[tuple[float, str]]:
    """Each text's size in pixels as drawn, with its words, from ``picture``'s SVG."""
    root = ET.fromstring(picture)
    view_box = root.attrib["viewBox"].split()
    assert len(view_box) == 4, view_box
    scale = float(root.attrib["width"]) / float(view_box[2])
    sizes = []
    for element in root.iter():
        size = element.get("font-size")
        if size is not None:
            sizes.append((float(size) * scale, "".join(element.itertext())[:40]))
    return sizes


def positions(game: AnyGame, config: Any, seed: str) -> list[Any]:
    """The start, a few positions and the end of a seeded random game, every seat's view."""
    rnd = random.Random(seed)
    playout = play(game, config, 3, rnd)
    chosen = [playout.states[0], *rnd.sample(playout.states, min(4, len(playout.states)))]
    chosen.append(playout.final)
    views = []
    for state in chosen:
        views.append(state)
        views.extend(game.observe(state, p) for p in range(game.num_players(state)))
    return views


@pytest.mark.parametrize(
    ("game", "name", "config"), MIX_CASES, ids=[f"{g.info.id}-{n}" for g, n, _ in MIX_CASES]
)
def test_no_text_is_smaller_than_a_player_reads_at_the_default_size(
    game: AnyGame, name: str, config: Any
) -> None:
    for position in positions(game, config, name):
        small = [(round(px, 1), words) for px, words in text_sizes(game.render_svg(position))]
        small = [(px, words) for px, words in small if px < SMALLEST_TEXT]
        assert not small, f"text under {SMALLEST_TEXT} px: {small[:5]}"
