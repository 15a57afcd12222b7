"""What the Adventure Pack's documents share: steps, enum members and required modules.

``adventure.json``'s tokens, Events, rewards and Asymmetry cards all list their effects as
steps and name modules they require; :mod:`~crabrules.oh_crab.content.adventure` and
:mod:`~crabrules.oh_crab.content.asymmetry` read them here.

>>> parse_steps(("take_shell", {"do": "move_forward", "count": 2}), "here", own_turn=True)
(<Primitive.TAKE_SHELL: 'take_shell'>, <Primitive.MOVE_FORWARD: 'move_forward'>, \
<Primitive.MOVE_FORWARD: 'move_forward'>)
"""

from __future__ import annotations

from typing import Any, TypeVar

from crabrules.core.errors import ContentError
from crabrules.oh_crab.content.modules import Module
from crabrules.oh_crab.content.primitives import INTERNAL, Primitive

__all__ = ["MAX_COUNT", "OWN_TURN_ONLY", "parse_enum", "parse_modules", "parse_steps"]

T = TypeVar("T")

#: The most times a step may repeat.
MAX_COUNT = 9

#: Steps that only make sense in their owner's own turn: Head Down! lasts "until the end of
#: your turn" and Doping! gives the turn actions. Content that may act in another player's
#: turn (immediate tokens, Events, rewards) cannot name them.
OWN_TURN_ONLY = frozenset({Primitive.IGNORE_NEGATIVE_SPACES, Primitive.ADD_CARD_TO_TRACE})


def parse_enum(cls: type[T], value: str, what: str, where: str) -> T:
    """Read ``value`` as a member of the enum ``cls``.

    Raises:
        ContentError: ``value`` is no member (``what`` names the kind, ``where`` the place).

    >>> parse_enum(Module, "events", "module", "here")
    <Module.EVENTS: 'events'>
    """
    try:
        return cls(value)  # type: ignore[call-arg]
    except ValueError:
        raise ContentError(f"{where}: unknown {what} {value!r}") from None


def parse_steps(docs: tuple[Any, ...], where: str, *, own_turn: bool) -> tuple[Primitive, ...]:
    """Read a list of steps: names, or ``{"do": name, "count": n}`` objects.

    Raises:
        ContentError: an unknown or internal primitive, a bad count, a step that needs its
            owner's own turn where the effect may act in another's, or no step at all.
    """
    if not docs:
        raise ContentError(f"{where}: no steps")
    out: list[Primitive] = []
    for k, doc in enumerate(docs, 1):
        at = f"{where} step {k}"
        count = 1
        if isinstance(doc, dict):
            unknown = set(doc) - {"do", "count"}
            if unknown or "do" not in doc:
                raise ContentError(f"{at}: a step object has 'do' and may have 'count'")
            name, count = doc["do"], doc.get("count", 1)
            if type(count) is not int or not 1 <= count <= MAX_COUNT:
                raise ContentError(f"{at}: count must be 1 to {MAX_COUNT}, not {count!r}")
        else:
            name = doc
        if type(name) is not str:
            raise ContentError(f"{at}: a primitive name, not {name!r}")
        primitive = parse_enum(Primitive, name, "primitive", at)
        if primitive in INTERNAL:
            raise ContentError(f"{at}: {name!r} is the rules' own step, not for content")
        if primitive in OWN_TURN_ONLY and not own_turn:
            raise ContentError(f"{at}: {name!r} needs its owner's own turn")
        out.extend([primitive] * count)
    return tuple(out)


def parse_modules(names: tuple[str, ...], where: str) -> tuple[Module, ...]:
    """Read the modules an item ``requires``.

    Raises:
        ContentError: an unknown module, or one named twice.
    """
    modules = tuple(parse_enum(Module, n, "module", where) for n in names)
    if len(set(modules)) != len(modules):
        raise ContentError(f"{where}: a module is required twice")
    return modules
