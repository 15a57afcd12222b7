"""Confidence intervals take the game as their unit (a team's seats are one result), and
stay within what they measure: a win rate's within [0, 1], a mean score's within the scores."""

from __future__ import annotations

import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crabrules import GameRecord, Outcome
from crabrules.simulate import Summary, Tally, bounded_interval, simulate, wilson_interval
from crabrules.simulate.tasks import GameResult

TEAMS = ("a", "a", "b", "b")  # seats 0 and 1 against seats 2 and 3, as in You've Got Crabs


def _team_game(index: int, a_wins: bool) -> GameResult:
    winners = frozenset({0, 1} if a_wins else {2, 3})
    scores = (5, 5, 3, 3) if a_wins else (3, 3, 5, 5)
    outcome = Outcome(winners, False, scores, "pot_empty")
    record = GameRecord.of("youve-got-crabs", None, index, [])
    return GameResult(index, TEAMS, record, outcome, 0.0)


def test_a_teams_win_rate_interval_counts_games_not_seats() -> None:
    results = [_team_game(i, a_wins=i % 4 != 0) for i in range(40)]  # a wins 30 of 40
    team = Summary.of(results, seconds=1.0).by_agent["a"]
    assert (team.played, team.wins, team.games) == (80, 60, 40)
    assert team.win_interval == wilson_interval(30, 40)
    # Counting seat-games would claim twice the evidence: a narrower, wrong interval.
    seat_low, seat_high = wilson_interval(60, 80)
    low, high = team.win_interval
    assert high - low > seat_high - seat_low


def test_a_teams_score_interval_counts_games_not_seats() -> None:
    results = [_team_game(i, a_wins=i % 2 == 0) for i in range(10)]
    team = Summary.of(results, seconds=1.0).by_agent["a"]
    assert team.score_interval == bounded_interval([5.0, 3.0] * 5)


def test_several_seats_of_one_game_that_need_not_win_together() -> None:
    # One agent at three seats of a four-player game: each game it wins with one seat
    # or none, so its per-game share is 1/3 or 0, and the interval is that of the shares.
    results = []
    for index in range(12):
        winner = index % 4  # seat 0 is "solo"; "crowd" wins the other three games of four
        outcome = Outcome(frozenset({winner}), False, (0, 0, 0, 0), "most_cards_in_hand")
        record = GameRecord.of("oh-crab", None, index, [])
        results.append(
            GameResult(index, ("solo", "crowd", "crowd", "crowd"), record, outcome, 0.0)
        )
    crowd = Summary.of(results, seconds=1.0).by_agent["crowd"]
    assert (crowd.played, crowd.wins, crowd.games) == (36, 9, 12)
    # Wilson's interval over the effective number of games the shares' spread gives: here
    # more than the 36 seat-games (the seats' results are anticorrelated), so 36.
    shares = [0.0 if i % 4 == 0 else 1 / 3 for i in range(12)]
    rate = statistics.fmean(shares)
    effective = rate * (1 - rate) / (statistics.variance(shares) / 12)
    assert effective > 36
    assert crowd.win_interval == wilson_interval(9, 36)
    # Where the shares spread more, fewer effective games: a wider interval.
    spread = [0.0 if i % 2 == 0 else 2 / 3 for i in range(12)]
    effective = (1 / 3) * (2 / 3) / (statistics.variance(spread) / 12)
    assert effective < 36
    wide = Summary.of(
        [
            GameResult(
                index,
                ("solo", "crowd", "crowd", "crowd"),
                GameRecord.of("oh-crab", None, index, []),
                Outcome(frozenset({1, 2} if index % 2 else {0}), False, (0, 0, 0, 0), "x"),
                0.0,
            )
            for index in range(12)
        ],
        seconds=1.0,
    ).by_agent["crowd"]
    assert wide.win_interval == pytest.approx(wilson_interval(effective / 3, effective))


def test_a_pair_of_la_marche_is_one_result_per_game() -> None:
    run = simulate("la-marche-du-crabe", games=12, agents=["plausible"], seed=2)
    pair = run.summary.by_agent["plausible"]
    assert (pair.played, pair.games) == (24, 12)
    assert pair.win_interval == wilson_interval(pair.wins // 2, 12)
    assert "games  seats" in run.summary.text()


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion",
    # Statistics in Medicine 17, table II, method 3 (Wilson's score interval).
    [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_intervals_match_the_published_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    found = wilson_interval(successes, trials)
    assert found == pytest.approx((low, high), abs=5e-5)


def test_a_score_of_win_or_lose_has_an_interval_that_stays_above_0() -> None:
    # Crab Stack scores 1 for the winner, 0 otherwise: a rare winner's mean score used to
    # get the normal interval, which went below 0.
    results = []
    for index in range(30):
        winner = 0 if index == 0 else 1
        outcome = Outcome(frozenset({winner}), False, (int(winner == 0), int(winner == 1)), "x")
        record = GameRecord.of("crab-stack", None, index, [])
        results.append(GameResult(index, ("rare", "often"), record, outcome, 0.0))
    rare = Summary.of(results, seconds=1.0).by_agent["rare"]
    _, low, high = rare.score_interval
    assert low >= 0.0
    assert (low, high) == rare.win_interval  # a win-or-lose score: the win rate's interval
    assert "[-" not in Summary.of(results, seconds=1.0).text()


@given(
    st.lists(st.sampled_from([0.0, 0.25, 1 / 3, 0.5, 2 / 3, 1.0]), min_size=1, max_size=60),
    st.integers(1, 4),
)
def test_a_win_rate_interval_holds_the_rate_within_0_and_1(
    shares: list[float], seats: int
) -> None:
    # Any agent at ``seats`` seats of each game, winning with a share of them.
    tally = Summary.of([], seconds=1.0).by_agent.setdefault("a", _tally_of(shares, seats))
    low, high = tally.win_interval
    rate = tally.wins / tally.played
    assert 0.0 <= low <= rate + 1e-9
    assert rate - 1e-9 <= high <= 1.0


@given(st.lists(st.integers(-5, 12).map(float), min_size=1, max_size=60))
def test_a_mean_score_interval_holds_the_mean_within_the_scores(values: list[float]) -> None:
    mean, low, high = bounded_interval(values)
    assert min(values) <= low <= mean + 1e-9
    assert mean - 1e-9 <= high <= max(values)


def _tally_of(shares: list[float], seats: int) -> Tally:
    tally = Tally()
    for game, share in enumerate(shares):
        won = round(share * seats)
        for seat in range(seats):
            tally.add(seat < won, False, float(seat < won), game)
    return tally
