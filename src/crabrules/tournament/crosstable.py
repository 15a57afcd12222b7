"""The crosstable: each agent's score against each other, from the games they shared.

In a game where agents ``A`` and ``B`` both sat, ``A`` scores 1 against ``B`` if a seat of
``A`` won and none of ``B``'s did, 0 the other way round, and ½ otherwise (a draw, both
won, neither won, or the game stopped at the action cap). Failed games count nowhere. In
a cooperative game the partners win or lose together, so a cell is the pair's win rate.

>>> from crabrules.tournament.results import Played
>>> games = [
...     Played(0, ("a", "b"), frozenset({0})),
...     Played(1, ("b", "a"), frozenset({1})),
...     Played(2, ("a", "b"), None),
...     Played(3, ("b", "a"), frozenset({0})),
... ]
>>> table = Crosstable.of(["a", "b"], games)
>>> table.points("a", "b"), table.games("a", "b"), table.score("b", "a")
(2.5, 4, 0.375)
>>> print(table.text())
  a           b
a -           2.5/4 62.5%
b 1.5/4 37.5% -
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import attrs

from crabrules.tournament.results import Played

__all__ = ["Crosstable", "pair_score"]


def pair_score(game: Played, agent: str, other: str, *, cooperative: bool = False) -> float:
    """``agent``'s score against ``other`` in ``game`` (both sat there): 1, ½ or 0.

    >>> pair_score(Played(0, ("a", "b"), frozenset({1})), "a", "b")
    0.0
    >>> pair_score(Played(0, ("a", "b"), frozenset({0, 1})), "a", "b", cooperative=True)
    1.0
    """
    won, lost = game.won(agent), game.won(other)
    if cooperative:
        return 1.0 if won else 0.0
    if won == lost:
        return 0.5
    return 1.0 if won else 0.0


@attrs.frozen
class Crosstable:
    """Points and games of every agent against every other.

    Attributes:
        agents: the agents' labels, in the tournament's order.
        cells: ``(agent, other) -> (points, games)`` for every pair that met.
        cooperative: partners, not opponents: a cell is the pair's wins.
    """

    agents: tuple[str, ...]
    cells: dict[tuple[str, str], tuple[float, int]]
    cooperative: bool = False

    @classmethod
    def of(
        cls, agents: Sequence[str], games: Sequence[Played], *, cooperative: bool = False
    ) -> Crosstable:
        """The crosstable of ``games`` (failed ones left out)."""
        cells: dict[tuple[str, str], tuple[float, int]] = {}
        for game in games:
            if game.failed:
                continue
            for agent, other in itertools.permutations(sorted(set(game.seats)), 2):
                points, count = cells.get((agent, other), (0.0, 0))
                score = pair_score(game, agent, other, cooperative=cooperative)
                cells[agent, other] = (points + score, count + 1)
        return cls(tuple(agents), cells, cooperative)

    def points(self, agent: str, other: str) -> float:
        """``agent``'s points against ``other``."""
        return self.cells.get((agent, other), (0.0, 0))[0]

    def games(self, agent: str, other: str) -> int:
        """How many games ``agent`` and ``other`` shared."""
        return self.cells.get((agent, other), (0.0, 0))[1]

    def score(self, agent: str, other: str) -> float | None:
        """``agent``'s mean score against ``other`` (``None``: they never met)."""
        points, count = self.cells.get((agent, other), (0.0, 0))
        return points / count if count else None

    def text(self) -> str:
        """The table: a row per agent, its points/games and score against each column."""
        rows = [["", *self.agents]]
        for agent in self.agents:
            row = [agent]
            for other in self.agents:
                score = self.score(agent, other)
                if agent == other or score is None:
                    row.append("-")
                else:
                    row.append(
                        f"{self.points(agent, other):g}/{self.games(agent, other)} {score:.1%}"
                    )
            rows.append(row)
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        return "\n".join(
            " ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
            for row in rows
        )
