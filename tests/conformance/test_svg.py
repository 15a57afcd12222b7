"""``render_svg`` of random games: well-formed SVG, deterministic, and only the viewer's view.

- every sampled state, and every player's and the spectator's observation of it, draws
  as one ``<svg>`` document that parses as XML;
- the same position always gives the same bytes;
- a state is drawn as its spectator's observation, so a picture never shows a hand.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

import crabrules
from crabrules.agents import PlausibleAgent, play_match
from tests.conformance.common import AnyGame, by_game, conformance, players, playouts, sample

SVG = "{http://www.w3.org/2000/svg}svg"


def _parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == SVG
    assert float(root.attrib["width"]) > 0
    assert float(root.attrib["height"]) > 0
    return root


@by_game
@conformance
@given(data=st.data())
def test_every_picture_of_random_games_is_well_formed_svg(
    game: AnyGame, data: st.DataObject
) -> None:
    playout, rnd = data.draw(playouts(game))
    for state in sample(playout, rnd):
        picture = game.render_svg(state)
        _parse(picture)
        assert picture == game.render_svg(state), "the same state drew different bytes"
        assert picture == game.render_svg(game.observe(state, None))
        for player in players(game, state):
            view = game.observe(state, player)
            _parse(game.render_svg(view))
            _parse(game.render_svg(view, size=300, labels=False))


@pytest.mark.parametrize(
    "game_id", ["crab-stack", "la-marche-du-crabe", "youve-got-crabs", "oh-crab"]
)
def test_the_final_picture_says_who_won_and_why(game_id: str) -> None:
    game = crabrules.get_game(game_id)
    config = game.config_type()
    players = game.num_players(game.initial_state(config, seed=1))
    result = play_match(game, [PlausibleAgent() for _ in range(players)], seed=1, config=config)
    assert result.outcome is not None
    words = " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", game.render_svg(result.state)))
    assert re.search(r"\b(wins?|lose|draw)\b", words), words[:300]
