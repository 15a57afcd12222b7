"""One converter for the whole library: values to JSON and back, exactly.

Every ``Config``, ``State``, action, ``Observation``, :class:`~crabrules.core.game.Outcome`
and :class:`~crabrules.core.record.GameRecord` round-trips:
``from_json(to_json(x), type(x)) == x``. A document is a JSON object that carries
``format_version``; actions carry a ``"type"`` tag, declared on each action class as
``TAG`` and never derived from the class name, so a front end in any language can build
an action as plain JSON and renaming a class never breaks a saved game.

>>> from crabrules import crab_stack
>>> action = crab_stack.Move(player=0, src=3, dst=5)
>>> text = to_json(action)
>>> text
'{"format_version":1,"type":"move","player":0,"src":3,"dst":5}'
>>> from_json(text, crab_stack.Action) == action
True

Malformed input of any shape raises :class:`~crabrules.core.errors.DeserializationError`
naming where the problem is, in time linear in the document's size and with a message of
bounded length: an array is read up to its first bad item, values are quoted shortly, and
a document with a duplicate key, a number that is not finite or a nesting deeper than the
parser's stack is refused:

>>> from_json('{"format_version":1,"type":"move","player":"zero","src":3,"dst":5}',
...           crab_stack.Action)
Traceback (most recent call last):
...
crabrules.core.errors.DeserializationError: expected an int, got 'zero' @ $.player
"""

from __future__ import annotations

import enum
import json
import math
from collections.abc import Callable, Mapping
from types import UnionType
from typing import Any, TypeVar, Union, get_args, get_origin, overload

import attrs
import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from crabrules.core.errors import DeserializationError, NotSerializableError, quote
from crabrules.core.rng import SEED_LIMIT, Rng

__all__ = [
    "FORMAT_VERSION",
    "MAX_MESSAGE",
    "MAX_STRING",
    "TAG_FIELD",
    "converter",
    "describe_error",
    "from_dict",
    "from_json",
    "register_check",
    "to_dict",
    "to_json",
]

T = TypeVar("T")

#: The document format this version of the library writes. A document of a newer format
#: is refused; an older one is upgraded by :data:`_UPGRADES` or refused with the reason.
FORMAT_VERSION = 1

#: The key that names a tagged class (an action) inside a document.
TAG_FIELD = "type"

#: The longest error message a document can produce, in characters.
MAX_MESSAGE = 1000


converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
"""The library's one cattrs converter. Games register their hooks on it at import."""

# Older formats and how to bring them up to date: version -> upgrade to version + 1.
# Empty while format 1 is the only one ever written.
_UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}

_CHECKS: dict[type, Callable[[Any], None]] = {}


def register_check(cls: type[T], check: Callable[[T], None]) -> None:
    """Run ``check`` on every ``cls`` loaded as a whole document.

    Type-correct data can still describe an impossible value (a crab stacked on open
    water); a game registers a check for its ``State`` so such a document is refused at the
    boundary instead of failing deep inside the rules later. ``check`` raises
    ``ValueError`` with a sentence saying what is wrong.
    """
    _CHECKS[cls] = check


# --- strict primitives: JSON's types, with no silent coercion ("3" is not 3) ---------------


def _strict(kind: type, name: str) -> Callable[[Any, type], Any]:
    def structure(value: Any, target: type) -> Any:
        # bool is an int subclass; it is only accepted where a bool is expected.
        if type(value) is not kind:
            raise TypeError(f"expected {name}, got {quote(value)}")
        # A str- or int-valued Enum is dispatched here as a str or int subclass.
        return value if target is kind else target(value)

    return structure


def _structure_float(value: Any, _: type) -> float:
    if type(value) not in (int, float):
        raise TypeError(f"expected a number, got {quote(value)}")
    number = float(value)
    if not math.isfinite(number):  # 1e309 reads as infinity, and JSON has no such number
        raise ValueError(f"expected a finite number, got {quote(value)}")
    return number


#: The longest string a document may hold: names, ids and versions are short, and a
#: string of megabytes in a field is an attack, not a name.
MAX_STRING = 1000


def _structure_str(value: Any, target: type) -> Any:
    if type(value) is not str:
        raise TypeError(f"expected a string, got {quote(value)}")
    if len(value) > MAX_STRING:
        raise ValueError(f"a string of at most {MAX_STRING} characters, got {quote(value)}")
    return value if target is str else target(value)


