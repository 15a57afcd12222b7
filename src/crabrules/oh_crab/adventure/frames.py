"""Decisions that come first, maybe out of turn: the frames' stack.

A :class:`~crabrules.oh_crab.model._pack_state.Frame` holds steps that one player resolves
now, before the turn goes on: a Surprise flipped by a crab pushed in another player's turn
belongs to the crab's owner ("even during another player's turn"), a first place's reward
to each winner, an immediate Event's part to each player it targets. While the top frame
waits for a choice, its player is the one active player (:func:`frame_player`) and its
step's options are the legal actions (:func:`frame_options`); the turn waits beneath.

The frames sit on the working copy's one stack of decisions
(:attr:`~crabrules.oh_crab.engine._work.Work.decisions`), above the turn's own; in the
state they are ``Adventure.frames``, the last first. A frame pushed while another
resolves (a token flipped by a Treasure's move) comes first. The engine resolves the top
decision with the very code of a turn's actions (:mod:`crabrules.oh_crab.engine._effects`),
and drops it once it has no step left (:func:`run_in_frame`, :func:`settle`). Head Down!
holds in a frame only for the turn's own active crab.

This is also how Module 4 opens a *window*: a frame whose step offers a skill or a pass.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from crabrules.core.game import PlayerId
from crabrules.oh_crab.engine._effects import advance, resolve, step_options
from crabrules.oh_crab.engine._expansion import ActionRule
from crabrules.oh_crab.engine._tables import rules_of
from crabrules.oh_crab.engine._work import Work
from crabrules.oh_crab.model._actions import Action
from crabrules.oh_crab.model._state import State

__all__ = ["frame_options", "frame_player", "in_order", "run_in_frame", "settle"]


def frame_player(state: State) -> PlayerId | None:
    """The player whose frame waits for a choice, or ``None``."""
    adventure = state.adventure
    if adventure is None or not adventure.frames:
        return None
    return adventure.frames[-1].player


def frame_options(state: State) -> list[Action]:
    """The options of the top frame's step."""
    assert state.adventure is not None
    frame = state.adventure.frames[-1]
    turn = state.turn
    head_down = turn is not None and turn.head_down and turn.crab == frame.crab
    return step_options(
        rules_of(state),
        state,
        frame.crab,
        frame.queue[0],
        head_down=head_down,
        crabs_left=frame.crabs_left,
    )


def run_in_frame(work: Work, rule: ActionRule[Any], action: Action) -> None:
    """Apply ``action`` (of ``rule``), the choice of the top frame, then settle what follows."""
    _resolve_top(work, lambda: resolve(work, rule, action))
    settle(work)


def settle(work: Work) -> None:
    """Resolve the frames' steps that need no choice, top first, and resume the turn.

    Stops at the first frame that waits for a choice; with no frame left, the turn's own
    decision goes on.
    """
    while work.frames_wait():
        if _resolve_top(work, lambda: advance(work)):
            return
    if work.in_turn:
        advance(work)
        in_order(work, 1)  # what the turn's steps pushed: first come, first served


def in_order(work: Work, start: int) -> None:
    """The decisions pushed from ``start`` on resolve in the order they were pushed.

    Frames pushed by one step (the active crab's token, then those of the crabs it pushed;
    each winner of a Challenge) resolve first come, first served; the stack puts them all
    above the decision that pushed them.
    """
    decisions = work.decisions
    if len(decisions) > start + 1:  # a single decision is in order already
        decisions[start:] = decisions[start:][::-1]


def _resolve_top(work: Work, run: Callable[[], object]) -> bool:
    """Run ``run`` on the top frame; drop it once done. True: it waits for a choice."""
    decision = work.decision
    above = len(work.decisions)
    run()
    in_order(work, above)
    pushed = len(work.decisions) > above
    if decision.queue:
        # A frame pushed above this one comes first: the loop goes on with it.
        return not pushed
    del work.decisions[above - 1]
    return False
