"""Every agent plays every game to the end, deterministically, and faulty agents are named."""

from __future__ import annotations

import time
from typing import Any

import pytest

import crabrules
from crabrules import Rng
from crabrules.__main__ import main
from crabrules.agents import (
    Agent,
    AgentError,
    Decision,
    HiddenStateError,
    ISMCTSAgent,
    MCTSAgent,
    PlausibleAgent,
    RandomAgent,
    Turn,
    UnknownAgentError,
    make_agent,
    play_match,
)
from crabrules.agents.tree import MAX_ITERATIONS, MAX_SECONDS, Budget

GAMES = sorted(crabrules.GAMES)
# Small budgets: these tests check that the agents play, not how well (see the benchmarks).
TINY = Budget(iterations=4, depth=20)


def seats(game_id: str, first: Agent) -> list[Agent]:
    game = crabrules.get_game(game_id)
    players = game.num_players(game.initial_state(seed=0))
    return [first] + [PlausibleAgent() for _ in range(players - 1)]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(
    "make", [PlausibleAgent, lambda: MCTSAgent(TINY), lambda: ISMCTSAgent(TINY)]
)
def test_every_agent_plays_every_game_to_the_end(game_id: str, make: Any) -> None:
    game = crabrules.get_game(game_id)
    result = play_match(game, seats(game_id, make()), seed=11)
    assert result.finished
    assert crabrules.replay(result.record) == result.state


@pytest.mark.parametrize("game_id", [g for g in GAMES if g != "youve-got-crabs"])
def test_random_agents_end_games_whose_random_play_ends(game_id: str) -> None:
    game = crabrules.get_game(game_id)
    players = game.num_players(game.initial_state(seed=0))
    assert play_match(game, [RandomAgent() for _ in range(players)], seed=3).finished


def test_random_play_of_youve_got_crabs_stops_at_the_cap() -> None:
    game = crabrules.get_game("youve-got-crabs")
    result = play_match(game, [RandomAgent() for _ in range(4)], seed=3, max_actions=200)
    assert result.length == 200
    assert result.outcome is None
    assert not result.finished


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("spec", ["random", "plausible", "mcts:3", "ismcts:3"])
def test_a_seed_gives_the_same_game(game_id: str, spec: str) -> None:
    game = crabrules.get_game(game_id)

    def once(seed: int) -> Any:
        agents = seats(game_id, make_agent(spec))
        agents[0] = make_agent(spec)
        return play_match(game, agents, seed=seed, max_actions=30).record

    first = once(5)
    assert once(5) == first
    assert [type(a) for a in first.actions] == [type(a) for a in once(5).actions]
    assert once(6) != first


def test_the_same_turn_and_generator_give_the_same_decision() -> None:
    game = crabrules.get_game("oh-crab")
    turn = Turn.of(game, game.initial_state(seed=2), 1)
    for agent in (RandomAgent(), PlausibleAgent(), ISMCTSAgent(TINY)):
        assert agent.act(turn, Rng.from_seed(8)) == agent.act(turn, Rng.from_seed(8))


def test_a_hidden_information_turn_hides_the_state() -> None:
    game = crabrules.get_game("youve-got-crabs")
    state = game.initial_state(seed=4)
    turn = Turn.of(game, state, 1)
    with pytest.raises(HiddenStateError):
        _ = turn.state
    world = turn.determinize(9)
    assert game.observe(world, 1) == turn.observation
    assert world != state  # the other hands and the Draw pile were dealt anew


def test_a_perfect_information_turn_shows_the_state() -> None:
    game = crabrules.get_game("crab-stack")
    state = game.initial_state(seed=4)
    turn = Turn.of(game, state, game.legal_actions(state)[0].player)
    assert turn.state is state
    assert turn.determinize(1) is state


class Illegal:
    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        return Decision("not an action", turn.now)


class Waits:
    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        return None


class TooEarly:
    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        return Decision(turn.legal[0], turn.now - 1.0)


def test_an_illegal_decision_is_named() -> None:
    game = crabrules.get_game("crab-stack")
    with pytest.raises(AgentError, match="illegal action: 'not an action'"):
        play_match(game, [Illegal(), Illegal()], seed=1)


def test_waiting_is_only_for_real_time_play() -> None:
    game = crabrules.get_game("crab-stack")
    with pytest.raises(AgentError, match="waited"):
        play_match(game, [Waits(), Waits()], seed=1)
    ygc = crabrules.get_game("youve-got-crabs")
    with pytest.raises(AgentError, match="waited for 60 seconds: nobody acted"):
        play_match(ygc, [Waits() for _ in range(4)], seed=1)


