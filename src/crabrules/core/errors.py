r"""The exceptions crabrules raises, and nothing else.

Every exception that leaves the public API is a :class:`CrabRulesError`. Every one of them
is also a :class:`ValueError` (the input, a config, an action or a document, was wrong),
except :class:`NotAStateError`, :class:`NotAnEventError` and :class:`NotAnObservationError`,
which are :class:`TypeError`\ s: a value of the wrong kind was passed where a game's
``State``, event or ``Observation`` belongs.

>>> from crabrules.core.errors import CrabRulesError, IllegalActionError
>>> issubclass(IllegalActionError, CrabRulesError) and issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations

import enum
import reprlib

__all__ = [
    "CommonReason",
    "ContentError",
    "CrabRulesError",
    "DeserializationError",
    "GameOverError",
    "IllegalActionError",
    "InvalidConfigError",
    "InvalidPlayerError",
    "InvalidStateError",
    "NotAStateError",
    "NotSerializableError",
    "NotAnEventError",
    "NotAnObservationError",
    "NotYourTurnError",
    "Reason",
    "quote",
]


class Reason(str, enum.Enum):
    """Base of the enums of stable, machine-readable refusal codes.

    Each game declares its own ``IllegalReason(Reason)`` whose values are short
    snake-case strings; front ends switch on them, so a value never changes once released.
    The codes every game shares are in :class:`CommonReason`.
    """


class CommonReason(Reason):
    """The refusal codes every game shares.

    >>> CommonReason.GAME_OVER.value
    'game_over'
    """

    NOT_YOUR_TURN = "not_your_turn"
    GAME_OVER = "game_over"
    MALFORMED = "malformed"
    """A field of the action holds a value of the wrong type (``1.0`` for ``1``)."""
    BAD_NOTATION = "bad_notation"
    """``parse_action`` was given text that is not the game's notation for an action."""


class CrabRulesError(Exception):
    """The root of every exception the library raises on purpose."""


class InvalidConfigError(CrabRulesError, ValueError):
    """A :class:`Config` that cannot be played: says which field and why.

    >>> raise InvalidConfigError("players: Crab Stack is for 2 to 4 players, not 5")
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidConfigError: players: Crab Stack is for 2 to 4 players, not 5
    """


class IllegalActionError(CrabRulesError, ValueError):
    """``apply`` refused an action.

    Attributes:
        action: the refused action, as given.
        reason: a stable machine-readable code (a :class:`Reason` member, or a member of
            the game's own ``IllegalReason`` enum).
        message: a sentence a front end can show the player.

    >>> err = IllegalActionError("a medium crab moves exactly 2 spaces", action=None,
    ...                          reason=CommonReason.GAME_OVER)
    >>> err.reason.value, str(err)
    ('game_over', 'a medium crab moves exactly 2 spaces')
    """

    def __init__(self, message: str, *, action: object, reason: Reason) -> None:
        super().__init__(message)
        self.message = message
        self.action = action
        self.reason = reason

    def __reduce__(self) -> tuple[object, ...]:
        # Keyword-only arguments need help to survive pickling (multiprocessing pools).
        return (_rebuild_illegal, (type(self), self.message, self.action, self.reason))


def _rebuild_illegal(
    cls: type[IllegalActionError], message: str, action: object, reason: Reason
) -> IllegalActionError:
    return cls(message, action=action, reason=reason)


class NotYourTurnError(IllegalActionError):
    """The action's player may not act now."""

    def __init__(
        self, message: str, *, action: object, reason: Reason = CommonReason.NOT_YOUR_TURN
    ):
        super().__init__(message, action=action, reason=reason)


class GameOverError(IllegalActionError):
    """The game is over: no action applies to a terminal state."""

    def __init__(self, message: str, *, action: object, reason: Reason = CommonReason.GAME_OVER):
        super().__init__(message, action=action, reason=reason)


class InvalidPlayerError(CrabRulesError, ValueError):
    """A viewer that is neither ``None`` (a spectator) nor one of the game's player ids.

    Raised by ``observe`` and ``determinize``; an action naming such a player is an
    :class:`IllegalActionError` instead.
    """


class NotAStateError(CrabRulesError, TypeError):
    """A value that is not the game's ``State`` where one is expected.

    An ``Observation``, ``None`` or another game's state handed to ``apply``,
    ``legal_actions`` or any other function of a game. Unlike the other errors it is a
    :class:`TypeError`: the caller passed the wrong kind of value, not a wrong value.

    >>> issubclass(NotAStateError, TypeError) and issubclass(NotAStateError, CrabRulesError)
    True
    """


class NotAnEventError(CrabRulesError, TypeError):
    """A value that is not one of the game's events where one is expected.

    Raised by ``describe_event`` and ``observe_events``. Like :class:`NotAStateError`, it
    is a :class:`TypeError`: the caller passed the wrong kind of value.
    """


class NotAnObservationError(CrabRulesError, TypeError):
    """A value that is not the game's ``Observation`` where one is expected.

    Raised by an encoding's ``observation_tensor`` (:mod:`crabrules.encoding`) for a
    ``State``, ``None`` or another game's observation. Like :class:`NotAStateError`, it is
    a :class:`TypeError`: the caller passed the wrong kind of value.
    """


class InvalidStateError(CrabRulesError, ValueError):
    """A ``State`` that the rules could not reach: says which part is impossible.

    Raised by each game's ``check_state``. Loading such a state from a document raises
    :class:`DeserializationError` instead, with this message and where it is.

    >>> raise InvalidStateError("stacks: crab 99 is not a crab of this game")
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidStateError: stacks: crab 99 is not a crab of this game
    """


class ContentError(CrabRulesError, ValueError):
    """Content data (tiles, cards, beaches) that cannot be used: says where and why."""


class NotSerializableError(CrabRulesError, ValueError):
    """A value that has no JSON document: a number in it is not finite (``inf``, ``nan``)."""


class DeserializationError(CrabRulesError, ValueError):
    """A document that does not describe a valid value: says where (``$.board[3]``) and why."""


# Values are quoted in messages shortly: a document may hold a string of megabytes.
_QUOTE = reprlib.Repr()
_QUOTE.maxstring = 60
_QUOTE.maxother = 60
_QUOTE.maxlevel = 2
_QUOTE.maxlist = _QUOTE.maxtuple = _QUOTE.maxdict = _QUOTE.maxset = _QUOTE.maxfrozenset = 4


def quote(value: object) -> str:
    """``repr(value)``, cut short: the form error messages quote a document's values in.

    >>> quote("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx' (1000 characters)"
    >>> quote([[[[1]]]])
    '[[[...]]]'
    """
    text = _QUOTE.repr(value)
    if isinstance(value, str) and len(value) > _QUOTE.maxstring:
        return f"{text} ({len(value)} characters)"
    return text
