"""Before the turns: placing the crabs (2-player setup), planning a card, activating a crab.

Each kind's options, refusal and play, side by side (see
:mod:`~crabrules.oh_crab.engine.actions`).
"""

from __future__ import annotations

from typing import Any, Final

from crabrules.core.game import PlayerId
from crabrules.oh_crab.content.board import NOWHERE
from crabrules.oh_crab.engine.actions.moment import Moment, crab_refusal, in_hand
from crabrules.oh_crab.engine.actions.rule import ActionRule, Refused
from crabrules.oh_crab.engine.tables import Tables
from crabrules.oh_crab.engine.turns import activate, maybe_start_actions
from crabrules.oh_crab.engine.work import View, Work
from crabrules.oh_crab.model.actions import Action, Activate, IllegalReason, Place, Plan
from crabrules.oh_crab.model.events import CardPlanned, CrabPlaced
from crabrules.oh_crab.model.names import cell_label
from crabrules.oh_crab.model.progress import Phase
from crabrules.oh_crab.model.state import NO_CARD, State

__all__ = ["RULES", "activate_options", "place_options", "plan_options"]

R = IllegalReason


# --- Place (2-player setup, step 6) -----------------------------------------------------------


def _spaces(rules: Tables, crabs: tuple[int, ...]) -> list[int]:
    """The Start spaces open now: 1 for the very first crab, then the free ones of 2-4."""
    if all(cell == NOWHERE for cell in crabs):
        return [1]
    return [k for k in (2, 3, 4) if rules.layout.starts[k - 1] not in crabs]


def place_options(rules: Tables, state: State) -> list[Action]:
    """Start space 1 for the first player's first crab, then the free ones of 2-4.

    The first player's second crab takes the space left over without a choice.
    """
    p = state.current
    unplaced = [c for c in rules.crabs_of[p] if state.crabs[c] == NOWHERE]
    spaces = _spaces(rules, state.crabs)
    return [Place(p, c, k) for c in unplaced for k in spaces]


def _place_refusal(m: Moment, action: Place, same: list[Place]) -> Refused:
    state = m.state
    crabs = [a.crab for a in same]
    if action.crab not in crabs:
        if action.crab in m.rules.crabs_of[m.player]:
            return f"crab: {m.crab_name(action.crab)} is on the board already", R.WRONG_CRAB
        return crab_refusal(m, action.crab, sorted(set(crabs)))
    space = action.space
    if _spaces(m.rules, state.crabs) == [1]:
        return f"space: the first crab goes on Start space 1, not {space}", R.BAD_DESTINATION
    if space not in (2, 3, 4):
        return f"space: the other crabs go on Start spaces 2, 3 and 4, not {space}", (
            R.BAD_DESTINATION
        )
    taken = state.crabs.index(m.rules.layout.starts[space - 1])
    return f"space: Start space {space} is taken by {m.crab_name(taken)}", R.BAD_DESTINATION


def _place(work: Work, action: Place) -> None:
    """Place the crab; after the second player's two, the last one takes the space left."""
    rules = work.rules
    _put(work, action.crab, action.space)
    placed = sum(cell != NOWHERE for cell in work.crabs)
    if placed == 1:
        work.current = (work.cook + 1) % rules.players
    elif placed == 3:
        last = next(c for c in rules.crabs_of[work.cook] if work.crabs[c] == NOWHERE)
        _put(work, last, _spaces(rules, tuple(work.crabs))[0])
        work.current = work.cook
        work.phase = Phase.PLANNING


def _put(work: Work, crab: int, space: int) -> None:
    cell = work.rules.layout.starts[space - 1]
    work.crabs[crab] = cell
    if work.events is not None:
        rules = work.rules
        work.events.append(
            CrabPlaced(
                rules.owners[crab], crab, rules.colours[crab], space, cell, cell_label(cell)
            )
        )


# --- Plan (the Planning phase) ----------------------------------------------------------------


def plan_options(rules: Tables, state: State, player: PlayerId | None) -> list[Action]:
    """Each planning player's Plan actions (``player``'s only, unless ``None``), by card."""
    plans = rules.plans
    out: list[Action] = []
    for p, planned in enumerate(state.planned):
        if planned == NO_CARD and player in (None, p):
            mine = plans[p]
            out.extend([mine[c] for c in state.hands[p]])
    return out


def _plan_refusal(m: Moment, action: Plan, same: list[Plan]) -> Refused:
    return in_hand(m, "card", action.card)


def _plan(work: Work, action: Plan) -> None:
    p, card = action.player, action.card
    work.hand(p).remove(card)
    work.planned[p] = card
    if work.events is not None:
        rules = work.rules
        work.events.append(CardPlanned(p, rules.names[p], card, rules.card_names[card]))
    maybe_start_actions(work)


# --- Activate (2-player mode, Action 1) -------------------------------------------------------


def activate_options(rules: Tables, view: View, player: PlayerId) -> list[Action]:
    """The player's crabs without an activation token, by crab."""
    return [Activate(player, c) for c in rules.crabs_of[player] if not view.tokens[c]]


def _activate_refusal(m: Moment, action: Activate, same: list[Activate]) -> Refused:
    return crab_refusal(m, action.crab, [a.crab for a in same])


def _activate(work: Work, action: Activate) -> None:
    activate(work, action.crab)


#: The family's rules, by action kind.
RULES: Final[dict[type, ActionRule[Any]]] = {
    Place: ActionRule(_place, _place_refusal),
    Plan: ActionRule(_plan, _plan_refusal),
    Activate: ActionRule(_activate, _activate_refusal),
}
