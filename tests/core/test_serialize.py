"""The converter: exact round trips, explicit tags, format versions, clear errors."""

from __future__ import annotations

import enum
import json
import math
import time
from typing import Any, ClassVar

import attrs
import pytest

from crabrules import crab_stack, youve_got_crabs
from crabrules.core.errors import DeserializationError, NotSerializableError
from crabrules.core.game import Outcome
from crabrules.core.record import GameRecord
from crabrules.core.rng import Rng
from crabrules.core.serialize import (
    FORMAT_VERSION,
    MAX_MESSAGE,
    MAX_STRING,
    from_dict,
    from_json,
    register_check,
    to_dict,
    to_json,
)


class Colour(str, enum.Enum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Walk:
    TAG: ClassVar[str] = "walk"
    player: int
    steps: int


@attrs.frozen
class Wait:
    TAG: ClassVar[str] = "wait"
    player: int


Step = Walk | Wait


@attrs.frozen
class Sample:
    colours: tuple[Colour, ...]
    marks: frozenset[int]
    last: Step | None
    rng: Rng
    ratio: float = 0.5


@attrs.frozen
class Checked:
    size: int


def _check_checked(value: Checked) -> None:
    if value.size < 0:
        raise ValueError("size: must not be negative")


register_check(Checked, _check_checked)


def sample() -> Sample:
    return Sample((Colour.RED, Colour.BLUE), frozenset({9, 2, 5}), Walk(1, 3), Rng(2**64 - 1))


def test_round_trip_is_exact() -> None:
    value = sample()
    assert from_json(to_json(value), Sample) == value


def test_documents_carry_the_format_version() -> None:
    assert to_dict(Wait(0))["format_version"] == FORMAT_VERSION


def test_sets_are_written_sorted_so_equal_values_give_equal_bytes() -> None:
    a = attrs.evolve(sample(), marks=frozenset([5, 10, 9, 2]))
    b = attrs.evolve(sample(), marks=frozenset([2, 9, 10, 5]))
    assert to_json(a) == to_json(b)
    assert to_dict(a)["marks"] == [2, 5, 9, 10]


@attrs.frozen
class Bag:
    steps: frozenset[Walk | Wait]


def test_sets_of_objects_are_written_in_one_fixed_order() -> None:
    bag = Bag(frozenset({Walk(1, 2), Wait(0), Walk(0, 5)}))
    written = to_dict(bag)["steps"]
    assert written == sorted(written, key=lambda item: json.dumps(item, sort_keys=True))
    assert from_json(to_json(bag), Bag) == bag


def test_the_generator_is_a_hex_string_exact_in_any_json_reader() -> None:
    assert to_dict(sample())["rng"] == "ffffffffffffffff"


def test_actions_are_tagged_with_their_declared_tag() -> None:
    assert to_dict(Walk(0, 2)) == {"format_version": 1, "type": "walk", "player": 0, "steps": 2}
    assert to_dict(sample())["last"] == {"type": "walk", "player": 1, "steps": 3}


def test_a_union_of_actions_is_read_by_its_tag() -> None:
    assert from_json('{"format_version":1,"type":"wait","player":1}', Step) == Wait(1)
    assert from_dict({"format_version": 1, "type": "walk", "player": 0, "steps": 1}, Step) == (
        Walk(0, 1)
    )


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ('{"format_version":1,"type":"run","player":1}', "unknown type 'run'"),
        ('{"format_version":1,"player":1}', "unknown type None"),
        ('{"format_version":1,"type":"walk","player":1}', "required field missing"),
        ('{"format_version":1,"type":"walk","player":1,"steps":"2"}', "expected an int"),
        ('{"format_version":1,"type":"walk","player":true,"steps":2}', "expected an int"),
        ('{"format_version":1,"type":"wait","player":1,"extra":0}', "unknown field(s) extra"),
        ('{"format_version":2,"type":"wait","player":1}', "newer than this library reads"),
        ('{"format_version":0,"type":"wait","player":1}', "format_version must be"),
        ("[1, 2]", "expected a JSON object"),
        ("{nope", "not JSON"),
        ('{"format_version":1,"type":"wait","player":NaN}', "not JSON"),
    ],
)
def test_malformed_action_documents_say_what_is_wrong(document: str, message: str) -> None:
    with pytest.raises(DeserializationError) as error:
        from_json(document, Step)
    assert message in str(error.value)


def test_an_action_may_leave_format_version_out_as_a_front_end_posts_it() -> None:
    assert from_json('{"type":"wait","player":1}', Step) == Wait(1)
    assert from_json('{"type":"walk","player":0,"steps":1}', Walk) == Walk(0, 1)


def test_a_stored_document_must_carry_format_version() -> None:
    document = to_dict(sample())
    del document["format_version"]
    with pytest.raises(DeserializationError, match="missing format_version @ \\$"):
        from_dict(document, Sample)


def test_an_unknown_action_type_is_named_with_the_known_ones() -> None:
    with pytest.raises(DeserializationError) as error:
        from_json('{"type":"mvoe","player":1}', Step)
    assert str(error.value) == "unknown type 'mvoe'; expected one of: wait, walk @ $"


