"""Elo ratings for games of two sides, with 95% intervals.

Two kinds of figure:

- **A pairing's Elo difference** (:func:`elo_difference`): the mean score ``s`` of one
  agent against another, as ``-400 log10(1/s - 1)``, and its interval from the normal
  interval of the mean score, ``1.96`` standard errors (the sample variance), mapped the
  same way. The unit is
  the **deal**: the games of one round (every seat order on one shuffle) are averaged
  first, so the paired games' correlation is in the variance (for two seat orders, the
  pentanomial model); a perfect score is an infinite difference.
- **Ratings** (:func:`elo_ratings`): the Bradley-Terry maximum-likelihood ratings of all
  the agents from every pairing's points (draws as half points), found by Newton's
  method, centred on a mean of 0. Each pair that met is given one virtual draw (as
  BayesElo's prior), so that an agent that won every game still has a finite rating.
  Their intervals are the 2.5th and 97.5th percentiles of the ratings of
  :data:`RESAMPLES` bootstrap samples of the deals (drawn with replacement, from the
  tournament's seed: the same results always give the same intervals).

>>> round(expected_score(100), 4)
0.6401
>>> [round(x, 1) for x in elo_difference([0.75, 0.75, 0.75, 0.75])]
[190.8, 190.8, 190.8]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import attrs

from crabrules.core import Rng

__all__ = [
    "RESAMPLES",
    "Rating",
    "elo_difference",
    "elo_of_score",
    "elo_ratings",
    "expected_score",
    "maximum_likelihood",
]

#: Bootstrap samples behind each rating's interval.
RESAMPLES = 200
_Z = 1.96  # the normal quantile of a two-sided 95% interval
#: Newton's steps stop when no rating moves more than this (in natural-log units)...
_TOLERANCE = 1e-10
#: ... or after this many.
_ITERATIONS = 200
#: A Gaussian prior on the log-strengths this weak (a standard deviation of about 30,000
#: in natural-log units) makes the Hessian invertible and moves no rating by 0.001 Elo.
_RIDGE = 1e-9

#: Points and games of each ordered pair of agents: ``(a, b) -> (a's points, games)``.
PairPoints = Mapping[tuple[str, str], tuple[float, int]]


def expected_score(elo: float) -> float:
    """The mean score of a player ``elo`` points stronger (the logistic Elo curve).

    >>> expected_score(0)
    0.5
    """
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def elo_of_score(score: float) -> float:
    """The Elo difference whose expected score is ``score`` (±infinity at 1 and 0).

    >>> round(elo_of_score(0.75), 2), elo_of_score(1.0)
    (190.85, inf)
    """
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_difference(deals: Sequence[float]) -> tuple[float, float, float]:
    """The Elo difference and its 95% interval from one agent's mean score on each deal.

    The interval is unbounded with fewer than two deals.

    >>> [round(x, 1) for x in elo_difference([1.0, 0.5, 0.5, 0.0, 1.0, 0.5])]
    [58.5, -162.2, 353.7]
    """
    count = len(deals)
    mean = sum(deals) / count if deals else 0.5
    if count < 2:  # one deal says nothing of the spread
        return (elo_of_score(mean), -math.inf, math.inf)
    variance = sum((x - mean) ** 2 for x in deals) / (count - 1)
    half = _Z * math.sqrt(variance / count)
    return (elo_of_score(mean), elo_of_score(mean - half), elo_of_score(mean + half))


def maximum_likelihood(
    agents: Sequence[str], pairs: PairPoints, prior: float = 1.0
) -> dict[str, float]:
    """The Bradley-Terry Elo ratings of ``agents`` from ``pairs``, centred on 0.

    ``prior`` virtual draws are added to each pair that met. The log-likelihood is
    concave, and Newton's method, with its step halved until the likelihood rises, finds
    its maximum in a few steps even when the ratings are thousands of points apart. A
    vanishing ridge (:data:`_RIDGE`) keeps agents that never met any other (directly or
    through others) at 0.

    >>> ratings = maximum_likelihood(["a", "b"], {("a", "b"): (3, 4), ("b", "a"): (1, 4)}, 0)
    >>> round(ratings["a"] - ratings["b"], 2)
    190.85
    """
    index = {agent: i for i, agent in enumerate(agents)}
    points = [0.0] * len(agents)
    games: dict[tuple[int, int], float] = {}  # each unordered pair once, i < j
    for (agent, other), (won, count) in pairs.items():
        if count and agent in index and other in index and agent != other:
            i, j = index[agent], index[other]
            points[i] += won + prior / 2
            games[min(i, j), max(i, j)] = count + prior
    theta = [0.0] * len(agents)  # natural-log strengths
    for _ in range(_ITERATIONS):
        gradient, hessian = _derivatives(theta, points, games)
        step = _solve(hessian, gradient)
        before, scale = _log_likelihood(theta, points, games), 1.0
        while True:
            trial = [t - scale * d for t, d in zip(theta, step, strict=True)]
            if _log_likelihood(trial, points, games) >= before or scale < 1e-9:
                break
            scale /= 2
        moved = max(abs(a - b) for a, b in zip(trial, theta, strict=True))
        theta = trial
        if moved < _TOLERANCE:
            break
    centre = sum(theta) / len(theta)
    return {agent: (theta[i] - centre) * 400.0 / math.log(10.0) for agent, i in index.items()}


def _log_likelihood(
    theta: list[float], points: list[float], games: dict[tuple[int, int], float]
) -> float:
    total = sum(p * t for p, t in zip(points, theta, strict=True))
    total -= _RIDGE * sum(t * t for t in theta) / 2
    for (i, j), count in games.items():
        high = max(theta[i], theta[j])  # log(e^a + e^b) without overflow
        total -= count * (high + math.log(math.exp(theta[i] - high) + math.exp(theta[j] - high)))
    return total


def _derivatives(
    theta: list[float], points: list[float], games: dict[tuple[int, int], float]
) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and Hessian at ``theta``."""
    size = len(theta)
    gradient = [points[i] - _RIDGE * theta[i] for i in range(size)]
    hessian = [[-_RIDGE if i == j else 0.0 for j in range(size)] for i in range(size)]
    for (i, j), count in games.items():
        p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))  # i's expected score against j
        gradient[i] -= count * p
        gradient[j] -= count * (1 - p)
        curve = count * p * (1 - p)
        hessian[i][i] -= curve
        hessian[j][j] -= curve
        hessian[i][j] += curve
        hessian[j][i] += curve
    return gradient, hessian


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix x = vector``: Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for r in range(column + 1, size):
            factor = rows[r][column] / rows[column][column]
            if factor:
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    solution = [0.0] * size
    for r in reversed(range(size)):
        known = sum(rows[r][c] * solution[c] for c in range(r + 1, size))
        solution[r] = (rows[r][size] - known) / rows[r][r]
    return solution


