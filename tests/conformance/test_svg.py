"""``render_svg`` of random games: well-formed SVG, deterministic, and only the viewer's view.

- every sampled state, and every player's and the spectator's observation of it, draws
  as one ``<svg>`` document that parses as XML;
- the same position always gives the same bytes;
- a state is drawn as its spectator's observation, so a picture never shows a hand;
- every legal action of a few positions of every named mix is drawn as ``last_action``;
- every argument is checked: a hostile ``size``, ``labels``, ``last_action`` or
  ``highlight`` is an ``InvalidConfigError`` naming it, a position that is not the game's
  a ``NotAStateError``; the smallest and largest sizes draw well-formed pictures.
"""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import crabrules
from crabrules.agents import PlausibleAgent, play_match
from crabrules.core import InvalidConfigError, NotAStateError
from crabrules.core.svg import MAX_SIZE
from tests.conformance import tictactoe
from tests.conformance.common import (
    GAMES,
    AnyGame,
    by_game,
    conformance,
    play,
    players,
    playouts,
    sample,
)
from tests.conformance.strategies import MIXES

NS = "{http://www.w3.org/2000/svg}"
SVG = f"{NS}svg"


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


MIX_CASES = [
    (game, name, config)
    for game in GAMES
    for name, config in MIXES.get(game.info.id, {"default": game.config_type()}).items()
]


@pytest.mark.parametrize(
    ("game", "name", "config"), MIX_CASES, ids=[f"{g.info.id}-{n}" for g, n, _ in MIX_CASES]
)
def test_every_legal_action_draws_as_the_last_action(
    game: AnyGame, name: str, config: Any
) -> None:
    # A few positions of a seeded random game of every named mix: each legal action, once
    # applied, is drawn as the last action of the position it led to.
    rnd = random.Random(name)
    playout = play(game, config, 7, rnd)
    states = [s for s in playout.states if not game.is_terminal(s)]
    for state in rnd.sample(states, min(3, len(states))):
        for action in game.legal_actions(state):
            after = game.apply(state, action)
            root = _parse(game.render_svg(after, last_action=action))
            marked = [g for g in root.iter(f"{NS}g") if g.get("class") == "last-move"]
            # every game of the library marks what its last action did; the test game none
            assert len(marked) == (0 if game is tictactoe.GAME else 1), action
            # the marks never catch a front end's click on what lies beneath
            assert all(g.get("pointer-events") == "none" for g in marked), action


# What a careless caller passes: each must be refused, naming the argument.
BAD_ARGUMENTS = [
    *(("size", v) for v in (0, -5, math.nan, math.inf, True, 1.5, "400", 400.0, MAX_SIZE + 1)),
    *(("size", v) for v in (10**30, -(10**30))),
    *(("labels", v) for v in ("no", None, 0, 1)),
    *(("last_action", v) for v in ("x", 0, ())),
    *(("highlight", v) for v in ("x", 5, None, [10**6], [True], [-1], [1.0])),
]


def _position_and_view(game: AnyGame) -> tuple[Any, Any]:
    state = game.initial_state(game.config_type(), seed=1)
    return state, game.observe(state, 0)


@by_game
@pytest.mark.parametrize(("argument", "value"), BAD_ARGUMENTS, ids=repr)
def test_every_render_svg_argument_is_checked(game: AnyGame, argument: str, value: Any) -> None:
    for position in _position_and_view(game):
        with pytest.raises(InvalidConfigError, match=f"^{argument}: "):
            game.render_svg(position, **{argument: value})


@by_game
def test_render_svg_refuses_what_is_not_the_games_position(game: AnyGame) -> None:
    other = next(g for g in GAMES if g is not game)
    for position in (None, 42, "x", *_position_and_view(other)):
        with pytest.raises(NotAStateError):
            game.render_svg(position)


@by_game
def test_the_smallest_and_largest_sizes_draw_well_formed_pictures(game: AnyGame) -> None:
    for position in _position_and_view(game):
        for size in (1, MAX_SIZE):
            assert _parse(game.render_svg(position, size=size)).attrib["width"] == str(size)
