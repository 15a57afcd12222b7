"""When a search agent acts in real-time play (You've Got Crabs): act now, or wait.

In real time an agent says when it acts. A search agent's timing options at each moment
are two, searched like any other choice:

- **act**: take the action (one of the casual player's equally good ones) at the casual
  player's reaction time, so search decides *whether* and *what*, never with faster
  hands than the other players;
- **wait** (:class:`Wait`): let the next action at the table come first; the agent is
  asked again after it. In the search, waiting is one of the root's options, and its
  world moves on by the other players' next action, played by casual players. If no
  action came (the agent is asked again a second later, with the same view), it acts
  rather than wait again (:class:`Patience`), so the table never stalls on it.

Search chooses between them where timing is the question the game turns on, a **call**:
call now, or not now (leave the signaller to their partner, or look again after the next
action). In the search's rollouts, waiting means "not this call, for now": the agent's
casual stand-in does not make it (:func:`rollout_players`). Signals, swaps, putting the
hand down and the other actions of a round are taken when the casual player takes them,
and search chooses among the equally good ones only. Waiting before a signal or a swap
was tried and dropped: a one-action delay is worth about the same as acting, so the
noise of a small search decided, and an agent that waited at every look never signalled.

A call is judged by what the called hand holds, and a determinized world deals the
hidden cards at random, where a signaller seldom holds four of a kind. The search agent
believes its signals: in each world it draws, every player whose signal it saw and who
has not been called since holds four of a kind if the world's hidden cards allow it
(:func:`honest_world`). A signal the public cards refute (say, two types taken from the
Ocean in the open) stays refuted, and calling it is seen to be wrong.

>>> import crabrules
>>> from crabrules.youve_got_crabs import Call
>>> game = crabrules.get_game("youve-got-crabs")
>>> state = game.initial_state(seed=3)
>>> timed(Call(player=0, target=1)), timed(Wait(0))
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from crabrules.agents.base import Agent
from crabrules.agents.plausible.youve_got_crabs import YouveGotCrabsPlayer
from crabrules.core import PlayerId
from crabrules.youve_got_crabs import (
    IMITATION_CRAB,
    UNSEEN,
    Call,
    Card,
    State,
    is_scoring,
    table,
)

__all__ = ["Patience", "Wait", "honest_world", "rollout_players", "timed"]


@attrs.frozen
class Wait:
    """The option to let the next action at the table come first (never sent to the game).

    Attributes:
        player: who waits.
    """

    player: PlayerId


class Patience:
    """A search agent's memory of where it waited: it waits once per moment of the game.

    Waiting lets the next action come first; if none came (everyone else waited too, and
    the agent is asked again a second later with the same view), waiting again would
    stall the table, so the agent acts.

    >>> patience = Patience()
    >>> patience.may_wait("view"), patience.waited("view"), patience.may_wait("view")
    (True, None, False)
    >>> patience.may_wait("another view")
    True
    """

    def __init__(self) -> None:
        self._view: Any = None

    def may_wait(self, view: Any) -> bool:
        """Whether the agent may wait at ``view``: it did not wait at this very view."""
        return self._view is None or view != self._view

    def waited(self, view: Any) -> None:
        """Remember that the agent waited at ``view``."""
        self._view = view


def timed(action: Any) -> bool:
    """Whether ``action`` is one whose timing a search agent chooses: a call."""
    return isinstance(action, Call)


def rollout_players(
    me: PlayerId, standing: frozenset[PlayerId], passed: frozenset[PlayerId]
) -> Callable[[State, bool], list[Agent]]:
    """The casual players of a search's rollouts, who know the standing signals.

    ``standing`` are the players whose signal ``me`` saw and who have not been called
    since (``me`` too, if its own signal stands). In a rollout ``me`` remembers them all,
    except, after a wait, those it waited to call (``passed``): waiting means "not this
    call, for now". Every other player remembers its partner's standing signal (a team
    sees its own signals) and no other; each signaller remembers having signalled.

    >>> import crabrules
    >>> game = crabrules.get_game("youve-got-crabs")
    >>> players = rollout_players(0, frozenset({1, 2}), frozenset({2}))
    >>> [p.believed_signallers for p in players(game.initial_state(seed=1), True)]
    [frozenset({1}), frozenset(), frozenset(), frozenset({2})]
    """

    def players(state: State, waited: bool) -> list[Agent]:
        partner_of = table(state.config).partner_of
        out: list[Agent] = []
        for p in range(state.config.players):
            if p == me:
                knows = standing - {me} - (passed if waited else frozenset())
            else:
                knows = standing & {partner_of[p]}
            signalled = state.hands[p] if p in standing else None
            out.append(YouveGotCrabsPlayer.resuming(state, knows, signalled))
        return out

    return players


# Where a hidden card lies: a hand slot (player, slot), or a Draw pile position (-1, i).
_Place = tuple[int, int]
_DRAW = -1


def honest_world(world: State, me: PlayerId, signallers: Iterable[PlayerId]) -> State:
    """``world`` with every signaller holding four of a kind, where its hidden cards allow.

    Only cards ``me`` cannot see move, and each only among the places that held cards of
    its own Draw pile, so ``me`` still cannot tell the result from the real state; the
    Imitation Crab stays where it was. A signaller whose seen cards show two types keeps
    its hand, and so does every signaller if a hand called wrong would become scoring.

    >>> import crabrules
    >>> from crabrules.youve_got_crabs import is_scoring
    >>> game = crabrules.get_game("youve-got-crabs")
    >>> world = game.determinize(game.initial_state(seed=3), 0, 5)
    >>> is_scoring(world.hands[2]), is_scoring(honest_world(world, 0, [2]).hands[2])
    (False, True)
    """
    hands = [list(hand) for hand in world.hands]
    draw = list(world.draw)
    fixed: set[_Place] = set()
    for signaller in sorted(set(signallers) - {me}):
        if not is_scoring(tuple(hands[signaller])):
            _make_scoring(world, me, signaller, hands, draw, fixed)
        fixed.update((signaller, slot) for slot in range(len(hands[signaller])))
    if any(is_scoring(tuple(hands[p])) for p in world.called_wrong if p != me):
        return world
    return attrs.evolve(world, hands=tuple(map(tuple, hands)), draw=tuple(draw))


def _card(hands: list[list[Card]], draw: list[Card], place: _Place) -> Card:
    owner, index = place
    return draw[index] if owner == _DRAW else hands[owner][index]


def _put(hands: list[list[Card]], draw: list[Card], place: _Place, card: Card) -> None:
    owner, index = place
    if owner == _DRAW:
        draw[index] = card
    else:
        hands[owner][index] = card


def _make_scoring(
    world: State,
    me: PlayerId,
    signaller: PlayerId,
    hands: list[list[Card]],
    draw: list[Card],
    fixed: set[_Place],
) -> None:
    # The signaller's slots that others saw filled (or holding the wild) stay; the unseen
    # ones trade cards with hidden places of the same Draw pile.
    seen, piles = world.seen[signaller], world.drawn_from[signaller]
    movable = [
        slot
        for slot, shown in enumerate(seen)
        if shown == UNSEEN and hands[signaller][slot] != IMITATION_CRAB
    ]
    kept = {
        hands[signaller][slot]
        for slot in range(len(seen))
        if slot not in movable and hands[signaller][slot] != IMITATION_CRAB
    }
    if len(kept) > 1:
        return  # the open cards refute the signal
    others: dict[int, list[_Place]] = {}
    for p, (row, row_piles) in enumerate(zip(world.seen, world.drawn_from, strict=True)):
        if p in (me, signaller):
            continue
        for slot, (shown, pile) in enumerate(zip(row, row_piles, strict=True)):
            if shown == UNSEEN and (p, slot) not in fixed:
                others.setdefault(pile, []).append((p, slot))
    others.setdefault(world.reshuffles, []).extend((_DRAW, i) for i in range(len(draw)))
    # The type to complete: the one the open cards show, else the hand's commonest.
    current = [hands[signaller][slot] for slot in movable]
    targets = sorted(kept) or sorted(set(current), key=lambda c: (-current.count(c), c))
    for target in targets:
        trial_hands = [list(hand) for hand in hands]
        trial_draw = list(draw)
        for slot in movable:
            if trial_hands[signaller][slot] == target:
                continue
            pool = others.get(piles[slot], [])
            place = next((q for q in pool if _card(trial_hands, trial_draw, q) == target), None)
            if place is None:
                break
            give = trial_hands[signaller][slot]
            _put(trial_hands, trial_draw, place, give)
            trial_hands[signaller][slot] = target
        else:
            hands[:] = trial_hands
            draw[:] = trial_draw
            return
