"""Decisions that come first, maybe out of turn: the frames' stack.

A :class:`~crabrules.oh_crab.model.adventure.Frame` holds steps that one player resolves
now, before the turn goes on: a Surprise flipped by a crab pushed in another player's turn
belongs to the crab's owner ("even during another player's turn"), a first place's reward
to each winner, an immediate Event's part to each player it targets. While the top frame
waits for a choice, its player is the one active player (:func:`frame_player`) and its
step's options are the legal actions (:func:`frame_options`); the turn waits beneath.

The frames are a stack (``Adventure.frames``, the last first): a frame pushed while
another resolves (a token flipped by a Treasure's move) comes first. Steps resolve with
the very code of a turn's actions (:mod:`crabrules.oh_crab.engine.effects`): the frame's steps,
crab and ``crabs_left`` are loaded into the :class:`~crabrules.oh_crab.engine.work.Work` in place
of the turn's, and put back after (:func:`run_in_frame`, :func:`settle`). Head Down! holds
in a frame only for the turn's own active crab.

This is also how Module 4 opens a *window*: a frame whose step offers a skill or a pass.
"""

from __future__ import annotations

from crabrules.core.game import PlayerId
from crabrules.oh_crab.engine.effects import advance, resolve, step_options
from crabrules.oh_crab.engine.work import Work, rules_of
from crabrules.oh_crab.model.actions import Action
from crabrules.oh_crab.model.adventure import Frame
from crabrules.oh_crab.model.state import State

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


def run_in_frame(work: Work, action: Action) -> None:
    """Apply ``action``, the choice of the top frame, then settle what follows."""
    assert isinstance(work.frames, list)
    frame = work.frames.pop()
    _resolve_frame(work, frame, lambda: resolve(work, action))
    settle(work)


def settle(work: Work) -> None:
    """Resolve the frames' steps that need no choice, top first, and resume the turn.

    Stops at the first frame that waits for a choice; with no frame left, the turn's own
    queue goes on.
    """
    assert isinstance(work.frames, list)
    while work.frames:
        frame = work.frames.pop()
        if _resolve_frame(work, frame, lambda: advance(work)):
            return
    work.floor = 0
    if work.in_turn:
        advance(work)


def in_order(work: Work, start: int) -> None:
    """The frames pushed from ``start`` on resolve in the order they were pushed.

    Frames pushed by one step (the active crab's token, then those of the crabs it pushed;
    each winner of a Challenge) resolve first come, first served; the stack puts them all
    above the frame that pushed them.
    """
    assert isinstance(work.frames, list)
    work.frames[start:] = work.frames[start:][::-1]


def _resolve_frame(work: Work, frame: Frame, run: object) -> bool:
    """Run ``run`` with ``frame`` loaded; put it back if it waits. True: it waits for a choice."""
    assert isinstance(work.frames, list)
    assert callable(run)
    saved = work.queue, work.crab, work.crabs_left, work.head_down
    work.queue = list(frame.queue)
    work.crab = frame.crab
    work.crabs_left = None if frame.crabs_left is None else list(frame.crabs_left)
    work.head_down = work.head_down and frame.crab == saved[1]
    floor = work.floor = len(work.frames)
    run()
    in_order(work, floor)
    waiting = bool(work.queue)
    if waiting:
        left = None if work.crabs_left is None else tuple(work.crabs_left)
        work.frames.insert(
            floor, Frame(frame.kind, frame.item, frame.player, frame.crab, tuple(work.queue), left)
        )
    pushed = len(work.frames) > floor + waiting
    work.queue, work.crab, work.crabs_left, work.head_down = saved
    work.floor = 0
    # A frame pushed above this one comes first: the loop goes on with it.
    return waiting and not pushed
