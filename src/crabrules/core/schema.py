"""JSON Schema (draft 2020-12) of a game's documents, generated from its attrs classes.

The schemas are never written by hand: :func:`game_schemas` walks the attrs fields and
type hints of the game's classes and writes, for each type, what the library's one
converter (:mod:`crabrules.core.serialize`) reads and writes for it:

- an attrs class is an object of its fields, no others (``additionalProperties: false``);
  a field with a default may be left out;
- a tagged class (an action, an event) carries its ``"type"`` tag as a constant, and a
  union of them is a ``oneOf`` told apart by that tag;
- a tuple or list is an array (``tuple[A, B]``: exactly those items); a set is an array of
  distinct items, written sorted; an enum is one of its values; ``None`` is ``null``;
- the random generator is a string of 16 hex digits;
- a field's description is its line in the class's ``Attributes:`` section as plain
  text (no reST markup: a form shows it to players), a config's option has a ``title``,
  its name in words (``first_player``: "First player"), and the
  values an attrs field lists as ``metadata={"examples": ...}`` are its ``examples`` (the
  usual values, for a form to offer; not a limit), and its ``minimum`` and ``maximum``
  (a limit: a record's seed is an int in [0, 2**64));
- the document itself (not a value inside it) carries ``format_version``, required on a
  stored document and optional on an action or event.

A schema says the shape; the rules say more. A document of the right shape may still be
refused by :func:`~crabrules.core.serialize.from_dict` with a
:class:`~crabrules.core.errors.DeserializationError` (a crab on two spaces, a card in two
hands), never with another error.

>>> import crabrules
>>> schemas = game_schemas(crabrules.get_game("crab-stack"))
>>> sorted(schemas)
['Action', 'Config', 'Event', 'GameRecord', 'Observation', 'Outcome', 'State']
>>> action = schemas["Action"]
>>> action["$schema"], [ref["$ref"] for ref in action["oneOf"]]
('https://json-schema.org/draft/2020-12/schema', ['#/$defs/Move', '#/$defs/KeepGroup'])
>>> action["$defs"]["Move"]["properties"]["type"]
{'const': 'move'}
"""

from __future__ import annotations

import enum
import re
import types
import typing
from typing import Any, Union, get_args, get_origin

import attrs

from crabrules.core.game import Game, Outcome
from crabrules.core.record import GameRecord
from crabrules.core.registry import get_game
from crabrules.core.rng import Rng
from crabrules.core.serialize import FORMAT_VERSION, TAG_FIELD, converter

__all__ = ["DIALECT", "DOCUMENTS", "game_schemas", "register_stand_in", "schema"]

#: The JSON Schema dialect of every schema.
DIALECT = "https://json-schema.org/draft/2020-12/schema"

#: The documents a game has a schema for, in the order :func:`game_schemas` gives them.
DOCUMENTS = ("Config", "State", "Action", "Observation", "Event", "Outcome", "GameRecord")

Schema = dict[str, Any]

#: The classes whose documents are written as another's: a slot a plug-in fills (a game's
#: protocol for an expansion's part of its state), by the class the plug-in fills it with.
_STAND_INS: dict[Any, Any] = {}


def register_stand_in(declared: Any, concrete: type) -> None:
    """Write the schema of ``declared`` (a protocol, a slot) as the schema of ``concrete``.

    A plug-in that registers converter hooks for a slot of the base game's documents
    registers the class it reads there too, so that the schema says what the converter reads.

    >>> from typing import Protocol
    >>> @attrs.frozen
    ... class Part:
    ...     size: int
    >>> class Slot(Protocol): ...
    >>> register_stand_in(Slot, Part)
    >>> _Walker().schema(Slot)
    {'$ref': '#/$defs/Part'}
    """
    _STAND_INS[declared] = concrete


def schema(game_id: str) -> dict[str, Schema]:
    """The JSON Schema of every document of the registered game ``game_id``, by name.

    The names are :data:`DOCUMENTS`; each value is a standalone draft 2020-12 schema.
    ``python -m crabrules schema GAME`` prints them.

    Raises:
        UnknownGameError: no game is registered as ``game_id``.

    >>> import crabrules
    >>> crabrules.schema("oh-crab")["Config"]["title"]
    'Oh Crab!: Config'
    """
    return game_schemas(get_game(game_id))


