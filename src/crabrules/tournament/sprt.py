"""SPRT: is agent A stronger than agent B? Play until the answer is clear, then stop.

As cutechess-cli and fishtest ask it: H0 says A is ``elo0`` Elo stronger than B, H1
says ``elo1``; ``alpha`` is the chance of accepting H1 when H0 holds, ``beta`` the
chance of accepting H0 when H1 holds. After each deal the log-likelihood ratio (LLR) of
the results is compared with Wald's bounds ``log(beta / (1 - alpha))`` and
``log((1 - beta) / alpha)``: below the lower one H0 is accepted, above the upper one H1,
and the run stops.

The LLR is the normal approximation of the generalized SPRT's (GSPRT) for logistic
Elo, ``N (s1 - s0) (2 m - s0 - s1) / (2 v)`` (``LLR_alt2`` in fishtest's ``LLRcalc``;
fishtest itself computes the exact maximum-likelihood GSPRT, which this approaches when
``elo0`` and ``elo1`` are close), where ``s0`` and ``s1`` are the expected scores at
``elo0`` and ``elo1``, and ``m`` and ``v`` the mean and variance of A's score per
**deal**. A deal's games (every seat order on one shuffle) go
together, as fishtest's game pairs: with two seat orders the deal's score takes five
values (the pentanomial model), with one seat order three (trinomial), with ``k`` seat
orders ``2k + 1``.

Two virtual deals are added to the results, one lost (score 0) and one won (score 1), so
that a few equal deals do not have a variance of 0, which would decide the test at once
(fishtest gives the values never seen a count of 0.001 instead, and tests batches of
hundreds of games; cutechess-cli decides nothing before a win, a loss and a draw). Their
weight fades as deals come: a hundred deals move the LLR by about 2%.

>>> test = SPRT(elo0=0, elo1=50)
>>> [round(bound, 3) for bound in test.bounds]
[-2.944, 2.944]
>>> deals = [(1.0, 1.0)] * 20
>>> test.decision(test.llr(deals))
'H1'
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from crabrules.tournament.elo import expected_score
from crabrules.tournament.schedule import TournamentError

__all__ = ["SPRT", "counts"]

#: The virtual deals added at each end (a lost one and a won one).
_VIRTUAL = 1
#: The widest Elo hypotheses taken.
_MOST_ELO = 2000.0


def _check(name: str, value: float, low: float, high: float) -> None:
    if type(value) not in (int, float) or not low < value < high:
        raise TournamentError(
            f"sprt: {name} is a number between {low:g} and {high:g}, not {value!r:.40}"
        )


@attrs.frozen
class SPRT:
    """A sequential test of "A is ``elo1`` stronger than B" against "``elo0``".

    Raises:
        TournamentError: ``elo0`` is not below ``elo1``, or alpha or beta is not in
            (0, 0.5).
    """

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05

    def __attrs_post_init__(self) -> None:
        _check("elo0", self.elo0, -_MOST_ELO, _MOST_ELO)
        _check("elo1", self.elo1, -_MOST_ELO, _MOST_ELO)
        if not self.elo0 < self.elo1:
            raise TournamentError(f"sprt: elo0 ({self.elo0:g}) below elo1 ({self.elo1:g})")
        _check("alpha", self.alpha, 0.0, 0.5)
        _check("beta", self.beta, 0.0, 0.5)

    @classmethod
    def parse(cls, text: str) -> SPRT:
        """The test written ``elo0=0,elo1=10,alpha=0.05,beta=0.05`` (alpha and beta optional).

        >>> SPRT.parse("elo0=0,elo1=10")
        SPRT(elo0=0.0, elo1=10.0, alpha=0.05, beta=0.05)

        Raises:
            TournamentError: not in that form.
        """
        fields: dict[str, float] = {}
        for part in text[:200].split(","):
            key, equals, value = part.strip().partition("=")
            if not equals or key not in ("elo0", "elo1", "alpha", "beta") or key in fields:
                raise TournamentError(f"sprt: elo0=E0,elo1=E1[,alpha=A,beta=B], not {text!r:.60}")
            try:
                fields[key] = float(value)
            except ValueError:
                raise TournamentError(f"sprt: {key} is a number, not {value!r:.30}") from None
        if "elo0" not in fields or "elo1" not in fields:
            raise TournamentError(f"sprt: elo0 and elo1 are both needed, not {text!r:.60}")
        return cls(**fields)

    @property
    def bounds(self) -> tuple[float, float]:
        """Wald's lower and upper LLR bounds."""
        return (
            math.log(self.beta / (1 - self.alpha)),
            math.log((1 - self.beta) / self.alpha),
        )

    def llr(self, deals: Sequence[Sequence[float]]) -> float:
        """The LLR of A's results: per deal, A's score (1, ½ or 0) in each of its games.

        Every deal has the same number of games (the seat orders).

        >>> round(SPRT(0, 10).llr([(1.0, 0.5), (0.5, 0.5), (0.0, 0.5), (1.0, 1.0)]), 4)
        0.0473
        """
        histogram = counts(deals)
        if not deals:
            return 0.0
        steps = len(histogram) - 1
        regular = [float(count) for count in histogram]
        regular[0] += _VIRTUAL
        regular[-1] += _VIRTUAL
        total = sum(regular)
        mean = sum(count * j / steps for j, count in enumerate(regular)) / total
        variance = sum(count * (j / steps - mean) ** 2 for j, count in enumerate(regular))
        variance /= total
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return total * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def decision(self, llr: float) -> str | None:
        """``"H1"`` (A is stronger by ``elo1``), ``"H0"`` (by ``elo0`` only), or ``None``."""
        lower, upper = self.bounds
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None


def counts(deals: Sequence[Sequence[float]]) -> list[int]:
    """How many deals gave A each total: ``2k + 1`` counts for deals of ``k`` games.

    >>> counts([(1.0, 0.5), (0.5, 0.5), (0.0, 0.5), (1.0, 1.0)])  # the pentanomial
    [0, 1, 1, 1, 1]
    """
    games = len(deals[0]) if deals else 1
    histogram = [0] * (2 * games + 1)
    for deal in deals:
        histogram[round(2 * sum(deal))] += 1
    return histogram
