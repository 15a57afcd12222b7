"""What a tournament found: :class:`Standings`, its crosstable, ratings and SPRT verdict.

The rating models, by game:

- games of **two sides** (two players, or two teams) that are not cooperative get Elo:
  ratings with bootstrap intervals, and each pairing's Elo difference with its interval
  (:mod:`~crabrules.tournament.elo`);
- every game gets OpenSkill's ratings (:mod:`~crabrules.tournament.skill`) when the
  ``tournament`` extra is installed: the model for several players, teams, and partners
  against a cooperative game.

>>> from crabrules.tournament.schedule import Schedule
>>> from crabrules.tournament.results import Played
>>> schedule = Schedule.of("crab-stack", ["random", "plausible"], games=2)
>>> games = {0: Played(0, ("random", "plausible"), frozenset({1})),
...          1: Played(1, ("plausible", "random"), frozenset({0}))}
>>> standings = Standings(schedule, games)
>>> [(rating.agent, round(rating.value)) for rating in standings.elo()]
[('plausible', 140), ('random', -140)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from crabrules.tournament.crosstable import Crosstable, pair_score
from crabrules.tournament.elo import Rating, elo_difference, elo_ratings
from crabrules.tournament.results import Played
from crabrules.tournament.schedule import Schedule
from crabrules.tournament.skill import available, openskill_ratings
from crabrules.tournament.sprt import SPRT

__all__ = ["Pairing", "Standings", "deal_scores"]


@attrs.frozen
class Pairing:
    """One agent against another over their games: score and Elo difference.

    Attributes:
        agent: the first agent.
        other: the second.
        games: how many games they played (failed ones left out).
        score: the first agent's mean score.
        elo: the Elo difference it means, with its 95% interval (``low``, ``high``).
    """

    agent: str
    other: str
    games: int
    score: float
    elo: float
    low: float
    high: float


def deal_scores(
    schedule: Schedule, games: dict[int, Played], table: int, rounds: int
) -> list[tuple[float, ...]]:
    """The first agent's scores against the second at ``table``, per whole deal.

    Only deals of the first ``rounds`` whose every game was played and none failed.
    """
    agent, other = (schedule.labels[i] for i in schedule.tables[table][:2])
    deals = []
    for round_ in range(rounds):
        first = round_ * schedule.per_round + table * schedule.orders
        played = [games.get(index) for index in range(first, first + schedule.orders)]
        if all(game is not None and not game.failed for game in played):
            deals.append(
                tuple(pair_score(game, agent, other) for game in played if game is not None)
            )
    return deals


@attrs.frozen
class Standings:
    """A tournament's games and what they say.

    Attributes:
        schedule: the tournament.
        games: every game played, by index (from the results file too).
        played: how many of them this run played.
        sprt: the sequential test asked for, or ``None``.
        llr: its log-likelihood ratio at the end (``None`` without a test).
        decision: ``"H1"``, ``"H0"`` or ``None`` (undecided, or no test).
        decided_after: how many deals decided it (``None``: undecided).
        interrupted: the run was stopped (Ctrl-C) before its end.
    """

    schedule: Schedule
    games: dict[int, Played]
    played: int = 0
    sprt: SPRT | None = None
    llr: float | None = None
    decision: str | None = None
    decided_after: int | None = None
    interrupted: bool = False

    @property
    def results(self) -> tuple[Played, ...]:
        """The games in index order."""
        return tuple(self.games[index] for index in sorted(self.games))

    @property
    def failed(self) -> int:
        """How many games failed (an agent raised, or its process died)."""
        return sum(game.failed for game in self.games.values())

    @property
    def crosstable(self) -> Crosstable:
        """Every agent's score against every other."""
        return Crosstable.of(
            self.schedule.labels, self.results, cooperative=self.schedule.cooperative
        )

    @property
    def has_elo(self) -> bool:
        """Whether Elo applies: two sides, not partners."""
        return self.schedule.sides == 2 and not self.schedule.cooperative

    def elo(self) -> tuple[Rating, ...]:
        """Elo ratings with bootstrap intervals, strongest first (empty if Elo does not apply)."""
        if not self.has_elo:
            return ()
        deals = []
        for round_ in range(self.schedule.rounds):
            first = round_ * self.schedule.per_round
            played = [
                self.games[index]
                for index in range(first, first + self.schedule.per_round)
                if index in self.games
            ]
            if played:
                deals.append(Crosstable.of(self.schedule.labels, played).cells)
        return elo_ratings(self.schedule.labels, deals, seed=self.schedule.seed)

    def pairings(self) -> tuple[Pairing, ...]:
        """Each table's Elo difference, deals as the unit (empty when Elo does not apply)."""
        if not self.has_elo:
            return ()
        found = []
        table = self.crosstable
        for number, agents in enumerate(self.schedule.tables):
            agent, other = (self.schedule.labels[i] for i in agents)
            deals = deal_scores(self.schedule, self.games, number, self.schedule.rounds)
            score = table.score(agent, other)
            if score is None:
                continue
            elo, low, high = elo_difference([sum(deal) / len(deal) for deal in deals])
            found.append(Pairing(agent, other, table.games(agent, other), score, elo, low, high))
        return tuple(found)

    def openskill(self) -> tuple[Rating, ...]:
        """OpenSkill ratings, strongest first (empty without the ``tournament`` extra)."""
        if not available():
            return ()
        return openskill_ratings(
            self.schedule.labels,
            self.results,
            team_size=self.schedule.team_size,
            cooperative=self.schedule.cooperative,
        )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _signed(value: float) -> str:
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{round(value):+d}"  # never "-0"


