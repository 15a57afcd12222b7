"""What a simulation found: wins, draws and scores per seat and per agent, and more.

Each win rate and mean score comes with its 95% confidence interval; the summary adds
how the games ended, the game lengths (mean and percentiles), each agent's CPU time per
decision and the throughput.

A game stopped at the action cap has no winner and no scores: in the tables it counts,
for each of its seats, as played and drawn, and only finished games count in the mean
score. An agent that cannot finish its games so shows a win rate that says so, and a
run where no game finishes still has its tables. A game that failed (an agent raised,
or its process died) is counted apart, in no table.

A win rate's interval is Wilson's score interval (good near 0% and 100%, where the
normal approximation fails, and always within [0, 1]). A mean score's stays within the
scores seen: when they take two values (win or lose, 0 or 2 points) it is Wilson's
interval of the share at the higher one, scaled; else the normal interval, ``1.96``
standard errors, clipped to the lowest and highest score.

The unit of every interval is the **game**. An agent that holds several seats of one
game (a team of You've Got Crabs or La Marche du Crabe, the three casual players of Oh
Crab!) has seat results that are not independent: partners win or lose together. So an
agent's results are first taken per game (the share of its seats that won, the mean
score of its seats), and the interval is that of those per-game values over the games:
Wilson's when each game's share is 0 or 1 (one seat, or one team, per game), else
Wilson's over the effective number of games that the spread of the per-game shares gives
(Kish's design effect: games as clusters), at most the number of seat-games. The rates
themselves are the same either way: every game gives an agent the same number of seats.

>>> from crabrules.simulate import Task, run_task, game_seed
>>> results = [
...     run_task(Task(i, "crab-stack", 2, ("plausible", "random"), game_seed(3, i), 500))
...     for i in range(4)
... ]
>>> summary = Summary.of(results, seconds=2.0)
>>> summary.games, summary.finished, summary.throughput
(4, 4, 2.0)
>>> sorted(summary.by_agent)
['plausible', 'random']
"""

from __future__ import annotations

import collections
import math
import statistics
from collections.abc import Sequence

import attrs

from crabrules.simulate.tasks import GameResult

__all__ = [
    "Summary",
    "Tally",
    "bounded_interval",
    "mean_interval",
    "termination",
    "wilson_interval",
]

_Z = 1.96  # the normal quantile of a two-sided 95% interval


def wilson_interval(successes: float, trials: float) -> tuple[float, float]:
    """Wilson's 95% score interval for a proportion: always within [0, 1].

    ``trials`` may be an effective number (not a whole one), as for clustered results.

    >>> low, high = wilson_interval(90, 100)
    >>> round(low, 3), round(high, 3)
    (0.826, 0.945)
    >>> wilson_interval(0, 20)[0], round(wilson_interval(0, 20)[1], 4)
    (0.0, 0.1611)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + _Z**2 / trials
    centre = (p + _Z**2 / (2 * trials)) / denominator
    half = _Z * math.sqrt(p * (1 - p) / trials + _Z**2 / (4 * trials**2)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal 95% interval.

    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0])]
    [2.0, 0.868, 3.132]
    """
    mean = statistics.fmean(values) if values else 0.0
    if len(values) < 2:
        return (mean, mean, mean)
    half = _Z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


