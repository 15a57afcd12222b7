"""What every game's events share: the check that a value is one of them.

Events are frozen, tagged attrs classes, like actions; each game's union of them is its
``Event``. ``describe_event`` and ``observe_events`` start with these checks, so another
game's event, an action or ``None`` is refused with a clear
:class:`~crabrules.core.errors.NotAnEventError` instead of failing inside:

>>> from crabrules import crab_stack
>>> check_events((), crab_stack.Event)
()
>>> check_event(None, crab_stack.Event)
Traceback (most recent call last):
...
crabrules.core.errors.NotAnEventError: expected an event of crabrules.crab_stack, got None
"""

from __future__ import annotations

from typing import Any, get_args

from crabrules.core.errors import NotAnEventError

__all__ = ["check_event", "check_events"]


def check_event(event: object, event_type: Any) -> None:
    """Refuse ``event`` unless its class is one of the union ``event_type``'s members."""
    members = get_args(event_type) or (event_type,)
    if type(event) not in members:
        package = members[0].__module__.rsplit(".", 1)[0]
        raise NotAnEventError(f"expected an event of {package}, got {event!r:.60}")


def check_events(events: object, event_type: Any) -> tuple[Any, ...]:
    """``events`` as a tuple, each one checked by :func:`check_event`.

    Raises:
        NotAnEventError: ``events`` is not a tuple or list of the game's events.
    """
    if not isinstance(events, (tuple, list)):
        raise NotAnEventError(f"expected a tuple of events, got {events!r:.60}")
    for event in events:
        check_event(event, event_type)
    return tuple(events)
