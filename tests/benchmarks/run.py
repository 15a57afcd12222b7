"""One benchmark run, in one process: the figures of docs/speed.md, as JSON.

``python -m tests.benchmarks.run OUT.json [--games-only]`` times, in this order:

- every engine's random games (:mod:`tests.benchmarks.peers`), ratios to python-chess;
- the learning environments (:mod:`tests.benchmarks.environments`), ratios to the bare
  loop (left out with ``--games-only``, as in the compiled build's run);
- each built-in agent's CPU milliseconds per decision
  (:func:`tests.benchmarks.cpu_per_decision.ms_per_decision`), ratios to ``random`` (left
  out with ``--games-only``).

Loops are timed in :data:`ROUNDS` interleaved rounds of :data:`SECONDS` CPU seconds each
(``CRABRULES_BENCH_ROUNDS``, ``CRABRULES_BENCH_SECONDS``); agents in :data:`AGENT_ROUNDS`
rounds of one game each, every agent in turn. Every figure is a median over the rounds.
It prints each figure as it goes and writes the JSON, with the machine, the Python and
the libraries' versions, to ``OUT.json``; :mod:`tests.benchmarks.page` makes the docs'
tables from it.
"""

from __future__ import annotations

import json
import os
import pathlib
import platform
import statistics
import sys
from importlib import metadata
from typing import Any

import crabrules
from tests.benchmarks import environments, peers
from tests.benchmarks.cpu_per_decision import ACTIONS, GAMES_TIMED, ms_per_decision
from tests.benchmarks.interleave import interleaved, median_ratios

ROUNDS = int(os.environ.get("CRABRULES_BENCH_ROUNDS", "7"))
SECONDS = float(os.environ.get("CRABRULES_BENCH_SECONDS", "0.4"))
#: The agents timed (``make_agent`` names), the reference first.
AGENTS = ("random", "plausible", "mcts:100", "ismcts:50")
AGENT_ROUNDS = 3


def cpu_model() -> str:
    """The processor's name as the system gives it (``/proc/cpuinfo`` on Linux)."""
    cpuinfo = pathlib.Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    return platform.processor() or platform.machine()


def machine() -> dict[str, Any]:
    """What made the figures: processor, cores, system, Python and the libraries."""
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "system": f"{platform.system()} {platform.machine()}",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "crabrules": crabrules.__version__,
        "python-chess": metadata.version("chess"),
        "open_spiel": metadata.version("open_spiel"),
    }


def _timed(loops: dict[str, Any], reference: str) -> dict[str, dict[str, Any]]:
    rates = interleaved(loops, ROUNDS, SECONDS)
    ratios = median_ratios(rates, reference)
    figures = {
        name: {"rate": statistics.median(r), "ratio": ratios[name], "rates": r}
        for name, r in rates.items()
    }
    for name, figure in figures.items():
        print(f"{name:<58}{figure['rate']:>12,.0f}/s{figure['ratio']:>9.2f}x", flush=True)
    return figures


def agents() -> dict[str, dict[str, Any]]:
    """Each agent's median CPU ms per decision on each game, and its ratio to ``random``."""
    times: dict[tuple[str, int], list[float]] = {}
    for _ in range(AGENT_ROUNDS):
        for agent in AGENTS:
            for n, (game_id, options) in enumerate(GAMES_TIMED):
                ms = ms_per_decision(agent, game_id, options, games=1)
                times.setdefault((agent, n), []).append(ms)
    out: dict[str, dict[str, Any]] = {}
    for (agent, n), values in times.items():
        game_id, options = GAMES_TIMED[n]
        base = times[AGENTS[0], n]
        ratio = statistics.median(v / b for v, b in zip(values, base, strict=True))
        name = f"{agent}: {peers.label(game_id, options)}"
        out[name] = {"ms": statistics.median(values), "ratio": ratio}
        print(f"{name:<58}{statistics.median(values):>12.3g}ms{ratio:>9.0f}x")
    return out


def run(games_only: bool) -> dict[str, Any]:
    """Every figure of this build, with what made them."""
    result: dict[str, Any] = {
        "machine": machine(),
        "compiled": crabrules.compiled,
        "rounds": ROUNDS,
        "seconds": SECONDS,
        "agent_rounds": AGENT_ROUNDS,
        "agent_actions": ACTIONS,
    }
    print(f"{'compiled' if crabrules.compiled else 'pure'} build: {result['machine']}")
    result["games"] = _timed(peers.engines(), peers.REFERENCE)
    if not games_only:
        loops = environments.loops()
        figures = {}
        for label, _, _ in environments.GAMES:
            mine = {name: loop for name, loop in loops.items() if name.startswith(f"{label}: ")}
            figures.update(_timed(mine, f"{label}: {environments.LOOPS[0]}"))
        result["environments"] = figures
        result["agents"] = agents()
    return result


def main(argv: list[str]) -> int:
    """Run, print as it goes, and write the JSON to the path given."""
    if len(argv) not in (1, 2) or argv[1:] not in ([], ["--games-only"]):
        print("usage: python -m tests.benchmarks.run OUT.json [--games-only]", file=sys.stderr)
        return 2
    out = pathlib.Path(argv[0])
    out.parent.mkdir(parents=True, exist_ok=True)  # docs/_speed, on the first run
    result = run(games_only=argv[1:] == ["--games-only"])
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