converter.register_structure_hook(int, _strict(int, "an int"))
converter.register_structure_hook(str, _structure_str)
converter.register_structure_hook(bool, _strict(bool, "true or false"))
converter.register_structure_hook(float, _structure_float)


def _plain(value: Any) -> Any:
    # A str- or int-valued Enum is dispatched as a str or int; write its plain value.
    return value.value if isinstance(value, enum.Enum) else value


converter.register_unstructure_hook(str, _plain)
converter.register_unstructure_hook(int, _plain)


def _is_set(cls: Any) -> bool:
    return cls in (frozenset, set) or get_origin(cls) in (frozenset, set)


def _sorted_list(value: Any) -> list[Any]:
    # Sets become sorted lists, so the same value always gives the same bytes: numbers or
    # strings in their natural order, anything else (objects) by its JSON text.
    items = [converter.unstructure(v) for v in value]
    try:
        return sorted(items)
    except TypeError:
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))


converter.register_unstructure_hook_func(_is_set, _sorted_list)


# --- arrays: read up to the first bad item ---------------------------------------------------
#
# cattrs' own hooks read any iterable (a string is one, character by character) and report
# every bad item; for a hostile document that is one error per character. These accept
# only an array, and stop at the first bad item.


def _is_array(cls: Any) -> bool:
    return get_origin(cls) in (tuple, list, frozenset, set)


def _structure_array(cls: Any) -> Callable[[Any, Any], Any]:
    origin, args = get_origin(cls), get_args(cls)
    fixed = origin is tuple and not (len(args) == 2 and args[1] is ...)
    item_types: tuple[Any, ...] | None = args if fixed else None
    item_type: Any = None if fixed else args[0]

    def structure(value: Any, _: Any) -> Any:
        if type(value) not in (list, tuple):  # a string or an object is no array
            raise TypeError(f"expected an array, got {quote(value)}")
        if item_types is not None and len(value) != len(item_types):
            raise ValueError(f"expected an array of {len(item_types)} items, got {len(value)}")
        items = []
        for index, item in enumerate(value):
            target = item_type if item_types is None else item_types[index]
            try:
                items.append(converter.structure(item, target))
            except Exception as error:
                note = IterableValidationNote(f"item {index}", index, target)
                # How cattrs marks an item's error, so transform_error names its index.
                error.__notes__ = [*getattr(error, "__notes__", []), note]  # type: ignore[attr-defined,unused-ignore]
                raise IterableValidationError(f"in {cls!r}", [error], cls) from None
        return items if origin is list else origin(items)

    return structure


converter.register_structure_hook_factory(_is_array, _structure_array)


# --- the random generator: a hex string, exact in every JSON reader -------------------------


def _structure_rng(value: Any, _: type) -> Rng:
    if type(value) is not str or len(value) != 16:
        raise TypeError(f"expected a 16-digit hex string, got {quote(value)}")
    try:
        state = int(value, 16)
    except ValueError:
        raise TypeError(f"expected a 16-digit hex string, got {quote(value)}") from None
    if not 0 <= state < SEED_LIMIT:  # pragma: no cover - 16 hex digits always fit
        raise TypeError(f"generator state out of range: {value!r}")
    return Rng(state)


converter.register_unstructure_hook(Rng, lambda rng: format(rng.state, "016x"))
converter.register_structure_hook(Rng, _structure_rng)


# --- tagged classes and unions of them --------------------------------------------------------


def _tag_of(cls: Any) -> str | None:
    tag = cls.__dict__.get("TAG") if isinstance(cls, type) else None
    return tag if isinstance(tag, str) else None


def _is_tagged(cls: Any) -> bool:
    return attrs.has(cls) and _tag_of(cls) is not None


def _unstructure_tagged(cls: type) -> Callable[[Any], dict[str, Any]]:
    tag = _tag_of(cls)
    fields: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(cls, converter)

    def unstructure(value: Any) -> dict[str, Any]:
        return {TAG_FIELD: tag, **fields(value)}

    return unstructure


def _structure_tagged(cls: type) -> Callable[[Any, type], Any]:
    tag = _tag_of(cls)
    fields: Callable[[Any, type], Any] = make_dict_structure_fn(cls, converter)

    def structure(value: Any, _: type) -> Any:
        if not isinstance(value, Mapping):
            raise TypeError(f"expected an object for {tag!r}, got {quote(value)}")
        value = dict(value)
        found = value.pop(TAG_FIELD, tag)
        if found != tag:
            raise ValueError(f"expected {TAG_FIELD} {tag!r}, got {quote(found)}")
        return fields(value, cls)

    return structure


