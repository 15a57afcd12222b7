"""PlausibleAgent: random games of every game end, You've Got Crabs looks like a game, and
Oh Crab!'s racers head for the sea."""

from __future__ import annotations

import pytest

import crabrules
from crabrules import oh_crab
from crabrules import youve_got_crabs as ygc
from crabrules.agents import MatchResult, PlausibleAgent, Turn, play_match
from crabrules.agents.plausible import OhCrabPlayer


def plausible_match(game_id: str, seed: int) -> MatchResult:
    game = crabrules.get_game(game_id)
    players = game.num_players(game.initial_state(seed=0))
    return play_match(game, [PlausibleAgent() for _ in range(players)], seed=seed)


@pytest.mark.parametrize("game_id", sorted(crabrules.GAMES))
def test_plausible_games_end(game_id: str) -> None:
    for seed in range(5):
        assert plausible_match(game_id, seed).finished


def test_youve_got_crabs_games_end_with_the_pot_empty_or_a_sudden_death() -> None:
    reasons = {plausible_match("youve-got-crabs", seed).outcome.reason for seed in range(12)}  # type: ignore[union-attr]
    assert reasons <= {"pot_empty", "sudden_death"}
    assert "pot_empty" in reasons


def test_youve_got_crabs_signals_are_honest_and_calls_follow_them() -> None:
    for seed in range(4):
        record = plausible_match("youve-got-crabs", seed).record
        state = ygc.initial_state(record.config, seed=record.seed)
        signalled: set[int] = set()
        calls = rights = 0
        for action in record.actions:
            if isinstance(action, ygc.Signal):
                assert ygc.is_scoring(state.hands[action.player])
                signalled.add(action.player)
            if isinstance(action, ygc.Call):
                assert action.target in signalled  # never a call without a signal
                calls += 1
                rights += ygc.is_scoring(state.hands[action.target])
            state = ygc.apply(state, action)
            if isinstance(action, (ygc.Resolve, ygc.Call)) and state.window is None:
                signalled -= {record.target for record in state.calls if record.right}
        assert calls > 0
        assert rights == calls  # honest signals, answered at once: every call is right


def test_youve_got_crabs_players_swap_toward_four_of_a_kind() -> None:
    toward = other = 0
    for seed in range(6):
        record = plausible_match("youve-got-crabs", seed).record
        state = ygc.initial_state(record.config, seed=record.seed)
        for action in record.actions:
            if isinstance(action, ygc.Swap):
                hand = state.hands[action.player]
                best = max(hand.count(card) for card in hand)
                after = ygc.apply(state, action).hands[action.player]
                if max(after.count(card) for card in after) > best or best == 1:
                    toward += 1
                else:
                    other += 1  # a restless player after rounds of waiting
            state = ygc.apply(state, action)
    assert other <= toward / 3


def test_youve_got_crabs_calls_carry_the_agents_clock_times() -> None:
    record = plausible_match("youve-got-crabs", 3).record
    times = [a.time for a in record.actions if isinstance(a, ygc.Call)]
    assert times
    assert all(t > 0 for t in times)
    assert times == sorted(times)  # the clock never runs back


def test_la_marche_players_never_step_on_their_own_forbidden_items() -> None:
    from crabrules import marche_du_crabe as mdc

    steps = 0
    for seed in range(10):
        record = plausible_match("la-marche-du-crabe", seed).record
        state = mdc.initial_state(record.config, seed=record.seed)
        for action in record.actions:
            if isinstance(action, mdc.Move):
                view = mdc.observe(state, action.player)
                assert view.layout.items[action.cell] not in view.forbidden
                steps += 1
            state = mdc.apply(state, action)
    assert steps > 0


def test_oh_crab_players_race_for_the_sea_by_the_boards_distance() -> None:
    # Every move or own-crab shift the casual racer makes ends nearest the sea of those it
    # had (the board's Layout.distance), on the full board and on a quick one.
    game = crabrules.get_game("oh-crab")
    raced = 0
    for config in (oh_crab.Config(players=3), oh_crab.Config(players=2, quick=True)):
        record = play_match(
            game, [OhCrabPlayer() for _ in range(config.players)], seed=4, config=config
        ).record
        layout = oh_crab.get_layout(config.content, config.resolved_board())
        state = game.initial_state(record.config, seed=record.seed)
        for action in record.actions:
            if isinstance(action, (oh_crab.Move, oh_crab.Shift)) and (
                isinstance(action, oh_crab.Move) or action.crab == action.player
            ):
                legal = Turn.of(game, state, action.player).legal
                mine = [
                    a.dest
                    for a in legal
                    if isinstance(a, oh_crab.Move)
                    or (isinstance(a, oh_crab.Shift) and a.crab == action.player)
                ]
                assert layout.distance(action.dest) == min(map(layout.distance, mine))
                raced += 1
            state = game.apply(state, action)
    assert raced > 20
