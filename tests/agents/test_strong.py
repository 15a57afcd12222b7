"""The ``strong`` players: what they infer, how they plan and time, and that they see only
their own observation. (Their strength is measured with ``crabrules tournament``, not here.)"""

from __future__ import annotations

from typing import Any

import attrs

import crabrules
from crabrules import marche_du_crabe as mdc
from crabrules import youve_got_crabs as ygc
from crabrules.agents import Agent, Decision, PlausibleAgent, Turn, play_match
from crabrules.agents.strong.marche_du_crabe import (
    HANDS,
    HandCode,
    MarchePlanner,
    danger,
    partner_hands,
)
from crabrules.agents.strong.youve_got_crabs import (
    OPPONENT_CALL,
    PARTNER_CALL,
    YouveGotCrabsStrong,
    can_make_four,
    refuted,
    target_type,
)
from crabrules.core import Rng
from crabrules.marche_du_crabe._board import COLUMN_CELLS, NO_ITEM

# -- La Marche du Crabe --------------------------------------------------------------


def test_marche_hand_code_tells_every_hand_in_four_placements_and_the_reader_follows() -> None:
    for hand in HANDS:
        sender, reader = HandCode(), HandCode()
        for _ in range(4):  # 66 hands: 17 or 16, then 5 or 4, then 2 or 1, then 1
            card = sender.send(hand, [10, 11, 12, 13])
            if card is None:
                break
            reader.receive([10, 11, 12, 13], card)
        assert sender.told
        assert sender.hands == reader.hands == (hand,)
        assert sender.send(hand, [10, 11]) is None  # told: the next placement is free


def test_marche_partner_reads_each_placement_as_it_was_sent() -> None:
    game = crabrules.get_game("la-marche-du-crabe")
    for seed in range(3):
        state = game.initial_state(seed=seed)
        agents = [MarchePlanner(), MarchePlanner()]
        rng = Rng.from_seed(seed)
        read = 0
        while not game.is_terminal(state):
            player = state.to_move
            decision = agents[player].act(Turn.of(game, state, player), rng)
            if isinstance(decision.action, mdc.Place) and len(state.decks[1 - player]) < 12:
                assert agents[player].partners.hands == agents[1 - player].mine.hands
                read += 1
            state = game.apply(state, decision.action)
        assert read > 0


def test_marche_inference_rules_out_own_and_freed_items() -> None:
    state = mdc.initial_state(seed=7)
    items = state.layout.items
    freed_cell = next(
        c for c in range(36) if items[c] not in (NO_ITEM, *state.forbidden[0], *state.forbidden[1])
    )
    state = attrs.evolve(state, freed=frozenset({freed_cell}))
    view = mdc.observe(state, 0)
    hands = partner_hands(view, HANDS)
    assert hands
    assert all(items[freed_cell] not in h for h in hands)
    assert all(not set(h) & set(view.forbidden) for h in hands)
    assert state.forbidden[1] in hands  # the truth is never ruled out
    odds = danger(view, hands)
    assert odds[items[freed_cell]] == 0.0
    assert all(odds[i] == 1.0 for i in view.forbidden)


def _move_step(state: Any, token: int) -> Any:
    """``state`` at Boater's move step with the token on ``token``, no Baddie anywhere."""
    return attrs.evolve(state, token=token, revealed=None, baddies=(-1,) * 36, to_move=mdc.BOATER)


def test_marche_planner_steps_on_an_item_its_partner_told_safe_and_never_on_its_own() -> None:
    state = mdc.initial_state(seed=7)
    items = state.layout.items
    own, partners = state.forbidden
    for column in range(6):
        cells = [c for c in COLUMN_CELLS[column] if items[c] != NO_ITEM]
        empty = next(c for c in COLUMN_CELLS[column] if items[c] == NO_ITEM)
        safe = [c for c in cells if items[c] not in (*own, *partners)]
        view_state = _move_step(state, empty)
        turn = Turn.of(crabrules.get_game("la-marche-du-crabe"), view_state, mdc.BOATER)
        agent = MarchePlanner()
        agent.partners.hands = (partners,)  # as if the partner's placements told it
        action = agent.act(turn, Rng.from_seed(1)).action
        if isinstance(action, mdc.Move) and items[action.cell] != NO_ITEM:
            assert items[action.cell] not in own
            assert items[action.cell] not in partners
        if len(safe) == 2:
            assert isinstance(action, mdc.Move)
            assert action.cell in safe


# -- You've Got Crabs ----------------------------------------------------------------

YGC = crabrules.get_game("youve-got-crabs")


def _ask(agent: YouveGotCrabsStrong, state: Any, now: float) -> Decision | None:
    return agent.act(Turn.of(YGC, state, 0, now), Rng.from_seed(3))


def test_youve_got_crabs_refutes_a_signal_when_the_cards_seen_show_two_types() -> None:
    assert refuted((1, ygc.UNSEEN, 2, ygc.UNSEEN))
    assert not refuted((1, ygc.UNSEEN, 1, ygc.IMITATION_CRAB))


def test_youve_got_crabs_calls_count_from_the_signal_not_from_the_latest_action() -> None:
    agent = YouveGotCrabsStrong()
    state = attrs.evolve(YGC.initial_state(seed=1), signals=(1,), signal_count=1)
    first = _ask(agent, state, 5.0)  # player 1 is player 0's partner
    later = _ask(agent, state, 5.2)  # another action came meanwhile
    assert first is not None
    assert later is not None
    assert first.action == later.action == ygc.Call(0, 1, time=5.0 + PARTNER_CALL)
    assert first.at == later.at == 5.0 + PARTNER_CALL


