"""The strong players of Crab Stack and Oh Crab!: tactics, time budget, and no peeking.

Strength itself is measured by ``crabrules tournament`` (see the agents docs), not here:
these tests hold the behaviours on hand-built positions, with small budgets.
"""

from __future__ import annotations

import time

import crabrules
from crabrules import Rng
from crabrules import crab_stack as cs
from crabrules.agents import RandomAgent, Turn, make_agent
from crabrules.agents.strong import PLAYERS, StrongAgent
from crabrules.agents.strong.crab_stack import CrabStackStrong, safe_moves, wins
from crabrules.agents.strong.oh_crab import OhCrabStrong
from crabrules.agents.tree import MAX_ITERATIONS, Budget, Search

CRAB_STACK = crabrules.get_game("crab-stack")
OH_CRAB = crabrules.get_game("oh-crab")
L, M = cs.Size.LARGE, cs.Size.MEDIUM


def crab_stack_position(crabs: dict[int, tuple[int, cs.Size]]) -> cs.State:
    """Player 0 to move, one crab (owner, size) on each given cell of the 2-player board."""
    stacks: list[tuple[int, ...]] = [()] * 18
    for cell, (owner, size) in crabs.items():
        stacks[cell] = (cs.crab(owner, size),)
    return cs.position(cs.Config(), stacks, to_move=0)


def test_strong_is_each_games_own_player() -> None:
    assert PLAYERS["crab-stack"] is CrabStackStrong
    assert PLAYERS["oh-crab"] is OhCrabStrong
    assert isinstance(make_agent("strong"), StrongAgent)


def test_crab_stack_strong_takes_an_immediate_win() -> None:
    # Large crabs on 0 and 4 against a large on 1: climbing onto it from 0 or 4 wins.
    state = crab_stack_position({0: (0, L), 4: (0, L), 1: (1, L), 5: (1, cs.Size.SMALL)})
    turn = Turn.of(CRAB_STACK, state, 0)
    winning = {a for a in turn.legal if wins(CRAB_STACK, state, a, 0)}
    assert winning
    assert winning != set(turn.legal)
    for seed in range(4):
        player = CrabStackStrong(Budget(iterations=2))
        assert player.act(turn, Rng.from_seed(seed)).action in winning


def test_crab_stack_strong_blocks_an_immediate_loss() -> None:
    # The medium from 11 onto 16 lets the large on 15 cover player 0's last free crab.
    state = crab_stack_position({12: (0, L), 11: (0, M), 15: (1, L), 16: (1, M)})
    turn = Turn.of(CRAB_STACK, state, 0)
    losing = cs.Move(player=0, src=11, dst=16)
    assert losing in turn.legal
    assert safe_moves(CRAB_STACK, state, turn.legal) == tuple(a for a in turn.legal if a != losing)
    for seed in range(8):
        player = CrabStackStrong(Budget(iterations=2))
        assert player.act(turn, Rng.from_seed(seed)).action != losing


def test_crab_stack_strong_keeps_every_move_when_none_is_safe() -> None:
    state = CRAB_STACK.initial_state(seed=1)
    legal = CRAB_STACK.legal_actions(state)
    assert safe_moves(CRAB_STACK, state, legal) == legal  # the opening: nothing loses at once


def test_strong_players_respect_their_time_budget() -> None:
    budget = Budget(iterations=MAX_ITERATIONS, seconds=0.2)
    for game, player in ((CRAB_STACK, CrabStackStrong(budget)), (OH_CRAB, OhCrabStrong(budget))):
        state = game.initial_state(seed=3)
        turn = Turn.of(game, state, min(game.active_players(state)))
        best = 1e9
        for _ in range(2):  # the best of two, for a loaded machine
            start = time.perf_counter()
            player.act(turn, Rng.from_seed(1))
            best = min(best, time.perf_counter() - start)
        assert best < 0.2 + 0.15


def _oh_crab_midgame() -> tuple[object, int]:
    # A turn some random actions into the game where the player has a real choice.
    state, rng = OH_CRAB.initial_state(seed=8), Rng.from_seed(8)
    agent = RandomAgent()
    for _ in range(30):
        player = min(OH_CRAB.active_players(state))
        decision = agent.act(Turn.of(OH_CRAB, state, player), rng)
        assert decision is not None
        state = OH_CRAB.apply(state, decision.action)
        rng, _ = rng.split()
    while len(OH_CRAB.legal_actions(state, min(OH_CRAB.active_players(state)))) < 2:
        state = OH_CRAB.apply(state, OH_CRAB.legal_actions(state)[0])
    return state, min(OH_CRAB.active_players(state))


def test_oh_crab_strong_decides_from_the_observation_only() -> None:
    for state, player in ((OH_CRAB.initial_state(seed=5), 0), _oh_crab_midgame()):
        other = OH_CRAB.determinize(state, player, 99)  # the same view, other hidden cards
        assert other != state
        assert OH_CRAB.observe(other, player) == OH_CRAB.observe(state, player)
        for seed in range(3):
            mine = OhCrabStrong(Budget(iterations=40)).act(
                Turn.of(OH_CRAB, state, player), Rng.from_seed(seed)
            )
            theirs = OhCrabStrong(Budget(iterations=40)).act(
                Turn.of(OH_CRAB, other, player), Rng.from_seed(seed)
            )
            assert mine == theirs


def test_rollouts_are_played_by_casual_players_where_asked() -> None:
    """The search's public rollout choice: the table's casual players play every rollout."""
    state = CRAB_STACK.initial_state(seed=3)
    legal = CRAB_STACK.legal_actions(state)
    asked: list[bool] = []

    def table(position: object, waited: bool) -> list[crabrules.agents.Agent]:
        asked.append(waited)
        return [RandomAgent() for _ in range(CRAB_STACK.num_players(position))]

    budget = Budget(iterations=8)
    Search(CRAB_STACK, legal, budget, table=table).run(lambda r: (state, r), Rng.from_seed(1))
    assert asked == []  # a two-player game's random play ends: random rollouts by default
    search = Search(CRAB_STACK, legal, budget, table=table, casual_rollouts=True)
    search.run(lambda r: (state, r), Rng.from_seed(1))
    assert len(asked) == 8


def test_games_whose_random_play_says_little_roll_out_casually_by_default() -> None:
    for game_id, casual in (("crab-stack", False), ("la-marche-du-crabe", True)):
        game = crabrules.get_game(game_id)
        state = game.initial_state(seed=1)
        legal = game.legal_actions(state, min(game.active_players(state)))
        assert Search(game, legal, Budget(iterations=1)).casual_rollouts is casual
