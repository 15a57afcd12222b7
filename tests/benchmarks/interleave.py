"""Interleaved rounds: several loops timed in turn, in one process, and compared by ratio.

Each loop is an endless iterator that yields once per step (a ply, an environment step).
After an untimed warm-up, a round gives every loop the same slice of CPU time, one after
the other; the next round does it again. A loop's figure is the median of its rounds'
rates, and its ratio to a reference loop is the median of the per-round ratios: the two
rates of a round were taken moments apart, on the machine's state of that moment, so
their ratio holds where an absolute rate drifts with the load of the machine and its
clock.

>>> import itertools
>>> rates = interleaved({"a": itertools.repeat(None), "b": itertools.repeat(None)}, 2, 0.01)
>>> sorted(rates), [len(r) for r in rates.values()]
(['a', 'b'], [2, 2])
>>> median_ratios({"a": [2.0, 4.0], "b": [1.0, 1.0]}, "b")
{'a': 3.0, 'b': 1.0}
"""

from __future__ import annotations

import collections
import itertools
import statistics
import time
from collections.abc import Iterator, Mapping

#: Steps taken between two looks at the clock: reading it costs about as much as a step.
BATCH = 16


def steps_per_second(loop: Iterator[object], seconds: float) -> float:
    """Steps of ``loop`` per CPU second, over at least ``seconds`` of CPU time.

    CPU time (``time.process_time``) and not wall time: a neighbour's work on a shared
    machine does not count against the loop.
    """
    drain = collections.deque[object](maxlen=0)
    steps = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        drain.extend(itertools.islice(loop, BATCH))
        steps += BATCH
    return steps / elapsed


def interleaved(
    loops: Mapping[str, Iterator[object]], rounds: int, seconds: float
) -> dict[str, list[float]]:
    """Every loop's rate in each of ``rounds`` rounds of ``seconds`` each, in turn.

    A warm-up slice of each loop comes first, untimed: building an environment, loading a
    game's content and filling caches are not what a round measures.
    """
    for loop in loops.values():
        steps_per_second(loop, seconds / 2)
    rates: dict[str, list[float]] = {name: [] for name in loops}
    for _ in range(rounds):
        for name, loop in loops.items():
            rates[name].append(steps_per_second(loop, seconds))
    return rates


def median_ratios(rates: Mapping[str, list[float]], reference: str) -> dict[str, float]:
    """Each loop's median over the rounds of its rate divided by the reference's."""
    base = rates[reference]
    return {
        name: statistics.median(r / b for r, b in zip(values, base, strict=True))
        for name, values in rates.items()
    }
