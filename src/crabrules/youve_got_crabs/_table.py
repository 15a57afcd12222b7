"""Who sits where: teams, partners and the two sides of the table, derived from a config.

Partners sit diagonally across the table, so each side holds exactly one player of every
team (Setup, step 2). Player ``p`` sits on side ``p % 2``; the config's ``seating`` says
which team each player is on.

>>> from crabrules.youve_got_crabs._config import Config
>>> t = table(Config(teams=3))
>>> t.team_of, t.partner_of, t.side_players
((0, 0, 1, 1, 2, 2), (1, 0, 3, 2, 5, 4), ((0, 2, 4), (1, 3, 5)))
"""

from __future__ import annotations

import functools

import attrs

from crabrules.core import PlayerId
from crabrules.core.memo import CONFIGS_KEPT
from crabrules.youve_got_crabs._config import Config, Side, Team


@attrs.frozen
class Table:
    """The seating of one config, computed once.

    Attributes:
        team_of: each player's team.
        partner_of: each player's partner.
        side_of: each player's side of the table.
        side_players: the players of side 0 and of side 1, in id order.
        team_players: the two players of each team, in id order.
    """

    team_of: tuple[Team, ...]
    partner_of: tuple[PlayerId, ...]
    side_of: tuple[Side, ...]
    side_players: tuple[tuple[PlayerId, ...], tuple[PlayerId, ...]]
    team_players: tuple[tuple[PlayerId, PlayerId], ...]


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def table(config: Config) -> Table:
    """Compute the seating of ``config`` (cached: configs are hashable and immutable)."""
    players = range(config.players)
    team_of = tuple(config.team_of(p) for p in players)
    team_players = tuple(
        (pair[0], pair[1])
        for pair in (tuple(p for p in players if team_of[p] == t) for t in range(config.teams))
    )
    partner_of = tuple(sum(team_players[team_of[p]]) - p for p in players)
    side_of = tuple(p % 2 for p in players)
    side_players = (
        tuple(p for p in players if side_of[p] == 0),
        tuple(p for p in players if side_of[p] == 1),
    )
    return Table(team_of, partner_of, side_of, side_players, team_players)
