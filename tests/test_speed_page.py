"""docs/speed.md and the run that wrote its tables (``nox -s bench``) cannot drift apart."""

from __future__ import annotations

import itertools
import json
import pathlib
import re

import crabrules
from tests.benchmarks import page, peers
from tests.benchmarks.interleave import interleaved, median_ratios

ROOT = pathlib.Path(__file__).parent.parent
SPEED = ROOT / "docs" / "speed.md"
RUN = ROOT / "docs" / "_speed"


def _committed_runs() -> tuple[dict[str, object], dict[str, object]]:
    pure, compiled = (
        json.loads((RUN / f"{build}.json").read_text(encoding="utf-8"))
        for build in ("pure", "compiled")
    )
    return pure, compiled


def test_the_page_includes_every_table_of_the_run(tmp_path: pathlib.Path) -> None:
    included = set(re.findall(r"```\{include\} _speed/(\S+)", SPEED.read_text(encoding="utf-8")))
    pure, compiled = _committed_runs()
    assert included == set(page.write(pure, compiled, tmp_path))


def test_the_committed_tables_are_the_committed_runs_tables(tmp_path: pathlib.Path) -> None:
    pure, compiled = _committed_runs()
    for name, text in page.write(pure, compiled, tmp_path).items():
        committed = (RUN / name).read_text(encoding="utf-8")
        assert committed == page.GENERATED + "\n" + text, f"docs/_speed/{name} was edited by hand"


def test_the_page_quotes_no_figure_of_its_own() -> None:
    # Every rate and ratio is in the included tables; the prose only explains them.
    text = SPEED.read_text(encoding="utf-8")
    assert not re.search(
        r"\d[\d,.]*\s*(\N{MULTIPLICATION SIGN}|x\b|µs|actions/s|plies/s|steps/s|ms\b)", text
    )


def test_the_bench_times_every_registered_game() -> None:
    assert {game_id for _, game_id, _ in peers.MIXES} == set(crabrules.GAMES)


def test_every_mix_of_the_bench_plays_plies() -> None:
    for _, game_id, options in peers.MIXES:
        plies = itertools.islice(peers.crabrules_plies(game_id, options), 50)
        assert sum(1 for _ in plies) == 50


def test_a_ratio_is_the_median_of_the_rounds_ratios() -> None:
    # Round by round a is 2x then 3x then 10x b: the median ratio is 3, where the ratio of
    # the medians (4 / 1.5) would mix moments.
    rates = {"a": [2.0, 6.0, 4.0], "b": [1.0, 2.0, 0.4]}
    assert median_ratios(rates, "b") == {"a": 3.0, "b": 1.0}


def test_every_loop_is_timed_once_a_round() -> None:
    rates = interleaved({"a": itertools.repeat(None), "b": itertools.count()}, 3, 0.005)
    assert {name: len(values) for name, values in rates.items()} == {"a": 3, "b": 3}
    assert all(rate > 0 for values in rates.values() for rate in values)


def test_ratios_are_written_with_two_figures_at_least() -> None:
    shown = [page.ratio(value) for value in (0.1234, 1.0, 3.46, 31.2, 1234.5)]
    assert shown == [f"{text}{page.TIMES}" for text in ("0.12", "1.0", "3.5", "31", "1,234")]
