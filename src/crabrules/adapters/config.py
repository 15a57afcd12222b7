"""The keyword arguments the adapters take: the fields of the game's ``Config``, and a step limit.

>>> game_config("crab-stack", {"players": 3}).players
3
>>> game_config("crab-stack", {"player": 3})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crabrules.core.errors.InvalidConfigError: player: not a Config field of Crab Stack (its ...)
"""

from __future__ import annotations

import math
import numbers
import operator
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from crabrules.core import get_game
from crabrules.core.errors import InvalidConfigError

__all__ = [
    "DEFAULT_MAX_STEPS",
    "action_number",
    "check_names",
    "game_config",
    "penalty",
    "step_limit",
]

#: The adapters' step limit for a game whose ``GameInfo.max_random_steps`` is ``None``
#: (random play ends long before): a policy that repeats itself (Oh Crab!'s crabs can
#: stay on the shore forever) still ends its episode.
DEFAULT_MAX_STEPS = 10_000


def check_names(game_id: str, names: Iterable[str], *, own: Iterable[str] = ()) -> None:
    """Refuse a name that is neither a field of the game's ``Config`` nor in ``own``.

    Raises:
        InvalidConfigError: naming the first unknown name and the names taken.
    """
    game = get_game(game_id)
    fields = [field.name for field in attrs.fields(game.config_type)]
    taken = [*fields, *own]
    for name in names:
        if name not in taken:
            known = ", ".join(fields) + "".join(f", {n}" for n in own)
            raise InvalidConfigError(
                f"{name}: not a Config field of {game.info.name} (its fields: {known})"
            )


def game_config(game_id: str, config: Mapping[str, Any]) -> Any:
    """The game's ``Config`` of ``config``, its fields by name.

    Raises:
        InvalidConfigError: an unknown name, or a value the ``Config`` refuses (its
            message starts with the field's name).
    """
    check_names(game_id, config)
    return get_game(game_id).config_type(**config)


def step_limit(default: int | None, max_steps: int | None) -> int:
    """The step limit: ``max_steps``; for ``None`` the game's ``max_random_steps``, or 10,000.

    >>> step_limit(None, None), step_limit(300, None), step_limit(300, 40)
    (10000, 300, 40)

    Raises:
        InvalidConfigError: ``max_steps`` is not a positive int.
    """
    if max_steps is None:
        return DEFAULT_MAX_STEPS if default is None else default
    if type(max_steps) is not int or max_steps < 1:
        raise InvalidConfigError(f"max_steps: a positive int or None, not {max_steps!r}")
    return max_steps


def penalty(value: object) -> float | None:
    """The reward that answers an illegal action: ``None``, or a finite number as a float.

    >>> penalty(None), penalty(-1), penalty(-0.5)
    (None, -1.0, -0.5)
    >>> penalty(float("nan"))
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidConfigError: illegal_action_penalty: None or a finite \
number, not nan

    Raises:
        InvalidConfigError: ``value`` is a string, a ``bool``, ``nan``, an infinity or a
            number too large for a float.
    """
    if value is None:
        return None
    if not isinstance(value, bool) and isinstance(value, numbers.Real):
        try:
            reward = float(value)
        except OverflowError:  # an int beyond any float
            reward = math.inf
        if math.isfinite(reward):
            return reward
    raise InvalidConfigError(f"illegal_action_penalty: None or a finite number, not {value!r:.40}")


def action_number(action: object) -> int:
    """An action number as a plain int (learners hand back numpy integers); else -1.

    A ``bool`` is no number, as the encodings refuse it.

    >>> action_number(3), action_number(True), action_number("3")
    (3, -1, -1)
    """
    if type(action) is bool:
        return -1
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        return -1
