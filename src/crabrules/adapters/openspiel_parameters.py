"""The fields of a game's ``Config`` as OpenSpiel parameters (an int, a bool or a str).

:mod:`crabrules.adapters.openspiel` gives its pyspiel games these parameters (see its
"Parameters"); this module needs no ``pyspiel``, so the forms can be read and checked
without it.

>>> parameters = config_parameters("oh-crab")
>>> parameters["modules"].write({"surprises", "asymmetry"})
'asymmetry+surprises'
>>> sorted(parameters["modules"].read("asymmetry+surprises"))
['asymmetry', 'surprises']
"""

from __future__ import annotations

import functools
import json
import typing
from collections.abc import Iterator
from typing import Any

import attrs

from crabrules.core import get_game
from crabrules.core.errors import InvalidConfigError
from crabrules.core.serialize import converter, describe_error

__all__ = ["DEFAULT", "Parameter", "config_parameters"]

#: OpenSpiel's game strings (``name(key=value,...)``) reserve these characters.
_RESERVED = frozenset(",()=")


@attrs.frozen
class Parameter:
    """How one ``Config`` field is a pyspiel parameter (an int, a bool or a str).

    Attributes:
        name: the field's name, which is the parameter's.
        form: ``"plain"`` (an int, bool or str field: itself), ``"names"`` (a set of
            names: joined by ``+``), ``"optional"`` (``int | None`` or ``str | None``:
            ``-1`` or ``""`` is ``None``) or ``"json"`` (any other value: its JSON, as a
            saved game writes it, with ``;`` for ``,``; ``""`` is the ``Config``'s default).
        hint: the field's type.
        default: the parameter's default, the ``Config``'s default written in this form.

    >>> parameters = config_parameters("crab-stack")
    >>> [(p.name, p.form, p.default) for p in parameters.values()][:3]
    [('players', 'plain', 2), ('colours', 'json', ''), ('first_player', 'optional', -1)]
    >>> parameters["layout"].write(((0, 0), (1, 0)))
    '[[0;0];[1;0]]'
    >>> parameters["layout"].read('[[0;0];[1;0]]')
    ((0, 0), (1, 0))
    """

    name: str
    form: str
    hint: Any
    default: int | bool | str

    def write(self, value: Any) -> int | bool | str:
        """``value`` (a value of the field) as this parameter.

        Raises:
            InvalidConfigError: a name holds a character OpenSpiel's game strings reserve.
        """
        if self.form == "names":
            names = [str(getattr(n, "value", n)) for n in value]
            _check_writable(self.name, value, names, "+")
            return "+".join(sorted(names))
        if self.form == "json":
            data = converter.unstructure(value, self.hint)
            _check_writable(self.name, value, list(_strings(data)), ";")
            return json.dumps(data, separators=(",", ":")).replace(",", ";")
        if value is None:
            return _NONE[self.hint]
        if isinstance(value, str):
            _check_writable(self.name, value, [value], "")
        return typing.cast("int | bool | str", value)

    def read(self, value: int | bool | str) -> Any:
        """The field's value for the parameter ``value``; :data:`DEFAULT`: the default.

        Raises:
            InvalidConfigError: the text is not the JSON of a value of the field.
        """
        if self.form == "names":
            return frozenset(n for n in str(value).split("+") if n)
        if self.form == "optional":
            return None if value == _NONE[self.hint] else value
        if self.form == "json" and isinstance(value, str):
            if not value:
                return DEFAULT
            try:
                return converter.structure(json.loads(value.replace(";", ",")), self.hint)
            except Exception as error:  # json's and cattrs' errors, named for the field
                raise InvalidConfigError(
                    f"{self.name}: not the JSON of a {self.hint} ({describe_error(error)}), "
                    f"{value!r}"
                ) from None
        return value


def _check_writable(name: str, value: Any, texts: list[str], separator: str) -> None:
    """Refuse texts an OpenSpiel game string cannot hold, or that hold our ``separator``."""
    reserved = _RESERVED | set(separator)
    if any(reserved & set(text) for text in texts):
        raise InvalidConfigError(
            f"{name}: {value!r} cannot be written in an OpenSpiel game string, which "
            f"reserves {' '.join(sorted(reserved))} here"
        )


def _strings(data: Any) -> Iterator[str]:
    """Every string inside ``data``, a JSON-ready value (keys included)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, item in data.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)


#: :meth:`Parameter.read`'s answer for "the ``Config``'s default".
DEFAULT: Any = attrs.NOTHING

#: The parameter that stands for ``None`` in an optional int or str field.
_NONE: dict[Any, int | str] = {int: -1, str: ""}


@functools.cache
def config_parameters(game_id: str) -> dict[str, Parameter]:
    """Every field of the game's ``Config`` as a pyspiel parameter, in field order.

    >>> list(config_parameters("youve-got-crabs"))  # doctest: +NORMALIZE_WHITESPACE
    ['teams', 'types', 'copies', 'removed_types', 'first_side', 'imitation_crab', 'seating']
    """
    config_type = get_game(game_id).config_type
    hints = typing.get_type_hints(config_type)
    default = config_type()
    out: dict[str, Parameter] = {}
    for field in attrs.fields(config_type):
        hint, value = hints[field.name], getattr(default, field.name)
        options = set(typing.get_args(hint)) - {type(None)}
        if hint in (int, bool, str):
            out[field.name] = Parameter(field.name, "plain", hint, value)
        elif typing.get_origin(hint) is frozenset:
            parameter = Parameter(field.name, "names", hint, "")
            out[field.name] = attrs.evolve(parameter, default=parameter.write(value))
        elif type(None) in typing.get_args(hint) and len(options) == 1 and options <= {int, str}:
            (kind,) = options
            parameter = Parameter(field.name, "optional", kind, "")
            out[field.name] = attrs.evolve(parameter, default=parameter.write(value))
        else:
            out[field.name] = Parameter(field.name, "json", hint, "")
    return out
