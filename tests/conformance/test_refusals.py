"""A wrong field is refused in the game's words: a specific reason, a message per field.

A legal action of a random game, with one field (never the player) changed to another
value of the same type, is illegal more often than not; such an action must be refused
with an :class:`IllegalActionError` whose reason is more than a catch-all, and two fields
of one action made wrong must not be told apart by the same sentence (a front end shows
it to the player: "the action is not legal" helps nobody find which field is wrong).
"""

from __future__ import annotations

import enum
import itertools
import random
import typing
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from crabrules.core import CommonReason, IllegalActionError, NotYourTurnError, Reason
from tests.conformance.common import AnyGame, by_game, conformance, playouts, sample

#: The codes that say only "not among the legal actions": never enough for a wrong field.
CATCH_ALL = frozenset({"not_legal"})
#: Sampled states, and actions per state, whose fields are changed (the check is not cheap:
#: every refusal lists the legal actions again).
STATES, ACTIONS = 6, 3
#: Values tried per field.
VALUES = 4


def _field_types(cls: type) -> dict[str, Any]:
    attrs.resolve_types(cls)
    return {f.name: f.type for f in attrs.fields(cls) if f.name != "player"}


def other_values(value: Any, kind: Any, seen: list[Any], rnd: random.Random) -> list[Any]:
    """Values of ``kind`` other than ``value``: near it, seen in other actions, far off.

    >>> other_values(3, int, [3, 5], random.Random(1))
    [4, 2, 5, 999]
    >>> other_values((1, 2), tuple[int, ...], [], random.Random(1))
    [(1,), (1, 2, 2), (1, 3)]
    """
    out: list[Any]
    if kind is bool:
        out = [not value]
    elif isinstance(kind, type) and issubclass(kind, enum.Enum):
        out = [member for member in kind if member is not value]
    elif kind is int:
        out = [value + 1, value - 1, *rnd.sample(seen, min(2, len(seen))), 999]
    elif kind is float:
        out = [value + 1.0, -1.0]
    elif typing.get_origin(kind) is tuple and typing.get_args(kind) == (int, ...):
        out = [value[:-1], (*value, value[-1])] if value else [(0,)]
        if value:
            out.append((*value[:-1], value[-1] + 1))
        out.extend(rnd.sample(seen, min(1, len(seen))))
    else:
        out = []
    return list(dict.fromkeys(v for v in out if v != value or type(v) is not type(value)))[:VALUES]


def refusals_of_one_field(
    game: AnyGame, state: Any, action: Any, legal: set[Any], seen: dict[Any, list[Any]], rnd: Any
) -> dict[str, set[str]]:
    """The messages of the refusals of ``action`` with one field made wrong, by field.

    Each refusal is an ``IllegalActionError`` (not a turn error: the player is unchanged),
    with a reason that is neither a catch-all nor ``malformed`` (the value is well typed).
    """
    messages: dict[str, set[str]] = {}
    for name, kind in _field_types(type(action)).items():
        for value in other_values(getattr(action, name), kind, seen[type(action), name], rnd):
            wrong = attrs.evolve(action, **{name: value})
            if wrong in legal:
                continue
            with pytest.raises(IllegalActionError) as refused:
                game.apply(state, wrong)
            error = refused.value
            where = f"{wrong} (from {action}): {error.message!r}"
            assert not isinstance(error, NotYourTurnError), where
            assert isinstance(error.reason, Reason), where
            assert error.reason is not CommonReason.MALFORMED, where
            assert error.reason.value not in CATCH_ALL, f"a catch-all reason for {where}"
            messages.setdefault(name, set()).add(error.message)
    return messages


def assert_fields_worded_apart(action: Any, messages: dict[str, set[str]]) -> None:
    """No sentence refuses two different fields of ``action``.

    >>> assert_fields_worded_apart("Move", {"dest": {"dest: c5 is a Rock"}, "discard": {"x"}})
    >>> assert_fields_worded_apart("Move", {"dest": {"not legal"}, "discard": {"not legal"}})
    Traceback (most recent call last):
    ...
    AssertionError: Move: dest and discard refused with the same words: ['not legal']
    """
    for first, second in itertools.combinations(sorted(messages), 2):
        shared = messages[first] & messages[second]
        if shared:
            words = sorted(shared)
            raise AssertionError(
                f"{action}: {first} and {second} refused with the same words: {words}"
            )


@by_game
@conformance
@given(data=st.data())
def test_a_wrong_field_is_refused_with_a_specific_reason_and_its_own_words(
    game: AnyGame, data: st.DataObject
) -> None:
    playout, rnd = data.draw(playouts(game))
    states = [s for s in sample(playout, rnd) if not game.is_terminal(s)][:STATES]
    # The values other actions of the game held, per (kind of action, field).
    seen: dict[Any, list[Any]] = {}
    for state in states:
        for action in game.legal_actions(state):
            for name in _field_types(type(action)):
                values = seen.setdefault((type(action), name), [])
                if getattr(action, name) not in values:
                    values.append(getattr(action, name))
    refused = with_fields = 0
    for state in states:
        legal = game.legal_actions(state)
        for action in rnd.sample(legal, min(ACTIONS, len(legal))):
            messages = refusals_of_one_field(game, state, action, set(legal), seen, rnd)
            assert_fields_worded_apart(action, messages)
            refused += sum(len(m) for m in messages.values())
            with_fields += bool(_field_types(type(action)))
    # Not vacuous: an action with fields to change had some changed into refused ones.
    assert refused or not with_fields, "no changed field was ever refused"
