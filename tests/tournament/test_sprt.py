"""SPRT: Wald's bounds, the GSPRT LLR computed by hand, decisions, and a run that stops."""

from __future__ import annotations

import math

import pytest

from crabrules.tournament import SPRT, TournamentError, expected_score, tournament
from crabrules.tournament.sprt import counts


@pytest.mark.parametrize(
    ("alpha", "beta", "lower", "upper"),
    # Wald's bounds, log(beta / (1 - alpha)) and log((1 - beta) / alpha): -2.94 and 2.94 at
    # 5% and 5%, as cutechess-cli and fishtest print them.
    [(0.05, 0.05, -2.944, 2.944), (0.05, 0.1, -2.251, 2.890), (0.1, 0.05, -2.890, 2.251)],
)
def test_sprt_bounds_are_walds(alpha: float, beta: float, lower: float, upper: float) -> None:
    bounds = SPRT(0, 10, alpha, beta).bounds
    assert bounds == pytest.approx((lower, upper), abs=1e-3)


def test_sprt_llr_is_the_pentanomial_gsprt_of_game_pairs() -> None:
    # Per deal (two seat orders), A's total: 0, 0.5, 1, 1.5 or 2 points; 1, 2, 4, 2, 3 deals.
    deals = (
        [(0.0, 0.0)] + [(0.5, 0.0)] * 2 + [(0.5, 0.5)] * 4 + [(1.0, 0.5)] * 2 + [(1.0, 1.0)] * 3
    )
    assert counts(deals) == [1, 2, 4, 2, 3]
    # The deals' scores, and the two virtual deals: one lost, one won.
    values = [0.0] + [0.25] * 2 + [0.5] * 4 + [0.75] * 2 + [1.0] * 3 + [0.0, 1.0]
    mean = sum(values) / 14
    variance = sum((v - mean) ** 2 for v in values) / 14
    s0, s1 = expected_score(0), expected_score(20)
    by_hand = 14 * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)
    assert SPRT(0, 20).llr(deals) == pytest.approx(by_hand)
    assert 0 < by_hand < SPRT(0, 20).bounds[1]  # leaning to H1, not yet decided


def test_sprt_trinomial_for_one_game_a_deal() -> None:
    deals = [(1.0,)] * 3 + [(0.5,)] * 2 + [(0.0,)] * 1
    assert counts(deals) == [1, 2, 3]
    mean, n = (3 + 1 + 1) / 8, 8  # with the two virtual deals, a lost and a won
    variance = (4 * (1 - mean) ** 2 + 2 * (0.5 - mean) ** 2 + 2 * (0 - mean) ** 2) / n
    s0, s1 = expected_score(-10), expected_score(10)
    expected = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)
    assert SPRT(-10, 10).llr(deals) == pytest.approx(expected)


def test_sprt_decides_h1_for_a_clear_winner_and_h0_for_a_clear_loser() -> None:
    test = SPRT(0, 50)
    assert test.decision(test.llr([(1.0, 1.0), (1.0, 0.5)] * 20)) == "H1"
    assert test.decision(test.llr([(0.0, 0.0), (0.0, 0.5)] * 20)) == "H0"
    assert test.decision(test.llr([(1.0, 0.0)])) is None


def test_sprt_virtual_deals_keep_a_streak_of_equal_deals_from_deciding_at_once() -> None:
    # Without them one even deal has a variance of 0 and the LLR is minus infinity.
    assert SPRT(0, 50).decision(SPRT(0, 50).llr([(0.5, 0.5)])) is None
    assert SPRT(0, 50).decision(SPRT(0, 50).llr([(1.0, 1.0)])) is None
    llr = SPRT(0, 50).llr([(1.0, 1.0)] * 30)  # a perfect score still decides, in time
    assert math.isfinite(llr)
    assert llr > SPRT(0, 50).bounds[1]


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("elo0=10,elo1=0", "elo0"),
        ("elo0=0", "elo0 and elo1"),
        ("elo0=0,elo1=5,alpha=0.7", "alpha"),
        ("elo0=0,elo1=5,beta=0", "beta"),
        ("elo0=x,elo1=5", "elo0"),
        ("elo0=0,elo1=1e300", "elo1"),
        ("depth=3", "elo0=E0"),
    ],
)
def test_sprt_options_are_checked(text: str, field: str) -> None:
    with pytest.raises(TournamentError, match=f"sprt: .*{field}"):
        SPRT.parse(text)


def test_sprt_stops_the_tournament_when_decided() -> None:
    standings = tournament(
        "crab-stack", ["plausible", "random"], games=400, seed=5, sprt=SPRT(0, 100)
    )
    assert standings.decision == "H1"
    assert standings.decided_after is not None
    assert len(standings.games) < 400
    assert standings.llr is not None
    assert standings.llr >= SPRT(0, 100).bounds[1]


def test_sprt_needs_two_agents() -> None:
    with pytest.raises(TournamentError, match="sprt"):
        tournament("crab-stack", ["plausible", "random", "mcts:5"], games=2, sprt=SPRT(0, 5))


def test_the_sprt_decision_does_not_depend_on_the_workers() -> None:
    one, two = (
        tournament(
            "crab-stack",
            ["plausible", "random"],
            games=400,
            seed=5,
            sprt=SPRT(0, 100),
            workers=workers,
        )
        for workers in (1, 2)
    )
    assert (one.decision, one.decided_after, one.llr) == (two.decision, two.decided_after, two.llr)
