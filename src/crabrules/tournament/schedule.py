"""Who plays whom, in which seats, on which deal: a tournament's :class:`Schedule`.

A game's seats are grouped into **sides**: one seat a side, or one team a side in team
games (seats ``2t`` and ``2t + 1`` are team ``t``, as ``simulate`` seats them). A
**table** is a set of distinct agents that meet: as many as there are sides (all the
agents when there are fewer). A round robin plays every such set; a gauntlet only those
holding the first agent (the hero). So a two-player game plays each pair, and a
four-player game with four agents seats all four at one table.

Each table is played in every **seat order**: the sides are filled with the table's
agents in turn (repeated when there are fewer agents than sides: ``A B A B``), then
rotated by one side at a time, each distinct rotation once, so every agent plays every
side equally often. The games of one **round** all share one deal, ``game_seed(seed,
round)``: every seat order of every table meets the same shuffle (paired seeds), so a
difference between two agents is not the luck of the cards.

Games are numbered round by round, so the games of a longer tournament begin with those
of a shorter one: a results file can be resumed with more games.

>>> schedule = Schedule.of("crab-stack", ["random", "plausible", "mcts:50"], games=2)
>>> schedule.tables, schedule.orders, schedule.total
(((0, 1), (0, 2), (1, 2)), 2, 6)
>>> schedule.lineup(0), schedule.lineup(1)
(('random', 'plausible'), ('plausible', 'random'))
>>> schedule.task(0).seed == schedule.task(1).seed != schedule.task(6).seed
True
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from collections.abc import Sequence
from typing import Any

import attrs

from crabrules.agents import DEFAULT_MAX_ACTIONS, AgentSpec, agent_labels, check_agent
from crabrules.core import CrabRulesError, Utility, get_game
from crabrules.core.rng import check_seed
from crabrules.core.serialize import to_dict
from crabrules.simulate import Task, game_seed
from crabrules.simulate.configs import run_config

__all__ = [
    "MAX_AGENTS",
    "MAX_GAMES",
    "MODES",
    "Schedule",
    "TournamentError",
]

#: ``round-robin``: every table of distinct agents; ``gauntlet``: those with the first agent.
MODES = ("round-robin", "gauntlet")
#: The most agents in one tournament.
MAX_AGENTS = 32
#: The most games in one tournament (its tasks are held in memory).
MAX_GAMES = 100_000


class TournamentError(CrabRulesError, ValueError):
    """A tournament that cannot be played as asked, or a results file that is not its own.

    The message names the option (``agents``, ``games``, ``mode``, ``out``...).
    """


@attrs.frozen
class Schedule:
    """Every game of a tournament, by index: its seats and its deal.

    Attributes:
        game: the game's registry id.
        players: the player count.
        agents: the agents, as given (names or agent objects).
        labels: each agent's label in the results (distinct).
        tables: the agents (indices into ``agents``) of each table, in side order.
        team_size: seats a side (2 in team games, else 1).
        cooperative: the players win or lose together, against the game.
        rounds: deals played by every seat order of every table.
        seed: the tournament's seed; round ``r`` is dealt ``game_seed(seed, r)``.
        max_actions: a game stops unfinished after this many actions.
        mode: one of :data:`MODES`.
        config: the game's config, when it is more than a player count (``None``: the
            game's default for ``players``).
    """

    game: str
    players: int
    agents: tuple[AgentSpec, ...] = attrs.field(eq=False)
    labels: tuple[str, ...]
    tables: tuple[tuple[int, ...], ...]
    team_size: int
    cooperative: bool
    rounds: int
    seed: int
    max_actions: int
    mode: str
    config: Any = None

    @classmethod
    def of(
        cls,
        game_id: str,
        agents: Sequence[AgentSpec],
        *,
        games: int,
        players: int | None = None,
        mode: str = "round-robin",
        seed: int = 0,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        config: Any = None,
    ) -> Schedule:
        """The schedule of ``games`` games per table (a multiple of :attr:`orders`).

        ``config`` is the game's config, for options beyond the player count (then
        ``players`` is left out).

        Raises:
            TournamentError: fewer than 2 agents or more than :data:`MAX_AGENTS`, an
                agent given twice, an unknown mode, ``games`` not a positive multiple of
                the seat orders, or more than :data:`MAX_GAMES` games in all.
            UnknownAgentError: an agent name is unknown.
            InvalidConfigError: the player count, seed or action cap is out of range, or
                ``config`` is not the game's config type, or is given with ``players``.
        """
        _check_count("games", games, MAX_GAMES)
        _check_count("max actions", max_actions, 10**9)
        check_seed(seed)
        if mode not in MODES:
            raise TournamentError(f"mode: one of {', '.join(MODES)}, not {mode!r:.40}")
        specs = _checked_agents(agents)
        game = get_game(game_id)
        played = run_config(game_id, players, config)
        count = game.num_players(game.initial_state(played, seed=0))
        team_size = 2 if game.info.teams else 1
        sides = count // team_size
        size = min(sides, len(specs))
        tables = _tables(len(specs), size, mode)
        orders = len(_rotations(size, sides))
        if games % orders:
            raise TournamentError(
                f"games: a multiple of {orders} (every seat order on each deal), not {games}"
            )
        if len(tables) * games > MAX_GAMES:
            raise TournamentError(
                f"games: {len(tables)} tables of {games} games is more than {MAX_GAMES:,} games"
            )
        return cls(
            game_id,
            count,
            tuple(specs),
            agent_labels(specs),
            tables,
            team_size,
            game.info.utility is Utility.COOPERATIVE,
            games // orders,
            seed,
            max_actions,
            mode,
            config,
        )

    @property
    def sides(self) -> int:
        """How many sides a game has (seats, or teams)."""
        return self.players // self.team_size

    @property
    def orders(self) -> int:
        """How many seat orders each table plays on each deal."""
        return len(_rotations(len(self.tables[0]), self.sides))

    @property
    def per_round(self) -> int:
        """How many games one deal gives: every seat order of every table."""
        return len(self.tables) * self.orders

    @property
    def total(self) -> int:
        """How many games in all."""
        return self.rounds * self.per_round

    def slot(self, index: int) -> tuple[int, int, int]:
        """Game ``index``'s round, table and seat order.

        >>> Schedule.of("crab-stack", ["random", "plausible"], games=4).slot(3)
        (1, 0, 1)
        """
        round_, rest = divmod(index, self.per_round)
        table, order = divmod(rest, self.orders)
        return round_, table, order

    def seats(self, index: int) -> tuple[int, ...]:
        """Each seat's agent (an index into :attr:`agents`) in game ``index``."""
        _, table, order = self.slot(index)
        agents = self.tables[table]
        sides = _rotations(len(agents), self.sides)[order]
        return tuple(agents[sides[seat // self.team_size]] for seat in range(self.players))

    def lineup(self, index: int) -> tuple[str, ...]:
        """Each seat's agent label in game ``index``."""
        return tuple(self.labels[agent] for agent in self.seats(index))

    def task(self, index: int, decision_seconds: float | None = None) -> Task:
        """Game ``index`` as a task for :mod:`crabrules.simulate`'s backends."""
        seats = self.seats(index)
        return Task(
            index,
            self.game,
            self.players,
            tuple(self.agents[agent] for agent in seats),
            game_seed(self.seed, self.slot(index)[0]),
            self.max_actions,
            tuple(self.labels[agent] for agent in seats),
            decision_seconds,
            self.config,
        )

    @property
    def fingerprint(self) -> str:
        """What makes this tournament itself (not its length): every results line holds it.

        Game, player count, agents, mode, seed, action cap and the config when one is
        given; the number of games is left out, so a tournament resumed with more games
        keeps its results.
        """
        document = [
            "crabrules-tournament-1",
            self.game,
            self.players,
            list(self.labels),
            self.mode,
            self.seed,
            self.max_actions,
        ]
        if self.config is not None:
            document.append(to_dict(self.config))
        digest = hashlib.sha256(json.dumps(document).encode("utf-8")).hexdigest()
        return digest[:16]


def _check_count(name: str, value: object, most: int) -> None:
    if type(value) is not int or not 1 <= value <= most:
        raise TournamentError(f"{name}: a positive integer up to {most:,}, not {value!r:.40}")


def _checked_agents(agents: Sequence[AgentSpec]) -> list[AgentSpec]:
    if isinstance(agents, str) or not isinstance(agents, Sequence):
        raise TournamentError(f"agents: a list of agents, not {type(agents).__name__}")
    if not 2 <= len(agents) <= MAX_AGENTS:
        raise TournamentError(f"agents: from 2 to {MAX_AGENTS} agents, not {len(agents)}")
    specs = [check_agent(spec, f"agents[{i}]") for i, spec in enumerate(agents)]
    labels = agent_labels(specs)
    if len(set(labels)) < len(labels):
        twice = next(label for label in labels if labels.count(label) > 1)
        raise TournamentError(f"agents: {twice!r:.60} is given twice")
    return specs


def _tables(agents: int, size: int, mode: str) -> tuple[tuple[int, ...], ...]:
    if mode == "gauntlet":
        count = math.comb(agents - 1, size - 1)
        _check_tables(count)
        rest = itertools.combinations(range(1, agents), size - 1)
        return tuple((0, *others) for others in rest)
    _check_tables(math.comb(agents, size))
    return tuple(itertools.combinations(range(agents), size))


def _check_tables(count: int) -> None:
    # Checked before the tables are made: 32 agents at 5 sides would be 201,376 tables.
    if count > MAX_GAMES:
        raise TournamentError(f"agents: {count:,} tables is more than {MAX_GAMES:,} games")


def _rotations(agents: int, sides: int) -> tuple[tuple[int, ...], ...]:
    """The distinct seat orders of a table: each side's agent, rotated a side at a time.

    >>> _rotations(2, 4)
    ((0, 1, 0, 1), (1, 0, 1, 0))
    >>> _rotations(2, 3)
    ((0, 1, 0), (1, 0, 0), (0, 0, 1))
    """
    base = [side % agents for side in range(sides)]
    orders: list[tuple[int, ...]] = []
    for shift in range(sides):
        order = tuple(base[(side + shift) % sides] for side in range(sides))
        if order not in orders:
            orders.append(order)
    return tuple(orders)
