"""render: the plain-text picture shows tokens, Ocean, hands, claws, signals, calls and pauses,
in the notation's labels, with a legend, in 100 columns."""

from __future__ import annotations

from crabrules.youve_got_crabs import Call, Claim, Config, Signal, apply, render
from tests.youve_got_crabs.helpers import FOUR_KINGS, JAB, position


def test_render_shows_tokens_ocean_hands_signals_calls_and_the_pause() -> None:
    state = position(Config(imitation_crab=True), hands={1: FOUR_KINGS, 2: (-1, 1, 2, 3)})
    state = apply(apply(state, Signal(1)), Call(2, 1))
    state = apply(state, Call(0, 1, time=4.5))
    text = render(state)
    assert "Pot 8 | T0 1 | T1 3" in text
    assert "P2 T1 side 0  1 Imitation Crab  2 Crabbi  3 Jab Crab  4 Taxi Crab  [claws]" in text
    assert "Signals: P1 (1 in all)" in text
    assert "Call: P2 on P1, right" in text
    assert "Waiting: P0 called partner P1 at 4.5 s" in text
    assert "Legend: Pn player n, Tn team n; hand slots 1-4, Ocean slots A-D." in text


def test_render_shows_a_claim_a_sudden_death_and_the_winner() -> None:
    state = position(Config(teams=3), tokens=(5, 5, 4), pot=0, tied=frozenset({0, 1}))
    assert "Sudden death between teams T0, T1" in render(state)
    claiming = position(Config(), hands={0: FOUR_KINGS, 1: (JAB,) * 4})
    claiming = apply(apply(claiming, Call(0, 1, time=1.0)), Call(1, 0, time=1.5))
    assert claiming.claim == Claim(1, 3)
    assert "Double Crabs: P1 collects 3 more" in render(claiming)
    assert "Team T1 wins" in render(position(Config(), tokens=(4, 8), pot=0, winner=1))


def test_every_line_fits_in_100_columns_even_with_long_type_names() -> None:
    long_names = tuple(f"The Most Magnificent Crab of the {n} Seas" * 3 for n in "ABCD")
    config = Config(teams=5, types=long_names, copies=11, removed_types=(), imitation_crab=True)
    state = position(config)
    state = apply(state, Call(0, 1, time=2.0))
    text = render(state)
    assert max(map(len, text.splitlines())) <= 100
    assert "P9 T4 side 1" in text
    for state in (position(), position(Config(teams=5))):
        assert max(map(len, render(state).splitlines())) <= 100
