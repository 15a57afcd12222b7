"""What every benchmark shares: timing per call, and one line per figure for the summary.

Each figure goes into pytest-benchmark's ``extra_info`` (kept in its JSON output) and into
:data:`FIGURES`, which ``conftest.py`` prints as one table at the end of ``nox -s hotpaths``,
so that a run's figures read as one table.
"""

from __future__ import annotations

from collections.abc import Callable

from pytest_benchmark.fixture import BenchmarkFixture

#: (game, measure, value, unit), in the order measured.
FIGURES: list[tuple[str, str, float, str]] = []


def mean_seconds(benchmark: BenchmarkFixture) -> float:
    """The mean time of one round of the benchmark just run."""
    assert benchmark.stats is not None, "call benchmark(...) first"
    return float(benchmark.stats.stats.mean)


def micros_per_call(benchmark: BenchmarkFixture, calls: int, run: Callable[[], object]) -> float:
    """Time ``run`` (which makes ``calls`` calls) and return microseconds per call."""
    benchmark(run)
    return mean_seconds(benchmark) / calls * 1e6


def record(benchmark: BenchmarkFixture, game: str, measure: str, value: float, unit: str) -> None:
    """Keep one figure for the JSON output and the end-of-run table."""
    benchmark.extra_info[measure] = round(value, 2)
    benchmark.extra_info[f"{measure} unit"] = unit
    FIGURES.append((game, measure, value, unit))
