"""Every field of every document, made hostile, is refused quickly and shortly.

A document comes from files and clients the library does not trust. For every game and
every named mix, the documents a game writes (its config, states, an action, an event,
an observation, a game record) have each field in turn replaced by:

- a 100,000-character string;
- a 10,000-deep nesting of arrays;
- an infinite number (``1e309``, which Python reads as infinity);

and each object in turn given a key twice. Each must be refused with a
``DeserializationError`` whose message is short, in a small fraction of a second: the
refusal's cost grows with the document, not with the number of its problems. A field
met in an earlier mix of the same game is not tried again.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from crabrules.core import DeserializationError, GameRecord, from_json, to_dict, to_json
from tests.conformance.common import GAMES, AnyGame, get_at, play, set_at
from tests.conformance.strategies import MIXES

LONG = json.dumps("x" * 100_000)
DEEP = "[" * 10_000 + "]" * 10_000
INFINITE = "1e309"
PAYLOADS = {"long string": LONG, "deep nesting": DEEP, "infinite number": INFINITE}
#: The longest message a refusal may have, and the longest it may take (a loaded CI
#: machine runs several times slower than an idle one).
MAX_MESSAGE = 2_000
MAX_SECONDS = 0.5
SENTINEL = "__crabrules_hostile__"

Path = tuple[Any, ...]


def _documents(game: AnyGame, config: Any) -> Iterator[tuple[str, Any, Any]]:
    """(kind, document, class) of what ``game`` writes, from a short random game."""
    rnd = random.Random(1)
    playout = play(game, config, 1, rnd)
    middle = playout.states[len(playout.states) // 2]
    yield "config", to_dict(config), game.config_type
    yield "state", to_dict(middle), game.state_type
    yield "observation", to_dict(game.observe(middle, 0)), game.observation_type
    if playout.actions:
        action = playout.actions[len(playout.actions) // 2]
        yield "action", to_dict(action), game.action_type
        _, events = game.apply_with_events(middle, game.legal_actions(middle)[0])
        yield "event", to_dict(events[0]), game.event_type
    record = GameRecord.of(game.info.id, config, 1, playout.actions[:3])
    yield "record", to_dict(record), GameRecord


def _fields(node: Any, path: Path = ()) -> Iterator[Path]:
    """The path of every field of every object in ``node`` (array items are walked, not
    replaced: an item is a field's value)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key != "format_version":
                yield (*path, key)
            yield from _fields(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _fields(value, (*path, index))


def _objects(node: Any, path: Path = ()) -> Iterator[Path]:
    if isinstance(node, dict):
        yield path
        for key, value in node.items():
            yield from _objects(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _objects(value, (*path, index))


def _with_payload(document: Any, path: Path, payload: str) -> str:
    return json.dumps(set_at(document, path, SENTINEL)).replace(json.dumps(SENTINEL), payload)


def _with_duplicate_key(document: Any, path: Path) -> str | None:
    target = document
    for step in path:
        target = target[step]
    if not target:
        return None
    key = next(iter(target))
    marked = json.dumps(set_at(document, path, {SENTINEL: 0, **target}))
    twice = f"{json.dumps(key)}:{json.dumps(target[key])},"
    return marked.replace(f"{json.dumps(SENTINEL)}: 0, ", twice)


def _refused(text: str, cls: Any, what: str) -> None:
    # The best of up to three tries: one try may be slowed by the machine, not the code.
    seconds = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        with pytest.raises(DeserializationError) as refusal:
            from_json(text, cls)
        seconds = min(seconds, time.perf_counter() - start)
        if seconds < MAX_SECONDS:
            break
    assert seconds < MAX_SECONDS, f"{what}: refused in {seconds:.2f} s"
    assert len(str(refusal.value)) < MAX_MESSAGE, (
        f"{what}: a {len(str(refusal.value))}-char message"
    )


def _path_shape(path: Path) -> Path:
    # Items of one array are alike: a field under item 3 is the field under item 0.
    return tuple(0 if isinstance(step, int) else step for step in path)


@pytest.mark.parametrize("game", GAMES, ids=[g.info.id for g in GAMES])
def test_every_hostile_field_is_refused_quickly_and_shortly(game: AnyGame) -> None:
    seen: set[tuple[str, Path]] = set()
    mixes = MIXES.get(game.info.id, {"default": game.config_type()})
    tried = 0
    for config in mixes.values():
        for kind, document, cls in _documents(game, config):
            for path in _fields(document):
                if (kind, _path_shape(path)) in seen:
                    continue
                seen.add((kind, _path_shape(path)))
                for name, payload in PAYLOADS.items():
                    _refused(_with_payload(document, path, payload), cls, f"{kind} {path} {name}")
                    tried += 1
            for path in _objects(document):
                if (kind, ("{}", *_path_shape(path))) in seen:
                    continue
                seen.add((kind, ("{}", *_path_shape(path))))
                text = _with_duplicate_key(document, path)
                if text is not None:
                    _refused(text, cls, f"{kind} {path} duplicate key")
                    tried += 1
    assert tried > 0


def _seconds_to_refuse(text: str, cls: Any) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        with pytest.raises(DeserializationError):
            from_json(text, cls)
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.parametrize("game", GAMES, ids=[g.info.id for g in GAMES])
def test_a_refusal_costs_time_linear_in_the_document(game: AnyGame) -> None:
    # A field that holds an array: filled with ten times more bad items, the refusal may
    # cost about ten times more (reading the text), not a hundred (the best of 5 runs; a
    # loaded machine's noise is allowed for).
    document = to_dict(game.initial_state(seed=1))
    array = next(path for path in _fields(document) if isinstance(get_at(document, path), list))
    small = _with_payload(document, array, json.dumps(["x"] * 20_000))
    large = _with_payload(document, array, json.dumps(["x"] * 200_000))
    ratio = _seconds_to_refuse(large, game.state_type) / _seconds_to_refuse(small, game.state_type)
    assert ratio < 40, f"ten times the items cost {ratio:.0f} times the time"


def test_a_document_written_by_to_json_has_no_duplicate_key() -> None:
    # The refusal of a duplicate key must not refuse what the library itself writes.
    for game in GAMES:
        state = game.initial_state(seed=2)
        assert from_json(to_json(state), game.state_type) == state
