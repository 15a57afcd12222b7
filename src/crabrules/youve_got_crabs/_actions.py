"""The actions of You've Got Crabs, and the codes of the refusals.

Every action names its ``player`` first. Play is real-time: every player who may act now
is in ``active_players``, and the caller of ``apply`` decides which action arrived first.

- :class:`Swap`, :class:`PutDown`, :class:`PickUp`, :class:`Confirm`: the side holding the
  Crabbing License plays its round.
- :class:`Answer`: after a round without a swap, the other side says whether it wants to.
- :class:`Signal`: a team's agreed gesture, public and meaningless to the engine.
- :class:`Call`: "You've got crabs!", on any other player, at the caller's clock time.
- :class:`Resolve`: the caller closes the Double Crabs window of a call on their partner.
- :class:`Collect`: a Double Crabs claim takes one of its three tokens from a source.

A call's ``time`` is the caller's clock reading, in seconds. It is the call's timestamp,
not its identity: two calls that differ only in time are equal, so a call is legal at any
time exactly when ``legal_actions`` lists it (at the state's ``clock``):

>>> Call(0, 1, time=12.5) == Call(0, 1, time=0.0)
True

A time is a float; a whole number of seconds given as an ``int`` is turned into the same
float (so ``Call(0, 1, time=2)`` is ``Call(0, 1, time=2.0)``), and anything else is
refused:

>>> Call(0, 1, time=2).time
2.0
>>> Call(0, 1, time=float("nan"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crabrules.core.errors.IllegalActionError: time: a call's time is a finite number of ...
"""

from __future__ import annotations

import math
from typing import ClassVar

import attrs

from crabrules.core import IllegalActionError, PlayerId, Reason

#: Where a Double Crabs token comes from: a team's id, or :data:`POT`.
Source = int

#: The Crab Pot, as a :data:`Source`.
POT: Source = -1


class IllegalReason(Reason):
    """Why ``apply`` refused an action (stable codes a front end can switch on)."""

    NO_SUCH_PLAYER = "no_such_player"
    """A player id out of range."""
    PLAY_PAUSED = "play_paused"
    """A call is being resolved: only the Double Crabs counter-call, Resolve or Collect."""
    NOT_YOUR_SIDE = "not_your_side"
    """Only the side the Crabbing License points at swaps, puts down, picks up, confirms."""
    NOT_ASKED = "not_asked"
    """Only the other side answers, and only after a round without a swap."""
    ALREADY_ANSWERED = "already_answered"
    """This player has already said no to the offer."""
    HAND_IS_DOWN = "hand_is_down"
    """A hand put down cannot swap, nor be put down again: pick it up first."""
    HAND_IS_UP = "hand_is_up"
    """Only a hand that is down can be picked up or confirmed."""
    NO_SUCH_CARD = "no_such_card"
    """Hand and Ocean slots are 0..3."""
    NOT_ALL_DOWN = "not_all_down"
    """Confirm only once every player of the side has put the hand down."""
    ALREADY_CONFIRMED = "already_confirmed"
    """This player has already confirmed."""
    BAD_TARGET = "bad_target"
    """A call names another player who is still in the game."""
    NOT_THE_CALLER = "not_the_caller"
    """Only the player whose call on their partner is pending resolves it."""
    NO_PENDING_CALL = "no_pending_call"
    """Resolve needs a pending call on a partner."""
    NO_CLAIM = "no_claim"
    """Collect needs a Double Crabs claim being collected."""
    EMPTY_SOURCE = "empty_source"
    """A Double Crabs token comes from the Pot or another team, and only if it has one."""
    BAD_TIME = "bad_time"
    """A call's time is a finite number of seconds."""


def is_finite_time(value: object) -> bool:
    """Whether ``value`` can be a call's time: a finite number of seconds (not a bool).

    A timestamp must be comparable with others: no NaN, no infinity.
    """
    try:
        return type(value) in (int, float) and math.isfinite(value)  # type: ignore[arg-type]
    except OverflowError:
        return False


def _seconds(value: float) -> float:
    # An int time is a whole number of seconds: the same float, so that the field holds
    # exactly its type (check_action) and the JSON text is the same as for the float.
    if type(value) is int:
        try:
            return float(value)
        except OverflowError:
            return value  # too large for a float: the validator refuses it
    return value


def _finite_time(_instance: object, _attribute: object, value: object) -> None:
    if not is_finite_time(value):
        raise IllegalActionError(
            f"time: a call's time is a finite number of seconds, not {value!r}",
            action=None,
            reason=IllegalReason.BAD_TIME,
        )


@attrs.frozen
class Swap:
    """Take Ocean card ``ocean_slot`` and put hand card ``hand_slot`` in its place.

    Slots are positions (0..3), not card types, so the set of legal swaps never depends on
    the cards, which other players cannot see. The taken card goes to the hand slot.
    """

    TAG: ClassVar[str] = "swap"
    player: PlayerId
    hand_slot: int
    ocean_slot: int


@attrs.frozen
class PutDown:
    """Put the hand down: "I want no more Ocean cards" (for now)."""

    TAG: ClassVar[str] = "put_down"
    player: PlayerId


@attrs.frozen
class PickUp:
    """Pick a hand that is down up again, to swap more; every confirmation is withdrawn."""

    TAG: ClassVar[str] = "pick_up"
    player: PlayerId


@attrs.frozen
class Confirm:
    """After the last look, confirm that one wants no more swaps this round."""

    TAG: ClassVar[str] = "confirm"
    player: PlayerId


@attrs.frozen
class Answer:
    """Answer the offer after a round without a swap: whether this player wants to swap."""

    TAG: ClassVar[str] = "answer"
    player: PlayerId
    wants_swap: bool


@attrs.frozen
class Signal:
    """Make one's team's agreed signal. Public; what it means is the team's secret."""

    TAG: ClassVar[str] = "signal"
    player: PlayerId


@attrs.frozen
class Call:
    """Point at ``target`` and say "You've got crabs!" at ``time`` on the caller's clock.

    A call on another team's player is resolved at once. A call on one's partner pauses
    play and opens the Double Crabs window (``State.window``): the partner's counter-call
    within ``DOUBLE_CRABS_WINDOW`` seconds of ``time`` makes the pair a Double Crabs claim;
    otherwise the caller's :class:`Resolve` resolves it alone.

    ``time`` takes no part in equality or hashing (see the module's docstring); an ``int``
    time becomes the same ``float``.
    """

    TAG: ClassVar[str] = "call"
    player: PlayerId
    target: PlayerId
    time: float = attrs.field(
        default=0.0,
        eq=False,
        converter=_seconds,
        validator=_finite_time,
    )


@attrs.frozen
class Resolve:
    """The caller closes the Double Crabs window: their call is resolved on its own.

    The library reads no clock, so the front end sends it for the caller: once
    ``DOUBLE_CRABS_WINDOW`` seconds have passed since the call without a counter-call, or
    at once when any other action arrives while the window is open (then applies that
    action), since a call resolves at the first action that is not the counter-call.
    """

    TAG: ClassVar[str] = "resolve"
    player: PlayerId


@attrs.frozen
class Collect:
    """Take one token of a Double Crabs claim from ``source`` (:data:`POT` or a team)."""

    TAG: ClassVar[str] = "collect"
    player: PlayerId
    source: Source


#: Any action of You've Got Crabs (a tagged union: JSON ``"type"`` names the class).
Action = Swap | PutDown | PickUp | Confirm | Answer | Signal | Call | Resolve | Collect
