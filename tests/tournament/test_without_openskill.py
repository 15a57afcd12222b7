"""Without the tournament extra, the report says how to get OpenSkill, and nothing breaks."""

from __future__ import annotations

import sys

import pytest

from crabrules.tournament import Played, Schedule, Standings, TournamentError, report
from crabrules.tournament.skill import available, openskill_ratings


@pytest.fixture
def no_openskill(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openskill", None)  # import openskill now fails
    monkeypatch.setitem(sys.modules, "openskill.models", None)


@pytest.mark.usefixtures("no_openskill")
def test_without_openskill_the_report_names_the_extra() -> None:
    assert not available()
    schedule = Schedule.of("crab-stack", ["random", "plausible"], games=2)
    standings = Standings(schedule, {0: Played(0, ("random", "plausible"), frozenset({0}))})
    assert standings.openskill() == ()
    text = report(standings)
    assert "pip install 'crabrules[tournament]'" in text
    assert "Elo" in text
    with pytest.raises(TournamentError, match=r"ratings: OpenSkill is not installed"):
        openskill_ratings(["random", "plausible"], [])
