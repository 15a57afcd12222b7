"""docs/speed.md and the run that wrote its tables (``nox -s bench``) cannot drift apart."""

from __future__ import annotations

import itertools
import json
import pathlib
import re
from typing import Any

import pytest

import crabrules
from tests.benchmarks import environments, page, peers, run
from tests.benchmarks.cpu_per_decision import GAMES_TIMED
from tests.benchmarks.interleave import interleaved, median_ratios
from tests.conformance import tictactoe

ROOT = pathlib.Path(__file__).parent.parent
SPEED = ROOT / "docs" / "speed.md"
RUN = ROOT / "docs" / "_speed"


def _committed_runs() -> tuple[dict[str, Any], dict[str, Any]]:
    pure, compiled = (
        json.loads((RUN / f"{build}.json").read_text(encoding="utf-8"))
        for build in ("pure", "compiled")
    )
    return pure, compiled


def test_the_page_includes_every_table_of_the_run(tmp_path: pathlib.Path) -> None:
    included = set(re.findall(r"```\{include\} _speed/(\S+)", SPEED.read_text(encoding="utf-8")))
    pure, compiled = _committed_runs()
    assert included == set(page.write(pure, compiled, tmp_path))


def test_the_page_leads_with_the_games_ratios() -> None:
    first = re.search(r"```\{include\} _speed/(\S+)", SPEED.read_text(encoding="utf-8"))
    assert first is not None
    assert first.group(1) == "games.md"
    header = page.games(*_committed_runs()).splitlines()[0]
    assert header.startswith("| engine: game | pure build | compiled build | plies/s")


def test_the_committed_tables_are_the_committed_runs_tables(tmp_path: pathlib.Path) -> None:
    pure, compiled = _committed_runs()
    for name, text in page.write(pure, compiled, tmp_path).items():
        committed = (RUN / name).read_text(encoding="utf-8")
        assert committed == page.GENERATED + "\n" + text, f"docs/_speed/{name} was edited by hand"


def test_both_builds_were_timed_on_one_machine_with_one_python() -> None:
    pure, compiled = _committed_runs()
    assert (pure["compiled"], compiled["compiled"]) == (False, True)
    assert pure["machine"] == compiled["machine"]
    shown = (RUN / "machine.md").read_text(encoding="utf-8")
    assert pure["machine"]["cpu"] in shown
    assert pure["machine"]["python"] in shown


def test_the_committed_run_is_of_every_loop_the_bench_times() -> None:
    pure, compiled = _committed_runs()
    engines = [
        peers.REFERENCE,
        *(label for label, _ in peers.OPENSPIEL_GAMES),
        *(f"crabrules: {label}" for label, _, _ in peers.MIXES),
    ]
    assert list(pure["games"]) == list(compiled["games"]) == engines
    loops = [f"{label}: {loop}" for label, _, _ in environments.GAMES for loop in page.LOOPS]
    assert list(pure["environments"]) == loops
    agents = [f"{a}: {peers.label(g, o)}" for a in run.AGENTS for g, o in GAMES_TIMED]
    assert list(pure["agents"]) == agents


def test_a_run_makes_the_folder_it_writes_into(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(run, "run", lambda games_only: {"games_only": games_only})
    out = tmp_path / "_speed" / "compiled.json"
    assert run.main([str(out), "--games-only"]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == {"games_only": True}


def test_the_page_quotes_no_figure_of_its_own() -> None:
    # Every rate and ratio is in the included tables; the prose only explains them. Its
    # only numbers are the references: a ratio above 1, seat 0.
    text = SPEED.read_text(encoding="utf-8")
    assert set(re.findall(r"\d+(?:[,.]\d+)*", text)) <= {"0", "1"}


def test_the_bench_times_every_registered_game() -> None:
    # Every game crabrules registers; the suite's own tic-tac-toe (tests/conftest.py) aside.
    games = set(crabrules.GAMES) - {tictactoe.GAME.info.id}
    assert {game_id for _, game_id, _ in peers.MIXES} == games


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


def test_ratios_are_written_with_two_significant_figures() -> None:
    shown = [page.ratio(value) for value in (0.1234, 1.0, 3.46, 31.2, 1234.5)]
    assert shown == [f"{text}{page.TIMES}" for text in ("0.12", "1.0", "3.5", "31", "1,200")]


def test_a_ratio_is_shown_with_the_quartiles_of_its_rounds() -> None:
    chess = {"rate": 10.0, "ratio": 1.0, "rates": [10.0, 10.0, 10.0, 10.0, 10.0]}
    crab = {"rate": 30.0, "ratio": 3.0, "rates": [20.0, 25.0, 30.0, 35.0, 40.0]}
    assert page.ratio_and_spread(chess, chess) == f"1.0{page.TIMES}"
    assert page.ratio_and_spread(crab, chess) == f"3.0{page.TIMES} (2.25\N{EN DASH}3.75)"
