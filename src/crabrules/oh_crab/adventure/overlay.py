"""The rules overlay: the config's rules with the changes made during a game.

Every rule lookup reads a :class:`~crabrules.oh_crab.engine._tables.Tables` (the move tables, the
space types, the tiles' costs, the cook's action). A game without modules reads the
config's cached rules directly; with modules, the pack's handler of the rules in play
(:func:`rules_in_play`) makes the changes in effect (a temporary Event, an Obstacle made of
a standard space) with :func:`overlaid`, cached per config and overlay, so the base game
pays nothing and a changed game pays once per change.

A new kind of change is a :class:`~crabrules.oh_crab.content._documents.Rule` member and a
branch of :func:`overlaid` that rewrites the tables it concerns.

>>> from crabrules.oh_crab.model._state import Config
>>> from crabrules.oh_crab.engine._work import rules_for
>>> from crabrules.oh_crab.content._documents import Rule, RuleChange
>>> rules = rules_for(Config())
>>> closed = overlaid(rules, (RuleChange(Rule.TILES_CLOSED),))
>>> rules.tile_costs, closed.tile_costs, overlaid(rules, ()).tile_costs
(None, {}, {'Aa': 1, 'Ba': 2, 'Ca': 3})
>>> cell = next(c for c, s in enumerate(rules.layout.spaces) if s.type.value == "standard")
>>> overlaid(rules, (RuleChange(Rule.OBSTACLE_AT, cell=cell),)).obstacle[cell]
True
"""

from __future__ import annotations

import dataclasses
import functools
from typing import TYPE_CHECKING

from crabrules.oh_crab.content._documents import Rule, RuleChange
from crabrules.oh_crab.model._pack_state import NO_OVERLAY, Adventure, Overlay

if TYPE_CHECKING:
    from crabrules.oh_crab.engine._tables import Tables

__all__ = ["overlaid", "rules_in_play"]


def overlaid(rules: Tables, changes: tuple[RuleChange, ...]) -> Tables:
    """Return ``rules`` with ``changes`` made, in order (a new value; ``rules`` is untouched)."""
    obstacle = list(rules.obstacle)
    knock_over = list(rules.knock_over)
    costs = {t.id: t.cost for t in rules.tiles} if rules.tile_costs is None else rules.tile_costs
    cook_steps = rules.cook_steps
    # An Obstacle made during play is part of the board from then on: an Event that
    # changes Obstacles (Slippery Rocks) reaches it as it reaches the printed ones, in
    # whichever order the two came.
    for change in changes:
        if change.rule is Rule.OBSTACLE_AT:
            obstacle[change.cell] = True
    for change in changes:
        rule = change.rule
        if rule is Rule.OBSTACLE_AT:
            continue
        if rule is Rule.TILES_CLOSED:
            costs = {}
        elif rule is Rule.TILE_DISCOUNT:
            costs = {tile: max(0, cost - change.amount) for tile, cost in costs.items()}
        elif rule is Rule.OBSTACLES_KNOCK_OVER:
            for cell, is_obstacle in enumerate(obstacle):
                if is_obstacle:
                    obstacle[cell], knock_over[cell] = False, True
        elif rule is Rule.KNOCK_OVERS_HARMLESS:
            knock_over = [False] * len(knock_over)
        else:
            assert rule is Rule.COOK_ACTION
            assert change.step is not None
            cook_steps = (change.step,)
    return dataclasses.replace(
        rules,
        obstacle=tuple(obstacle),
        knock_over=tuple(knock_over),
        tile_costs=costs,
        cook_steps=cook_steps,
    )


def rules_in_play(rules: Tables, adventure: Adventure | None) -> Tables:
    """``rules``, a config's, with the changes of ``adventure``'s overlay made.

    The pack's handler of the rules in play
    (:attr:`~crabrules.oh_crab.engine._expansion.Moments.rule_changes`); the answers are
    cached per config and overlay.
    """
    assert adventure is not None  # a config with modules
    overlay = adventure.overlay
    # ``is`` first: the overlay of a game without changes is nearly always the constant.
    if overlay is NO_OVERLAY or overlay == NO_OVERLAY:
        return rules
    return _overlaid(rules, overlay)


@functools.lru_cache(maxsize=256)
def _overlaid(rules: Tables, overlay: Overlay) -> Tables:
    # ``rules`` are a config's, cached for it: their identity stands for the config.
    return overlaid(rules, overlay.changes())
