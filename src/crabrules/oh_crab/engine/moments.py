"""The named moments of play that the Adventure Pack's modules join: one dispatcher.

The base engine announces each moment on the rules in play (``work.rules.moments``),
without asking whether a module is in play: a game without modules has
:data:`NO_MOMENTS`, whose handler lists are empty, so announcing costs it an empty loop.
The pack fills its own :class:`Moments` once, when it is registered
(:func:`~crabrules.oh_crab.engine.expansion.register`), and every config with modules plays
it.

The moments:

- a crab enters a space (the sea included), however it got there: ``crab_entered``;
- crabs cross the border between two board tiles: ``border_crossed``;
- a turn would end (its last action, or the Water Current, is done): ``turn_ending``; a
  handler that returns ``True`` holds the turn, which then passes when the action ends
  and nothing holds it any longer;
- an action ends: ``action_ended``;
- a step is answered (a Move, a Discard...): ``step_answered``; a handler that returns
  ``True`` played the answer itself (in a decision of its own), else the base engine
  answers the decision on top (:func:`~crabrules.oh_crab.engine.effects.resolve`).

And what the modules add to what the engine reads:

- the rules in play: ``rule_changes``, each handler making its changes (an Event in
  effect, an Obstacle made) to the config's rules (:meth:`Moments.in_play`);
- the options of a decision that comes first, maybe another player's (a setup choice, a
  frame): ``first_options``; the first handler that answers gives the legal actions;
- between the turn's actions: ``turn_options``, actions offered after the turn's ``Use``
  options, and whether they hold the turn (it cannot end, only Shortcuts follow);
- what a module's moment waits for, said when an action is refused: ``waits_for``.

>>> NO_MOMENTS.crab_entered, NO_MOMENTS.turn_ending
([], [])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from crabrules.core.game import PlayerId
    from crabrules.oh_crab.content.board import Cell
    from crabrules.oh_crab.engine.actions.rule import ActionRule
    from crabrules.oh_crab.engine.tables import Tables
    from crabrules.oh_crab.engine.work import Work
    from crabrules.oh_crab.model.actions import Action
    from crabrules.oh_crab.model.adventure import Adventure
    from crabrules.oh_crab.model.state import State

__all__ = ["NO_MOMENTS", "Moments"]


class Moments:
    """The handlers of each named moment, called in the order they were added.

    Attributes:
        crab_entered: ``handler(work, crab, dest)``: ``crab`` entered ``dest``.
        border_crossed: ``handler(work, low, high)``: crabs crossed the borders between
            board tiles ``low < high`` (the sea is the tile after the last).
        turn_ending: ``handler(work) -> bool``: the turn would end; ``True`` holds it.
        action_ended: ``handler(work, before)``: the action played in ``before`` ended.
        step_answered: ``handler(work, rule, action) -> bool``: ``action`` (of ``rule``)
            answers a step; ``True``: the handler played it.
        rule_changes: ``handler(rules, adventure) -> Tables``: ``rules`` with the changes
            ``adventure`` (the state's part of the modules) puts in play.
        first_options: ``handler(state, player) -> tuple[Action, ...] | None``: the
            options of a decision that comes first (``player``'s only, unless ``None``).
        turn_options: ``handler(rules, state, crab, head_down) -> (actions, held)``:
            between the turn's actions, or once it has ended, the modules' actions.
        waits_for: ``handler(state) -> str | None``: what a module's moment waits for, in
            a refusal's words (its setup choice), or ``None``.
    """

    __slots__ = (
        "action_ended",
        "border_crossed",
        "crab_entered",
        "first_options",
        "rule_changes",
        "step_answered",
        "turn_ending",
        "turn_options",
        "waits_for",
    )

    def __init__(self) -> None:
        self.crab_entered: list[Callable[[Work, int, Cell], None]] = []
        self.border_crossed: list[Callable[[Work, int, int], None]] = []
        self.turn_ending: list[Callable[[Work], bool]] = []
        self.action_ended: list[Callable[[Work, State], None]] = []
        self.step_answered: list[Callable[[Work, ActionRule[Any], Any], bool]] = []
        self.rule_changes: list[Callable[[Tables, Adventure | None], Tables]] = []
        self.first_options: list[Callable[[State, PlayerId | None], tuple[Action, ...] | None]]
        self.first_options = []
        self.turn_options: list[Callable[[Tables, State, int, bool], tuple[list[Action], bool]]]
        self.turn_options = []
        self.waits_for: list[Callable[[State], str | None]] = []

    def in_play(self, rules: Tables, adventure: Adventure | None) -> Tables:
        """The rules in play: the config's ``rules``, with the modules' changes made."""
        for change in self.rule_changes:
            rules = change(rules, adventure)
        return rules

    def entered(self, work: Work, crab: int, origin: Cell, dest: Cell) -> None:
        """``crab`` went from ``origin`` to ``dest``: it entered it, maybe crossing borders."""
        for handler in self.crab_entered:
            handler(work, crab, dest)
        if origin < 0 or not self.border_crossed:
            return  # from the sea or off the board: no border crossed
        tile_of = work.rules.tile_of
        # The sea lies beyond the Finish tile.
        a, b = tile_of[origin], tile_of[dest] if dest >= 0 else len(work.rules.layout.board)
        if a != b:
            for handler in self.border_crossed:
                handler(work, min(a, b), max(a, b))

    def turn_held(self, work: Work) -> bool:
        """The turn would end: whether a handler holds it (each one is told)."""
        held = False
        for handler in self.turn_ending:
            held = handler(work) or held
        return held

    def answered(self, work: Work, rule: ActionRule[Any], action: Any) -> bool:
        """``action`` answers a step: whether a handler played it."""
        # A loop, not any() of a generator: a game without modules builds nothing here.
        for handler in self.step_answered:  # noqa: SIM110
            if handler(work, rule, action):
                return True
        return False

    def ended(self, work: Work, before: State) -> None:
        """The action played in ``before`` ended."""
        for handler in self.action_ended:
            handler(work, before)


#: The moments of a game without modules: nobody listens.
NO_MOMENTS: Final = Moments()