def game_schemas(game: Game[Any, Any, Any, Any]) -> dict[str, Schema]:
    """Every document type of ``game``, by name, each a standalone JSON Schema document.

    A ``GameRecord`` names this game, and holds this game's config and actions.
    """
    roots: dict[str, Any] = {
        "Config": game.config_type,
        "State": game.state_type,
        "Action": game.action_type,
        "Observation": game.observation_type,
        "Event": game.event_type,
        "Outcome": Outcome,
    }
    out: dict[str, Schema] = {}
    for name, cls in roots.items():
        walker = _Walker()
        out[name] = walker.document(cls, title=f"{game.info.name}: {name}")
    _titled(out["Config"])
    walker = _Walker()
    config, actions = walker.schema(game.config_type), walker.schema(game.action_type)
    record = walker.document(GameRecord, title=f"{game.info.name}: GameRecord")
    record["properties"].update(
        game={"const": game.info.id},
        config=config,
        actions={"type": "array", "items": actions},
    )
    out["GameRecord"] = record
    return out


def _titled(document: Schema) -> None:
    """Give each option of a config a ``title``: its name in words, for a form's label.

    Only the config's own fields (the options a form offers) get one: generators of
    types (json-schema-to-typescript) make a named type of every titled value.
    """
    for name, prop in document["properties"].items():
        if name != "format_version":
            prop["title"] = name.replace("_", " ").capitalize()


#: The schemas of the scalar types a document holds (a bool is no integer in JSON Schema
#: terms here: it is looked up by its own type, before any enum).
_SCALARS: dict[type, Schema] = {
    type(None): {"type": "null"},
    bool: {"type": "boolean"},
    int: {"type": "integer"},
    float: {"type": "number"},
    str: {"type": "string"},
    Rng: {"type": "string", "pattern": "^[0-9a-fA-F]{16}$"},
}


class _Walker:
    """Builds the schema of one document, collecting the attrs classes it meets in ``$defs``."""

    def __init__(self) -> None:
        self.defs: dict[str, Schema] = {}
        self.names: dict[type, str] = {}

    def document(self, cls: Any, *, title: str) -> Schema:
        """A standalone schema: the root type, ``format_version`` added, ``$defs`` after."""
        optional_version = _is_tagged(cls) or _is_tagged_union(cls)
        root = self._object(cls) if attrs.has(cls) else self.schema(cls)
        version: Schema = {"const": FORMAT_VERSION}
        if "properties" in root:
            root["properties"] = {"format_version": version, **root["properties"]}
            if not optional_version:
                root["required"] = ["format_version", *root.get("required", [])]
        else:  # a union: every member may carry it
            for ref in root["oneOf"]:
                member = self.defs[ref["$ref"].rsplit("/", 1)[1]]
                member["properties"] = {"format_version": version, **member["properties"]}
        head: Schema = {"$schema": DIALECT, "title": title}
        return {**head, **root, **({"$defs": self.defs} if self.defs else {})}

    def schema(self, hint: Any) -> Schema:
        """The schema of a value of type ``hint`` inside a document."""
        if isinstance(hint, type):
            hint = _STAND_INS.get(hint, hint)
        origin, args = get_origin(hint), get_args(hint)
        if hint is Any:
            return {}
        if hint is None:
            return {"type": "null"}
        if isinstance(hint, type) and hint in _SCALARS:
            return dict(_SCALARS[hint])
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return {"enum": [member.value for member in hint]}
        if origin in (Union, types.UnionType):
            return self._union(args)
        if origin is typing.Literal:
            return {"enum": list(args)}
        if origin in (tuple, list, frozenset, set, dict):
            return self._collection(origin, args)
        if attrs.has(hint):
            return {"$ref": f"#/$defs/{self._define(hint)}"}
        raise TypeError(f"no JSON Schema for {hint!r}")

    def _collection(self, origin: Any, args: tuple[Any, ...]) -> Schema:
        """The schema of a tuple, list, set, frozenset or dict of the types ``args``."""
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            items = [self.schema(a) for a in args]
            return {
                "type": "array",
                "prefixItems": items,
                "minItems": len(items),
                "maxItems": len(items),
            }
        if origin in (frozenset, set):
            return {"type": "array", "uniqueItems": True, "items": self.schema(args[0])}
        if origin is dict:
            return {"type": "object", "additionalProperties": self.schema(args[1])}
        return {"type": "array", "items": self.schema(args[0]) if args else {}}

    def _union(self, members: tuple[Any, ...]) -> Schema:
        if all(_is_tagged(m) for m in members):
            refs = [{"$ref": f"#/$defs/{self._define(m, tagged_in_union=True)}"} for m in members]
            return {"oneOf": refs}
        return {"anyOf": [self.schema(m) for m in members]}

    def _define(self, cls: type, *, tagged_in_union: bool = False) -> str:
        name = self.names.get(cls)
        if name is None:
            name = cls.__qualname__
            if name in self.defs:  # two classes of one name from different modules
                name = f"{cls.__module__.rsplit('.', 1)[-1]}.{name}"
            self.names[cls] = name
            self.defs[name] = {}
            self.defs[name] = self._object(cls)
        if tagged_in_union:
            # Inside a union the tag tells the members apart, so it must be there.
            required = self.defs[name].setdefault("required", [])
            if TAG_FIELD not in required:
                required.insert(0, TAG_FIELD)
        return name

    def _object(self, cls: type) -> Schema:
        hints = _hints(cls)
        described = _attribute_docs(cls)
        properties: Schema = {}
        required: list[str] = []
        tag = _tag_of(cls)
        if tag is not None:
            properties[TAG_FIELD] = {"const": tag}
        for field in attrs.fields(cls):
            if not field.init:
                continue
            prop = self.schema(hints[field.name])
            if field.name in described:
                prop = {"description": plain(described[field.name]), **prop}
            if "examples" in field.metadata:
                examples = [converter.unstructure(e) for e in field.metadata["examples"]]
                prop = {**prop, "examples": examples}
            bounds = {k: field.metadata[k] for k in ("minimum", "maximum") if k in field.metadata}
            prop = {**prop, **bounds}
            properties[field.name] = prop
            if field.default is attrs.NOTHING:
                required.append(field.name)
        out: Schema = {"type": "object"}
        summary = (cls.__doc__ or "").strip().split("\n\n", 1)[0].replace("\n", " ")
        if summary:
            out["description"] = plain(summary)
        out["properties"] = properties
        if required:
            out["required"] = required
        out["additionalProperties"] = False
        return out


