"""``crabrules.core.construct``: an object built field by field is the one its class builds.

The :class:`Constructor` is tested directly, so that these tests mean the same in both
builds (compiled, it is the native class the engines call); :func:`constructor` gives the
class itself in the pure build. Every class it refuses is built here by hand.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import crabrules
from crabrules.core.construct import BUILT, Constructor, constructor


@attrs.frozen
class Sample:
    """Fields of several kinds, two with defaults (one a factory)."""

    number: int
    name: str
    cells: tuple[int, ...]
    players: frozenset[int]
    nested: Sample | None = None
    tags: tuple[str, ...] = attrs.Factory(tuple)


INNER = Sample(1, "inner", (), frozenset())
VALUES: tuple[Any, ...] = (3, "crab", (1, 2), frozenset({0, 2}), INNER, ("x",))


def test_an_object_built_field_by_field_is_the_one_the_class_builds() -> None:
    built: Any = Constructor(Sample)(*VALUES)
    own = Sample(*VALUES)
    assert type(built) is Sample
    assert built == own
    assert hash(built) == hash(own)
    assert repr(built) == repr(own)
    assert attrs.astuple(built, recurse=False) == VALUES
    assert attrs.asdict(built) == attrs.asdict(own)


def test_an_object_built_field_by_field_is_still_frozen() -> None:
    built: Any = Constructor(Sample)(*VALUES)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.number = 4


def test_a_call_without_every_field_by_position_is_the_classs_own() -> None:
    new_sample = Constructor(Sample)
    # Defaults left out, and keywords: what the class makes of them.
    assert new_sample(*VALUES[:4]) == Sample(*VALUES[:4])
    named: dict[str, Any] = dict(zip(("number", "name", "cells", "players"), VALUES, strict=False))
    assert new_sample(**named) == Sample(**named)
    # Too many values, too few, an unknown keyword: the class's own errors.
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((*VALUES, None), {}),
        ((3,), {}),
        (VALUES, {"colour": "red"}),
    ]
    for args, kwargs in calls:
        with pytest.raises(TypeError) as own:
            Sample(*args, **kwargs)
        with pytest.raises(TypeError) as built:
            new_sample(*args, **kwargs)
        assert str(built.value) == str(own.value)


def test_constructor_is_the_class_itself_in_the_pure_build_only() -> None:
    new_sample = constructor(Sample)
    assert new_sample(*VALUES) == Sample(*VALUES)
    if crabrules.compiled:
        assert isinstance(new_sample, Constructor)
        assert new_sample.cls is Sample
    else:
        assert new_sample is Sample


def test_constructor_records_the_classes_it_builds() -> None:
    @attrs.frozen
    class Recorded:
        x: int

    constructor(Recorded)
    assert BUILT[-1] is Recorded


@attrs.frozen
class Validated:
    x: int = attrs.field(validator=attrs.validators.instance_of(int))


@attrs.frozen
class Converted:
    x: int = attrs.field(converter=int)


@attrs.frozen
class PreInit:
    x: int

    def __attrs_pre_init__(self) -> None:
        pass


@attrs.frozen
class PostInit:
    x: int

    def __attrs_post_init__(self) -> None:
        pass


@attrs.frozen(cache_hash=True)
class CachedHash:
    x: int


@attrs.frozen
class NotInInit:
    x: int
    y: int = attrs.field(init=False, default=0)


@attrs.frozen
class KeywordOnly:
    x: int = attrs.field(kw_only=True)


@attrs.frozen(slots=False)
class DictClass:
    x: int


@attrs.frozen(auto_exc=True)
class ExceptionClassError(Exception):
    x: int


@attrs.frozen(init=False)
class OwnInit:
    x: int

    def __init__(self, x: int) -> None:
        self.__attrs_init__(x * 2)


@attrs.frozen
class OwnNew:
    x: int

    def __new__(cls, *args: Any) -> OwnNew:
        return super().__new__(cls)


class Plain:
    def __init__(self, x: int) -> None:
        self.x = x


def plain_function(x: int) -> int:
    return x


REFUSED = [
    (Validated, "field 'x' has a validator, which attrs' __init__ runs"),
    (Converted, "field 'x' has a converter, which attrs' __init__ runs"),
    (PreInit, "it defines __attrs_pre_init__, which attrs' __init__ calls"),
    (PostInit, "it defines __attrs_post_init__, which attrs' __init__ calls"),
    (CachedHash, "cache_hash=True: attrs' __init__ also resets the cached hash"),
    (NotInInit, "field 'y' is init=False: attrs' __init__ sets it itself"),
    (KeywordOnly, "field 'x' is keyword-only"),
    (DictClass, "not slotted: attrs' __init__ writes a dict class's fields into its __dict__"),
    (ExceptionClassError, "an exception class: attrs' __init__ also calls BaseException.__init__"),
    (OwnInit, "its __init__ is not the one attrs generates"),
    (OwnNew, "it defines __new__"),
    (Plain, "not an attrs class"),
]


@pytest.mark.parametrize(("cls", "reason"), REFUSED, ids=[cls.__name__ for cls, _ in REFUSED])
def test_a_class_whose_init_does_more_than_store_its_fields_is_refused(
    cls: type, reason: str
) -> None:
    message = f"constructor({cls.__qualname__}): {reason}"
    with pytest.raises(TypeError) as refused:
        constructor(cls)
    assert str(refused.value) == message
    with pytest.raises(TypeError) as refused:
        Constructor(cls)
    assert str(refused.value) == message


def test_a_function_is_refused() -> None:
    with pytest.raises(TypeError, match="not a class"):
        constructor(plain_function)
