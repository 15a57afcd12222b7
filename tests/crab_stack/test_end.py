"""End of the Game and Stalemate: elimination, the last player left, repetition, turn limit.

Also the page's decisions 5 (elimination at once, after every move), 6 (the third
occurrence of a position, the turn limit), 11 (the order of end conditions) and 12 (the
outcome).
"""

from __future__ import annotations

from crabrules import Outcome
from crabrules import crab_stack as cs
from crabrules.crab_stack._repetition import entry, occurrences
from tests.crab_stack.helpers import (
    RED_COVERS_BLUE,
    SHUFFLE,
    TIED_SPLIT,
    A,
    B,
    C,
    D,
    E,
    F,
    build,
    cell,
    crabs,
    move,
    random_games,
    sketch,
)


def test_a_player_left_without_a_legal_move_is_eliminated_at_once() -> None:
    # Red covers green's only crab: green is out at once, before blue moves.
    state = build({A: "rL", B: "gL", C: "rS bL", D: "bS"}, players=3)
    after_red = move(state, A, B)
    assert after_red.eliminated == (2,)
    assert after_red.to_move == 1
    assert not cs.is_terminal(after_red)


def test_a_player_left_without_a_move_is_not_rescued_by_the_next_players_move() -> None:
    # Issue 9: red covers green's small crab, green's last top crab. Blue's move would then
    # uncover green's medium crab on C, which could move again (C-D-E, onto a small crab);
    # but green was eliminated by red's move, so it stays out and never moves.
    state = build({A: "rL", B: "gS", C: "gM bL", D: "bS", E: "bS"}, players=3)
    assert any(
        a.player == 2 for a in cs.legal_actions(cs.position(state.config, state.stacks, to_move=2))
    )
    after_red = move(state, A, B)
    assert after_red.eliminated == (2,)
    after_blue = move(after_red, C, D)
    assert after_blue.stacks[cell(after_blue.config, C)] == crabs("gM")
    assert after_blue.eliminated == (2,)
    assert after_blue.to_move == 0
    assert cs.legal_actions(after_blue, 2) == ()


def test_a_player_with_no_crab_left_cannot_win_by_keeping_a_group_of_others_crabs() -> None:
    # Issue 9: red's move ties {A, B} (blue's crabs, none of which can move there) with
    # {D, E} (red's last crab). Red keeps {A, B}, washing away its own last crab: red has
    # no move, and neither has blue, so both are out at once and nobody wins.
    tied = move(build(TIED_SPLIT), C, D)
    over = cs.apply(tied, cs.KeepGroup(0, cell(tied.config, A)))
    assert over.eliminated == (1, 0)  # from the player after the mover, the mover last
    assert over.to_move == 0  # the last mover
    assert cs.outcome(over) == Outcome(frozenset(), True, (0, 0), "all_eliminated")


def test_when_a_move_leaves_nobody_with_a_legal_move_the_game_is_a_draw() -> None:
    # Red's large crab covers blue's last crab and then has no crab beside it itself.
    over = move(build({A: "rL", B: "bL"}), A, B)
    assert over.eliminated == (1, 0)
    assert cs.outcome(over) == Outcome(frozenset(), True, (0, 0), "all_eliminated")
    assert cs.legal_actions(over) == ()
    assert cs.active_players(over) == frozenset()
    assert cs.render(over).splitlines()[0] == (
        "Crab Stack, turn 1: draw, no player is left with a legal move; out: blue, red"
    )


def test_eliminations_go_in_seat_order_from_the_player_after_the_mover() -> None:
    # Red's move washes away {A, B}: blue's and yellow's last crabs. Green can still move.
    state = build({A: "yL", B: "bL", C: "rL", D: "gS", E: "gL", F: "gS"}, players=4, to_move=0)
    after = move(state, C, D)
    assert after.eliminated == (1, 3)
    assert after.to_move == 2


def test_the_mover_is_eliminated_last() -> None:
    # Red's move onto B washes {A, B} away: blue's, yellow's and red's own last crabs.
    state = build({A: "bL", B: "yL", C: "rL", D: "gS", E: "gL", F: "gS"}, players=4)
    over = move(state, C, B)
    assert over.eliminated == (1, 3, 0)
    assert over.to_move == 0  # the last mover, who went out
    assert cs.outcome(over) == Outcome(frozenset({2}), False, (0, 0, 1, 0), "last_player")


def test_a_player_with_no_crabs_left_is_eliminated() -> None:
    # The wave washes away every blue crab; blue is out at once.
    state = build({A: "bS", B: "bS", C: "rL", D: "gS", E: "gL", F: "gS"}, players=3)
    after = move(state, C, D)
    assert after.eliminated == (1,)
    assert after.to_move == 2


def test_eliminated_players_crabs_stay_and_never_move_even_uncovered() -> None:
    state = build({A: "gL rL", B: "bS", C: "bS bL", D: "bM"}, players=3, eliminated=(2,))
    after_red = move(state, A, B)  # green's large crab on A is uncovered
    after_blue = move(after_red, C, D)
    assert after_blue.to_move == 0  # green's turn is skipped
    assert after_blue.stacks[cell(after_blue.config, A)] == crabs("gL")
    assert all(a.player != 2 for a in cs.legal_actions(after_blue))
    assert cs.legal_actions(after_blue, 2) == ()


