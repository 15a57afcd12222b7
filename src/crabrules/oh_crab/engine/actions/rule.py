"""What the engine knows of one action kind: how it is played and how it is refused.

:mod:`~crabrules.oh_crab.engine.play` and :mod:`~crabrules.oh_crab.engine.refusals` look
an action's :class:`ActionRule` up once, by its type
(:func:`~crabrules.oh_crab.engine.actions.table.rule_of`), and hand the action on: below
that lookup no code asks which kind an action is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from crabrules.oh_crab.model.actions import IllegalReason

if TYPE_CHECKING:
    from crabrules.oh_crab.engine.actions.moment import Moment
    from crabrules.oh_crab.engine.work import Work

__all__ = ["ActionRule", "Refused"]

A = TypeVar("A")

#: A refusal: the sentence (field first) and the kind of rule that refuses.
Refused = tuple[str, IllegalReason]


def no_field(m: Moment, action: Any, same: list[Any]) -> Refused:
    """A field-less action (StandUp, Finish, Reveal, Decline) the moment does not offer.

    >>> from crabrules.oh_crab import StandUp
    >>> no_field(None, StandUp(0), [])  # type: ignore[arg-type]
    ('StandUp is not legal now', <IllegalReason.NOT_LEGAL: 'not_legal'>)
    """
    return f"{type(action).__name__} is not legal now", IllegalReason.NOT_LEGAL


def not_begun(m: Moment, action: Any, kind: str, knocked: bool) -> Refused:
    """Between the turn's actions, an action of a kind not offered: what comes first.

    Knocked over, a crab does not move: that is said first.
    """
    if knocked:
        return f"{kind}: {m.crab_name(m.crab)} is knocked over", IllegalReason.WRONG_PHASE
    return (
        f"{kind}: {m.who} first begins one of the turn's actions (Use)",
        IllegalReason.WRONG_PHASE,
    )


class ActionRule(Generic[A]):
    """One action kind's rule, as the dispatchers use it.

    Attributes:
        play: plays the action on the working copy. For a step's answer (``choice``), it
            answers the step on top of the decisions; the engine then goes on.
        field: the refusal of an action of a kind the moment offers: the first field
            that no offered action of its kind shares, checked as the options were made.
        closed: the refusal, between the turn's actions, of a kind not offered now
            (``kind`` is the start of the sentence, ``knocked`` whether the active crab
            is knocked over).
        choice: the action answers the step on top of the decisions (a Move, a
            Discard...), rather than beginning something of its own.
    """

    __slots__ = ("choice", "closed", "field", "play")

    def __init__(
        self,
        play: Callable[[Work, A], None],
        field: Callable[[Moment, A, list[A]], Refused] = no_field,
        *,
        closed: Callable[[Moment, A, str, bool], Refused] = not_begun,
        choice: bool = False,
    ) -> None:
        self.play = play
        self.field = field
        self.closed = closed
        self.choice = choice
