"""Standings count every game that did not fail: a game stopped at the action cap is a
draw for each of its seats, with no score."""

from __future__ import annotations

from crabrules import GameRecord, Outcome
from crabrules.simulate import Summary, simulate
from crabrules.simulate.tasks import GameResult


def _game(index: int, winner: int | None, *, error: str | None = None) -> GameResult:
    outcome = (
        None
        if winner is None
        else Outcome(frozenset({winner}), False, (int(winner == 0), int(winner == 1)), "x")
    )
    record = GameRecord.of("crab-stack", None, index, [])
    return GameResult(index, ("a", "b"), record, outcome, 0.0, error)


def test_when_no_game_finishes_the_tables_still_have_every_seat_and_agent() -> None:
    run = simulate("crab-stack", games=4, agents=["plausible", "random"], seed=1, max_actions=3)
    summary = run.summary
    assert summary.finished == 0
    assert set(summary.by_seat) == {"seat 0", "seat 1"}
    assert set(summary.by_agent) == {"plausible", "random"}
    for tally in [*summary.by_seat.values(), *summary.by_agent.values()]:
        assert (tally.played, tally.wins, tally.draws, tally.capped) == (4, 0, 4, 4)
        assert tally.scores == []
    text = summary.text()
    assert "4 stopped at the action cap (drawn in the tables)" in text
    rows = [line.split() for line in text.splitlines() if line.startswith("  plausible")]
    assert rows == [["plausible", "4", "4", "0.0%", "[0.0%,", "49.0%]", "4", "-"]]


def test_a_capped_game_is_a_draw_beside_the_finished_ones_and_has_no_score() -> None:
    results = [_game(0, 0), _game(1, 0), _game(2, 1), _game(3, None)]
    a = Summary.of(results, seconds=1.0).by_agent["a"]
    assert (a.played, a.wins, a.draws, a.capped, a.games) == (4, 2, 1, 1, 4)
    assert a.score_interval[0] == 2 / 3  # the mean score of the three finished games


def test_a_failed_game_is_in_no_table() -> None:
    results = [_game(0, 0), _game(1, None, error="RuntimeError: no")]
    summary = Summary.of(results, seconds=1.0)
    assert (summary.games, summary.failed, summary.by_agent["a"].played) == (2, 1, 1)
