"""Exact actions: a field holds exactly the type its class declares, or the action is refused.

An action is legal only if it is exactly one of ``legal_actions``. Python lets values of
other types compare equal (``1.0 == 1``, ``True == 1``, ``"right" == Side.RIGHT`` for a
``str`` enum), so equality alone would let them through, and they would then be stored in
the state. Every game's ``apply`` (with ``check=True``) starts with :func:`check_action`,
which compares each field's type with the class's annotations and names the first field
that differs:

>>> import attrs
>>> @attrs.frozen
... class Jump:
...     TAG = "jump"
...     player: int
...     to: tuple[int, ...]
>>> check_action(Jump(0, (1, 2)), (Jump,))
>>> check_action(Jump(True, (1, 2)), (Jump,))
Traceback (most recent call last):
...
crabrules.core.errors.IllegalActionError: player: expected an int, got True
>>> check_action(Jump(0, (1, 2.0)), (Jump,))
Traceback (most recent call last):
...
crabrules.core.errors.IllegalActionError: to[1]: expected an int, got 2.0

The checkers are built once per class from its annotations, so the check costs a few
attribute reads per field; ``apply(..., check=False)`` skips it with the rest.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from crabrules.core.errors import CommonReason, IllegalActionError

__all__ = ["check_action", "field_errors"]

#: A checker returns ``None`` for a value of the right type, else what is wrong with it.
_Checker = Callable[[object], "str | None"]


def check_action(action: object, classes: Iterable[type]) -> None:
    """Refuse ``action`` unless it is an instance of one of ``classes``, exactly typed.

    Raises:
        IllegalActionError: with reason ``malformed``; the message names the field.
    """
    cls = type(action)
    if cls not in tuple(classes):
        names = ", ".join(sorted(repr(c.__dict__.get("TAG", c.__name__)) for c in classes))
        raise IllegalActionError(
            f"not an action of this game: {action!r} (its actions are {names})",
            action=action,
            reason=CommonReason.MALFORMED,
        )
    problem = field_errors(action)
    if problem is not None:
        raise IllegalActionError(problem, action=action, reason=CommonReason.MALFORMED)


def field_errors(value: object) -> str | None:
    """The first field of the attrs instance ``value`` whose type is wrong, as a sentence.

    ``None`` when every field holds exactly its declared type.
    """
    for name, checker in _checkers(type(value)):
        problem = checker(getattr(value, name))
        if problem is not None:
            # A nested problem starts with its own path ("[1]: ..."), a direct one does not.
            return f"{name}{problem}" if problem[0] in "[." else f"{name}: {problem}"
    return None


_CHECKERS: dict[type, tuple[tuple[str, _Checker], ...]] = {}


def _checkers(cls: type) -> tuple[tuple[str, _Checker], ...]:
    checkers = _CHECKERS.get(cls)
    if checkers is None:
        hints = typing.get_type_hints(cls)
        checkers = tuple((f.name, _checker(hints[f.name])) for f in attrs.fields(cls))
        _CHECKERS[cls] = checkers
    return checkers


def _checker(hint: Any) -> _Checker:
    origin = get_origin(hint)
    if hint is Any or hint is object:
        return lambda value: None
    if hint is type(None):
        return lambda value: None if value is None else f"expected null, got {value!r}"
    if origin in (Union, types.UnionType):
        options = [_checker(arg) for arg in get_args(hint)]

        def any_of(value: object) -> str | None:
            problems = [option(value) for option in options]
            if any(problem is None for problem in problems):
                return None
            return next(p for p in problems if p is not None)

        return any_of
    if origin is Literal:
        allowed = get_args(hint)
        return lambda value: (
            None
            if any(type(value) is type(a) and value == a for a in allowed)
            else f"expected one of {allowed!r}, got {value!r}"
        )
    if origin is tuple:
        return _tuple_checker(get_args(hint))
    if origin in (frozenset, set):
        (item,) = get_args(hint)
        item_checker = _checker(item)
        kind = origin

        def each_item(value: object) -> str | None:
            if type(value) is not kind:
                return f"expected a {kind.__name__}, got {value!r}"
            for element in value:  # type: ignore[attr-defined]
                problem = item_checker(element)
                if problem is not None:
                    return f"[{element!r}]: {problem}"
            return None

        return each_item
    if isinstance(hint, type):
        return _exact(hint)
    raise TypeError(f"no exact-type check for the annotation {hint!r}")


def _tuple_checker(args: tuple[Any, ...]) -> _Checker:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _checker(args[0])

        def homogeneous(value: object) -> str | None:
            if type(value) is not tuple:
                return f"expected a tuple, got {value!r}"
            for i, element in enumerate(value):
                problem = item(element)
                if problem is not None:
                    return _at(i, problem)
            return None

        return homogeneous
    items = [_checker(arg) for arg in args]

    def fixed(value: object) -> str | None:
        if type(value) is not tuple or len(value) != len(items):
            return f"expected a tuple of {len(items)}, got {value!r}"
        for i, (check, element) in enumerate(zip(items, value, strict=True)):
            problem = check(element)
            if problem is not None:
                return _at(i, problem)
        return None

    return fixed


def _at(index: int, problem: str) -> str:
    return f"[{index}]{problem}" if problem[0] in "[." else f"[{index}]: {problem}"


_ARTICLES = {int: "an int", str: "a string", bool: "true or false", float: "a float"}


def _exact(cls: type) -> _Checker:
    name = _ARTICLES.get(cls, f"a {cls.__name__}")
    if attrs.has(cls):

        def nested(value: object) -> str | None:
            if type(value) is not cls:
                return f"expected {name}, got {value!r}"
            problem = field_errors(value)
            return None if problem is None else f".{problem}"

        return nested
    # Exactly the class: no bool for an int, no int for a float (its JSON text differs),
    # no plain value for an enum member.
    return lambda value: None if type(value) is cls else f"expected {name}, got {value!r}"
