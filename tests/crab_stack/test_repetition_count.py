"""Decision 6 as the observation tells it: how many times the current position has occurred.

``observe`` only walks back through the repetition record when an earlier entry with the
same player to move has the current Zobrist key; these tests check the count it returns
against positions built by hand, and against the exact walk on random games.
"""

from __future__ import annotations

from crabrules import crab_stack as cs
from crabrules.crab_stack._repetition import entry, occurrences
from crabrules.crab_stack._state import top_masks
from tests.crab_stack.helpers import SHUFFLE, A, B, C, D, build, cell, crabs, move, random_games


def test_a_position_met_again_with_the_same_player_to_move_counts_again() -> None:
    # Both large crabs step off and back; from the fourth move on each position is the one
    # of four moves before (the same player to move), and the eighth is a third occurrence.
    state = build(SHUFFLE)
    counts = []
    for src, dst in [(A, B), (C, D), (B, A), (D, C)] * 2:
        state = move(state, src, dst)
        counts.append(cs.observe(state, 0).repetitions)
    assert counts == [1, 1, 1, 2, 2, 2, 2, 3]
    result = cs.outcome(state)
    assert result is not None
    assert result.reason == "repetition"


def test_the_same_stacks_with_another_player_to_move_are_a_new_position() -> None:
    # A crab going round a triangle restores the stacks after three moves: with two players
    # in, the other player is to move (a new position); with three, the same one (a repeat).
    for players, expected in ((2, 1), (3, 2)):
        config = cs.Config(players=players)
        t0, t1, t2 = (cell(config, qr) for qr in ((1, 0), (1, -1), (2, -1)))
        board: list[cs.Stack] = [()] * len(config.spaces)
        board[t0], board[t1], board[t2] = crabs("bS rL"), crabs("bS"), crabs("bS")
        stacks = tuple(board)
        by_size, by_player = top_masks(stacks, players)
        record = (entry(7, 0, 0), entry(7, t0, t1), entry(7, t1, t2), entry(7, t2, t0))
        state = cs.State(config, 0, stacks, 0, (), 3, (), record, None, by_size, by_player)
        assert cs.observe(state, None).repetitions == expected


def test_equal_keys_are_confirmed_by_the_positions_themselves() -> None:
    # A hand-written record whose entries all carry the same key: the key says "seen two
    # moves ago", but the crab going round the triangle has not come back yet.
    config = cs.Config(players=2)
    t0, t1, t2 = (cell(config, qr) for qr in ((1, 0), (1, -1), (2, -1)))
    board: list[cs.Stack] = [()] * len(config.spaces)
    board[t0], board[t1], board[t2] = crabs("bS"), crabs("bS"), crabs("bS rL")
    stacks = tuple(board)
    by_size, by_player = top_masks(stacks, 2)
    record = (entry(7, 0, 0), entry(7, t0, t1), entry(7, t1, t2))
    state = cs.State(config, 0, stacks, 0, (), 2, (), record, None, by_size, by_player)
    assert cs.observe(state, 0).repetitions == 1
    # The same record with the crab back where it started, two moves later: a repetition.
    board[t0], board[t2] = crabs("bS rL"), crabs("bS")
    back = tuple(board)
    by_size, by_player = top_masks(back, 2)
    longer = (*record, entry(7, t2, t0), entry(7, t0, t1), entry(7, t1, t2), entry(7, t2, t0))
    state = cs.State(config, 0, back, 0, (), 6, (), longer, None, by_size, by_player)
    assert cs.observe(state, 0).repetitions == occurrences(longer, back, 2) == 2


def test_the_count_is_the_exact_walk_back_through_the_record() -> None:
    repeated = 0
    for game in random_games(24, seed=5, max_plies=600):
        for state in game:
            players_in = state.config.players - len(state.eliminated)
            exact = occurrences(state.history, state.stacks, players_in) if state.history else 1
            count = cs.observe(state, None).repetitions
            assert count == exact
            repeated += count > 1
    assert repeated > 0  # the games did meet repeated positions
