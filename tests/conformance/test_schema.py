"""The JSON Schema of every game against its documents.

- every document of random games (config, state, every view, action, event, outcome and
  record) validates against its schema, as JSON;
- every schema is a valid draft 2020-12 schema;
- a record's seed is bounded alike by the schema, the loader and ``GameRecord`` itself:
  an int in [0, 2**64), as ``initial_state`` takes;
- documents that hypothesis-jsonschema generates from a schema either load or raise
  ``DeserializationError``, never anything else.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

import crabrules
from crabrules.core import (
    DeserializationError,
    GameRecord,
    InvalidConfigError,
    Outcome,
    from_dict,
    from_json,
    to_dict,
    to_json,
)
from crabrules.core.rng import SEED_LIMIT
from crabrules.core.schema import DOCUMENTS, game_schemas
from tests.conformance.common import AnyGame, by_game, conformance, players, playouts, sample

GAME_IDS = sorted(crabrules.GAMES)


def _validators(game: AnyGame) -> dict[str, jsonschema.Draft202012Validator]:
    schemas = game_schemas(game)
    for document in schemas.values():
        jsonschema.Draft202012Validator.check_schema(document)
    return {name: jsonschema.Draft202012Validator(s) for name, s in schemas.items()}


def _check(validator: jsonschema.Draft202012Validator, value: Any) -> None:
    validator.validate(json.loads(to_json(value)))


def _types(game: AnyGame) -> dict[str, Any]:
    return {
        "Config": game.config_type,
        "State": game.state_type,
        "Action": game.action_type,
        "Observation": game.observation_type,
        "Event": game.event_type,
        "Outcome": Outcome,
        "GameRecord": GameRecord,
    }


def test_every_game_has_a_schema_of_each_document() -> None:
    for game_id in GAME_IDS:
        assert tuple(crabrules.schema(game_id)) == DOCUMENTS


@by_game
@conformance
@given(data=st.data())
def test_every_document_of_random_games_validates(game: AnyGame, data: st.DataObject) -> None:
    valid = _validators(game)
    playout, rnd = data.draw(playouts(game))
    _check(valid["Config"], playout.config)
    record = GameRecord.of(game.info.id, playout.config, playout.seed, playout.actions)
    _check(valid["GameRecord"], record)
    for state in sample(playout, rnd):
        _check(valid["State"], state)
        for viewer in [None, *players(game, state)]:
            _check(valid["Observation"], game.observe(state, viewer))
        if not game.is_terminal(state):
            action = rnd.choice(game.legal_actions(state))
            _check(valid["Action"], action)
            for event in game.apply_with_events(state, action)[1]:
                _check(valid["Event"], event)
    outcome = game.outcome(playout.final)
    if outcome is not None:
        _check(valid["Outcome"], outcome)


OUT_OF_RANGE_SEEDS = (-1, SEED_LIMIT, 10**30)


@by_game
def test_a_records_seed_is_bounded_by_the_schema_the_loader_and_the_record(
    game: AnyGame,
) -> None:
    valid = _validators(game)["GameRecord"]
    document = to_dict(GameRecord.of(game.info.id, game.config_type(), 0, []))
    for seed in (0, SEED_LIMIT - 1):
        document["seed"] = seed
        valid.validate(document)
        assert from_json(json.dumps(document), GameRecord).seed == seed
    for seed in OUT_OF_RANGE_SEEDS:
        document["seed"] = seed
        assert not valid.is_valid(document), seed
        with pytest.raises(DeserializationError, match=r"^seed: .* @ \$\.seed$"):
            from_json(json.dumps(document), GameRecord)
        with pytest.raises(InvalidConfigError, match=r"^seed: "):
            GameRecord.of(game.info.id, game.config_type(), seed, [])


# hypothesis-jsonschema builds its strategies by filtering: the health checks about slow,
# filtered data are expected here.
_fuzzing = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    derandomize=True,
)


@pytest.mark.parametrize("document", DOCUMENTS)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_generated_documents_load_or_raise_deserialization_error(
    game_id: str, document: str
) -> None:
    game = crabrules.get_game(game_id)
    target = _types(game)[document]

    @_fuzzing
    @given(doc=from_schema(crabrules.schema(game_id)[document]))
    def loads_or_refuses(doc: Any) -> None:
        with contextlib.suppress(DeserializationError):
            from_dict(doc, target)

    loads_or_refuses()
