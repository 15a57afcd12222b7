"""The crosstable and Elo on hand-built results whose answers are known."""

from __future__ import annotations

import math

import pytest

from crabrules.tournament import (
    Crosstable,
    Played,
    elo_difference,
    elo_of_score,
    elo_ratings,
    expected_score,
    maximum_likelihood,
)

ELO_75 = 400 * math.log10(3)  # a 75% score: odds of 3 to 1, 190.85 Elo


def _games(agent: str, other: str, wins: int, losses: int, draws: int) -> list[Played]:
    games: list[Played] = []
    for outcome in ["win"] * wins + ["loss"] * losses + ["draw"] * draws:
        seats = (agent, other) if len(games) % 2 == 0 else (other, agent)
        mine = seats.index(agent)
        winners = {"win": frozenset({mine}), "loss": frozenset({1 - mine}), "draw": frozenset()}
        games.append(Played(len(games), seats, winners[outcome]))
    return games


def test_crosstable_counts_wins_losses_draws_and_capped_games_as_half_points() -> None:
    games = _games("a", "b", 5, 2, 2)
    games.append(Played(9, ("a", "b"), None))  # stopped at the action cap: a draw
    games.append(Played(10, ("a", "b"), frozenset({0}), failed=True))  # counts nowhere
    table = Crosstable.of(["a", "b"], games)
    # 5 wins, 2 draws and the capped game: 5 + 1 + 0.5 points of 10.
    assert (table.points("a", "b"), table.games("a", "b")) == (6.5, 10)
    assert (table.points("b", "a"), table.games("b", "a")) == (3.5, 10)
    assert table.score("a", "b") == 0.65


def test_crosstable_of_a_four_player_game_scores_every_pair_at_the_table() -> None:
    game = Played(0, ("a", "b", "c", "d"), frozenset({2}))
    table = Crosstable.of("abcd", [game])
    assert table.score("c", "a") == table.score("c", "d") == 1.0
    assert table.score("a", "b") == 0.5  # neither won
    assert table.score("d", "c") == 0.0


def test_crosstable_of_a_cooperative_game_is_the_pairs_win_rate() -> None:
    games = [Played(0, ("a", "b"), frozenset({0, 1})), Played(1, ("b", "a"), frozenset())]
    table = Crosstable.of("ab", games, cooperative=True)
    assert table.score("a", "b") == table.score("b", "a") == 0.5


def test_elo_of_a_75_percent_score_is_400_log10_3() -> None:
    assert elo_of_score(0.75) == pytest.approx(ELO_75)
    assert expected_score(ELO_75) == pytest.approx(0.75)
    assert elo_of_score(0.5) == 0.0
    assert elo_of_score(1.0) == math.inf
    assert elo_of_score(0.0) == -math.inf


def test_elo_difference_interval_is_the_normal_interval_of_the_deal_scores() -> None:
    deals = [1.0, 0.5, 0.5, 0.0, 1.0, 0.5]
    mean = 3.5 / 6
    standard_error = math.sqrt(sum((x - mean) ** 2 for x in deals) / 5 / 6)
    elo, low, high = elo_difference(deals)
    assert elo == pytest.approx(elo_of_score(mean))
    assert low == pytest.approx(elo_of_score(mean - 1.96 * standard_error))
    assert high == pytest.approx(elo_of_score(mean + 1.96 * standard_error))


def test_one_deal_gives_an_unbounded_interval() -> None:
    assert elo_difference([0.5]) == (0.0, -math.inf, math.inf)
    deal = {("a", "b"): (1.0, 2), ("b", "a"): (1.0, 2)}
    for rating in elo_ratings(["a", "b"], [deal]):
        assert (rating.low, rating.high) == (-math.inf, math.inf)


def test_maximum_likelihood_recovers_consistent_elo_differences() -> None:
    # a scores 75% against b and b 75% against c: odds of 3 each, so 9 (90%) for a on c,
    # and the Bradley-Terry ratings are exactly 190.85 apart, centred on 0.
    pairs = {
        ("a", "b"): (30.0, 40),
        ("b", "a"): (10.0, 40),
        ("b", "c"): (30.0, 40),
        ("c", "b"): (10.0, 40),
        ("a", "c"): (36.0, 40),
        ("c", "a"): (4.0, 40),
    }
    ratings = maximum_likelihood(["a", "b", "c"], pairs, prior=0)
    # Within 0.001 Elo: the solver's vanishing ridge.
    assert ratings["a"] == pytest.approx(ELO_75, abs=1e-3)
    assert ratings["b"] == pytest.approx(0.0, abs=1e-3)
    assert ratings["c"] == pytest.approx(-ELO_75, abs=1e-3)


def test_maximum_likelihood_with_the_prior_keeps_a_perfect_score_finite() -> None:
    # 4 wins of 4 and one virtual draw: 4.5 of 5, a 90% score, odds of 9.
    ratings = maximum_likelihood(["a", "b"], {("a", "b"): (4.0, 4), ("b", "a"): (0.0, 4)})
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(9), abs=1e-3)


def test_maximum_likelihood_finds_ratings_thousands_of_points_apart() -> None:
    # 32 agents in a strict order, 200 games a pair, every one won by the stronger: each
    # step is 200.5 of 201 (with the virtual draw), 1,041 Elo; Newton gets there at once.
    agents = [f"a{i:02d}" for i in range(32)]
    pairs: dict[tuple[str, str], tuple[float, int]] = {}
    for i, agent in enumerate(agents):
        for other in agents[i + 1 :]:
            pairs[agent, other] = (200.0, 200)
            pairs[other, agent] = (0.0, 200)
    ratings = maximum_likelihood(agents, pairs)
    assert ratings["a00"] > ratings["a01"] > ratings["a31"]
    assert max(abs(value) for value in ratings.values()) < 20_000
    chain = {("a", "b"): (200.0, 200), ("b", "a"): (0.0, 200)}
    two = maximum_likelihood(["a", "b"], chain)
    assert two["a"] - two["b"] == pytest.approx(400 * math.log10(401), abs=1e-3)


def test_elo_ratings_interval_holds_the_rating_and_is_the_same_every_time() -> None:
    deals = [
        {("a", "b"): (2.0, 2), ("b", "a"): (0.0, 2)},
        {("a", "b"): (1.0, 2), ("b", "a"): (1.0, 2)},
        {("a", "b"): (1.5, 2), ("b", "a"): (0.5, 2)},
    ] * 5
    first = elo_ratings(["a", "b"], deals, seed=3)
    assert first == elo_ratings(["a", "b"], deals, seed=3)
    assert [rating.agent for rating in first] == ["a", "b"]
    for rating in first:
        assert rating.low <= rating.value <= rating.high
    assert first[1].high < 0 < first[0].low  # 15 deals, 75%: a is clearly stronger