converter.register_unstructure_hook_factory(_is_tagged, _unstructure_tagged)
converter.register_structure_hook_factory(_is_tagged, _structure_tagged)


def _is_tagged_union(cls: Any) -> bool:
    if get_origin(cls) not in (Union, UnionType):
        return False
    return all(_is_tagged(member) for member in get_args(cls))


def _structure_tagged_union(union: Any) -> Callable[[Any, Any], Any]:
    by_tag: dict[str, type] = {}
    for member in get_args(union):
        tag = _tag_of(member)
        assert tag is not None
        if tag in by_tag:
            raise TypeError(f"tag {tag!r} names both {by_tag[tag]} and {member}")
        by_tag[tag] = member

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, Mapping):
            raise TypeError(f"expected an object with a {TAG_FIELD!r}, got {quote(value)}")
        tag = value.get(TAG_FIELD)
        member = by_tag.get(tag) if isinstance(tag, str) else None
        if member is None:
            known = ", ".join(sorted(by_tag))
            raise ValueError(f"unknown {TAG_FIELD} {quote(tag)}; expected one of: {known}")
        return converter.structure(value, member)

    return structure


converter.register_structure_hook_factory(_is_tagged_union, _structure_tagged_union)


# --- documents ----------------------------------------------------------------------------------


def to_dict(value: Any) -> Any:
    """``value`` as a JSON-ready document: plain dicts, lists, strings and numbers.

    A value gives a ``dict``; a list or tuple of values (what ``legal_actions`` returns)
    gives a list of them.

    >>> from crabrules.core.game import Outcome
    >>> to_dict(Outcome(winners=frozenset({1}), draw=False, scores=(0, 1), reason="x"))
    {'format_version': 1, 'winners': [1], 'draw': False, 'scores': [0, 1], 'reason': 'x'}
    """
    if isinstance(value, (list, tuple)):
        return [_document(item) for item in value]
    return _document(value)


def _document(value: Any) -> dict[str, Any]:
    body = converter.unstructure(value)
    if not isinstance(body, dict):
        raise TypeError(f"only attrs values are documents, not {type(value).__name__}")
    return {"format_version": FORMAT_VERSION, **body}


def to_json(value: Any, *, indent: int | None = None) -> str:
    """``value`` (or a list or tuple of values) as JSON; the same value gives the same text.

    >>> from crabrules import crab_stack
    >>> to_json(crab_stack.legal_actions(crab_stack.initial_state(seed=1))[:1])
    '[{"format_version":1,"type":"move","player":1,"src":0,"dst":3}]'
    """
    separators = (",", ":") if indent is None else (",", ": ")
    document = to_dict(value)
    try:
        return json.dumps(document, indent=indent, separators=separators, allow_nan=False)
    except ValueError as error:  # a number that is not finite: JSON has none
        raise NotSerializableError(
            f"{type(value).__name__} has no JSON document: {error}"
        ) from None


@overload
def from_dict(data: object, cls: type[T]) -> T: ...
@overload
def from_dict(data: object, cls: Any) -> Any: ...
def from_dict(data: object, cls: Any) -> Any:
    """Rebuild a value of type ``cls`` (a class or a union of actions) from a document.

    ``cls`` may also be ``tuple[X, ...]`` or ``list[X]``, for a list of documents of ``X``.
    Every stored document (a State, Config, Observation, GameRecord) must carry
    ``format_version``; an action or an event may leave it out, meaning this library's
    format, so a front end can post ``{"type": "move", ...}`` as it is.

    Raises:
        DeserializationError: the document is not a valid ``cls``; the message says where.

    >>> from crabrules import crab_stack
    >>> from_dict({"type": "move", "player": 1, "src": 0, "dst": 3}, crab_stack.Action)
    Move(player=1, src=0, dst=3)
    >>> from_dict({"type": "mvoe", "player": 1}, crab_stack.Action)
    Traceback (most recent call last):
    ...
    crabrules.core.errors.DeserializationError: unknown type 'mvoe'; expected one of: \
keep_group, move @ $
    """
    return _from_dict(data, cls, "$")


def _from_dict(data: object, cls: Any, path: str) -> Any:
    if get_origin(cls) in (tuple, list):
        return _from_list(data, cls, path)
    if not isinstance(data, Mapping):
        raise DeserializationError(f"expected a JSON object, got {type(data).__name__} @ {path}")
    body = _upgrade(dict(data), path, optional=_is_tagged(cls) or _is_tagged_union(cls))
    try:
        value = converter.structure(body, cls)
    except Exception as error:  # the boundary: every failure becomes one typed error
        raise DeserializationError(describe_error(error, path)) from error
    check = _CHECKS.get(type(value))
    if check is not None:
        try:
            check(value)
        except ValueError as error:
            raise DeserializationError(_bounded(f"{error} @ {path}")) from error
    return value


