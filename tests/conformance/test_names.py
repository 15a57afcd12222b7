"""Every game names its players and its endings for people (``GAME.names``).

- each player count's names are distinct, non-empty, one line, and the ones the game's
  own pictures show (the text render and the SVG), so that a front end saying "red"
  agrees with the board;
- every reason code the game's ``Termination`` lists has words of its own, and the
  outcome of random games is said in them, never as a code.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from typing import Any

import pytest

import crabrules
from crabrules.core import InvalidConfigError, Names
from tests.conformance import tictactoe
from tests.conformance.common import AnyGame

#: The registered games (the conformance suite's own test game gives no names).
REGISTERED = sorted(
    (game for game in crabrules.GAMES.values() if game is not tictactoe.GAME),
    key=lambda game: game.info.id,
)
by_registered_game = pytest.mark.parametrize("game", REGISTERED, ids=lambda g: g.info.id)


def _configs(game: AnyGame) -> list[object]:
    configs = []
    for players in range(game.info.min_players, game.info.max_players + 1):
        try:
            configs.append(game.config_for_players(players))
        except InvalidConfigError:  # You've Got Crabs seats teams of two
            continue
    return configs


@by_registered_game
def test_every_player_is_named_as_the_board_names_them(game: AnyGame) -> None:
    assert game.names.players is not Names().players, "the game gives its players no names"
    for config in _configs(game):
        names = game.names.players(config)
        state = game.initial_state(config, seed=1)
        assert len(names) == game.num_players(state)
        assert len(set(names)) == len(names), f"two players share a name: {names}"
        assert all(name.strip() and "\n" not in name for name in names)
        pictures = game.render(state) + game.render_svg(state)
        assert [n for n in names if n not in pictures] == [], "a name the board never shows"


@by_registered_game
def test_every_ending_has_words_and_outcomes_are_said_in_them(game: AnyGame) -> None:
    package = importlib.import_module(".".join(game.state_type.__module__.split(".")[:2]))
    codes = {member.value for member in package.Termination}
    assert codes == set(game.names.endings), "an ending without words, or words for none"
    for code, words in game.names.endings.items():
        assert words.strip(), f"{code}: no words"
        assert "_" not in words, f"{code}: {words!r} reads as a code"
    for seed in range(3):
        config = _configs(game)[0]
        state = game.initial_state(config, seed=seed)
        chooser = crabrules.Rng.from_seed(seed)
        for _ in range(3000):
            if game.is_terminal(state):
                break
            action, chooser = chooser.choice(game.legal_actions(state))
            state = game.apply(state, action)
        outcome = game.outcome(state)
        if outcome is None:
            continue
        said = game.names.outcome(config, outcome)
        assert outcome.reason not in said
        assert game.names.ending(outcome.reason) in said
        names = game.names.players(config)
        assert all(names[p] in said for p in outcome.winners)


def _described(node: object) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object of a schema that has properties, with the path to it."""
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict):
            yield "", node
        for key, value in node.items():
            for path, found in _described(value):
                yield f"{key}/{path}", found
    elif isinstance(node, list):
        for value in node:
            yield from _described(value)


@by_registered_game
def test_every_schema_field_has_a_title_and_a_description_in_plain_words(
    game: AnyGame,
) -> None:
    # A front end builds forms from the schema (the web example's options): what it
    # shows players must read as words, not as a docstring's markup or a field's name.
    markup = re.compile(r"``|:\w+:`|`")
    for document, schema in crabrules.schema(game.info.id).items():
        for path, node in _described(schema):
            for name, prop in node["properties"].items():
                if name in ("type", "format_version"):
                    continue
                where = f"{document}: {path}{name}"
                assert not markup.search(prop.get("description", "")), where
                if document == "Config" and not path:  # the options form's labels
                    assert prop.get("title"), f"{where}: no title"
                    assert "_" not in prop["title"], f"{where}: {prop['title']!r}"
