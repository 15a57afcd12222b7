"""core.splitmix: the signed draw gives exactly the reference's numbers, in both builds.

The compiled wheel compiles the module, so this file, run against it by ``nox -s
compiled``, checks mypyc's native 64-bit arithmetic; run on the sources, it checks the
same algorithm with Python's ints reduced to 64 bits.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crabrules import compiled
from crabrules.core import Rng, splitmix
from crabrules.core.splitmix import GAMMA, below, below_signed, below_unsigned, mix

TWO64 = 1 << 64
#: 2**64 % n is 2**60: one output in 16 is rejected, so the redraw is exercised often.
BIASED = 3 << 60
#: Sizes around every edge of the signed arithmetic, and the games' own.
EDGE_SIZES = [
    *(1, 2, 3, 6, 7, 36, 1000, BIASED, (1 << 62) + 1, TWO64 // 3 + 1, 3 << 61),
    *((1 << 63) - 2, (1 << 63) - 1, 1 << 63, TWO64),
]
EDGE_STATES = [0, 1, GAMMA, (1 << 63) - 1, 1 << 63, TWO64 - 1, TWO64 - GAMMA]


@given(st.integers(0, TWO64 - 1), st.integers(1, TWO64))
def test_the_signed_draw_equals_the_reference_on_any_state_and_size(state: int, n: int) -> None:
    assert below_signed(state, n) == below_unsigned(state, n)


@given(st.integers(0, TWO64 - 1), st.integers(1 << 62, (1 << 63) - 1))
def test_the_signed_draw_equals_the_reference_where_its_remainder_sum_would_pass_63_bits(
    state: int, n: int
) -> None:
    # Above 2**62, a negative output's z % n + 2**64 % n may pass 2**63, where native
    # 64-bit arithmetic wraps: the draw must reduce it without forming it.
    assert below_signed(state, n) == below_unsigned(state, n)


def test_a_draw_whose_remainder_sum_passes_63_bits_is_the_reference() -> None:
    # Found by an audit of the compiled build: seed 1 and 3 * 2**61 drew another number.
    state = Rng.from_seed(1).state
    assert below_signed(state, 3 << 61) == below_unsigned(state, 3 << 61)
    assert Rng.from_seed(1).below(3 << 61)[0] == below_unsigned(state, 3 << 61)[0]


@pytest.mark.parametrize("n", EDGE_SIZES)
@pytest.mark.parametrize("state", EDGE_STATES)
def test_the_signed_draw_equals_the_reference_at_the_edges(state: int, n: int) -> None:
    assert below_signed(state, n) == below_unsigned(state, n)


def test_a_biased_output_is_rejected_and_redrawn_by_both_draws() -> None:
    # The first state whose next output falls in the biased tail: its draw takes two steps.
    limit = TWO64 - TWO64 % BIASED
    state = next(s for s in range(10_000) if mix((s + GAMMA) % TWO64) >= limit)
    value, after = below_signed(state, BIASED)
    assert after == (state + 2 * GAMMA) % TWO64
    assert (value, after) == below_unsigned(state, BIASED)
    assert value == mix(after) % BIASED


@pytest.mark.parametrize("state", [-1, TWO64, TWO64 + 5, 1 << 70])
def test_a_state_outside_64_bits_draws_as_the_reference_reduces_it(state: int) -> None:
    # Only a generator built by hand holds one (Rng's constructor does not check).
    assert below_signed(state, 6) == below_unsigned(state, 6)


def test_the_running_build_draws_with_its_faster_function() -> None:
    assert splitmix.COMPILED is compiled
    assert below is (below_signed if compiled else below_unsigned)
