"""Build Module 4 (Asymmetry) positions by hand."""

from __future__ import annotations

from collections.abc import Sequence

from crabrules.oh_crab import Config, Observation, State
from crabrules.oh_crab.adventure._model import Asymmetry, SpiedCard
from tests.oh_crab.adventure_helpers import pack, part


def skill(name: str) -> int:
    """An Asymmetry card's id from its content id."""
    return next(i for i, c in enumerate(pack().asymmetry) if c.id == name)


def asym(
    config: Config,
    chosen: Sequence[str],
    pincers: Sequence[int] | None = None,
    spied: Sequence[Sequence[SpiedCard]] | None = None,
) -> Asymmetry:
    """Every crab's card chosen (by content id, per crab), the rest in the box.

    ``pincers``: per crab (default: each card's starting number).
    """
    cards = tuple(skill(name) for name in chosen)
    left = (
        tuple(pincers)
        if pincers is not None
        else tuple(pack().asymmetry[c].pincers for c in cards)
    )
    box = tuple(c for c in range(len(pack().asymmetry)) if c not in cards)
    mine = tuple(tuple(s) for s in (spied or [()] * config.players))
    return Asymmetry(((),) * config.players, cards, left, box, mine)


def asy(state: State | Observation) -> Asymmetry:
    """Module 4's part of a state or an observation."""
    asymmetry = part(state).asymmetry
    assert asymmetry is not None
    return asymmetry
