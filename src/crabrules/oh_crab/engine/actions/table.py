"""One table from action kind to its rule: the base game's families, and the modules'.

:func:`rule_of` is the one place that asks an action's type. The base game's kinds are
here from the start; an expansion adds its own when it is registered
(:func:`~crabrules.oh_crab.engine.expansion.register` calls :func:`add_rules`).

>>> from crabrules.oh_crab import Move
>>> rule_of(Move(0, 7)).choice
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from crabrules.oh_crab.engine.actions import choices, setup, turn
from crabrules.oh_crab.engine.actions.rule import ActionRule

__all__ = ["ACTION_RULES", "add_rules", "remove_rules", "rule_of"]

#: The base game's kinds, by family.
_BASE: Final[dict[type, ActionRule[Any]]] = {**setup.RULES, **turn.RULES, **choices.RULES}

#: Every kind's rule: the base game's, and the registered expansion's.
ACTION_RULES: Final[dict[type, ActionRule[Any]]] = dict(_BASE)


def _unruled(work: object, action: object) -> None:
    raise AssertionError(f"no registered rule plays {action!r}")  # check=False only


#: The rule of a kind nothing registered (an expansion's, none being registered): never
#: legal, refused as a kind the moment does not offer.
_UNRULED: Final[ActionRule[Any]] = ActionRule(_unruled)


def rule_of(action: object) -> ActionRule[Any]:
    """The rule of ``action``'s kind."""
    return ACTION_RULES.get(type(action), _UNRULED)


def add_rules(rules: Mapping[type, ActionRule[Any]]) -> None:
    """Add an expansion's kinds to the table (a base game's kind stays the base game's)."""
    clash = sorted(kind.__name__ for kind in rules if kind in _BASE)
    assert not clash, f"{clash} are the base game's actions"
    ACTION_RULES.update(rules)


def remove_rules(rules: Mapping[type, ActionRule[Any]]) -> None:
    """Take an expansion's kinds out of the table again."""
    for kind in rules:
        if kind not in _BASE:
            ACTION_RULES.pop(kind, None)
