"""The classes the engines build field by field (``core.construct``) build what they would.

The compiled engines build every new state with a :class:`~crabrules.core.construct.Constructor`
instead of the class's own ``__init__``. For every game, every object of such a class in
its random games, built again both ways from its fields, gives the same object; in the
compiled wheel (``nox -s compiled``) the constructor tested is the native one.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from crabrules.core import to_json
from crabrules.core.construct import BUILT, Constructor
from tests.conformance.common import GAMES, AnyGame, conformance, playouts, sample


def built_classes(game: AnyGame) -> tuple[type, ...]:
    """The classes of ``game``'s package that its engines build through ``constructor``."""
    package = game.state_type.__module__.rpartition(".")[0]
    return tuple(dict.fromkeys(c for c in BUILT if c.__module__.startswith(f"{package}.")))


BUILDING = [game for game in GAMES if built_classes(game)]


def attrs_objects(value: Any) -> Iterator[Any]:
    """``value`` and every attrs object in its fields, tuples and frozensets, depth first."""
    if attrs.has(type(value)):
        yield value
        for field in attrs.fields(type(value)):
            yield from attrs_objects(getattr(value, field.name))
    elif isinstance(value, (tuple, frozenset)):
        for item in value:
            yield from attrs_objects(item)


def test_every_game_of_the_library_builds_its_states_field_by_field() -> None:
    library = [g for g in GAMES if g.state_type.__module__.startswith("crabrules.")]
    assert library
    assert all(g.state_type in built_classes(g) for g in library)


@pytest.mark.parametrize("game", BUILDING, ids=[g.info.id for g in BUILDING])
@conformance
@given(data=st.data())
def test_an_object_built_field_by_field_equals_the_one_its_class_builds(
    game: AnyGame, data: st.DataObject
) -> None:
    # Every class built field by field, core's too (La Marche du Crabe builds its Rng so).
    classes = frozenset(BUILT)
    playout, rnd = data.draw(playouts(game))
    for state in sample(playout, rnd):
        for obj in attrs_objects(state):
            cls = type(obj)
            if cls not in classes:
                continue
            values = tuple(getattr(obj, field.name) for field in attrs.fields(cls))
            built, own = Constructor(cls)(*values), cls(*values)
            assert type(built) is cls
            assert built == own == obj
            assert hash(built) == hash(own)
            assert repr(built) == repr(own)
            if cls is game.state_type:
                assert to_json(built) == to_json(state)