def bounded_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and a 95% interval within their range (see the module).

    >>> [round(x, 3) for x in bounded_interval([0.0] * 9 + [2.0])]  # Wilson's, scaled
    [0.2, 0.036, 0.808]
    >>> [round(x, 3) for x in mean_interval([0.0] * 9 + [2.0])]  # the normal one
    [0.2, -0.192, 0.592]
    >>> bounded_interval([1.0, 2.0, 3.0])  # three values: the normal one, clipped
    (2.0, 1.0, 3.0)
    """
    mean, low, high = mean_interval(values)
    if not values:
        return (mean, low, high)
    least, most = min(values), max(values)
    if least == most:
        return (mean, low, high)
    if all(value in (least, most) for value in values):
        share_low, share_high = wilson_interval(values.count(most), len(values))
        span = most - least
        return (mean, least + span * share_low, least + span * share_high)
    return (mean, max(least, low), min(most, high))


@attrs.define
class Tally:
    """Wins, draws and scores of one seat or one agent, over the games it played.

    ``played``, ``wins`` and ``draws`` count seat-games, ``capped`` those of games stopped
    at the action cap (counted as drawn, with no score); ``by_game`` groups them by game,
    for the intervals (see the module).

    >>> team = Tally()
    >>> for game, won in enumerate([True, False, True, True]):
    ...     team.add(won, False, 3.0, game=game)
    ...     team.add(won, False, 3.0, game=game)  # the partner's seat: the same result
    >>> team.played, team.wins, team.games
    (8, 6, 4)
    >>> team.win_interval == wilson_interval(3, 4)  # 4 games, not 8 seat-games
    True
    >>> team.add(False, True, None, game=4)  # a game stopped at the action cap
    >>> team.played, team.draws, team.capped, team.score_interval[0]
    (9, 1, 1, 3.0)
    """

    played: int = 0
    wins: int = 0
    draws: int = 0
    capped: int = 0
    scores: list[float] = attrs.field(factory=list)
    #: per game: (seats, seats that won, total score of those seats: None if capped).
    by_game: dict[int, tuple[int, int, float | None]] = attrs.field(factory=dict)

    def add(self, won: bool, draw: bool, score: float | None, game: int | None = None) -> None:
        """Count one seat-game of game number ``game`` (``None``: a game apart).

        ``score`` is ``None`` for a game stopped at the action cap.
        """
        key = -1 - self.played if game is None else game  # apart: never a game's index
        seats, seats_won, total = self.by_game.get(key, (0, 0, 0.0))
        total = None if score is None or total is None else total + score
        self.by_game[key] = (seats + 1, seats_won + won, total)
        self.played += 1
        self.wins += won
        self.draws += draw
        if score is None:
            self.capped += 1
        else:
            self.scores.append(score)

    @property
    def games(self) -> int:
        """How many games these seat-games come from."""
        return len(self.by_game)

    @property
    def win_interval(self) -> tuple[float, float]:
        """The 95% interval of the win rate, games as the unit (see the module)."""
        shares = [won / seats for seats, won, _ in self.by_game.values()]
        if all(share in (0.0, 1.0) for share in shares):
            return wilson_interval(sum(share == 1.0 for share in shares), len(shares))
        rate = statistics.fmean(shares)
        # The variance of the mean of the shares (none seen in a single game).
        spread = statistics.variance(shares) / len(shares) if len(shares) > 1 else 0.0
        effective = rate * (1 - rate) / spread if spread > 0 else math.inf
        effective = min(effective, self.played)  # no more evidence than seat-games
        return wilson_interval(rate * effective, effective)

    @property
    def score_interval(self) -> tuple[float, float, float]:
        """The mean score and its 95% interval, games as the unit, finished games only."""
        means = [total / seats for seats, _, total in self.by_game.values() if total is not None]
        return bounded_interval(means)

    def line(self, name: str) -> str:
        """One row of the summary table."""
        low, high = self.win_interval
        mean, mean_low, mean_high = self.score_interval
        rate = self.wins / self.played if self.played else 0.0
        score = (
            f"{mean:>9.3f} [{mean_low:.3f}, {mean_high:.3f}]"
            if self.scores
            else f"{'-':>9}"  # no game finished: no score
        )
        return (
            f"  {name:<16} {self.games:>6} {self.played:>6} {rate:>7.1%} [{low:.1%}, {high:.1%}]"
            f" {self.draws:>6} {score}"
        )


@attrs.frozen
class Summary:
    """The summary of a set of results (see the module for what counts where).

    Attributes:
        games: how many games were played (finished or not).
        finished: how many reached their end.
        draws: how many ended in a draw.
        by_seat: a tally per seat (``"seat 0"``, ...).
        by_agent: a tally per agent name, over every seat it played.
        lengths: every game's length in actions.
        seconds: the wall-clock time of the run.
        failed: how many games failed: an agent raised, or the process playing the game
            died (counted apart: not in the tallies).
        terminations: how many games ended each way: the game's reasons, ``action_cap``
            and ``error``.
        thinking: per agent name, its CPU seconds spent deciding and its decisions, over
            every game (finished or not).
    """

    games: int
    finished: int
    draws: int
    by_seat: dict[str, Tally]
    by_agent: dict[str, Tally]
    lengths: tuple[int, ...]
    seconds: float
    failed: int = 0
    terminations: dict[str, int] = attrs.field(factory=dict)
    thinking: dict[str, tuple[float, int]] = attrs.field(factory=dict)

    @classmethod
    def of(cls, results: Sequence[GameResult], seconds: float) -> Summary:
        """Tally ``results`` (in any order: the summary is the same)."""
        by_seat: dict[str, Tally] = {}
        by_agent: dict[str, Tally] = {}
        draws = finished = 0
        for result in sorted(results, key=lambda r: r.index):
            if result.failed:
                continue  # counted apart
            outcome = result.outcome
            finished += outcome is not None
            draws += outcome is not None and outcome.draw
            for seat, agent in enumerate(result.seats):
                # A game stopped at the action cap: a draw, with no score (see the module).
                won, draw, score = (
                    (False, True, None)
                    if outcome is None
                    else (seat in outcome.winners, outcome.draw, float(outcome.scores[seat]))
                )
                game = result.index
                by_seat.setdefault(f"seat {seat}", Tally()).add(won, draw, score, game)
                by_agent.setdefault(agent, Tally()).add(won, draw, score, game)
        lengths = tuple(result.length for result in results)
        failed = sum(result.failed for result in results)
        ends = collections.Counter(termination(result) for result in results)
        return cls(
            len(results),
            finished,
            draws,
            by_seat,
            by_agent,
            lengths,
            seconds,
            failed,
            dict(sorted(ends.items())),
            _thinking(results),
        )

    def length_percentiles(self) -> tuple[float, float, float]:
        """The 10th, 50th and 90th percentiles of the game lengths, in actions.

        >>> Summary(4, 4, 0, {}, {}, (10, 20, 30, 40), 1.0).length_percentiles()
        (13.0, 25.0, 37.0)
        """
        if len(self.lengths) < 2:
            only = float(self.lengths[0]) if self.lengths else 0.0
            return (only, only, only)
        deciles = statistics.quantiles(self.lengths, n=10, method="inclusive")
        return (deciles[0], statistics.median(self.lengths), deciles[-1])

    def ms_per_decision(self, agent: str) -> float:
        """``agent``'s mean CPU milliseconds per decision (0 if it made none)."""
        seconds, decisions = self.thinking.get(agent, (0.0, 0))
        return 1000 * seconds / decisions if decisions else 0.0

    @property
    def throughput(self) -> float:
        """Games per second of wall-clock time."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def text(self) -> str:
        """The summary as a table for a terminal."""
        capped = self.games - self.finished - self.failed
        header = (
            f"  {'':<16} {'games':>6} {'seats':>6} {'wins':>7} {'95% interval':<16}"
            f" {'draws':>6} {'score':>9} 95% interval"
        )
        lines = [
            f"{self.games} games, {self.finished} finished, {self.draws} drawn"
            + (f", {capped} stopped at the action cap (drawn in the tables)" if capped else "")
            + (
                f", {self.failed} failed (an agent raised, or its process died)"
                if self.failed
                else ""
            ),
        ]
        for title, tallies in (("By seat", self.by_seat), ("By agent", self.by_agent)):
            lines += [f"{title}:", header]
            lines += [tally.line(name) for name, tally in tallies.items()]
        if self.terminations:
            ends = ", ".join(f"{reason} {count}" for reason, count in self.terminations.items())
            lines.append(f"How games ended: {ends}")
        if self.lengths:
            p10, p50, p90 = self.length_percentiles()
            lines.append(
                f"Game length (actions): mean {statistics.fmean(self.lengths):.1f}, "
                f"p10 {p10:g}, median {p50:g}, p90 {p90:g}, max {max(self.lengths)}"
            )
        if self.thinking:
            times = ", ".join(
                f"{agent} {self.ms_per_decision(agent):.3g}" for agent in self.thinking
            )
            lines.append(f"CPU ms per decision: {times}")
        lines.append(f"Throughput: {self.throughput:.2f} games/s ({self.seconds:.1f} s)")
        return "\n".join(lines)


def termination(result: GameResult) -> str:
    """How a game ended: its game's reason, or ``action_cap`` or ``error``."""
    if result.outcome is not None:
        return result.outcome.reason
    return "error" if result.failed else "action_cap"


def _thinking(results: Sequence[GameResult]) -> dict[str, tuple[float, int]]:
    """Each agent's CPU seconds and decisions, summed over its seats of every game."""
    totals: dict[str, tuple[float, int]] = {}
    for result in results:
        for agent, seconds, decisions in zip(
            result.seats, result.cpu_seconds, result.decisions, strict=False
        ):
            spent, made = totals.get(agent, (0.0, 0))
            totals[agent] = (spent + seconds, made + decisions)
    return totals
