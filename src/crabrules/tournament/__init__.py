"""Tournaments between agents: a crosstable, ratings with intervals, and SPRT.

- :mod:`~crabrules.tournament.schedule`: who plays whom, in which seats, on which deal.
- :mod:`~crabrules.tournament.results`: the games as rated, and the resumable results file.
- :mod:`~crabrules.tournament.crosstable`: every agent's score against every other.
- :mod:`~crabrules.tournament.elo`: Elo ratings and differences, with intervals.
- :mod:`~crabrules.tournament.skill`: OpenSkill ratings for several players and teams.
- :mod:`~crabrules.tournament.sprt`: the sequential test "is A stronger than B".
- :mod:`~crabrules.tournament.standings`: all of it for one tournament, and its report.
- :mod:`~crabrules.tournament.runner`: :func:`tournament`, which plays it.

>>> standings = tournament("crab-stack", ["random", "plausible"], games=4, seed=1)
>>> standings.crosstable.games("plausible", "random")
4
"""

from crabrules.tournament.crosstable import Crosstable, pair_score
from crabrules.tournament.elo import (
    Rating,
    elo_difference,
    elo_of_score,
    elo_ratings,
    expected_score,
    maximum_likelihood,
)
from crabrules.tournament.results import Played, read_results, results_line
from crabrules.tournament.runner import tournament
from crabrules.tournament.schedule import MODES, Schedule, TournamentError
from crabrules.tournament.skill import THE_GAME, openskill_ratings
from crabrules.tournament.sprt import SPRT
from crabrules.tournament.standings import Pairing, Standings, report

__all__ = [
    "MODES",
    "SPRT",
    "THE_GAME",
    "Crosstable",
    "Pairing",
    "Played",
    "Rating",
    "Schedule",
    "Standings",
    "TournamentError",
    "elo_difference",
    "elo_of_score",
    "elo_ratings",
    "expected_score",
    "maximum_likelihood",
    "openskill_ratings",
    "pair_score",
    "read_results",
    "report",
    "results_line",
    "tournament",
]
