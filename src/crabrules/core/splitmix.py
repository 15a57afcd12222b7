"""SplitMix64's arithmetic: the draws behind :class:`crabrules.core.rng.Rng`.

The state is an unsigned 64-bit integer; each step adds the golden-ratio increment
``GAMMA`` modulo ``2**64`` and mixes the result. Python's ints do this exactly, masked to
64 bits, and :func:`below_unsigned` is that reference. Compiled by mypyc, though, 64-bit
values are outside its fast (63-bit tagged) ints, so every operation goes through the
slow path and the draw costs a little more than interpreted.

:func:`below_signed` therefore does the same arithmetic in the two's complement of a
signed 64-bit integer (mypyc's native ``i64``, which wraps like the machine) and converts
only at its edges: about 0.2 µs a draw compiled, against about 0.4 µs. Interpreted, where
``i64`` is a plain int, :func:`_wrap` reduces each result to 64 bits as the machine does,
so it gives the same numbers in both builds (the tests compare the two functions in
each). :data:`below` is the faster of the two in the running build:

>>> below(0, 10) == below_unsigned(0, 10) == below_signed(0, 10)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # mypyc's native integer; at run time only the annotations name it
    from mypy_extensions import i64

__all__ = ["COMPILED", "GAMMA", "below", "below_signed", "below_unsigned", "mix"]

#: Whether this module is compiled: the compiled wheel compiles it (``crabrules._build``).
COMPILED: Final = not __file__.endswith(".py")

_TWO63: Final = 1 << 63
_TWO64: Final = 1 << 64
_MASK: Final = _TWO64 - 1
#: The increment of each step, and the two multipliers of the mix.
GAMMA: Final = 0x9E3779B97F4A7C15
_MUL1: Final = 0xBF58476D1CE4E5B9
_MUL2: Final = 0x94D049BB133111EB
# The same three as signed 64-bit integers (all three have their top bit set).
_GAMMA_SIGNED: Final[i64] = GAMMA - _TWO64
_MUL1_SIGNED: Final[i64] = _MUL1 - _TWO64
_MUL2_SIGNED: Final[i64] = _MUL2 - _TWO64


def mix(z: int) -> int:
    """SplitMix64's output function of an unsigned 64-bit state.

    >>> mix(GAMMA)
    16294208416658607535
    """
    z = ((z ^ (z >> 30)) * _MUL1) & _MASK
    z = ((z ^ (z >> 27)) * _MUL2) & _MASK
    return z ^ (z >> 31)


def below_unsigned(state: int, n: int) -> tuple[int, int]:
    """A draw from ``range(n)`` and the next state, by rejection, in Python's ints.

    A 64-bit output at or above the largest multiple of ``n`` would bias the result, so it
    is rejected and the next one drawn. ``1 <= n <= 2**64``; :class:`Rng` checks it.

    >>> below_unsigned(0, 10)
    (5, 11400714819323198485)
    """
    limit = _TWO64 - _TWO64 % n
    while True:
        state = (state + GAMMA) & _MASK
        value = mix(state)
        if value < limit:
            return value % n, state


def _wrap(x: i64) -> i64:
    """``x`` reduced to a signed 64-bit integer; native ones already are (mypyc's wrap)."""
    if COMPILED:
        return x
    return (x + _TWO63) % _TWO64 - _TWO63


def below_signed(state: int, n: int) -> tuple[int, int]:
    """The draw of :func:`below_unsigned`, worked out in signed 64-bit arithmetic.

    The same unsigned state and the same results. An ``n`` of ``2**63`` or more (no
    game's) and a state outside ``range(2**64)`` (a generator built by hand) are left to
    :func:`below_unsigned`.

    >>> below_signed(0, 10)
    (5, 11400714819323198485)
    """
    if n >= _TWO63 or not 0 <= state < _TWO64:
        return below_unsigned(state, n)
    s: i64 = state - _TWO64 if state >= _TWO63 else state
    size: i64 = n
    # An output v is rejected when v >= 2**64 - rest (the bias), with rest = 2**64 % n. As
    # a signed z, v is z for z >= 0, always accepted (rest < n < 2**63), and z + 2**64
    # for z < 0: rejected unless z < -rest, then worth (z % n + rest) % n. That sum may
    # pass 2**63 (n above 2**62), where a native i64 wraps, so it is taken modulo n
    # without being formed: z % n + rest when it stays below n, else z % n - (n - rest).
    rest: i64 = _TWO64 % n
    while True:
        s = _wrap(s + _GAMMA_SIGNED)
        # mix() with logical shifts: an arithmetic shift's copies of the sign bit masked off.
        z: i64 = _wrap((s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MUL1_SIGNED)
        z = _wrap((z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MUL2_SIGNED)
        z ^= (z >> 31) & 0x1FFFFFFFF
        if z >= 0 or z < -rest:
            value = z % size
            if z < 0:
                value = value + rest if value < size - rest else value - (size - rest)
            return value, int(s) + _TWO64 if s < 0 else int(s)


#: The draw of the running build: native 64-bit arithmetic compiled, Python's ints pure.
below: Final[Callable[[int, int], tuple[int, int]]] = below_signed if COMPILED else below_unsigned
