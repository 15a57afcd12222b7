"""The results file loads in one line as a data frame, and the summary says how games
ended, how long they were and how long each agent thought."""

from __future__ import annotations

import io
import json

import pytest

from crabrules.simulate import simulate

FLAT = {
    "index",
    "seed",
    "game",
    "players",
    "seat_0_agent",
    "seat_0_score",
    "seat_0_won",
    "seat_1_agent",
    "seat_1_score",
    "seat_1_won",
    "winners",
    "draw",
    "length",
    "termination",
    "seconds",
    "error",
}


def _lines(games: int, max_actions: int = 20_000) -> list[dict[str, object]]:
    out = io.StringIO()
    simulate(
        "crab-stack",
        games=games,
        agents=["plausible", "random"],
        seed=4,
        out=out,
        max_actions=max_actions,
    )
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_every_line_has_the_flat_fields_and_the_record() -> None:
    for line in _lines(3):
        assert set(line) >= FLAT
        assert {"seats", "record", "outcome"} <= set(line)
        assert line["length"] == len(line["record"]["actions"])  # type: ignore[index]
        assert line["termination"] == line["outcome"]["reason"]  # type: ignore[index]
        assert line["seat_0_won"] == (0 in line["winners"])  # type: ignore[operator]


def test_a_game_stopped_at_the_cap_says_so() -> None:
    (line,) = _lines(1, max_actions=2)
    assert (line["termination"], line["winners"], line["seat_0_won"]) == ("action_cap", None, None)


def test_pandas_reads_one_column_per_field(tmp_path: object) -> None:
    pandas = pytest.importorskip("pandas")
    out = io.StringIO()
    simulate("oh-crab", games=3, agents=["plausible"], seed=1, out=out)
    frame = pandas.read_json(io.StringIO(out.getvalue()), lines=True)
    assert len(frame) == 3
    assert {"seat_3_agent", "seat_3_score", "length", "termination", "seconds"} <= set(frame)
    assert frame["length"].dtype.kind == "i"
    assert (frame["seat_0_agent"] == "plausible").all()


def test_the_summary_counts_terminations_lengths_and_thinking_time() -> None:
    run = simulate("crab-stack", games=6, agents=["plausible", "random"], seed=2)
    summary = run.summary
    assert sum(summary.terminations.values()) == 6
    assert set(summary.terminations) <= {"last_player", "repetition", "turn_limit", "action_cap"}
    p10, p50, p90 = summary.length_percentiles()
    assert min(summary.lengths) <= p10 <= p50 <= p90 <= max(summary.lengths)
    seconds, decisions = summary.thinking["plausible"]
    assert decisions > 0
    assert seconds >= 0
    text = summary.text()
    assert "How games ended:" in text
    assert "p90" in text
    assert "CPU ms per decision: plausible" in text