def _from_list(data: object, cls: Any, path: str) -> tuple[Any, ...] | list[Any]:
    args = get_args(cls)
    homogeneous = len(args) == 1 if get_origin(cls) is list else len(args) == 2 and args[1] is ...
    if not homogeneous:
        raise TypeError(f"from_dict reads tuple[X, ...] or list[X], not {cls!r}")
    if not isinstance(data, list):
        raise DeserializationError(f"expected a JSON array, got {type(data).__name__} @ {path}")
    items = [_from_dict(item, args[0], f"{path}[{i}]") for i, item in enumerate(data)]
    return items if get_origin(cls) is list else tuple(items)


@overload
def from_json(text: str | bytes, cls: type[T]) -> T: ...
@overload
def from_json(text: str | bytes, cls: Any) -> Any: ...
def from_json(text: str | bytes, cls: Any) -> Any:
    """Rebuild a value of type ``cls`` from :func:`to_json`'s text.

    >>> from crabrules import crab_stack
    >>> from_json('[{"type":"move","player":1,"src":0,"dst":3}]', tuple[crab_stack.Action, ...])
    (Move(player=1, src=0, dst=3),)
    >>> from_json("[1, 2", dict)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crabrules.core.errors.DeserializationError: not JSON: Expecting ',' delimiter: ...
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise DeserializationError(f"expected JSON text, got {type(text).__name__}")
    try:
        data = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_unique_keys)
    except RecursionError:  # the parser's stack ends it, in time linear in the depth
        raise DeserializationError("not JSON this library reads: nested too deep") from None
    except (ValueError, TypeError) as error:
        raise DeserializationError(_bounded(f"not JSON: {error}")) from None
    return from_dict(data, cls)


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # Python keeps the last of two equal keys; a document that says two things is refused.
    body = dict(pairs)
    if len(body) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise ValueError(f"the key {quote(twice)} appears twice in one object")
    return body


def _upgrade(body: dict[str, Any], path: str, *, optional: bool) -> dict[str, Any]:
    version = body.pop("format_version", FORMAT_VERSION if optional else None)
    if version is None:
        raise DeserializationError(f"missing format_version @ {path}")
    if type(version) is not int or version < 1:
        raise DeserializationError(f"format_version must be an int >= 1, got {version!r} @ {path}")
    if version > FORMAT_VERSION:
        raise DeserializationError(
            f"format_version {version} is newer than this library reads ({FORMAT_VERSION}); "
            f"upgrade crabrules @ {path}"
        )
    while version < FORMAT_VERSION:
        upgrade = _UPGRADES.get(version)
        if upgrade is None:
            raise DeserializationError(f"format_version {version} can no longer be read @ {path}")
        body = upgrade(body)
        version += 1
    return body


def describe_error(error: Exception, path: str = "$") -> str:
    """One line naming the problems cattrs found and where (``... @ $.board[3]``).

    The line names at most :data:`_MAX_PROBLEMS` problems and is at most
    :data:`MAX_MESSAGE` characters long.
    """
    if isinstance(error, cattrs.BaseValidationError):
        messages = cattrs.transform_error(error, path, format_exception=_format_exception)
        more = len(messages) - _MAX_PROBLEMS
        shown = "; ".join(messages[:_MAX_PROBLEMS])
        return _bounded(shown if more <= 0 else f"{shown}; and {more} more")
    text = str(error)
    return _bounded(text if " @ $" in text else f"{text} @ {path}")


#: The most problems one message names.
_MAX_PROBLEMS = 5


def _bounded(text: str) -> str:
    if len(text) <= MAX_MESSAGE:
        return text
    return f"{text[: MAX_MESSAGE - 40]}... ({len(text)} characters in all)"


def _format_exception(error: BaseException, _type: Any) -> str:
    if isinstance(error, KeyError):
        return f"required field missing {error}"
    if isinstance(error, cattrs.ForbiddenExtraKeysError):
        extra = sorted(error.extra_fields)
        names = [key if len(key) <= 60 else quote(key) for key in extra[:_MAX_PROBLEMS]]
        more = ", ..." if len(extra) > _MAX_PROBLEMS else ""
        return f"unknown field(s) {', '.join(names)}{more}"
    return str(error)
