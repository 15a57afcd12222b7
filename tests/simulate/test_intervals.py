"""Confidence intervals take the game as their unit: a team's seats are one result."""

from __future__ import annotations

from crabrules import GameRecord, Outcome
from crabrules.simulate import Summary, mean_interval, simulate, wilson_interval
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
    assert team.score_interval == mean_interval([5.0, 3.0] * 5)


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
    shares = [0.0 if i % 4 == 0 else 1 / 3 for i in range(12)]
    _, low, high = mean_interval(shares)
    assert crowd.win_interval == (low, high)


def test_a_pair_of_la_marche_is_one_result_per_game() -> None:
    run = simulate("la-marche-du-crabe", games=12, agents=["plausible"], seed=2)
    pair = run.summary.by_agent["plausible"]
    assert (pair.played, pair.games) == (24, 12)
    assert pair.win_interval == wilson_interval(pair.wins // 2, 12)
    assert "games  seats" in run.summary.text()