@attrs.frozen
class Rating:
    """An agent's rating and its 95% interval.

    Attributes:
        agent: the agent's label.
        value: the rating (Elo points, or OpenSkill's ``mu``).
        low: the interval's lower end.
        high: its upper end.
    """

    agent: str
    value: float
    low: float
    high: float


def elo_ratings(
    agents: Sequence[str],
    deals: Sequence[PairPoints],
    *,
    seed: int = 0,
    resamples: int = RESAMPLES,
) -> tuple[Rating, ...]:
    """Every agent's Elo rating and its bootstrap interval, strongest first.

    ``deals`` holds each deal's pair points (the games of one round).

    >>> deal = {("a", "b"): (1.5, 2), ("b", "a"): (0.5, 2)}
    >>> [r.agent for r in elo_ratings(["b", "a"], [deal] * 10, resamples=20)]
    ['a', 'b']
    """
    total = _summed(deals)
    best = maximum_likelihood(agents, total)
    samples: dict[str, list[float]] = {agent: [] for agent in agents}
    rng = Rng.from_seed(seed)
    for _ in range(resamples if len(deals) > 1 else 0):  # one deal: unbounded intervals
        picked = []
        for _ in deals:
            i, rng = rng.below(len(deals))
            picked.append(deals[i])
        for agent, value in maximum_likelihood(agents, _summed(picked)).items():
            samples[agent].append(value)
    ratings = []
    for agent in agents:
        values = sorted(samples[agent]) or [-math.inf, math.inf]
        low = values[int(0.025 * (len(values) - 1))]
        high = values[math.ceil(0.975 * (len(values) - 1))]
        ratings.append(Rating(agent, best[agent], low, high))
    return tuple(sorted(ratings, key=lambda rating: -rating.value))


def _summed(deals: Sequence[PairPoints]) -> dict[tuple[str, str], tuple[float, int]]:
    total: dict[tuple[str, str], tuple[float, int]] = {}
    for deal in deals:
        for pair, (points, count) in deal.items():
            old_points, old_count = total.get(pair, (0.0, 0))
            total[pair] = (old_points + points, old_count + count)
    return total
