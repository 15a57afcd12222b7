"""The Adventure Pack plugs into the views through ``view.expansion``: a base game never
calls its parts; a game with modules is observed, dealt, checked and drawn through them."""

from __future__ import annotations

import pathlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

from crabrules.core.errors import InvalidStateError
from crabrules.oh_crab import (
    Config,
    State,
    apply_with_events,
    check_state,
    describe,
    describe_event,
    determinize,
    initial_state,
    is_terminal,
    legal_actions,
    observe,
    render,
    render_svg,
)
from crabrules.oh_crab.adventure.views import VIEW_PARTS
from crabrules.oh_crab.view import expansion
from crabrules.oh_crab.view.check import check_observation


class Recording:
    """View parts that record each call and pass it on to the pack's (or refuse it)."""

    def __init__(self, passing: bool) -> None:
        self.calls: list[str] = []
        self.passing = passing

    def __getattr__(self, name: str) -> Any:
        part = getattr(VIEW_PARTS, name)

        def call(*args: Any) -> Any:
            self.calls.append(name)
            if not self.passing:
                raise AssertionError(f"a base game called the view part {name}")
            return part(*args)

        return call


@pytest.fixture
def recording() -> Iterator[list[Recording]]:
    """Register a recording in place of the pack's parts; the pack's again afterwards."""
    made: list[Recording] = []
    before = expansion.registered()
    yield made
    expansion.register(before)


def _register(made: list[Recording], *, passing: bool) -> Recording:
    parts = Recording(passing)
    made.append(parts)
    expansion.register(parts)
    return parts


def _play(config: Config, seed: int, steps: int) -> Iterator[tuple[State, str, list[str]]]:
    """Random states of a game, each with the sentence of its next action and its events."""
    rnd = random.Random(seed)
    state = initial_state(config, seed=seed)
    for _ in range(steps):
        if is_terminal(state):
            return
        action = rnd.choice(legal_actions(state))
        sentence = describe(state, action)
        state, events = apply_with_events(state, action)
        yield state, sentence, [describe_event(e) for e in events]


def _look(state: State) -> None:
    """Every view of ``state``: check, observe (and check), determinize, render, SVG."""
    check_state(state)
    for player in (None, *range(state.config.players)):
        check_observation(observe(state, player))
        determinize(state, player, seed=5)
    render(state)
    render_svg(state)


def test_base_game_never_calls_the_view_parts(recording: list[Recording]) -> None:
    parts = _register(recording, passing=False)
    for state, _, _ in _play(Config(players=3), seed=2, steps=60):
        _look(state)
    assert parts.calls == []


def test_adventure_views_go_through_the_parts(recording: list[Recording]) -> None:
    config = Config(players=3, modules={"surprises", "events", "challenges"})
    state = initial_state(config, seed=4)
    parts = _register(recording, passing=True)
    view = observe(state, 1)
    assert parts.calls == ["mask"]
    assert view.adventure is not None
    assert view.adventure.events is not None
    assert set(view.adventure.events.tiles) == {-3}  # the face-down Events are masked
    determinize(state, 1, seed=3)
    assert "deal" in parts.calls
    check_state(state)
    assert "check_state" in parts.calls
    render(state)
    render_svg(state)
    assert {"player_lines", "table_lines", "panel_line"} <= set(parts.calls)


def test_adventure_game_views_unchanged_through_the_parts(recording: list[Recording]) -> None:
    config = Config(players=3, modules={"surprises", "events", "challenges"})
    before = [(s, w, e, render(s)) for s, w, e in _play(config, seed=6, steps=40)]
    parts = _register(recording, passing=True)
    after = [(s, w, e, render(s)) for s, w, e in _play(config, seed=6, steps=40)]
    assert before == after
    assert {"describe_action", "describe_event", "table_lines"} <= set(parts.calls)


def test_a_pack_part_without_registered_parts_is_refused(recording: list[Recording]) -> None:
    state = initial_state(Config(players=3, modules={"events"}), seed=1)
    expansion.register(None)
    assert expansion.registered() is None
    with pytest.raises(InvalidStateError, match="no expansion is registered"):
        observe(state, 0)


def test_no_view_module_imports_the_pack() -> None:
    view = pathlib.Path(expansion.__file__).parent
    importing = [p.name for p in view.glob("*.py") if "oh_crab.adventure" in p.read_text("utf-8")]
    assert importing == []
