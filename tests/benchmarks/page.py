"""The tables of docs/speed.md, written from one ``nox -s bench`` run.

``python -m tests.benchmarks.page PURE.json COMPILED.json DIR`` reads what
:mod:`tests.benchmarks.run` wrote in the pure and the compiled build and writes the
Markdown files that docs/speed.md includes, one per table, into ``DIR``
(``docs/_speed``), then prints them. Only the standard library is used: it runs in nox's
own environment, where neither build is installed.

>>> figure = {"rate": 12345.6, "ratio": 0.1234}
>>> ratio(figure["ratio"]) == "0.12" + TIMES, rate(figure["rate"])
(True, '12,000')
"""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any

#: The games' reference, as :mod:`tests.benchmarks.peers` names it.
REFERENCE = "python-chess: chess"
#: The learning environments' loops, as :mod:`tests.benchmarks.environments` names them.
LOOPS = ("bare loop", "PettingZoo AEC", "OpenSpiel")
TIMES = "\N{MULTIPLICATION SIGN}"
GENERATED = "<!-- Written by `nox -s bench` (tests/benchmarks/page.py): do not edit. -->\n"


def ratio(value: float) -> str:
    """A ratio as 0.12, 3.5 or 31 times: two significant figures, at least."""
    if value < 1:
        return f"{value:.2g}{TIMES}"
    return f"{value:.1f}{TIMES}" if value < 10 else f"{value:,.0f}{TIMES}"


def rate(value: float) -> str:
    """A rate rounded to two significant figures, with thousands separated."""
    return f"{float(f'{value:.2g}'):,.0f}"


def ms(value: float) -> str:
    """Milliseconds to two significant figures."""
    return f"{value:.2g}"


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "| --- |" + " ---: |" * (len(header) - 1)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def machine(pure: dict[str, Any]) -> str:
    """Where and how the figures were measured."""
    m = pure["machine"]
    return (
        f"Measured by one run of `nox -s bench` on {m['cores']} cores of this processor:"
        f" {m['cpu']} ({m['system']}), with {m['python']}: crabrules {m['crabrules']},"
        f" python-chess {m['python-chess']}, OpenSpiel {m['open_spiel']}. Each loop was timed in"
        f" {pure['rounds']} rounds of {pure['seconds']:g} s of CPU time, every loop in turn"
        " within a round; a figure is the median of the rounds, and a ratio is the median"
        " of the rounds' ratios.\n"
    )


def games(pure: dict[str, Any], compiled: dict[str, Any]) -> str:
    """Every engine's plies per second and its ratio to python-chess, in both builds."""
    header = ["engine: game", "pure build", "compiled build", "plies/s, pure", "plies/s, compiled"]
    rows = []
    for name, figure in pure["games"].items():
        other = compiled["games"][name]
        label = f"**{name}**" if name.startswith("crabrules") else name
        rows.append(
            [
                label,
                ratio(figure["ratio"]),
                ratio(other["ratio"]),
                rate(figure["rate"]),
                rate(other["rate"]),
            ]
        )
    return _table(header, rows)


def environments(pure: dict[str, Any]) -> str:
    """Each learning environment's steps per second and its ratio to the bare loop."""
    figures = pure["environments"]
    labels = dict.fromkeys(name.rpartition(": ")[0] for name in figures)
    header = ["game", *(f"{loop}" for loop in LOOPS[1:]), *(f"{loop}, steps/s" for loop in LOOPS)]
    rows = []
    for label in labels:
        cells = [figures[f"{label}: {loop}"] for loop in LOOPS]
        rows.append(
            [label, *(ratio(c["ratio"]) for c in cells[1:]), *(rate(c["rate"]) for c in cells)]
        )
    return _table(header, rows)


def agents(pure: dict[str, Any]) -> str:
    """Each agent's CPU time per decision on each game, as a ratio to ``random`` and in ms."""
    figures = pure["agents"]
    names = dict.fromkeys(key.partition(": ")[0] for key in figures)
    game_ids = dict.fromkeys(key.partition(": ")[2] for key in figures)
    rows = []
    for agent in names:
        cells = [figures[f"{agent}: {game_id}"] for game_id in game_ids]
        rows.append([f"`{agent}`", *(f"{ratio(c['ratio'])} ({ms(c['ms'])} ms)" for c in cells)])
    return _table(["agent", *game_ids], rows)


def write(pure: dict[str, Any], compiled: dict[str, Any], where: pathlib.Path) -> dict[str, str]:
    """Write every table into ``where``; the files written, by name."""
    tables = {
        "machine.md": machine(pure),
        "games.md": games(pure, compiled),
        "environments.md": environments(pure),
        "agents.md": agents(pure),
    }
    where.mkdir(parents=True, exist_ok=True)
    for name, text in tables.items():
        (where / name).write_text(GENERATED + "\n" + text, encoding="utf-8")
    return tables


def main(argv: list[str]) -> int:
    """Read the two runs' JSON, write the tables and print them."""
    if len(argv) != 3:
        print(
            "usage: python -m tests.benchmarks.page PURE.json COMPILED.json DIR", file=sys.stderr
        )
        return 2
    pure, compiled = (json.loads(pathlib.Path(p).read_text(encoding="utf-8")) for p in argv[:2])
    for name, text in write(pure, compiled, pathlib.Path(argv[2])).items():
        print(f"\n{name}\n{text}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
