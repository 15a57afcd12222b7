"""Memory that the library keeps per config is bounded: configs made on the fly are let go.

Each game derives tables from its config (seating, decks, geometry, the rules of a module
mix) and keeps them for the configs used last (:data:`crabrules.core.memo.CONFIGS_KEPT`).
Here 10,000 distinct configs (Oh Crab!, whose colours come from a palette, has fewer:
every ordering of its colours and every module mix) are played and loaded one after
another; the memory blocks held afterwards must not grow with their number.
"""

from __future__ import annotations

import gc
import itertools
import sys
from collections.abc import Callable
from typing import Any

import pytest

from crabrules import crab_stack, from_json, oh_crab, to_json, youve_got_crabs
from crabrules.core.memo import CONFIGS_KEPT
from crabrules.oh_crab.content._loading import get_content

CONFIGS = 10_000
#: The memory blocks that may stay after the warm-up (the first configs fill the
#: caches); one config's tables alone take tens of thousands.
GROWTH = 5_000

TYPES = youve_got_crabs.Config().types


def _youve_got_crabs(i: int) -> Any:
    return youve_got_crabs.Config(types=(*TYPES[:-1], f"crab {i}"))


def _crab_stack(i: int) -> Any:
    return crab_stack.Config(colours=("red", f"colour {i}"))


_OH_CRAB_CONFIGS = [
    oh_crab.Config(players=3, colours=colours, modules=frozenset(modules))
    for colours in itertools.permutations(get_content("reference").colours, 3)
    for modules in ((), ("events",), ("surprises",), ("challenges",))
]


def _oh_crab(i: int) -> Any:
    return _OH_CRAB_CONFIGS[i % len(_OH_CRAB_CONFIGS)]


@pytest.mark.parametrize(
    ("game", "config_of"),
    [
        (youve_got_crabs, _youve_got_crabs),
        (crab_stack, _crab_stack),
        (oh_crab, _oh_crab),
    ],
    ids=["youve-got-crabs", "crab-stack", "oh-crab"],
)
def test_ten_thousand_configs_keep_no_more_memory_than_a_few(
    game: Any, config_of: Callable[[int], Any]
) -> None:
    def use(i: int) -> None:
        state = game.initial_state(config_of(i), seed=i)
        state = game.apply(state, game.legal_actions(state)[0])
        from_json(to_json(state), game.State)

    count = CONFIGS if game is not oh_crab else len(_OH_CRAB_CONFIGS)
    for i in range(2 * CONFIGS_KEPT):  # the caches fill up
        use(i)
    gc.collect()
    before = sys.getallocatedblocks()
    for i in range(2 * CONFIGS_KEPT, count):
        use(i)
    gc.collect()
    kept = sys.getallocatedblocks() - before
    assert kept < GROWTH, f"{kept} memory blocks kept"