def rating_lines(title: str, ratings: Sequence[Rating], digits: int) -> list[str]:
    """A ratings table as lines: agent, rating, 95% interval."""
    if not ratings:
        return []
    width = max(len(rating.agent) for rating in ratings)
    lines = [title, f"  {'agent':<{width}} {'rating':>8}  95% interval"]
    for rating in ratings:
        if digits:
            value = f"{rating.value:.{digits}f}"
            interval = f"[{rating.low:.{digits}f}, {rating.high:.{digits}f}]"
        else:
            value = _signed(rating.value)
            interval = f"[{_signed(rating.low)}, {_signed(rating.high)}]"
        lines.append(f"  {rating.agent:<{width}} {value:>8}  {interval}")
    return lines


def report(standings: Standings) -> str:
    """The standings as text: the games, the crosstable, the ratings and the SPRT verdict."""
    schedule = standings.schedule
    ok = len(standings.games) - standings.failed
    lines = [
        f"{schedule.game}, {schedule.players} players, {schedule.mode} of "
        f"{len(schedule.labels)} agents: {ok} games rated of {schedule.total} "
        f"({_count(len(schedule.tables), 'table')}, {schedule.orders} seat orders a deal, "
        f"{_count(schedule.rounds, 'deal')})"
        + (f", {standings.failed} failed" if standings.failed else ""),
        "",
        "Crosstable (the row's points/games and score against the column"
        + (", as partners: their wins" if schedule.cooperative else "")
        + "):",
        standings.crosstable.text(),
    ]
    elo = standings.elo()
    if elo:
        lines += ["", *rating_lines("Elo (95% interval: bootstrap over deals):", elo, 0)]
        lines += ["", "Pairings (Elo difference, 95% interval: normal, deals as the unit):"]
        lines += [
            f"  {p.agent} vs {p.other}: {_signed(p.elo)} [{_signed(p.low)}, {_signed(p.high)}]"
            f", score {p.score:.1%} in {p.games} games"
            for p in standings.pairings()
        ]
    skill = standings.openskill()
    title = "OpenSkill, Plackett-Luce (rating: mu; 95% interval: mu +- 1.96 sigma):"
    lines += ["", *rating_lines(title, skill, 1)] if skill else []
    if not skill and not available():
        lines += ["", "OpenSkill ratings: pip install 'crabrules[tournament]'"]
    if standings.sprt is not None:
        lines += ["", _sprt_line(standings)]
    return "\n".join(lines)


def _sprt_line(standings: Standings) -> str:
    test = standings.sprt
    assert test is not None
    agent, other = standings.schedule.labels[:2]
    low, high = test.bounds
    head = (
        f"SPRT {agent} vs {other} (elo0={test.elo0:g}, elo1={test.elo1:g}, "
        f"alpha={test.alpha:g}, beta={test.beta:g}): LLR {standings.llr or 0.0:.3f} "
        f"(bounds {low:.3f}, {high:.3f})"
    )
    if standings.decision == "H1":
        return f"{head}: H1 accepted after {standings.decided_after} deals ({agent} is stronger)"
    if standings.decision == "H0":
        return f"{head}: H0 accepted after {standings.decided_after} deals"
    return f"{head}: undecided"