def test_youve_got_crabs_a_signal_called_wrong_makes_a_liar_never_called_again() -> None:
    agent = YouveGotCrabsStrong()
    state = attrs.evolve(YGC.initial_state(seed=1), signals=(2,), signal_count=1)
    decision = _ask(agent, state, 1.0)
    assert decision is not None
    assert decision.action == ygc.Call(0, 2, time=1.0 + OPPONENT_CALL)
    wrong = ygc.CallRecord(caller=3, target=2, right=False, double=False)
    state = attrs.evolve(state, calls=(wrong,), call_count=1)
    _ask(agent, state, 1.2)
    assert agent.liars == {2}
    state = attrs.evolve(state, signals=(2, 2), signal_count=2)
    decision = _ask(agent, state, 2.0)
    assert decision is None or not isinstance(decision.action, ygc.Call)


def test_youve_got_crabs_partners_never_both_collect_one_type() -> None:
    # Both hold two of type 5, each seen by the other: the seat sitting first keeps it.
    state = YGC.initial_state(seed=1)
    hands = list(state.hands)
    seen = list(state.seen)
    hands[0], hands[1] = (5, 5, 8, 9), (5, 5, 10, 11)
    seen[0], seen[1] = (5, 5, ygc.UNSEEN, ygc.UNSEEN), (5, 5, ygc.UNSEEN, ygc.UNSEEN)
    state = attrs.evolve(state, hands=tuple(hands), seen=tuple(seen), ocean=(0, 1, 2, 3))
    assert target_type(YGC.observe(state, 0), 0) == 5
    assert target_type(YGC.observe(state, 1), 1) != 5
    assert target_type(YGC.observe(state, 0), 0, avoid=5) != 5  # a type given up


def _offered(ocean: tuple[int, ...], seen_by_2: tuple[int, ...]) -> Any:
    # Side 1 played a round without a swap: player 0, on side 0, is asked whether to swap.
    state = YGC.initial_state(seed=1)
    hands, seen = list(state.hands), list(state.seen)
    hands[0] = (5, 5, 8, 9)
    seen[2] = seen_by_2
    return attrs.evolve(
        state,
        hands=tuple(hands),
        seen=tuple(seen),
        ocean=ocean,
        license=1,
        phase=ygc.Phase.OFFER,
    )


def test_youve_got_crabs_says_no_to_the_offer_when_the_ocean_cannot_make_its_four() -> None:
    # Two 5s in hand and one in the Ocean, no other 5 in sight: three at most. A new
    # Ocean (everyone asked says no) brings new cards; a yes keeps the old ones in play.
    state = _offered(ocean=(5, 1, 2, 3), seen_by_2=(ygc.UNSEEN,) * 4)
    assert not can_make_four(YGC.observe(state, 0), 0, 5)
    decision = _ask(YouveGotCrabsStrong(), state, 1.0)
    assert decision is not None
    assert decision.action == ygc.Answer(0, wants_swap=False)


def test_youve_got_crabs_says_yes_to_the_offer_for_a_swap_towards_four() -> None:
    # A fourth 5 was seen going into player 2's hand: the Ocean's 5 is worth taking.
    state = _offered(ocean=(5, 1, 2, 3), seen_by_2=(5, ygc.UNSEEN, ygc.UNSEEN, ygc.UNSEEN))
    assert can_make_four(YGC.observe(state, 0), 0, 5)
    decision = _ask(YouveGotCrabsStrong(), state, 1.0)
    assert decision is not None
    assert decision.action == ygc.Answer(0, wants_swap=True)


def test_youve_got_crabs_strong_team_beats_a_plausible_team() -> None:
    for seed in range(2):
        seats: list[Agent] = [
            YouveGotCrabsStrong(),
            YouveGotCrabsStrong(),
            PlausibleAgent(),
            PlausibleAgent(),
        ]
        result = play_match(YGC, seats, seed=seed)
        assert result.finished
        assert result.outcome is not None
        assert result.outcome.winners == frozenset({0, 1})


# -- Both: a decision depends on the observation only ----------------------------------


class _Twins:
    """Seat agent ``a`` sees the real turns; ``b`` sees, each time, a world it cannot tell
    from the real one. They must decide alike."""

    def __init__(self, a: Agent, b: Agent) -> None:
        self.a, self.b, self.checked = a, b, 0

    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        world = turn.determinize(self.checked + 17)
        twin = Turn.of(turn.game, world, turn.player, turn.now)
        assert twin.observation == turn.observation
        assert twin.legal == turn.legal
        mine, other = self.a.act(turn, rng), self.b.act(twin, rng)
        assert mine == other
        self.checked += 1
        return mine


def test_marche_strong_decides_from_its_observation_only() -> None:
    game = crabrules.get_game("la-marche-du-crabe")
    twins = _Twins(MarchePlanner(), MarchePlanner())
    seats: list[Agent] = [twins, MarchePlanner()]
    play_match(game, seats, seed=4)
    assert twins.checked > 10


def test_youve_got_crabs_strong_decides_from_its_observation_only() -> None:
    twins = _Twins(YouveGotCrabsStrong(), YouveGotCrabsStrong())
    seats: list[Agent] = [twins, YouveGotCrabsStrong(), PlausibleAgent(), PlausibleAgent()]
    play_match(YGC, seats, seed=2, max_actions=400)
    assert twins.checked > 50