def test_lists_of_values_round_trip() -> None:
    actions = (Wait(1), Walk(0, 2))
    text = to_json(actions)
    assert text.startswith('[{"format_version":1,"type":"wait"')
    assert from_json(text, tuple[Step, ...]) == actions
    assert from_json(text, list[Step]) == list(actions)
    assert to_dict(list(actions)) == [to_dict(a) for a in actions]
    with pytest.raises(DeserializationError, match=r"@ \$\[1\]\.steps"):
        from_json(
            '[{"type":"wait","player":1},{"type":"walk","player":0,"steps":"x"}]', tuple[Step, ...]
        )
    with pytest.raises(DeserializationError, match="expected a JSON array"):
        from_json('{"type":"wait","player":1}', tuple[Step, ...])


def test_errors_name_the_place_in_the_document() -> None:
    document = to_dict(sample())
    document["colours"] = ["red", "purple"]
    document["rng"] = "not-hex-at-all!!"
    with pytest.raises(DeserializationError) as error:
        from_dict(document, Sample)
    assert "@ $.colours[1]" in str(error.value)
    assert "@ $.rng" in str(error.value)


def test_a_registered_check_refuses_impossible_values() -> None:
    assert from_json('{"format_version":1,"size":3}', Checked) == Checked(3)
    with pytest.raises(DeserializationError, match="size: must not be negative"):
        from_json('{"format_version":1,"size":-1}', Checked)


def test_floats_accept_ints_but_not_strings() -> None:
    document = to_dict(sample())
    document["ratio"] = 1
    assert from_dict(document, Sample).ratio == 1.0
    document["ratio"] = "1"
    with pytest.raises(DeserializationError, match="expected a number"):
        from_dict(document, Sample)


def test_only_attrs_values_are_documents() -> None:
    with pytest.raises(TypeError, match="only attrs values"):
        to_dict(3)


def test_outcome_round_trips() -> None:
    outcome = Outcome(frozenset({0, 2}), False, (3, 1, 3), "tokens")
    assert from_json(to_json(outcome), Outcome) == outcome


# --- hostile documents: refused in linear time, with a short message -----------------------


def _refusal(text: str, cls: Any) -> tuple[str, float]:
    # The best of three tries: one try may be slowed by a loaded machine, not the code.
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        with pytest.raises(DeserializationError) as error:
            from_json(text, cls)
        best = min(best, time.perf_counter() - start)
    return str(error.value), best


def test_a_string_where_an_array_belongs_is_refused_at_once() -> None:
    # cattrs read a string as an array of characters and reported each one (10 s, 12 MB).
    document = to_dict(crab_stack.Config())
    document["layout"] = "x" * 1_000_000
    message, seconds = _refusal(json.dumps(document), crab_stack.Config)
    assert seconds < 0.5
    assert len(message) < 200
    assert "expected an array" in message
    assert "@ $.layout" in message


def test_an_array_is_read_up_to_its_first_bad_item() -> None:
    document = to_dict(crab_stack.initial_state(seed=1))
    document["stacks"] = [["x"]] * 100_000
    message, _ = _refusal(json.dumps(document), crab_stack.State)
    assert message.count("expected") == 1
    assert "@ $.stacks[0][0]" in message


def test_a_long_string_is_refused_and_quoted_shortly() -> None:
    record = to_dict(GameRecord.of("crab-stack", crab_stack.Config(), 1, []))
    record["library_version"] = "9" * (MAX_STRING + 1)
    message, _ = _refusal(json.dumps(record), GameRecord)
    assert f"at most {MAX_STRING} characters" in message
    assert len(message) < 200


def test_an_unknown_game_id_is_quoted_shortly() -> None:
    record = to_dict(GameRecord.of("crab-stack", crab_stack.Config(), 1, []))
    record["game"] = "g" * 5_000_000
    message, _ = _refusal(json.dumps(record), GameRecord)
    assert len(message) <= MAX_MESSAGE


def test_an_infinite_number_is_refused_naming_the_field() -> None:
    text = '{"type":"call_made","caller":0,"target":1,"time":1e309}'
    message, _ = _refusal(text, youve_got_crabs.Event)
    assert "expected a finite number" in message
    assert "@ $.time" in message


@pytest.mark.parametrize("literal", ["Infinity", "-Infinity", "NaN"])
def test_the_non_numbers_python_reads_are_refused(literal: str) -> None:
    text = '{"type":"call_made","caller":0,"target":1,"time":' + literal + "}"
    _refusal(text, youve_got_crabs.Event)


def test_a_value_with_an_infinite_number_has_no_json_document() -> None:
    event = youve_got_crabs.CallMade(caller=0, target=1, time=math.inf)
    with pytest.raises(NotSerializableError, match="CallMade has no JSON document"):
        to_json(event)


def test_a_duplicate_key_is_refused_naming_the_key() -> None:
    text = to_json(crab_stack.initial_state(seed=1))
    twice = text.replace('"stacks":', '"stacks":[],"stacks":', 1)
    message, _ = _refusal(twice, crab_stack.State)
    assert "the key 'stacks' appears twice" in message


def test_a_deep_nesting_is_refused_in_time_linear_in_its_depth() -> None:
    message, seconds = _refusal("[" * 100_000 + "]" * 100_000, crab_stack.State)
    assert "nested too deep" in message
    assert seconds < 0.5


def test_many_problems_make_one_short_message() -> None:
    document = to_dict(crab_stack.Config())
    del document["players"]
    document.update({f"extra{i}": i for i in range(10_000)})
    message, _ = _refusal(json.dumps(document), crab_stack.Config)
    assert len(message) <= MAX_MESSAGE
