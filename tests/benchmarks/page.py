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
import statistics
import sys
from typing import Any

#: The games' reference, as :mod:`tests.benchmarks.peers` names it.
REFERENCE = "python-chess: chess"
#: The learning environments' loops, as :mod:`tests.benchmarks.environments` names them.
LOOPS = ("bare loop", "PettingZoo AEC", "OpenSpiel")
TIMES = "\N{MULTIPLICATION SIGN}"
GENERATED = "<!-- Written by `nox -s bench` (tests/benchmarks/page.py): do not edit. -->\n"


def significant(value: float, figures: int) -> str:
    """``value`` to ``figures`` significant figures, thousands separated.

    >>> significant(0.1234, 2), significant(11.84, 3), significant(4887.0, 2)
    ('0.12', '11.8', '4,900')
    """
    if value >= 10 ** (figures - 1):
        return f"{float(f'{value:.{figures}g}'):,.0f}"
    return f"{value:#.{figures}g}"


def ratio(value: float) -> str:
    """A ratio to two significant figures: 0.12, 3.5, 31 or 4,900 times."""
    return significant(value, 2) + TIMES


def ratio_and_spread(figure: dict[str, Any], reference: dict[str, Any]) -> str:
    """The median ratio, then the first and third quartiles of the rounds' ratios.

    The quartiles get a third significant figure: at two, a tight spread would show the
    median twice.
    """
    if figure is reference or len(figure["rates"]) < 2:
        return ratio(figure["ratio"])
    rounds = [r / b for r, b in zip(figure["rates"], reference["rates"], strict=True)]
    low, _, high = statistics.quantiles(rounds, n=4)
    spread = f"{significant(low, 3)}\N{EN DASH}{significant(high, 3)}"
    return f"{ratio(figure['ratio'])} ({spread})"


def rate(value: float) -> str:
    """A rate rounded to two significant figures, with thousands separated."""
    return significant(value, 2)


def ms(value: float) -> str:
    """Milliseconds to two significant figures."""
    return significant(value, 2)


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = [
        "| " + " | ".join(header) + " |",
        "| --- |" + " ---: |" * (len(header) - 1),
    ]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def machine(pure: dict[str, Any]) -> str:
    """Where and how the figures were measured."""
    m = pure["machine"]
    return (
        "Measured by one run of `nox -s bench`:\n\n"
        f"- **Processor**: {m['cpu']}, {m['cores']} cores ({m['system']})\n"
        f"- **Python**: {m['python']}; crabrules {m['crabrules']},"
        f" python-chess {m['python-chess']}, OpenSpiel {m['open_spiel']}\n"
        f"- **Rounds**: each loop was timed in {pure['rounds']} rounds of"
        f" {pure['seconds']:g} s of CPU time, every loop in turn within a round; each agent"
        f" over the first {pure['agent_actions']} actions of one game in each of"
        f" {pure['agent_rounds']} rounds\n"
    )


def games(pure: dict[str, Any], compiled: dict[str, Any]) -> str:
    """Every engine's plies per second and its ratio to python-chess, in both builds."""
    header = [
        "engine: game",
        "pure build",
        "compiled build",
        "plies/s, pure",
        "plies/s, compiled",
    ]
    rows = []
    for name, figure in pure["games"].items():
        other = compiled["games"][name]
        label = f"**{name}**" if name.startswith("crabrules") else name
        rows.append(
            [
                label,
                ratio_and_spread(figure, pure["games"][REFERENCE]),
                ratio_and_spread(other, compiled["games"][REFERENCE]),
                rate(figure["rate"]),
                rate(other["rate"]),
            ]
        )
    return _table(header, rows)


def environments(pure: dict[str, Any]) -> str:
    """Each learning environment's steps per second and its ratio to the bare loop."""
    figures = pure["environments"]
    labels = dict.fromkeys(name.rpartition(": ")[0] for name in figures)
    header = [
        "game",
        *(f"{loop}" for loop in LOOPS[1:]),
        *(f"{loop}, steps/s" for loop in LOOPS),
    ]
    rows = []
    for label in labels:
        cells = [figures[f"{label}: {loop}"] for loop in LOOPS]
        spreads = (ratio_and_spread(c, cells[0]) for c in cells[1:])
        rows.append([label, *spreads, *(rate(c["rate"]) for c in cells)])
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
            "usage: python -m tests.benchmarks.page PURE.json COMPILED.json DIR",
            file=sys.stderr,
        )
        return 2
    pure, compiled = (json.loads(pathlib.Path(p).read_text(encoding="utf-8")) for p in argv[:2])
    for name, text in write(pure, compiled, pathlib.Path(argv[2])).items():
        print(f"\n{name}\n{text}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
