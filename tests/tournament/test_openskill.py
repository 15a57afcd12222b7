"""OpenSkill ratings for several players, teams and cooperative games (the tournament extra)."""

from __future__ import annotations

import pytest

pytest.importorskip("openskill")

from crabrules.tournament import THE_GAME, Played, Standings, openskill_ratings, tournament
from crabrules.tournament.schedule import Schedule


def test_the_agent_that_always_wins_a_four_player_game_is_rated_first() -> None:
    agents = ("a", "b", "c", "d")
    games = [
        Played(i, agents[i % 4 :] + agents[: i % 4], frozenset({(4 - i % 4) % 4}))
        for i in range(12)
    ]  # "a" sits at every seat in turn, and wins every game
    ratings = openskill_ratings(agents, games)
    assert ratings[0].agent == "a"
    assert ratings[0].low > max(rating.value for rating in ratings[1:])


def test_a_team_is_one_side_and_two_seats_of_one_agent_move_it_once() -> None:
    games = [Played(i, ("a", "a", "b", "b"), frozenset({0, 1})) for i in range(5)]
    ratings = {rating.agent: rating for rating in openskill_ratings("ab", games, team_size=2)}
    assert ratings["a"].value > 25 > ratings["b"].value
    assert ratings["a"].value - 25 == pytest.approx(25 - ratings["b"].value)


def test_a_cooperative_game_rates_the_partners_against_the_game() -> None:
    games = [Played(i, ("a", "b"), frozenset() if i % 2 else frozenset({0, 1})) for i in range(4)]
    games += [Played(4 + i, ("a", "c"), frozenset()) for i in range(4)]  # a and c lose
    ratings = {r.agent: r for r in openskill_ratings("abc", games, cooperative=True)}
    assert set(ratings) == {"a", "b", "c", THE_GAME}
    assert ratings["b"].value > ratings["c"].value


def test_a_draw_or_a_capped_game_ranks_every_side_equal() -> None:
    games = [Played(0, ("a", "b"), frozenset()), Played(1, ("b", "a"), None)]
    ratings = openskill_ratings("ab", games)
    assert ratings[0].value == pytest.approx(ratings[1].value)


def test_a_four_player_tournament_reports_openskill_and_no_elo() -> None:
    standings = tournament("oh-crab", ["random", "plausible", "mcts:2", "ismcts:2"], games=4)
    assert standings.elo() == ()
    assert {rating.agent for rating in standings.openskill()} == {
        "random",
        "plausible",
        "mcts:2",
        "ismcts:2",
    }


def test_standings_of_a_cooperative_game_rate_the_game_too() -> None:
    schedule = Schedule.of("la-marche-du-crabe", ["random", "plausible"], games=2)
    games = {0: Played(0, ("random", "plausible"), frozenset())}
    assert THE_GAME in {rating.agent for rating in Standings(schedule, games).openskill()}
