"""core.memo: the last answer given again only for the very same key object."""

from __future__ import annotations

from crabrules.core.memo import LastByIdentity


class _Key:
    """An immutable key whose equal copies are other objects (as attrs configs are)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and other.value == self.value

    def __hash__(self) -> int:
        return hash(self.value)


def _recording() -> tuple[LastByIdentity[_Key, int], list[_Key]]:
    """A memo of ``10 * key.value``, and the list of the keys it computed for, in order."""
    asked: list[_Key] = []

    def compute(key: _Key) -> int:
        asked.append(key)
        return key.value * 10

    return LastByIdentity(compute), asked


def test_the_key_asked_for_last_is_answered_without_computing_again() -> None:
    last, asked = _recording()
    key = _Key(4)
    assert (last(key), last(key), last(key)) == (40, 40, 40)
    assert asked == [key]


def test_another_key_even_an_equal_copy_gets_its_own_answer() -> None:
    last, asked = _recording()
    first, copy, other = _Key(1), _Key(1), _Key(2)
    assert [last(first), last(other), last(first), last(copy)] == [10, 20, 10, 10]
    # Every change of key object computes: identity, not equality, decides.
    assert [k is e for k, e in zip(asked, [first, other, first, copy], strict=True)] == [True] * 4
