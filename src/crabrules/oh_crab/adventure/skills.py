"""Module 4: the crabs' skills in play, in their owner's turn and in the windows.

**Own turn** (the own-turn icon, and the first effect of a card with both icons): the
skill is an action beside :class:`~crabrules.oh_crab.Use` (:func:`skill_options`), while
no other action is being resolved and the card has a Pincer, like a kept Treasure. Its
steps go into the turn's queue for the crab the card belongs to, which in the 2-player mode
must be the turn's active crab ("only the crab assigned to a card can use its skill"). The
steps are the card's rule: they act even where the basic rules would not let them (the
Tumbler stands up and moves in one action).

**Windows** (another player's turn, and special situations): a skill that may act out of
its owner's turn acts in a *window*, a frame of the owner's
(:class:`~crabrules.oh_crab.model._pack_state.Frame`, kind ``skill``) whose one step offers
:class:`~crabrules.oh_crab.Skill` or :class:`~crabrules.oh_crab.Decline`; while it waits,
``active_players`` is the owner alone. Only these moments open a window
(:func:`open_windows`), at the end of the action in which they arose, and only for a crab
whose card has a Pincer and whose steps would do something then:

- a crab is knocked over during another player's turn: its other-turn skill (the
  other-turn icon, and the second effect of a card with both icons), never in its owner's
  own turn;
- a crab is knocked over, in any turn (its owner's own included): its skill for the
  situation ``knocked_over``;
- an Event is revealed: every skill for the situation ``event_revealed``.

A moment belongs to the turn in which it arises. The Water Current acts at the end of its
owner's turn (:func:`~crabrules.oh_crab.engine._turns.end_turn`), so a crab it knocks over is
knocked over in its owner's own turn: no other-turn window, and an any-turn window that
is resolved before the turn passes. Several windows of one action open in turn order
from the active player. Nothing else opens one, so random play and search see at most
one extra decision per knock-over or Event.
"""

from __future__ import annotations

from crabrules.core.game import PlayerId
from crabrules.oh_crab.adventure.asymmetry import card_of, spend_pincer, window_steps
from crabrules.oh_crab.adventure.frames import in_order
from crabrules.oh_crab.content._pack_components import AsymmetryCard, Situation, Timing
from crabrules.oh_crab.content._primitives import Primitive
from crabrules.oh_crab.engine._effects import advance, steps_usable
from crabrules.oh_crab.engine._tables import Tables
from crabrules.oh_crab.engine._work import Work
from crabrules.oh_crab.model._actions import Skill
from crabrules.oh_crab.model._pack_state import Adventure, Frame, FrameKind
from crabrules.oh_crab.model._state import Phase, State

__all__ = ["open_windows", "skill_options", "use_skill"]

_OWN_TIMING = frozenset({Timing.OWN, Timing.BOTH})
_OTHER_TIMING = frozenset({Timing.OTHER, Timing.BOTH})


def skill_options(rules: Tables, state: State, crab: int, head_down: bool) -> list[Skill]:
    """The active crab's own-turn skill, if its card has a Pincer and the skill would act."""
    adventure = state.adventure
    if adventure is None or adventure.asymmetry is None:
        return []
    asymmetry = adventure.asymmetry
    card = card_of(rules, state, crab)
    if card is None or card.timing not in _OWN_TIMING or asymmetry.pincers[crab] <= 0:
        return []
    if not steps_usable(rules, state, crab, card.own, head_down):
        return []
    return [Skill(rules.owners[crab], crab)]


def use_skill(work: Work, player: PlayerId, crab: int) -> None:
    """Use ``crab``'s own-turn skill: a Pincer is spent and its steps begin."""
    card = card_of(work.rules, work, crab)
    assert card is not None
    spend_pincer(work, crab)
    own = work.turn_decision
    own.queue, own.crabs_left = list(card.own), None
    advance(work)


def open_windows(work: Work, before: State) -> None:
    """Push the windows that the action just played opened (see the module's list)."""
    adventure = work.adventure
    assert adventure is not None
    asymmetry = adventure.asymmetry
    # The phase first: the hidden choice of the cards (``choosing``) is never in the
    # action phase, and reading it is a pure Python call.
    if asymmetry is None or work.phase is not Phase.ACTION or not work.in_turn:
        return
    if asymmetry.choosing:
        return
    rules = work.rules
    revealed = _event_revealed(adventure, before)
    knocked_before = before.knocked
    knocked_now = [
        work.knocked[crab] and not knocked_before[crab] and work.crabs[crab] >= 0
        for crab in range(len(knocked_before))
    ]
    if not revealed and not any(knocked_now):
        return  # only a knock-over or an Event opens a window: most actions open none
    start = len(work.decisions)
    n = rules.players
    for player in [(work.current + k) % n for k in range(n)]:
        for crab in rules.crabs_of[player]:
            card = card_of(rules, work, crab)
            if card is None or asymmetry.pincers[crab] <= 0:
                continue
            opens = _opens(card, knocked_now[crab], revealed, player != work.current)
            if opens and steps_usable(rules, work, crab, window_steps(card), False):
                item = asymmetry.chosen[crab]
                work.push_frame(
                    Frame(FrameKind.SKILL, item, player, crab, (Primitive.SKILL_WINDOW,))
                )
    in_order(work, start)


def _event_revealed(adventure: Adventure, before: State) -> bool:
    """Whether the action revealed an Event (Module 2)."""
    events, old = adventure.events, before.adventure.events if before.adventure else None
    return events is not None and old is not None and len(events.revealed) > len(old.revealed)


def _opens(card: AsymmetryCard, knocked: bool, revealed: bool, other_turn: bool) -> bool:
    """Whether ``card``'s window opens: its crab was knocked over, or an Event revealed."""
    if card.timing is Timing.SPECIAL:
        return (card.situation is Situation.KNOCKED_OVER and knocked) or (
            card.situation is Situation.EVENT_REVEALED and revealed
        )
    # ``current`` is still the turn the moment arose in: a turn passes only after its
    # windows, those of the end-of-turn Water Current included.
    return card.timing in _OTHER_TIMING and knocked and other_turn
