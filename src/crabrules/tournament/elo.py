"""Elo ratings for games of two sides, with 95% intervals.

Two kinds of figure:

- **A pairing's Elo difference** (:func:`elo_difference`): the mean score ``s`` of one
  agent against another, as ``-400 log10(1/s - 1)``, and its interval from the normal
  interval of the mean score, ``1.96`` standard errors, mapped the same way. The unit is
  the **deal**: the games of one round (every seat order on one shuffle) are averaged
  first, so the paired games' correlation is in the variance (for two seat orders, the
  pentanomial model); a perfect score is an infinite difference.
- **Ratings** (:func:`elo_ratings`): the Bradley-Terry maximum-likelihood ratings of all
  the agents from every pairing's points (draws as half points), found by Hunter's MM
  iterations, centred on a mean of 0. Each pair that met is given one virtual draw (as
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
#: MM iterations stop when no rating moves more than this (in natural-log units)...
_TOLERANCE = 1e-9
#: ... or after this many.
_ITERATIONS = 10_000

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

    >>> [round(x, 1) for x in elo_difference([1.0, 0.5, 0.5, 0.0, 1.0, 0.5])]
    [58.5, -140.3, 312.9]
    """
    if not deals:
        return (0.0, -math.inf, math.inf)
    count = len(deals)
    mean = sum(deals) / count
    variance = sum((x - mean) ** 2 for x in deals) / count
    half = _Z * math.sqrt(variance / count)
    return (elo_of_score(mean), elo_of_score(mean - half), elo_of_score(mean + half))


def maximum_likelihood(
    agents: Sequence[str], pairs: PairPoints, prior: float = 1.0
) -> dict[str, float]:
    """The Bradley-Terry Elo ratings of ``agents`` from ``pairs``, centred on 0.

    ``prior`` virtual draws are added to each pair that met. An agent that met nobody is
    rated 0.

    >>> ratings = maximum_likelihood(["a", "b"], {("a", "b"): (3, 4), ("b", "a"): (1, 4)}, 0)
    >>> round(ratings["a"] - ratings["b"], 2)
    190.85
    """
    wins = dict.fromkeys(agents, 0.0)
    games: dict[str, dict[str, float]] = {agent: {} for agent in agents}
    for (agent, other), (points, count) in pairs.items():
        if count and agent in wins and other in wins:
            wins[agent] += points + prior / 2
            games[agent][other] = count + prior
    strength = dict.fromkeys(agents, 1.0)
    for _ in range(_ITERATIONS):
        new = {}
        for agent in agents:
            against = sum(n / (strength[agent] + strength[o]) for o, n in games[agent].items())
            new[agent] = wins[agent] / against if against and wins[agent] else strength[agent]
            new[agent] = max(new[agent], 1e-300)
        centre = math.exp(sum(math.log(value) for value in new.values()) / len(new))
        new = {agent: value / centre for agent, value in new.items()}
        moved = max(abs(math.log(new[a] / strength[a])) for a in agents)
        strength = new
        if moved < _TOLERANCE:
            break
    return {agent: 400.0 * math.log10(value) for agent, value in strength.items()}


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
    for _ in range(resamples if deals else 0):
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
