"""Frozen attrs objects built from compiled code at the cost of their fields alone.

An attrs class's generated ``__init__`` is Python in both builds: it stores each field
with a call of a bound ``object.__setattr__``, about 0.06 µs a field, and the engines
build one new state (29 fields for You've Got Crabs) in every action. Compiled with mypyc,
``object.__setattr__(obj, name, value)`` is a direct C call of the generic attribute
setter: a whole state costs about a third (0.59 µs instead of 1.74 µs for those 29
fields). :func:`constructor` gives the engines' hot paths a callable that builds exactly
what the class would:

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int = 0
>>> new_point = constructor(Point)
>>> new_point(1, 2), new_point(1)
(Point(x=1, y=2), Point(x=1, y=0))

In the pure build it returns the class itself: interpreted, storing the fields one by one
in Python costs more than the class's own ``__init__``. In the compiled wheel (which
compiles this module) it returns a :class:`Constructor`. Both builds refuse, when the
engine module is imported, a class whose ``__init__`` does more than store its fields in
order, so that a change to a state class cannot make the two builds differ:

>>> @attrs.frozen
... class Checked:
...     x: int = attrs.field(validator=attrs.validators.instance_of(int))
>>> constructor(Checked)
Traceback (most recent call last):
...
TypeError: constructor(Checked): field 'x' has a validator, which attrs' __init__ runs
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, ParamSpec, TypeVar, cast

import attrs

__all__ = ["BUILT", "COMPILED", "Constructor", "constructor"]

P = ParamSpec("P")
T = TypeVar("T")

#: Whether this module is compiled: the compiled wheel compiles it (``crabrules._build``).
COMPILED: Final = not __file__.endswith(".py")

#: Every class :func:`constructor` was called for, in both builds: the conformance suite
#: checks that a :class:`Constructor` builds each one as the class does.
BUILT: list[type] = []

#: Where attrs' generated methods say they come from (their code's file name).
_ATTRS_GENERATED = "<attrs generated"
#: The slot of a class with ``cache_hash=True``, which attrs' ``__init__`` resets.
_HASH_CACHE = "_attrs_cached_hash"


def _refusal(cls: type[attrs.AttrsInstance]) -> str | None:
    """Why ``cls(*values)`` may do more than store ``values`` in its fields, in order."""
    code = getattr(cls.__init__, "__code__", None)
    if code is None or not code.co_filename.startswith(_ATTRS_GENERATED):
        return "its __init__ is not the one attrs generates"
    if issubclass(cls, BaseException):
        return "an exception class: attrs' __init__ also calls BaseException.__init__"
    if cls.__new__ is not object.__new__:
        return "it defines __new__"
    if "__slots__" not in vars(cls):
        return "not slotted: attrs' __init__ writes a dict class's fields into its __dict__"
    if hasattr(cls, _HASH_CACHE):
        return "cache_hash=True: attrs' __init__ also resets the cached hash"
    for hook in ("__attrs_pre_init__", "__attrs_post_init__"):
        if hasattr(cls, hook):
            return f"it defines {hook}, which attrs' __init__ calls"
    for field in attrs.fields(cls):
        if not field.init:
            return f"field {field.name!r} is init=False: attrs' __init__ sets it itself"
        if field.kw_only:
            return f"field {field.name!r} is keyword-only"
        if field.validator is not None:
            return f"field {field.name!r} has a validator, which attrs' __init__ runs"
        if field.converter is not None:
            return f"field {field.name!r} has a converter, which attrs' __init__ runs"
    return None


def _field_names(cls: type) -> tuple[str, ...]:
    """The names of ``cls``'s fields, in the order of its ``__init__``'s parameters.

    Raises :class:`TypeError` if that ``__init__`` may do more than store its arguments.
    """
    reason: str | None = "not an attrs class"
    if attrs.has(cls):
        reason = _refusal(cls)
        if reason is None:
            return tuple(field.name for field in attrs.fields(cls))
    raise TypeError(f"constructor({cls.__qualname__}): {reason}")


class Constructor:
    """``cls(*values)`` for a class whose ``__init__`` only stores its fields, in order.

    A call with one value a field, by position, makes a new object and stores them; any
    other call (defaults left out, keywords) is the class's own, with its own errors.
    """

    def __init__(self, cls: type) -> None:
        #: Its fields' names, in the order of its ``__init__``'s parameters.
        self.names = _field_names(cls)
        #: The class built.
        self.cls = cls

    def __call__(self, *values: object, **named: object) -> object:
        """A new instance of :attr:`cls`, as ``cls(*values, **named)`` makes it."""
        cls, names = self.cls, self.names
        if named or len(values) != len(names):
            return cls(*values, **named)
        new: object = object.__new__(cls)
        for i in range(len(names)):
            # Compiled, a direct C call: it bypasses the frozen class's __setattr__, as
            # attrs' __init__ does.
            object.__setattr__(new, names[i], values[i])
        return new


def constructor(cls: Callable[P, T]) -> Callable[P, T]:
    """What a hot path calls to build a ``cls``: ``cls`` itself, or a :class:`Constructor`.

    Raises :class:`TypeError` (in both builds) if ``cls``'s ``__init__`` does more than
    store its fields: validators, converters, ``__attrs_pre_init__`` or
    ``__attrs_post_init__``, ``cache_hash``, fields with ``init=False`` or keyword-only,
    a ``__dict__`` class, an exception, its own ``__init__`` or ``__new__``.
    """
    if not isinstance(cls, type):
        raise TypeError(f"constructor({cls!r}): not a class")
    fast = Constructor(cls)
    BUILT.append(cls)
    if not COMPILED:
        return cls
    return cast("Callable[P, T]", fast)
