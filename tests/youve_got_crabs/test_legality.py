"""apply accepts exactly what legal_actions lists, and refuses anything else cleanly."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

from crabrules.core import IllegalActionError, InvalidPlayerError
from crabrules.youve_got_crabs import (
    POT,
    Action,
    Answer,
    Call,
    Collect,
    Config,
    Confirm,
    Phase,
    PickUp,
    PutDown,
    Resolve,
    Signal,
    State,
    Swap,
    apply,
    initial_state,
    is_terminal,
    legal_actions,
)
from tests.youve_got_crabs.helpers import FOUR_KINGS, JAB, position
from tests.youve_got_crabs.policy import RandomTable


def universe(state: State, rnd: random.Random) -> Iterator[Action]:
    """Every action with small fields, in range or just out of it."""
    players = range(-1, state.config.players + 1)
    for p in players:
        yield from (PutDown(p), PickUp(p), Confirm(p), Signal(p), Resolve(p))
        yield from (Answer(p, True), Answer(p, False))
        for target in players:
            yield Call(p, target, time=rnd.uniform(-5.0, 50.0))
        for source in range(POT - 1, state.config.teams + 1):
            yield Collect(p, source)
        for h in range(-1, 5):
            for o in range(-1, 5):
                yield Swap(p, h, o)


def visited_states(config: Config, seed: int, steps: int) -> Iterator[State]:
    rnd = random.Random(seed)
    state = initial_state(config, seed=seed)
    table = RandomTable(rnd)
    for _ in range(steps):
        yield state
        if is_terminal(state):
            return
        state = apply(state, table.choose(state))


@pytest.mark.parametrize(
    "config",
    [
        Config(types=("Ab", "Jab", "Taxi"), copies=8, removed_types=()),
        Config(teams=3, types=("Ab", "Jab", "Taxi", "King"), copies=7, removed_types=()),
    ],
    ids=["two-teams", "three-teams"],
)
def test_apply_accepts_exactly_the_listed_actions(config: Config) -> None:
    rnd = random.Random(1)
    phases = set()
    states = [s for seed in range(8) for s in visited_states(config, seed, steps=400)]
    for state in states:
        rare = state.window or state.claim or state.phase.value == "offer" or state.tied
        if not rare and rnd.random() > 0.05:
            continue
        legal = set(legal_actions(state))
        phases.add((state.window is not None, state.claim is not None, state.phase.value))
        for action in universe(state, rnd):
            if action in legal:
                assert apply(state, action) == apply(state, action, check=False)
            else:
                with pytest.raises(IllegalActionError) as refused:
                    apply(state, action)
                assert refused.value.action is action
    assert (True, False, "play") in phases
    assert (False, True, "play") in phases
    assert (False, False, "offer") in phases


def hand_built() -> Iterator[State]:
    """Rare positions: sudden death, with a window open, with a claim, in the offer."""
    three = Config(teams=3)
    tied = position(
        three,
        hands={0: FOUR_KINGS, 1: (JAB,) * 4},
        tokens=(5, 5, 4),
        pot=0,
        tied=frozenset({0, 1}),
    )
    yield tied
    yield apply(tied, Call(0, 1, time=2.0))
    yield apply(apply(tied, Call(0, 1, time=2.0)), Call(1, 0, time=2.5))
    yield attrs.evolve(tied, phase=Phase.OFFER, declined=frozenset({1}))
    yield attrs.evolve(tied, down=frozenset({0, 2}), confirmed=frozenset({2}))


def test_apply_accepts_exactly_the_listed_actions_in_rare_positions() -> None:
    rnd = random.Random(2)
    for state in hand_built():
        legal = set(legal_actions(state))
        assert legal
        for action in universe(state, rnd):
            if action in legal:
                assert apply(state, action) == apply(state, action, check=False)
            else:
                with pytest.raises(IllegalActionError):
                    apply(state, action)


@pytest.mark.parametrize(
    "junk",
    [
        None,
        "swap",
        3,
        Swap("0", 0, 0),  # type: ignore[arg-type]
        Swap(0, 2**80, 0),
        Swap(0, 0, None),  # type: ignore[arg-type]
        Swap(-(2**70), 0, 0),
        Swap(True, 0, 0),
        Answer(1, "yes"),  # type: ignore[arg-type]
        Call(0, 1.5),  # type: ignore[arg-type]
        Call(0, None),  # type: ignore[arg-type]
        Collect(0, "pot"),  # type: ignore[arg-type]
    ],
)
def test_any_malformed_action_raises_illegal_action_error(junk: object) -> None:
    state = initial_state(seed=1)
    with pytest.raises(IllegalActionError):
        apply(state, junk)  # type: ignore[arg-type]


def test_legal_actions_of_a_player_are_their_sub_tuple_in_order() -> None:
    state = initial_state(Config(teams=4), seed=9)
    everything = legal_actions(state)
    for p in range(8):
        assert legal_actions(state, p) == tuple(a for a in everything if a.player == p)
    for player in (8, -1, True, 1.0, "x"):
        with pytest.raises(InvalidPlayerError):
            legal_actions(state, player)  # type: ignore[arg-type]


def test_legal_actions_order_is_swaps_hand_calls_signal() -> None:
    state = initial_state(seed=9)
    actions = legal_actions(state, 2)
    assert actions[:16] == tuple(Swap(2, h, o) for h in range(4) for o in range(4))
    assert actions[16:] == (PutDown(2), Call(2, 0), Call(2, 1), Call(2, 3), Signal(2))


def random_positions(games: int, actions: int) -> Iterator[State]:
    """The states of games of the test table, up to ``actions`` each."""
    for seed in range(games):
        state = initial_state(Config(teams=3), seed=seed)
        table = RandomTable(random.Random(seed))
        for _ in range(actions):
            if is_terminal(state):
                break
            yield state
            state = apply(state, table.choose(state))


def test_legal_actions_of_everyone_are_each_players_in_turn_in_every_phase() -> None:
    # Open play lists everyone's actions from tables kept between calls (by clock time and
    # by the players' situations): in every situation, sudden death included, the listing
    # is still each player's actions, player by player.
    kinds: set[type] = set()
    for state in [*random_positions(3, 400), *hand_built()]:
        everything = legal_actions(state)
        by_player = tuple(a for p in range(6) for a in legal_actions(state, p))
        assert everything == by_player
        kinds.update(type(a) for a in everything)
    assert {Swap, PutDown, PickUp, Confirm, Answer, Call, Signal, Resolve} <= kinds
