"""Events, words and the notation, for every action of random games.

- ``apply_with_events`` returns the state ``apply`` returns, and at least one event;
- events, and every player's view of them, round-trip through JSON as the game's
  ``Event`` union; ``observe_events`` is idempotent;
- ``describe`` and ``describe_event`` say one non-empty line; given the game's config,
  ``describe_event`` names players by name, never by seat number (``P0``);
- ``parse_action(s, action_to_str(s, a)) == a`` for every legal action, whatever the
  case and spacing of the text, and
  ``parse_action`` refuses text that is no action with ``IllegalActionError``;
- ``describe`` and ``action_to_str`` refuse an action that is not legal, as ``apply`` does;
- ``describe_event`` and ``observe_events`` refuse what is not one of the game's events
  (``NotAnEventError``), and ``observe_events`` a player the game cannot have;
- ``render`` fits in 100 columns.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crabrules.core import (
    IllegalActionError,
    InvalidPlayerError,
    NotAnEventError,
    from_json,
    to_json,
)
from tests.conformance.common import (
    GAMES,
    AnyGame,
    by_game,
    conformance,
    players,
    playouts,
    sample,
)
from tests.conformance.test_arguments import mutants

#: A player named by their seat number, as the notation does (``P0``), not by name.
SEAT_LABEL = re.compile(r"\bP\d")
#: The widest line a text rendering may have (terminals, logs and the docs' code blocks).
RENDER_WIDTH = 100


def _one_line(text: Any) -> None:
    assert isinstance(text, str)
    assert text.strip(), "an empty description"
    assert "\n" not in text, f"not one line: {text!r}"


@by_game
@conformance
@given(data=st.data())
def test_apply_with_events_agrees_with_apply_and_its_events_round_trip(
    game: AnyGame, data: st.DataObject
) -> None:
    playout, _ = data.draw(playouts(game))
    events_of = tuple[game.event_type, ...]  # type: ignore[name-defined]
    for state, action in zip(playout.states, playout.actions, strict=False):
        after, events = game.apply_with_events(state, action)
        assert to_json(after) == to_json(game.apply(state, action))
        assert isinstance(events, tuple)
        assert events, f"{action!r} yielded no event"
        assert from_json(to_json(events), events_of) == events
        for p in [None, *players(game, state)]:
            seen = game.observe_events(events, p)
            assert isinstance(seen, tuple)
            assert game.observe_events(seen, p) == seen
            assert from_json(to_json(seen), events_of) == seen
        for event in events:
            _one_line(game.describe_event(event))
            # in a known config, players by their names, never by seat numbers ("P0")
            named = game.describe_event(event, playout.config)
            _one_line(named)
            assert not SEAT_LABEL.search(named), named


#: Each ASCII digit as a fullwidth one, which `\\d`, int() and float() all accept.
OTHER_DIGITS = str.maketrans("0123456789", "".join(chr(0xFF10 + d) for d in range(10)))


@by_game
@conformance
@given(data=st.data())
def test_every_legal_action_is_described_and_its_notation_round_trips(
    game: AnyGame, data: st.DataObject
) -> None:
    playout, rnd = data.draw(playouts(game))
    for state in sample(playout, rnd):
        for action in game.legal_actions(state)[:60]:
            _one_line(game.describe(state, action))
            text = game.action_to_str(state, action)
            _one_line(text)
            assert game.parse_action(state, text) == action, text
            # People type in either case and with loose spaces.
            for typed in (text.upper(), text.lower(), f"  {text.replace(' ', '   ')} "):
                assert game.parse_action(state, typed) == action, typed
            # Digits are ASCII: the same text in another script's digits names no action.
            if (foreign := text.translate(OTHER_DIGITS)) != text:
                with pytest.raises(IllegalActionError):
                    game.parse_action(state, foreign)
        for width, line in ((len(line), line) for line in game.render(state).splitlines()):
            assert width <= RENDER_WIDTH, f"a {width}-column line: {line!r}"


@by_game
@pytest.mark.parametrize("text", ["", "   ", "no such move", "zz99 -> ??", "\x00"])
def test_parse_action_refuses_text_that_names_no_action(game: AnyGame, text: str) -> None:
    state = game.initial_state(seed=11)
    with pytest.raises(IllegalActionError):
        game.parse_action(state, text)


@by_game
@conformance
@given(data=st.data())
def test_describe_and_action_to_str_refuse_an_action_that_is_not_legal(
    game: AnyGame, data: st.DataObject
) -> None:
    playout, rnd = data.draw(playouts(game))
    pool = set(playout.actions)
    for state in sample(playout, rnd):
        legal = set(game.legal_actions(state))
        for action in sorted(pool - legal, key=to_json)[:10]:
            with pytest.raises(IllegalActionError):
                game.describe(state, action)
            with pytest.raises(IllegalActionError):
                game.action_to_str(state, action)
        for action in game.legal_actions(state)[:3]:
            for wrong in mutants(action):
                with pytest.raises(IllegalActionError):
                    game.describe(state, wrong)
                with pytest.raises(IllegalActionError):
                    game.action_to_str(state, wrong)


@by_game
def test_describe_event_and_observe_events_refuse_what_is_not_an_event(game: AnyGame) -> None:
    state = game.initial_state(seed=2)
    action = game.legal_actions(state)[0]
    _, events = game.apply_with_events(state, action)
    others = [
        g.apply_with_events(s, g.legal_actions(s)[0])[1][0]
        for g in GAMES
        if g.info.id != game.info.id
        for s in [g.initial_state(seed=2)]
    ]
    for wrong in [None, "event", action, state, *others]:
        with pytest.raises(NotAnEventError):
            game.describe_event(wrong)
        with pytest.raises(NotAnEventError):
            game.observe_events((*events, wrong), None)
    with pytest.raises(NotAnEventError):
        game.observe_events(None, None)  # type: ignore[arg-type]
    wrong_players: list[Any] = [-1, "x", True, 1.0, 10**6]
    for player in wrong_players:
        with pytest.raises(InvalidPlayerError):
            game.observe_events(events, player)