def test_the_last_player_left_wins() -> None:
    over = move(build(RED_COVERS_BLUE), A, B)  # blue's only crab is covered: blue cannot move
    assert over.to_move == 0  # the last mover, the winner
    assert cs.is_terminal(over)
    assert over.eliminated == (1,)
    assert cs.outcome(over) == Outcome(frozenset({0}), False, (1, 0), "last_player")
    assert cs.legal_actions(over) == ()
    assert cs.active_players(over) == frozenset()


def test_the_third_occurrence_of_a_position_is_a_draw() -> None:
    # Both large crabs step off and back, leaving a crab behind each time.
    state = build(SHUFFLE)
    shuffle = [(A, B), (C, D), (B, A), (D, C)]
    for round_number in (1, 2):
        for src, dst in shuffle:
            assert not cs.is_terminal(state)
            state = move(state, src, dst)
        assert cs.observe(state, None).repetitions == round_number + 1
    assert cs.is_terminal(state)
    assert cs.outcome(state) == Outcome(frozenset(), True, (0, 0), "repetition")


def test_a_position_repeats_only_with_the_same_player_to_move() -> None:
    # A crab going round a triangle restores the stacks after three moves: with two
    # players in, someone else is to move, so it is not the same position; with three, it is.
    state = sketch({(1, 0): "bS rL", (1, -1): "bS", (2, -1): "bS"})
    config = state.config
    t0, t1, t2 = (cell(config, qr) for qr in ((1, 0), (1, -1), (2, -1)))
    record = (entry(0, 0, 0), entry(0, t0, t1), entry(0, t1, t2), entry(0, t2, t0))
    assert occurrences(record, state.stacks, players_in=2) == 1
    assert occurrences(record, state.stacks, players_in=3) == 2


def test_moves_that_empty_a_space_start_the_record_afresh() -> None:
    state = build({A: "rL", B: "bS", C: "bL", D: "bS"})
    after = move(state, A, B)
    assert len(after.history) == 1  # no earlier position can come back


def test_an_elimination_starts_the_record_afresh() -> None:
    # Red's move empties no space, but green goes out: the players still in changed.
    state = build({A: "bM rL", B: "gL", C: "rS bL", D: "bS"}, players=3)
    after_red = move(state, A, B)
    assert after_red.eliminated == (2,)
    assert len(after_red.history) == 1
    after_blue = move(after_red, C, D)
    assert len(after_blue.history) == 2  # the stretch goes on


def test_the_turn_limit_ends_the_game_in_a_draw() -> None:
    config = cs.Config(players=4, max_turns=3)
    state = cs.initial_state(config, seed=11)
    for _ in range(3):
        assert not cs.is_terminal(state)
        state = cs.apply(state, cs.legal_actions(state)[0])
    assert cs.outcome(state) == Outcome(frozenset(), True, (0, 0, 0, 0), "turn_limit")


def test_random_games_end() -> None:
    assert all(cs.is_terminal(game[-1]) for game in random_games(30, seed=3, max_plies=2000))


def test_a_position_counts_only_with_the_same_players_still_in() -> None:
    # Red shuffles between A and B, blue between C and P (or onto green's crab on D),
    # green between D and E; every move leaves a crab behind, so the stacks come back.
    p = (0, 1)
    start = build({A: "bS rL", B: "rM", C: "bM bL", p: "rS", D: "bS gL", E: "rS"}, players=3)
    cycle = [(A, B), (C, p), (D, E), (B, A), (p, C), (E, D)]
    state = start
    for src, dst in cycle:
        state = move(state, src, dst)
    assert (state.stacks, state.to_move) == (start.stacks, 0)
    assert cs.observe(state, None).repetitions == 2
    # Blue covers green's only crab: green is out at once.
    state = move(move(state, A, B), C, D)
    assert state.eliminated == (2,)
    state = move(move(state, B, A), D, C)
    # The same stacks with red to move, but green is no longer in: a new position.
    assert (state.stacks, state.to_move) == (start.stacks, 0)
    assert cs.observe(state, None).repetitions == 1
    for _ in range(2):
        assert not cs.is_terminal(state)
        for src, dst in [(A, B), (C, p), (B, A), (p, C)]:
            state = move(state, src, dst)
    assert cs.outcome(state) == Outcome(frozenset(), True, (0, 0, 0), "repetition")


def test_a_wave_tie_on_the_last_turn_is_settled_before_the_turn_limit_ends_the_game() -> None:
    state = build(TIED_SPLIT, max_turns=1)
    tied = move(state, C, D)
    assert not cs.is_terminal(tied)
    assert tied.pending
    config = tied.config
    over = cs.apply(tied, cs.KeepGroup(0, min(cell(config, D), cell(config, E))))
    assert cs.outcome(over) == Outcome(frozenset(), True, (0, 0), "turn_limit")


def test_the_last_player_left_on_the_last_turn_wins_rather_than_draws() -> None:
    over = move(build(RED_COVERS_BLUE, max_turns=1), A, B)
    assert cs.outcome(over) == Outcome(frozenset({0}), False, (1, 0), "last_player")


def test_a_mover_who_washes_away_their_own_last_crab_is_out_at_once() -> None:
    # {A, B} (2 spaces, 4 crabs) outweighs {D, E} (2 spaces, 3 crabs, red's last crab).
    state = build({A: "bS bM bS", B: "bL", C: "rL", D: "bM", E: "bL"})
    over = move(state, C, D)
    assert over.eliminated == (0,)
    assert over.to_move == 0
    assert cs.outcome(over) == Outcome(frozenset({1}), False, (0, 1), "last_player")
