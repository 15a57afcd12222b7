"""Structure hooks for the game's enums, so that loaded documents hold enum members.

The core converter's strict ``str`` hook also catches ``(str, Enum)`` subclasses, which
would load ``"wave"`` as a plain string instead of :attr:`Icon.WAVE`. Registering each
enum class directly takes precedence over the ``str`` hook.

>>> from crabrules.core import from_json, to_json
>>> from crabrules.marche_du_crabe.beaches import HIGH_TIDE, Beach
>>> from_json(to_json(HIGH_TIDE), Beach).flip
frozenset({<Icon.WAVE: 'wave'>})
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

from crabrules.core.serialize import converter
from crabrules.marche_du_crabe.beaches import Modifier
from crabrules.marche_du_crabe.content import Icon
from crabrules.marche_du_crabe.state import Termination

__all__: list[str] = []

E = TypeVar("E", bound=enum.Enum)


def _structure_enum(value: Any, cls: type[E]) -> E:
    if type(value) is not str:
        raise TypeError(f"expected a string, got {value!r}")
    return cls(value)


for _enum in (Icon, Modifier, Termination):
    converter.register_structure_hook(_enum, _structure_enum)
