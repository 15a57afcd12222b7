"""OpenSkill ratings for any game: several players, teams, or partners against the game.

OpenSkill (the ``openskill`` package, MIT; ``pip install 'crabrules[tournament]'``)
rates players from ranked results, as TrueSkill does, with a Bayesian approximation that
handles any number of sides of any size. Each agent starts at ``mu = 25``,
``sigma = 25/3``; the games are taken in index order with the Plackett-Luce model:

- each **side** (a seat, or a team's seats) is one team of OpenSkill, made of its seats'
  agents; the sides that won share rank 1 and the others rank 2; a draw, or a game
  stopped at the action cap, ranks every side equal;
- an agent at several sides of one game (two agents filling four seats) gets the mean of
  its sides' updates;
- in a **cooperative** game the partners are one team against a pseudo-agent,
  :data:`THE_GAME`, rated as well: winning raises the partners and lowers the game.

A rating's interval is ``mu ± 1.96 sigma``; OpenSkill's own conservative ordinal is
``mu - 3 sigma``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from crabrules.tournament.elo import Rating
from crabrules.tournament.results import Played
from crabrules.tournament.schedule import TournamentError

__all__ = ["THE_GAME", "available", "openskill_ratings"]

#: The pseudo-agent partners play against in a cooperative game.
THE_GAME = "(the game)"
_Z = 1.96


def available() -> bool:
    """Whether OpenSkill is installed (the ``tournament`` extra)."""
    try:
        import openskill.models  # noqa: F401
    except ImportError:
        return False
    return True


def openskill_ratings(
    agents: Sequence[str],
    games: Sequence[Played],
    *,
    team_size: int = 1,
    cooperative: bool = False,
) -> tuple[Rating, ...]:
    """Every agent's OpenSkill ``mu`` and its interval, strongest first (failed games left out).

    Raises:
        TournamentError: OpenSkill is not installed.
    """
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise TournamentError(
            "ratings: OpenSkill is not installed: pip install 'crabrules[tournament]'"
        ) from None
    model = PlackettLuce()
    names = [*agents, THE_GAME] if cooperative else list(agents)
    ratings: dict[str, Any] = {name: model.rating(name=name) for name in names}
    for game in sorted(games, key=lambda played: played.index):
        if not game.failed:
            _rate(model, ratings, game, team_size, cooperative)
    found = [
        Rating(name, r.mu, r.mu - _Z * r.sigma, r.mu + _Z * r.sigma) for name, r in ratings.items()
    ]
    return tuple(sorted(found, key=lambda rating: -rating.value))


def _sides(game: Played, team_size: int, cooperative: bool) -> tuple[list[list[str]], list[int]]:
    """Each side's agents, and its rank: 0 for the winners (or all, on a draw), else 1."""
    if game.winners is None:  # stopped at the action cap: a draw
        winners: frozenset[int] = frozenset()
    else:
        winners = game.winners
    if cooperative:
        # The partners against the game, which wins when they all lose.
        won = [bool(winners), game.winners is not None and not winners]
        return [list(game.seats), [THE_GAME]], [0 if w or not any(won) else 1 for w in won]
    sides = [range(i, i + team_size) for i in range(0, len(game.seats), team_size)]
    won = [any(seat in winners for seat in side) for side in sides]
    ranks = [0 if w or not any(won) else 1 for w in won]
    return [[game.seats[seat] for seat in side] for side in sides], ranks


def _rate(
    model: Any, ratings: dict[str, Any], game: Played, team_size: int, cooperative: bool
) -> None:
    names, ranks = _sides(game, team_size, cooperative)
    updated = model.rate([[ratings[name] for name in side] for side in names], ranks=ranks)
    moved: dict[str, list[Any]] = {}
    for side, new_team in zip(names, updated, strict=True):
        for name, new in zip(side, new_team, strict=True):
            moved.setdefault(name, []).append(new)
    # An agent at several sides (or seats) of one game: the mean of its updates.
    for name, news in moved.items():
        mu = sum(new.mu for new in news) / len(news)
        sigma = sum(new.sigma for new in news) / len(news)
        ratings[name] = model.rating(mu=mu, sigma=sigma, name=name)
