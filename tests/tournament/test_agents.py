"""Any agent plays: objects as well as names; an agent that raises fails its games only."""

from __future__ import annotations

from crabrules.agents import Decision, Turn
from crabrules.core import Rng
from crabrules.tournament import report, tournament


class FirstLegal:
    """The first legal action, at once."""

    def act(self, turn: Turn, rng: Rng) -> Decision:
        return Decision(turn.legal[0], turn.now)


class Raising:
    """An agent with a bug."""

    def act(self, turn: Turn, rng: Rng) -> Decision:
        raise ValueError("bug")


def test_agent_objects_play_under_their_labels() -> None:
    standings = tournament("crab-stack", [FirstLegal(), "random"], games=2, seed=1)
    assert standings.schedule.labels == ("FirstLegal", "random")
    assert standings.crosstable.games("FirstLegal", "random") == 2


def test_an_agent_that_raises_fails_its_games_which_count_nowhere() -> None:
    standings = tournament("crab-stack", [Raising(), "random", "plausible"], games=2, seed=1)
    assert standings.failed == 4
    assert standings.crosstable.games("Raising", "random") == 0
    assert standings.crosstable.games("random", "plausible") == 2
    assert "4 failed" in report(standings)