def _hints(cls: type) -> dict[str, Any]:
    # Annotations are strings (``from __future__ import annotations``): resolve them in the
    # class's module, as attrs.resolve_types does, without changing the class.
    return typing.get_type_hints(cls)


def _tag_of(cls: Any) -> str | None:
    tag = cls.__dict__.get("TAG") if isinstance(cls, type) else None
    return tag if isinstance(tag, str) else None


def _is_tagged(cls: Any) -> bool:
    return attrs.has(cls) and _tag_of(cls) is not None


def _is_tagged_union(cls: Any) -> bool:
    return get_origin(cls) in (Union, types.UnionType) and all(
        _is_tagged(m) for m in get_args(cls)
    )


_ATTRIBUTE = re.compile(r"^ {4}(\w+): (.*)$")
#: A cross-reference in parentheses, ``(:func:`~a.b.c`)``: dropped from plain text.
_ASIDE = re.compile(r"\s*\(:\w+:`[^`]*`\)")
#: A cross-reference, ``:data:`~a.b.NAME```: its last name.
_ROLE = re.compile(r":\w+:`~?(?:[^`]*\.)?([^`.]+)`")
#: Literal text, ````None````.
_LITERAL = re.compile(r"``(.+?)``")
#: Python's constants as JSON names them.
_CONSTANTS = {"None": "none", "True": "true", "False": "false"}


def plain(text: str) -> str:
    """A docstring's line as plain text: no cross-references or literal marks.

    >>> plain("``None``: no limit (:func:`~crabrules.crab_stack._board.reference_layout`).")
    'none: no limit.'
    >>> plain(":data:`~crabrules.marche_du_crabe.beaches.BASE_BEACH` for the base game")
    'base beach for the base game'
    >>> plain('a choice of ``board`` and ``action_tiles``, e.g. ``("Aa", "Bb")``')
    'a choice of board and action tiles, e.g. ("Aa", "Bb")'
    """
    text = _ASIDE.sub("", text)
    text = _ROLE.sub(lambda m: m[1].replace("_", " ").lower() if m[1].isupper() else m[1], text)
    return _LITERAL.sub(lambda m: _CONSTANTS.get(m[1], _words(m[1])), text)


def _words(literal: str) -> str:
    # A field's name (``action_tiles``) in words; other literals ("0A", p // 2) as they are.
    return literal.replace("_", " ") if literal.isidentifier() else literal


def _attribute_docs(cls: type) -> dict[str, str]:
    """The ``Attributes:`` section of a Google-style class docstring, by field name."""
    text = _dedented(cls.__doc__ or "")
    found: dict[str, str] = {}
    inside, current = False, ""
    for line in text.splitlines():
        if line.strip() == "Attributes:":
            inside = True
            continue
        if not inside:
            continue
        match = _ATTRIBUTE.match(line)
        if match:
            current = match.group(1)
            found[current] = match.group(2).strip()
        elif line.startswith("        ") and current:
            found[current] += " " + line.strip()
        elif line.strip():
            break
    return found


def _dedented(doc: str) -> str:
    lines = doc.expandtabs().splitlines()
    body = [line for line in lines[1:] if line.strip()]
    indent = min((len(line) - len(line.lstrip()) for line in body), default=0)
    return "\n".join([lines[0].strip() if lines else "", *(line[indent:] for line in lines[1:])])