def test_a_decision_before_now_is_refused() -> None:
    ygc = crabrules.get_game("youve-got-crabs")
    with pytest.raises(AgentError, match="before now"):
        play_match(ygc, [TooEarly() for _ in range(4)], seed=1)


def test_the_agents_must_fit_the_seats() -> None:
    game = crabrules.get_game("la-marche-du-crabe")
    config = game.config_type()
    with pytest.raises(AgentError, match="seats 2, not 3"):
        play_match(game, [RandomAgent()] * 3, seed=1, config=config)


def test_agents_by_name() -> None:
    assert isinstance(make_agent("random"), RandomAgent)
    assert isinstance(make_agent("plausible"), PlausibleAgent)
    mcts = make_agent("mcts")
    assert isinstance(mcts, MCTSAgent)
    assert mcts.budget.iterations == 1000
    ismcts = make_agent("ismcts:25")
    assert isinstance(ismcts, ISMCTSAgent)
    assert ismcts.budget.iterations == 25
    for bad in ("minimax", "random:3", "mcts:0", "mcts:x", "mcts:", ""):
        with pytest.raises(UnknownAgentError):
            make_agent(bad)


def test_a_budget_is_positive() -> None:
    with pytest.raises(crabrules.InvalidConfigError):
        Budget(seconds=0.0)
    with pytest.raises(crabrules.InvalidConfigError):
        Budget(depth=-1)


def test_a_time_budget_stops_the_search() -> None:
    game = crabrules.get_game("oh-crab")
    turn = Turn.of(game, game.initial_state(seed=2), 0)
    agent = ISMCTSAgent(Budget(iterations=MAX_ITERATIONS, seconds=0.05))
    decision = agent.act(turn, Rng.from_seed(1))  # returns: the clock ended the search
    assert decision is not None
    assert decision.action in turn.legal


@pytest.mark.parametrize("make", [lambda: MCTSAgent(TINY), lambda: ISMCTSAgent(TINY)])
def test_search_agents_play_the_2_player_mode_of_oh_crab(make: Any) -> None:
    # Two crabs a player: the search backs up one value per player, from the placement on.
    game = crabrules.get_game("oh-crab")
    config = crabrules.oh_crab.Config(players=2)
    result = play_match(game, [make(), make()], seed=3, config=config, max_actions=80)
    assert result.length == 80 or result.finished


@pytest.mark.parametrize("spec", ["mcts:²", "mcts:" + "1" * 5000, "ismcts:-3", "mcts:0"])
def test_a_search_budget_is_a_positive_ascii_number(spec: str) -> None:
    with pytest.raises(UnknownAgentError, match="iterations"):
        make_agent(spec)


def test_a_search_budget_is_bounded_so_every_decision_ends() -> None:
    with pytest.raises(
        UnknownAgentError, match="iterations: a positive integer at most 1,000,000"
    ):
        make_agent("mcts:999999999999999999")
    with pytest.raises(crabrules.InvalidConfigError, match="at most 1,000,000"):
        Budget(iterations=MAX_ITERATIONS + 1)
    with pytest.raises(crabrules.InvalidConfigError, match="seconds: a positive number at most"):
        Budget(seconds=MAX_SECONDS * 2)
    largest: Any = make_agent(f"ismcts:{MAX_ITERATIONS}")
    assert largest.budget.iterations == MAX_ITERATIONS


def test_a_search_agent_takes_a_time_budget_by_name() -> None:
    agent = make_agent("mcts:seconds=0.05")
    assert isinstance(agent, MCTSAgent)
    assert agent.budget == Budget(iterations=MAX_ITERATIONS, seconds=0.05)
    game = crabrules.get_game("oh-crab")
    turn = Turn.of(game, game.initial_state(seed=2), 0)
    start = time.perf_counter()
    decision = agent.act(turn, Rng.from_seed(1))
    assert decision is not None
    assert decision.action in turn.legal
    assert time.perf_counter() - start < 2.0  # the clock, not a million iterations, ended it
    both = make_agent("ismcts:iterations=30:seconds=1:depth=5")
    assert isinstance(both, ISMCTSAgent)
    assert both.budget == Budget(iterations=30, seconds=1.0, depth=5)
    assert main(["simulate", "crab-stack", "--games", "1", "--agents", "mcts:seconds=0.01"]) == 0


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:seconds=x",
        "mcts:speed=3",
        "mcts:seconds=1e999",
        "mcts:seconds=1:seconds=2",
        "mcts:5:7",
    ],
)
def test_a_bad_budget_field_is_refused(spec: str) -> None:
    with pytest.raises(UnknownAgentError, match=f"agent '{spec}'"):
        make_agent(spec)
