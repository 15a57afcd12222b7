"""A search agent's timing comes from the game's registration, and only in real time."""

from __future__ import annotations

from typing import Any

import pytest

import crabrules
from crabrules import GAMES, Rng
from crabrules.agents import ISMCTSAgent, MCTSAgent, Turn, plausible
from crabrules.agents.plausible import TIMING_PLAYERS, YouveGotCrabsTiming
from crabrules.agents.timing import TimingSeat, timing_player
from crabrules.agents.tree import Budget
from crabrules.core import Dynamics, InvalidConfigError

REAL_TIME = [g for g in GAMES.values() if g.info.dynamics is Dynamics.REAL_TIME]
NOT_REAL_TIME = [g for g in GAMES.values() if g.info.dynamics is not Dynamics.REAL_TIME]


def test_every_real_time_game_registers_a_timing_player_and_no_other_does() -> None:
    assert {g.info.id for g in REAL_TIME} == set(TIMING_PLAYERS) == {"youve-got-crabs"}


@pytest.mark.parametrize("agent", [MCTSAgent, ISMCTSAgent])
@pytest.mark.parametrize("game", NOT_REAL_TIME, ids=lambda g: g.info.id)
def test_search_builds_no_timing_player_for_a_game_not_played_in_real_time(
    agent: Any, game: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse() -> None:
        raise AssertionError("a timing player was built")

    # Even registered under the game's id, it is not built: the game is not real time.
    monkeypatch.setitem(TIMING_PLAYERS, game.info.id, refuse)
    searcher = agent(Budget(iterations=5))
    state = game.initial_state(seed=1)
    player = min(game.active_players(state))
    assert searcher.act(Turn.of(game, state, player), Rng.from_seed(1)) is not None
    assert searcher.timing.player is None


@pytest.mark.parametrize("agent", [MCTSAgent, ISMCTSAgent])
def test_the_timing_player_of_youve_got_crabs_comes_from_its_registration(
    agent: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[YouveGotCrabsTiming] = []

    def make() -> YouveGotCrabsTiming:
        built.append(YouveGotCrabsTiming())
        return built[-1]

    monkeypatch.setitem(plausible.TIMING_PLAYERS, "youve-got-crabs", make)
    game = crabrules.get_game("youve-got-crabs")
    searcher = agent(Budget(iterations=5))
    assert searcher.timing.player is None  # nothing built before the first turn
    state = game.initial_state(seed=3)
    for _ in range(2):
        searcher.act(Turn.of(game, state, 0), Rng.from_seed(2))
    assert len(built) == 1
    assert searcher.timing.player is built[0]


def test_a_real_time_game_without_a_timing_player_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(TIMING_PLAYERS, "youve-got-crabs")
    with pytest.raises(InvalidConfigError, match="registers no timing player"):
        timing_player(crabrules.get_game("youve-got-crabs"))
    with pytest.raises(InvalidConfigError):
        TimingSeat().player_for(crabrules.get_game("youve-got-crabs"))
