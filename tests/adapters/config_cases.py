"""Configs that set every field of every encoded game's ``Config``, for the adapters' tests.

Each case is a game and keyword arguments as its ``Config`` takes them, with a value other
than the default where the field has one. Together they set every field (a test checks
that, so a new ``Config`` field must be added here), every Adventure Pack module alone
and every variant with its module.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

# The encodings need the rl extra; without it (nox -s tests) this module is skipped as the
# adapters' tests that import it are.
pytest.importorskip("numpy")

from crabrules import marche_du_crabe
from crabrules.core import get_game
from crabrules.encoding import ENCODED_GAMES
from crabrules.oh_crab.content._primitives import Module, Variant
from crabrules.youve_got_crabs._config import REFERENCE_TYPES

#: 18 connected spaces in 3 rows of 6: a two-player Crab Stack board that is not the
#: reference one.
_STRIP = tuple((q, r) for r in range(3) for q in range(6))

CASES: list[tuple[str, dict[str, Any]]] = [
    ("crab-stack", {"players": 3}),
    ("crab-stack", {"players": 4, "first_player": 3, "max_turns": 40}),
    ("crab-stack", {"colours": ("coral", "teal"), "layout": _STRIP}),
    ("la-marche-du-crabe", {"players": 2, "shrimps": 3}),
    ("la-marche-du-crabe", {"beach": marche_du_crabe.beaches.HIGH_TIDE}),
    ("la-marche-du-crabe", {"layout": marche_du_crabe.initial_state(seed=3).layout}),
    ("youve-got-crabs", {"teams": 3, "copies": 5, "first_side": 1, "imitation_crab": True}),
    ("youve-got-crabs", {"types": REFERENCE_TYPES[:11], "removed_types": ("Crabbi",)}),
    ("youve-got-crabs", {"removed_types": (), "seating": (0, 1, 1, 0)}),
    ("oh-crab", {"players": 2, "colours": ("blue", "green", "red", "orange")}),
    ("oh-crab", {"players": 5, "scenario": "pirate-island", "quick": True}),
    (
        "oh-crab",
        {
            "players": 3,
            "scenario": None,
            "board": ("0A", "1B", "4A", "2A", "9B"),
            "action_tiles": ("Aa", "Bb", "Da"),
            "content": "reference",
        },
    ),
    *[("oh-crab", {"players": 2, "modules": {module}}) for module in Module],
    *[("oh-crab", {"modules": {variant.module}, "variants": {variant}}) for variant in Variant],
]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    """A short test id: the game and the fields set, with the names of sets of names."""
    game_id, config = case

    def value(v: Any) -> str:
        if isinstance(v, (set, frozenset)):
            return "=" + "+".join(sorted(str(getattr(n, "value", n)) for n in v))
        return ""

    return f"{game_id}:" + ",".join(f"{name}{value(v)}" for name, v in config.items())


def config_of(game_id: str, config: dict[str, Any]) -> Any:
    """The game's ``Config`` of the case."""
    return get_game(game_id).config_type(**config)


def fields_of(game_id: str) -> list[str]:
    """The names of the game's ``Config`` fields, in order."""
    return [field.name for field in attrs.fields(get_game(game_id).config_type)]


def uncovered() -> dict[str, set[str]]:
    """Each game's ``Config`` fields that no case sets (none, or a test fails)."""
    out = {}
    for game_id in ENCODED_GAMES:
        covered = {name for g, config in CASES if g == game_id for name in config}
        out[game_id] = set(fields_of(game_id)) - covered
    return out
