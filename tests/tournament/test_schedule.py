"""Who meets whom: tables, every seat order, and paired deals (one deal a round)."""

from __future__ import annotations

import pytest

from crabrules import InvalidConfigError, get_game
from crabrules.simulate import run_task
from crabrules.tournament import Schedule, TournamentError


def test_every_seat_order_of_a_round_plays_the_same_deal() -> None:
    schedule = Schedule.of("oh-crab", ["random", "plausible"], games=4, players=2, seed=7)
    game = get_game("oh-crab")
    for round_ in range(schedule.rounds):
        tasks = [schedule.task(round_ * schedule.per_round + i) for i in range(schedule.per_round)]
        assert len({task.seed for task in tasks}) == 1
        deals = {game.initial_state(game.config_for_players(2), seed=task.seed) for task in tasks}
        assert len(deals) == 1  # the same shuffle, whoever sits where
        assert [task.labels for task in tasks] == [
            ("random", "plausible"),
            ("plausible", "random"),
        ]
    assert schedule.task(0).seed != schedule.task(2).seed  # a new deal a round


def test_paired_games_record_the_same_seed_with_seats_swapped() -> None:
    schedule = Schedule.of("crab-stack", ["random", "plausible"], games=2, seed=3)
    first, second = (run_task(schedule.task(i)) for i in range(2))
    assert first.record.seed == second.record.seed
    assert first.seats == tuple(reversed(second.seats))


def test_round_robin_meets_every_pair_and_gauntlet_only_the_hero() -> None:
    agents = ["random", "plausible", "mcts:5", "ismcts:5"]
    robin = Schedule.of("crab-stack", agents, games=2)
    assert len(robin.tables) == 6
    gauntlet = Schedule.of("crab-stack", agents, games=2, mode="gauntlet")
    assert gauntlet.tables == ((0, 1), (0, 2), (0, 3))
    assert gauntlet.total == 6


def test_four_agents_of_a_four_player_game_share_one_table_in_four_rotations() -> None:
    agents = ["random", "plausible", "mcts:5", "ismcts:5"]
    schedule = Schedule.of("oh-crab", agents, games=4)
    assert schedule.tables == ((0, 1, 2, 3),)
    lineups = [schedule.lineup(i) for i in range(4)]
    for seat in range(4):
        assert sorted(lineup[seat] for lineup in lineups) == sorted(agents)


def test_two_agents_of_a_four_player_game_alternate_seats() -> None:
    schedule = Schedule.of("oh-crab", ["random", "plausible"], games=2)
    assert schedule.lineup(0) == ("random", "plausible", "random", "plausible")
    assert schedule.lineup(1) == ("plausible", "random", "plausible", "random")


def test_a_team_game_seats_each_agent_as_a_team() -> None:
    schedule = Schedule.of("youve-got-crabs", ["random", "plausible"], games=2)
    assert schedule.sides == 2
    assert schedule.lineup(0) == ("random", "random", "plausible", "plausible")
    assert schedule.lineup(1) == ("plausible", "plausible", "random", "random")


def test_a_cooperative_game_seats_agents_as_partners() -> None:
    schedule = Schedule.of("la-marche-du-crabe", ["random", "plausible"], games=2)
    assert schedule.cooperative
    assert schedule.lineup(1) == ("plausible", "random")


def test_the_fingerprint_leaves_out_the_number_of_games_only() -> None:
    base = Schedule.of("crab-stack", ["random", "plausible"], games=2, seed=1)
    assert Schedule.of("crab-stack", ["random", "plausible"], games=8, seed=1).fingerprint == (
        base.fingerprint
    )
    for other in (
        Schedule.of("crab-stack", ["random", "plausible"], games=2, seed=2),
        Schedule.of("crab-stack", ["plausible", "random"], games=2, seed=1),
        Schedule.of("crab-stack", ["random", "plausible"], games=2, seed=1, players=4),
        Schedule.of("crab-stack", ["random", "plausible"], games=2, seed=1, max_actions=9),
    ):
        assert other.fingerprint != base.fingerprint


@pytest.mark.parametrize(
    ("agents", "options", "message"),
    [
        (["random"], {}, "agents: from 2 to 32 agents, not 1"),
        (["random"] * 33, {}, "agents: from 2 to 32"),
        (["random", "random"], {}, "agents: 'random' is given twice"),
        ("random,plausible", {}, "agents: a list"),
        (["random", "plausible"], {"games": 0}, "games: a positive integer"),
        (["random", "plausible"], {"games": -2}, "games: a positive integer"),
        (["random", "plausible"], {"games": 2.0}, "games: a positive integer"),
        (["random", "plausible"], {"games": 10**30}, "games: a positive integer up to"),
        (["random", "plausible"], {"games": 3}, "games: a multiple of 2"),
        (["random", "plausible"], {"mode": "swiss"}, "mode: one of round-robin, gauntlet"),
        (["random", "plausible"], {"max_actions": 0}, "max actions"),
        ([f"mcts:{i}" for i in range(1, 33)], {"games": 4000}, "more than 100,000 games"),
    ],
)
def test_a_bad_option_is_refused_naming_it(
    agents: object, options: dict[str, object], message: str
) -> None:
    arguments: dict[str, object] = {"games": 2, **options}
    with pytest.raises(TournamentError, match=message):
        Schedule.of("crab-stack", agents, **arguments)  # type: ignore[arg-type]


def test_too_many_tables_are_refused_before_they_are_made() -> None:
    agents = [f"mcts:{i}" for i in range(1, 33)]
    with pytest.raises(TournamentError, match="tables is more than"):
        Schedule.of("oh-crab", agents, games=5, players=5)  # 201,376 tables of 5


def test_a_config_is_given_to_every_task_and_makes_its_own_tournament() -> None:
    config = get_game("oh-crab").config_type(players=3, modules=frozenset({"events"}))
    schedule = Schedule.of("oh-crab", ["random", "plausible"], games=6, config=config)
    assert schedule.players == 3
    assert all(schedule.task(i).game_config() == config for i in range(schedule.total))
    default = Schedule.of("oh-crab", ["random", "plausible"], games=6, players=3)
    assert default.task(0).config is None
    assert schedule.fingerprint != default.fingerprint


@pytest.mark.parametrize(
    ("config", "players", "message"),
    [
        ({"players": 3}, None, "config: a Config of oh-crab, not dict"),
        (get_game("crab-stack").config_type(), None, "config: a Config of oh-crab"),
        (get_game("oh-crab").config_type(players=3), 3, "players: left out"),
    ],
)
def test_a_config_that_is_not_the_games_is_refused(
    config: object, players: int | None, message: str
) -> None:
    with pytest.raises(InvalidConfigError, match=message):
        Schedule.of("oh-crab", ["random", "plausible"], games=2, players=players, config=config)
