"""The working copy's one stack of decisions: the turn's own at the bottom, the Adventure
Pack's frames above it, the top one resolving (:class:`~crabrules.oh_crab.engine._work.Work`)."""

from __future__ import annotations

import attrs

from crabrules.oh_crab import Config, State
from crabrules.oh_crab.adventure._model import Adventure, Frame, FrameKind
from crabrules.oh_crab.content._primitives import Primitive
from crabrules.oh_crab.engine._work import Work
from tests.oh_crab.adventure_helpers import adventure, challenge, challenges, reward
from tests.oh_crab.helpers import FIRST_ESCAPE, at, make

CHALLENGES = Config(players=4, modules={"challenges"})


def _with_frames(*frames: Frame, head_down: bool = False) -> State:
    tiles = [challenge("most-shells"), challenge("most-cards"), challenge("crowd")]
    part = adventure(challenges=challenges(CHALLENGES, tiles, reward("pirates-chest")))
    assert isinstance(part, Adventure)
    return make(
        CHALLENGES,
        crabs=[at(6, 1), 0, 1, 2],
        head_down=head_down,
        queue=(Primitive.MOVE_FORWARD,),
        adventure=attrs.evolve(part, frames=frames),
    )


def _reward(player: int) -> Frame:
    return Frame(FrameKind.REWARD, 0, player, player, (Primitive.CHOOSE_REWARD,))


def test_the_turns_own_decision_is_the_bottom_of_the_stack_and_frames_lie_above() -> None:
    state = _with_frames(_reward(3), _reward(2), _reward(1))
    work = Work(state)
    assert [d.frame for d in work.decisions] == [None, _reward(3), _reward(2), _reward(1)]
    assert work.turn_decision.queue == [Primitive.MOVE_FORWARD]
    assert work.turn_decision.crab == 0
    # The top decision resolves first: the last frame of the state's tuple.
    assert work.decision.frame == _reward(1)
    assert work.frames_wait()
    assert work.freeze() == state


def test_without_frames_the_stack_holds_only_the_turns_own_decision() -> None:
    state = make(FIRST_ESCAPE, crabs=[0, 1, 2], queue=(Primitive.MOVE_FORWARD,))
    work = Work(state)
    assert len(work.decisions) == 1
    assert work.decision is work.turn_decision
    assert not work.frames_wait()
    assert work.freeze() == state


def test_a_pushed_frame_comes_first_and_freezes_into_the_adventure_frames() -> None:
    state = _with_frames(_reward(3))
    work = Work(state)
    work.push_frame(_reward(2))
    assert work.decision.frame == _reward(2)
    pushed = work.frozen_adventure()
    assert pushed is not None
    assert pushed.frames == (_reward(3), _reward(2))
    # A frame's steps change in place, and freeze as they stand.
    work.decision.queue[0] = Primitive.TAKE_SHELL
    top = Frame(FrameKind.REWARD, 0, 2, 2, (Primitive.TAKE_SHELL,))
    changed = work.frozen_adventure()
    assert changed is not None
    assert changed.frames == (_reward(3), top)


def test_head_down_holds_in_a_frame_only_for_the_turns_own_active_crab() -> None:
    # "Head Down!" protects the active crab: a frame of the same crab keeps it, another
    # player's crab does not.
    own = Frame(FrameKind.REWARD, 0, 0, 0, (Primitive.CHOOSE_REWARD,))
    state = _with_frames(_reward(2), own, head_down=True)
    work = Work(state)
    assert work.turn_decision.head_down
    assert [d.head_down for d in work.decisions[1:]] == [False, True]
