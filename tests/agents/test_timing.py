"""Search chooses when to call in You've Got Crabs: now, or wait (hand-built positions)."""

from __future__ import annotations

import attrs
import pytest

import crabrules
from crabrules import Rng
from crabrules.agents import Decision, ISMCTSAgent, MCTSAgent, Turn
from crabrules.agents.plausible import YouveGotCrabsPlayer
from crabrules.agents.plausible.youve_got_crabs import honest_world, rollout_players, timed
from crabrules.agents.timing import Wait
from crabrules.agents.tree import Budget
from crabrules.youve_got_crabs import UNSEEN, Call, Card, Signal, State, is_scoring, table

GAME = crabrules.get_game("youve-got-crabs")
ME = 0
PARTNER = table(GAME.initial_state(seed=1).config).partner_of[ME]
BUDGET = Budget(iterations=60)


def _give(state: State, player: int, cards: list[Card]) -> State:
    """``state`` with ``cards`` in ``player``'s hand, swapped from wherever they were."""
    hands = [list(hand) for hand in state.hands]
    draw = list(state.draw)
    for slot, card in enumerate(cards):
        old = hands[player][slot]
        if old == card:
            continue
        holder = next(
            ((p, s) for p, hand in enumerate(hands) for s, c in enumerate(hand) if c == card),
            None,
        )
        if holder is not None and holder[0] != player:
            hands[holder[0]][holder[1]] = old
        else:
            draw[draw.index(card)] = old
        hands[player][slot] = card
    return attrs.evolve(state, hands=tuple(map(tuple, hands)), draw=tuple(draw))


def _partner_signalled(four: bool) -> State:
    # The partner signals. With ``four`` its hand is four of a kind (unseen by anyone);
    # without, two of its cards were taken from the Ocean in the open, of two types.
    state = GAME.initial_state(seed=5)
    types = sorted(set(state.draw))
    if four:
        state = _give(state, PARTNER, [types[0]] * 4)
    else:
        state = _give(state, PARTNER, [types[0], types[1], types[2], types[2]])
        seen = list(state.seen)
        seen[PARTNER] = (types[0], types[1], UNSEEN, UNSEEN)
        state = attrs.evolve(state, seen=tuple(seen))
    signalled: State = GAME.apply(state, Signal(PARTNER))
    return signalled


def _decide(agent: ISMCTSAgent | MCTSAgent, state: State) -> Decision | None:
    turn = Turn.of(GAME, state, ME, now=state.clock)
    return agent.act(turn, Rng.from_seed(3))


def test_the_casual_player_calls_a_partner_who_signalled_either_way() -> None:
    # The premise of the two tests below: the casual player calls both signals, so the
    # search agent that waits in one of them chose to.
    for four in (True, False):
        state = _partner_signalled(four)
        decision = YouveGotCrabsPlayer().act(Turn.of(GAME, state, ME), Rng.from_seed(3))
        assert decision is not None
        assert decision.action == Call(ME, PARTNER, decision.at)


@pytest.mark.parametrize("agent", [ISMCTSAgent, MCTSAgent])
def test_search_calls_now_a_partner_whose_signal_the_cards_allow(agent: type) -> None:
    state = _partner_signalled(four=True)
    decision = _decide(agent(BUDGET), state)
    assert decision is not None
    assert decision.action == Call(ME, PARTNER, decision.at)
    assert decision.at > state.clock  # at the casual player's reaction time


@pytest.mark.parametrize("agent", [ISMCTSAgent, MCTSAgent])
def test_search_waits_rather_than_call_a_signal_the_open_cards_refute(agent: type) -> None:
    state = _partner_signalled(four=False)
    assert _decide(agent(BUDGET), state) is None


@pytest.mark.parametrize("agent", [ISMCTSAgent, MCTSAgent])
def test_search_waits_once_then_acts_when_nobody_else_did(agent: type) -> None:
    # Asked again a second later with nothing changed, waiting again would stall the
    # table (every player waiting): the agent makes the call it passed on.
    state = _partner_signalled(four=False)
    searcher = agent(BUDGET)
    assert _decide(searcher, state) is None
    again = Turn.of(GAME, state, ME, now=state.clock + 1)
    decision = searcher.act(again, Rng.from_seed(4))
    assert decision is not None
    assert decision.action == Call(ME, PARTNER, decision.at)


def test_search_timing_is_deterministic_for_a_seed() -> None:
    state = _partner_signalled(four=True)
    assert _decide(ISMCTSAgent(BUDGET), state) == _decide(ISMCTSAgent(BUDGET), state)


def test_only_calls_are_timed() -> None:
    assert timed(Call(ME, PARTNER))
    assert not timed(Signal(ME))
    assert not timed(Wait(ME))


def test_honest_world_deals_a_signaller_four_of_a_kind_from_cards_out_of_sight() -> None:
    state = _partner_signalled(four=True)
    world = GAME.determinize(state, ME, 11)
    assert not is_scoring(world.hands[PARTNER])  # a random deal seldom is
    honest = honest_world(world, ME, {PARTNER})
    assert is_scoring(honest.hands[PARTNER])
    assert GAME.observe(honest, ME) == GAME.observe(state, ME)
    cards = sorted([*sum(honest.hands, ()), *honest.draw])
    assert cards == sorted([*sum(world.hands, ()), *world.draw])


def test_honest_world_keeps_a_signal_the_open_cards_refute() -> None:
    state = _partner_signalled(four=False)
    world = GAME.determinize(state, ME, 11)
    assert honest_world(world, ME, {PARTNER}) == world


def test_after_a_wait_the_rollout_stand_in_does_not_make_the_call() -> None:
    state = _partner_signalled(four=True)
    players = rollout_players(ME, frozenset({PARTNER}), frozenset({PARTNER}))
    waited, acted = players(state, True), players(state, False)
    me_waiting, me_acting = waited[ME], acted[ME]
    assert isinstance(me_waiting, YouveGotCrabsPlayer)
    assert isinstance(me_acting, YouveGotCrabsPlayer)
    assert me_waiting.believed_signallers == frozenset()
    assert me_acting.believed_signallers == frozenset({PARTNER})
