"""The Adventure Pack, Modules 1 to 3: a test per sentence of the rules, on hand-built positions.

Scenario 1, 3 players (red, orange, blue): rows 0-1 Start, Beach tile 1 rows 2-5 (its
Surprise spaces: cells 10, 24, 26), Beach tile 2 rows 6-9, Beach tile 3 rows 10-13,
Finish rows 14-15.
"""

from __future__ import annotations

import itertools
import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import pytest

from crabrules.core.errors import InvalidConfigError, InvalidStateError
from crabrules.oh_crab import (
    NO_CARD,
    ChallengeResolved,
    Choose,
    Config,
    Discard,
    EndTurn,
    EventRevealed,
    Move,
    Reveal,
    State,
    SurpriseFlipped,
    TakeMarket,
    Turn,
    Use,
    UseTreasure,
    active_players,
    apply,
    apply_with_events,
    check_state,
    determinize,
    initial_state,
    legal_actions,
    observe,
    observe_events,
    render,
    render_svg,
)
from crabrules.oh_crab.adventure._content import AdventureContent, Rule, RuleChange
from crabrules.oh_crab.adventure._model import NONE, Due, DueKind, FrameKind, Overlay
from crabrules.oh_crab.content._loading import load_content, register_content
from crabrules.oh_crab.content._primitives import Primitive
from crabrules.oh_crab.engine._tables import rules_of
from crabrules.oh_crab.model._events import AnyEvent
from tests.oh_crab.adventure_helpers import (
    ALL,
    adventure,
    challenge,
    challenges,
    chs,
    event,
    events,
    evs,
    pack,
    part,
    reward,
    sur,
    surprises,
    token,
)
from tests.oh_crab.helpers import at, cid, grant, make

SURPRISES = Config(players=3, modules={"surprises"})
EVENTS = Config(players=3, modules={"events"})
CHALLENGES = Config(players=3, modules={"challenges"})
EVENTS_AND_CHALLENGES = Config(players=3, modules={"events", "challenges"})
FORWARD = grant("move_forward")


def _turn(state: State) -> Turn:
    assert state.turn is not None
    return state.turn


def _use_and_move(state: State, dest: int, pushes: tuple[int, ...] = ()) -> State:
    state = apply(state, Use(state.current, 0))
    return apply(state, Move(state.current, dest, NO_CARD, tuple(pushes)))


# --- Module 1: Surprises, setup ------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "quick", "tiles"), [(3, False, 3), (4, True, 2), (2, False, 2), (2, True, 1)]
)
def test_each_beach_tile_gets_two_treasures_and_one_waste_face_down(
    players: int, quick: bool, tiles: int
) -> None:
    config = Config(players=players, quick=quick, modules={"surprises"})
    state = initial_state(config, seed=5)
    part = sur(state)
    from crabrules.oh_crab.adventure._plugin import surprise_cells

    cells = surprise_cells(rules_of(state))
    assert len(cells) == tiles
    for spaces in cells:
        kinds = sorted(pack().surprises[part.board[c]].kind.value for c in spaces)
        assert kinds == ["treasure", "treasure", "waste"]
    # "Put the remaining ... back in the box without revealing them."
    assert len(part.box) == 14 - 3 * tiles
    assert sur(observe(state, 0)).box == ()


def test_only_the_good_places_treasures_on_every_surprise_space_and_no_waste() -> None:
    config = Config(players=3, modules={"surprises"}, variants={"only-the-good"})
    part = sur(initial_state(config, seed=2))
    down = [t for t in part.board if t != NONE]
    assert len(down) == 9
    assert all(pack().surprises[t].kind.value == "treasure" for t in down)
    assert sorted(part.box) == list(pack().wastes())


# --- Module 1: flipping -------------------------------------------------------------------


def test_a_crab_arriving_on_a_surprise_space_flips_it_and_an_immediate_token_leaves() -> None:
    state = make(
        SURPRISES,
        crabs=[5, 0, 1],
        grants=[FORWARD],
        adventure=adventure(surprises(SURPRISES, {10: token("pearl")})),
    )
    after, log = apply_with_events(apply(state, Use(0, 0)), Move(0, 10))
    part = sur(after)
    assert part.board[10] == NONE
    assert part.gone == (token("pearl"),)
    assert after.shells[0] == 2  # Pearl: take 2 shells
    assert any(isinstance(e, SurpriseFlipped) and e.token == token("pearl") for e in log)


def test_a_surprise_flipped_by_a_push_belongs_to_the_pushed_crabs_owner_during_the_turn() -> None:
    # Red moves forward onto orange, pushing it onto a Surprise: Sunburn asks orange (not
    # red, whose turn it is) to discard a card of their choice.
    hand = [cid("orange-1"), cid("orange-2")]
    state = make(
        SURPRISES,
        crabs=[0, 5, 40],
        hands=[[], hand, []],
        grants=[FORWARD],
        adventure=adventure(surprises(SURPRISES, {10: token("sunburn")})),
    )
    state = _use_and_move(state, 5, pushes=(10,))
    assert active_players(state) == frozenset({1})
    assert legal_actions(state) == tuple(Discard(1, c) for c in sorted(hand))
    assert legal_actions(state, 0) == ()
    state = apply(state, Discard(1, hand[0]))
    assert state.discards[1] == (hand[0],)
    assert active_players(state) == frozenset({0})
    assert part(state).frames == ()


def test_a_kept_treasure_is_used_at_any_moment_of_its_owners_turn_as_many_as_they_like() -> None:
    mine = [token("gold-coin"), token("bucket")]
    state = make(
        SURPRISES,
        crabs=[5, 0, 1],
        discards=[[cid("red-1")], [], []],
        grants=[FORWARD],
        adventure=adventure(surprises(SURPRISES, kept=[mine, [], []])),
    )
    options = legal_actions(state)
    assert UseTreasure(0, token("gold-coin")) in options
    assert UseTreasure(0, token("bucket")) in options
    state = apply(state, UseTreasure(0, token("gold-coin")))
    state = apply(state, UseTreasure(0, token("bucket")))
    assert state.shells[0] == 2
    assert cid("red-1") in state.hands[0]
    assert sur(state).gone == tuple(sorted(mine))
    # Not in another player's turn.
    other = make(
        SURPRISES,
        crabs=[5, 0, 1],
        current=1,
        adventure=adventure(surprises(SURPRISES, kept=[mine, [], []])),
    )
    assert not any(isinstance(a, UseTreasure) for a in legal_actions(other))


def test_a_waste_asking_for_a_shell_the_player_lacks_does_nothing_more() -> None:
    state = make(
        SURPRISES,
        crabs=[5, 0, 1],
        grants=[FORWARD],
        adventure=adventure(surprises(SURPRISES, {10: token("hole-in-the-bag")})),
    )
    after = _use_and_move(state, 10)
    assert after.shells[0] == 0
    assert part(after).frames == ()
    assert sur(after).gone == (token("hole-in-the-bag"),)


@pytest.mark.parametrize("waste", ["sunburn", "soggy-cards"])
def test_a_waste_asking_for_a_card_the_pushed_player_lacks_does_nothing_more(waste: str) -> None:
    # Orange, pushed onto the Waste in red's turn, holds no card: nothing to decide, the
    # token leaves and red's turn goes on.
    state = make(
        SURPRISES,
        crabs=[0, 5, 40],
        hands=[[cid("red-1")], [], []],
        grants=[FORWARD],
        adventure=adventure(surprises(SURPRISES, {10: token(waste)})),
    )
    state = _use_and_move(state, 5, pushes=(10,))
    assert part(state).frames == ()
    assert active_players(state) == frozenset({0})
    assert sur(state).gone == (token(waste),)
    assert state.hands[0] == (cid("red-1"),)


def test_alls_well_that_ends_well_makes_wastes_empty_tokens() -> None:
    config = Config(players=3, modules={"surprises"}, variants={"alls-well-that-ends-well"})
    state = make(
        config,
        crabs=[5, 0, 1],
        hands=[[cid("red-1")], [], []],
        grants=[FORWARD],
        adventure=adventure(surprises(config, {10: token("soggy-cards")})),
    )
    after, log = apply_with_events(apply(state, Use(0, 0)), Move(0, 10))
    assert after.hands[0] == (cid("red-1"),)
    assert any(isinstance(e, SurpriseFlipped) and e.empty for e in log)


def test_two_player_a_treasure_serves_either_crab_of_its_owner() -> None:
    config = Config(players=2, modules={"surprises"})
    # Red found the Flip-Flops; orange, the team's other crab, is active and uses them.
    state = make(
        config,
        crabs=[0, 6, 2, 3],
        tokens=[1, 2, 1, 0],
        crab=1,
        grants=[],
        adventure=adventure(surprises(config, kept=[[token("flip-flops")], []])),
    )
    state = apply(state, UseTreasure(0, token("flip-flops")))
    state = apply(state, Move(0, 11))
    assert state.crabs[1] == 11


def test_another_players_kept_treasures_are_hidden_and_determinize_keeps_ones_own() -> None:
    state = make(
        SURPRISES,
        crabs=[5, 0, 1],
        grants=[FORWARD],
        adventure=adventure(surprises(SURPRISES, {10: token("compass")})),
    )
    after, log = apply_with_events(apply(state, Use(0, 0)), Move(0, 10))
    assert sur(after).kept[0] == (token("compass"),)
    seen = sur(observe(after, 1))
    assert seen.kept[0] == (-3,)
    flips = [e for e in observe_events(log, 1) if isinstance(e, SurpriseFlipped)]
    assert flips[0].token == -3
    assert flips[0].name == ""
    twin = determinize(after, 0, seed=9)
    assert sur(twin).kept[0] == (token("compass"),)
    # The others only know a Treasure without "!!/" is kept: their twins deal one.
    for seed in range(20):
        other = determinize(after, 1, seed=seed)
        check_state(other)
        (dealt,) = sur(other).kept[0]
        assert not pack().surprises[dealt].immediate


# --- Module 2: Events ---------------------------------------------------------------------


def test_events_setup_puts_one_face_down_event_per_beach_tile() -> None:
    state = initial_state(EVENTS, seed=4)
    part = evs(state)
    assert len(part.tiles) == 3
    assert len(part.box) == 11
    assert evs(observe(state, 0)).tiles == (-3, -3, -3)


def test_the_lucky_ones_remove_robin_crab_and_its_broken_before_the_draw() -> None:
    config = Config(players=3, modules={"events"}, variants={"the-lucky-ones"})
    for seed in range(10):
        part = evs(initial_state(config, seed=seed))
        assert part.removed == tuple(sorted((event("robin-crab"), event("its-broken"))))
        assert not set(part.removed) & {*part.tiles, *part.box}


def test_crystal_ball_lets_every_player_know_the_three_events_but_not_where() -> None:
    config = Config(players=3, modules={"events"}, variants={"crystal-ball"})
    state = initial_state(config, seed=4)
    part = evs(state)
    for viewer in (None, 0, 2):
        seen = evs(observe(state, viewer))
        assert seen.foreseen == tuple(sorted(part.tiles))
        assert seen.tiles == (-3, -3, -3)
    twins = {evs(determinize(state, 1, seed=k)).tiles for k in range(12)}
    assert all(sorted(t) == sorted(part.tiles) for t in twins)
    assert len(twins) > 1


def _crossing(config: Config, **parts: Any) -> State:
    # Red on the Start tile's sea row moves forward into Beach tile 1: its lower border.
    return make(config, crabs=[5, 0, 1], grants=[FORWARD], adventure=adventure(**parts))


def test_crossing_a_lower_border_makes_its_event_due_before_the_turn_ends() -> None:
    tiles = [event("shell-rain"), event("tailwind"), event("sunny-day")]
    state = _use_and_move(_crossing(EVENTS, events=events(EVENTS, tiles)), 10)
    assert part(state).due == (Due(DueKind.EVENT, 0),)
    options = legal_actions(state)
    assert Reveal(0) in options
    assert not any(isinstance(a, EndTurn) for a in options)  # "no later than its end"
    state = apply(state, Reveal(0))
    assert state.shells == (1, 1, 1)  # Shell Rain: every player takes a shell
    revealed = evs(state)
    assert revealed.tiles[0] == NONE
    assert revealed.revealed == (event("shell-rain"),)
    assert revealed.active == NONE  # immediate: applied once, and it leaves
    assert any(isinstance(a, EndTurn) for a in legal_actions(state))


def test_a_crab_pushed_across_a_lower_border_makes_its_event_due_for_the_active_player() -> None:
    # "No matter which crab or for what reason": red pushes orange into Beach tile 1.
    tiles = [event("shell-rain"), event("tailwind"), event("sunny-day")]
    state = make(
        EVENTS,
        crabs=[0, 5, 40],
        grants=[FORWARD],
        adventure=adventure(events=events(EVENTS, tiles)),
    )
    state = _use_and_move(state, 5, pushes=(10,))
    assert part(state).due == (Due(DueKind.EVENT, 0),)
    assert Reveal(0) in legal_actions(state)
    assert not any(isinstance(a, EndTurn) for a in legal_actions(state))


def test_a_border_is_crossed_for_the_first_time_only() -> None:
    tiles = [NONE, event("tailwind"), event("sunny-day")]
    state = _crossing(EVENTS, events=events(EVENTS, tiles, revealed=[event("shell-rain")]))
    state = _use_and_move(state, 10)
    assert part(state).due == ()


def test_a_temporary_event_changes_the_rules_until_the_next_event_is_revealed() -> None:
    tiles = [event("its-broken"), event("shell-rain"), event("sunny-day")]
    state = _use_and_move(_crossing(EVENTS, events=events(EVENTS, tiles)), 10)
    state = apply(state, Reveal(0))
    assert evs(state).active == event("its-broken")
    # It's broken: the Additional Action tiles cannot be used.
    assert not any(isinstance(a, Use) for a in legal_actions(state))
    assert rules_of(state).tile_costs == {}
    # The next Event ends it.
    later = attrs.evolve(
        state,
        crabs=(at(5, 1), 0, 1),
        turn=attrs.evolve(_turn(state), grants=(FORWARD,)),
    )
    later = apply(_use_and_move(later, at(6, 1)), Reveal(0))
    assert evs(later).active == NONE
    assert part(later).overlay == Overlay()


@pytest.mark.parametrize(
    ("shells", "after"), [((0, 0, 0), (0, 0, 0)), ((3, 3, 0), (2, 2, 1)), ((1, 0, 0), (0, 1, 1))]
)
def test_robin_crab_takes_from_every_tied_richest_for_every_tied_poorest_and_none_if_equal(
    shells: tuple[int, int, int], after: tuple[int, int, int]
) -> None:
    tiles = [event("robin-crab"), event("shell-rain"), event("sunny-day")]
    state = make(
        EVENTS,
        crabs=[5, 0, 1],
        shells=shells,
        grants=[FORWARD],
        adventure=adventure(events=events(EVENTS, tiles)),
    )
    state = apply(_use_and_move(state, 10), Reveal(0))
    assert state.shells == after
    assert part(state).frames == ()


def test_an_immediate_events_targets_decide_in_turn_order_from_the_active_player() -> None:
    # Orange (player 1) reveals Tailwind: red and blue, farthest from the sea, each choose
    # where to move, blue first (the next after orange), then red.
    tiles = [event("tailwind"), event("shell-rain"), event("sunny-day")]
    state = make(
        EVENTS,
        crabs=[0, 5, 2],
        cook=1,
        current=1,
        grants=[FORWARD],
        adventure=adventure(events=events(EVENTS, tiles)),
    )
    state = apply(_use_and_move(state, 10), Reveal(1))
    assert active_players(state) == frozenset({2})
    state = apply(state, Move(2, 7))
    assert active_players(state) == frozenset({0})
    state = apply(state, legal_actions(state)[0])
    assert active_players(state) == frozenset({1})
    assert part(state).frames == ()


def test_an_event_that_needs_an_absent_module_is_replaced_at_once() -> None:
    part = events(EVENTS, [event("lucky-find"), event("tailwind"), event("sunny-day")])
    part = attrs.evolve(
        part, box=(event("shell-rain"), *[e for e in part.box if e != event("shell-rain")])
    )
    state = _use_and_move(_crossing(EVENTS, events=part), 10)
    state, log = apply_with_events(state, Reveal(0))
    revealed = [e for e in log if isinstance(e, EventRevealed)]
    assert [(e.name, e.replaced) for e in revealed] == [
        ("Lucky Find", True),
        ("Shell Rain", False),
    ]
    assert state.shells == (1, 1, 1)


# --- Module 3: Challenges -------------------------------------------------------------------


def test_challenges_setup_draws_one_per_beach_tile_and_reveals_the_first() -> None:
    state = initial_state(CHALLENGES, seed=3)
    part = chs(state)
    assert len(part.tiles) == 3
    assert part.open == 0
    seen = chs(observe(state, 1))
    assert seen.tiles == (part.tiles[0], -3, -3)
    assert seen.reward == part.reward  # the Reward card lies face up
    # A Challenge needing an absent module is never drawn.
    assert all(
        challenge("most-treasures") not in chs(initial_state(CHALLENGES, seed=s)).tiles
        for s in range(10)
    )


def _announce(
    config: Config, shells: tuple[int, ...], card: str = "most-shells"
) -> tuple[State, tuple[AnyEvent, ...]]:
    tiles = [challenge(card), challenge("most-cards"), challenge("crowd")]
    # Red on Beach tile 1's sea row moves forward across its upper border.
    state = make(
        config,
        crabs=[at(5, 1), 0, 1, 2][: config.players],
        shells=shells,
        grants=[FORWARD],
        adventure=adventure(challenges=challenges(config, tiles, reward("pirates-chest"))),
    )
    state = _use_and_move(state, at(6, 1))
    assert part(state).due == (Due(DueKind.CHALLENGE, 0),)
    return apply_with_events(state, Reveal(0))


def test_the_most_shells_example_green_alone_wins_and_nobody_gets_second_place() -> None:
    config = Config(players=4, modules={"challenges"})
    # "The green crab has 3, the red and blue crabs have none": only players with at least
    # one shell take part, so nobody is second.
    state, log = _announce(config, (0, 0, 0, 3))
    resolved = next(e for e in log if isinstance(e, ChallengeResolved))
    assert resolved.first == (3,)
    assert resolved.second == ()
    assert state.shells == (0, 0, 0, 4)  # the first place's shell
    assert chs(state).trophies == (0, 0, 0, 1)


def test_a_single_winner_gives_each_other_player_taking_part_a_shell() -> None:
    state, log = _announce(CHALLENGES, (1, 2, 5))
    resolved = next(e for e in log if isinstance(e, ChallengeResolved))
    assert resolved.first == (2,)
    assert resolved.second == (0, 1)
    assert state.shells == (2, 3, 6)


def test_tied_players_all_win_the_first_place_and_nobody_second() -> None:
    state, log = _announce(CHALLENGES, (0, 4, 4))
    resolved = next(e for e in log if isinstance(e, ChallengeResolved))
    assert resolved.first == (1, 2)
    assert resolved.second == ()
    # Each winner exchanges a trophy for a reward, the first in turn order first.
    assert active_players(state) == frozenset({1})
    assert legal_actions(state) == (Choose(1, 0), Choose(1, 1), Choose(1, 2))
    state = apply(state, Choose(1, 2))  # Pirate's Chest: a shell
    assert state.shells[1] == 4 + 1 + 1
    assert active_players(state) == frozenset({2})


def test_three_tied_winners_exchange_their_trophies_in_turn_order() -> None:
    # Each winner's reward waits for its choice, first come, first served: the order in
    # which the winners were announced (turn order from the active player) holds for every
    # winner, not only the first.
    state, log = _announce(Config(players=4, modules={"challenges"}), (0, 4, 4, 4))
    resolved = next(e for e in log if isinstance(e, ChallengeResolved))
    assert resolved.first == (1, 2, 3)
    chosen = []
    while part(state).frames:
        (player,) = active_players(state)
        chosen.append(player)
        state = apply(state, Choose(player, 2))  # Pirate's Chest: a shell
    assert chosen == [1, 2, 3]


def test_tied_winners_give_no_second_place_to_another_player_taking_part() -> None:
    # "If only one person wins first place, the second-place reward is awarded": red has
    # a shell and takes part, but orange and blue share first place, so red gets nothing.
    state, log = _announce(CHALLENGES, (1, 4, 4))
    resolved = next(e for e in log if isinstance(e, ChallengeResolved))
    assert resolved.first == (1, 2)
    assert resolved.second == ()
    assert state.shells == (1, 5, 5)


def test_two_player_a_reward_acts_with_the_winners_crab_active_in_the_turn() -> None:
    # Red and orange are player 0's crabs; orange, active, crosses the upper border and
    # player 0 wins: the reward's Move forward is orange's, not red's (first on the board).
    config = Config(players=2, modules={"challenges"})
    tiles = [challenge("most-shells"), challenge("most-cards")]
    state = make(
        config,
        crabs=[0, at(5, 1), 2, 3],
        tokens=[1, 2, 1, 0],
        crab=1,
        shells=(2, 0),
        grants=[FORWARD],
        adventure=adventure(challenges=challenges(config, tiles, reward("pirates-chest"))),
    )
    state = apply(_use_and_move(state, at(6, 1)), Reveal(0))
    state = apply(state, Choose(0, 0))  # Pirate's Chest: a Move forward
    assert legal_actions(state) == (Move(0, at(7, 1)),)


def test_the_reward_card_moves_to_the_next_challenge_revealed_at_once() -> None:
    state, _ = _announce(CHALLENGES, (0, 4, 1))
    part = chs(state)
    assert part.tiles[0] == NONE
    assert part.open == 1
    assert chs(observe(state, 0)).tiles[1] == challenge("most-cards")


def test_after_the_last_challenge_the_reward_card_leaves_too() -> None:
    tiles = [NONE, NONE, challenge("most-shells")]
    config = CHALLENGES
    state = make(
        config,
        crabs=[at(13, 2), 0, 1],
        shells=(0, 1, 0),
        grants=[FORWARD],
        adventure=adventure(
            challenges=challenges(
                config, tiles, resolved=[challenge("most-cards"), challenge("crowd")]
            )
        ),
    )
    state = apply(_use_and_move(state, at(14, 2)), Reveal(0))
    assert chs(state).open == NONE


def test_on_a_shared_border_the_challenge_of_the_tile_left_comes_before_the_event() -> None:
    config = EVENTS_AND_CHALLENGES
    tiles_c = [challenge("most-shells"), challenge("most-cards"), challenge("crowd")]
    tiles_e = [NONE, event("shell-rain"), event("sunny-day")]
    state = make(
        config,
        crabs=[at(5, 1), 0, 1],
        shells=(0, 2, 0),
        grants=[FORWARD],
        adventure=adventure(
            events=events(config, tiles_e, revealed=[event("tailwind")]),
            challenges=challenges(config, tiles_c),
        ),
    )
    state = _use_and_move(state, at(6, 1))
    assert part(state).due == (Due(DueKind.CHALLENGE, 0), Due(DueKind.EVENT, 1))
    state, log = apply_with_events(state, Reveal(0))
    kinds = [type(e).__name__ for e in log if isinstance(e, (ChallengeResolved, EventRevealed))]
    assert kinds == ["ChallengeResolved"]  # orange's reward choice comes first
    assert active_players(state) == frozenset({1})
    state, log = apply_with_events(state, Choose(1, 0))  # Sailor's Chest: 2 shells
    assert any(isinstance(e, EventRevealed) and e.name == "Shell Rain" for e in log)
    assert part(state).due == ()


# --- The overlay --------------------------------------------------------------------------


def test_the_overlay_is_consulted_by_the_rules_and_absent_from_the_base_game() -> None:
    base = initial_state(Config(players=3), seed=1)
    assert base.adventure is None
    state = make(
        EVENTS,
        crabs=[5, 0, 1],
        shells=(3, 0, 0),
        adventure=adventure(
            events=attrs.evolve(
                events(
                    EVENTS, [NONE, event("shell-rain"), event("sunny-day")], [event("happy-hour")]
                ),
                active=event("happy-hour"),
                at=0,
            ),
            overlay=Overlay(event=(RuleChange(Rule.TILE_DISCOUNT, 1),)),
        ),
    )
    assert rules_of(state).tile_costs == {"Aa": 0, "Ba": 1, "Ca": 2}
    tile_c = next(i for i, g in enumerate(_turn(state).grants) if g.name == "Ca")
    after = apply(state, Use(0, tile_c))
    assert after.shells[0] == 1  # Ca costs 3 shells, 1 less under Happy Hour


def test_selected_action_take_a_market_card_refills_the_market() -> None:
    state = make(
        SURPRISES,
        crabs=[5, 0, 1],
        grants=[FORWARD],
        adventure=adventure(surprises(SURPRISES, {10: token("message-in-a-bottle")})),
    )
    state = _use_and_move(state, 10)
    assert legal_actions(state)[0] == TakeMarket(0, 0)
    top = state.market[0][-1]
    after = apply(state, TakeMarket(0, 0))
    assert top in after.hands[0]
    assert all(after.market)
    assert part(after).frames == ()
    assert FrameKind.SURPRISE.value == "surprise"


# --- The end of a turn, the state check, users' own content ---------------------------------

CURRENT_BOARD = Config(
    players=3,
    scenario=None,
    board=("0A", "1B", "2A", "3A", "9A"),
    action_tiles=("Aa", "Ba", "Ca"),
    modules={"challenges"},
)


def test_what_the_end_of_turn_current_triggers_is_resolved_before_the_turn_passes() -> None:
    # Beach tile 1B's sea row holds a Water Current north (b5): at the end of red's turn it
    # carries red across the tile's upper border, so its Challenge falls due.
    config = CURRENT_BOARD
    tiles = [challenge("most-cards"), challenge("most-shells"), challenge("crowd")]
    state = make(
        config,
        crabs=[at(5, 1), 0, 1],
        hands=[[cid("red-1")], [], []],
        adventure=adventure(challenges=challenges(config, tiles)),
    )
    state = apply(state, EndTurn(0))
    assert state.crabs[0] == at(6, 1)
    assert _turn(state).stage.value == "ending"
    assert legal_actions(state) == (Reveal(0),)
    state = apply(state, Reveal(0))  # red alone holds a card: red chooses a reward
    assert legal_actions(state) == (Choose(0, 0), Choose(0, 1), Choose(0, 2))
    state = apply(state, Choose(0, 0))  # Sailor's Chest: 2 shells; then the turn passes
    assert state.shells[0] == 3
    assert state.current == 1
    assert chs(state).tiles[0] == NONE


def test_the_state_check_refuses_impossible_adventure_parts() -> None:
    good = make(
        SURPRISES,
        crabs=[5, 0, 1],
        adventure=adventure(surprises(SURPRISES, {10: token("pearl"), 24: token("crab-trap")})),
    )
    check_state(good)
    twice = attrs.evolve(sur(good), box=(*sur(good).box, token("pearl")))
    under_a_crab = attrs.evolve(good, crabs=(10, 0, 1))
    cases = {
        "every token lies in exactly one place": attrs.evolve(
            good, adventure=attrs.evolve(part(good), surprises=twice)
        ),
        "only on a free Surprise space": under_a_crab,
        "the events part is there exactly when": attrs.evolve(
            good, adventure=attrs.evolve(part(good), events=events(EVENTS, [0, 1, 2]))
        ),
        "a due card lies at its border": attrs.evolve(
            good, adventure=attrs.evolve(part(good), due=(Due(DueKind.EVENT, 0),))
        ),
    }
    for message, state in cases.items():
        with pytest.raises(InvalidStateError, match=message):
            check_state(state)


def test_the_state_check_refuses_a_foreseen_event_that_the_content_lacks() -> None:
    # Crystal Ball's knowledge is card ids: each must be a real Event, once. Once an Event
    # is revealed it is no longer face down, so a loaded document that replaced it in
    # `foreseen` by a huge id used to pass the check and crash render.
    config = Config(players=3, modules={"events"}, variants={"crystal-ball"})
    state, rnd = initial_state(config, seed=4), random.Random(4)
    while not evs(state).revealed:
        state = apply(state, rnd.choice(legal_actions(state)))
    check_state(state)
    shown = evs(state).revealed[0]
    others = tuple(c for c in evs(state).foreseen if c != shown)
    for foreseen, message in [
        ((*others, 2**70), "foreseen names Event cards"),
        ((-5, *others), "foreseen names Event cards"),
        (tuple(sorted((*others, others[0]))), "foreseen is sorted, each card once"),
    ]:
        events_part = attrs.evolve(evs(state), foreseen=foreseen)
        broken = attrs.evolve(state, adventure=attrs.evolve(part(state), events=events_part))
        with pytest.raises(InvalidStateError, match=message):
            check_state(broken)


def test_users_load_their_own_adventure_cards_in_the_same_format(tmp_path: Path) -> None:
    data = resources.files("crabrules.oh_crab.content") / "data"
    for name in ("board.json", "cards.json", "tokens.json", "adventure.json"):
        text = (data / name).read_text("utf-8")
        if name == "adventure.json":
            document = json.loads(text)
            document["surprises"][5]["name"] = "Big Pearl"
            document["surprises"][5]["steps"] = [{"do": "take_shell", "count": 3}]
            text = json.dumps(document)
        (tmp_path / name).write_text(text, "utf-8")
    register_content("my-adventure", load_content(tmp_path))
    config = Config(players=3, content="my-adventure", modules={"surprises"})
    state = initial_state(config, seed=1)
    pearl = rules_of(state).pack
    assert isinstance(pearl, AdventureContent)
    assert pearl.surprises[5].name == "Big Pearl"
    assert pearl.surprises[5].steps == (Primitive.TAKE_SHELL,) * 3
    (tmp_path / "adventure.json").unlink()
    without = load_content(tmp_path)
    assert without.adventure is None
    register_content("no-adventure", without)
    with pytest.raises(InvalidConfigError, match="no Adventure Pack"):
        Config(content="no-adventure", modules={"surprises"})


def test_an_event_for_the_others_leaves_out_the_active_player(tmp_path: Path) -> None:
    # No reference card targets "others": a user's Shell Rain for the others only.
    data = resources.files("crabrules.oh_crab.content") / "data"
    for name in ("board.json", "cards.json", "tokens.json", "adventure.json"):
        text = (data / name).read_text("utf-8")
        if name == "adventure.json":
            document = json.loads(text)
            rain = next(e for e in document["events"] if e["id"] == "shell-rain")
            rain["effect"][0]["who"] = "others"
            text = json.dumps(document)
        (tmp_path / name).write_text(text, "utf-8")
    register_content("others-rain", load_content(tmp_path))
    config = Config(players=3, content="others-rain", modules={"events"})
    tiles = [event("shell-rain"), event("tailwind"), event("sunny-day")]
    state = make(
        config,
        crabs=[0, 5, 1],
        cook=1,
        current=1,
        grants=[FORWARD],
        adventure=adventure(events=events(config, tiles)),
    )
    state = apply(_use_and_move(state, 10), Reveal(1))
    assert state.shells == (1, 0, 1)


@pytest.mark.parametrize(
    ("card", "where"),
    [
        ("chefs-special", "in front of orange, with the cook"),
        ("its-broken", "beside the Additional Action tiles"),
        ("slippery-rocks", "beside Beach tile 1"),
    ],
)
def test_a_temporary_events_reminder_lies_with_the_cook_the_tiles_or_its_tile(
    card: str, where: str
) -> None:
    info = pack().events[event(card)]
    state = make(
        EVENTS,
        crabs=[5, 0, 1],
        cook=1,
        current=1,
        adventure=adventure(
            events=attrs.evolve(
                events(EVENTS, [NONE, event("shell-rain"), event("sunny-day")], [event(card)]),
                active=event(card),
                at=0,
            ),
            overlay=Overlay(event=info.changes),
        ),
    )
    assert f"in effect: {info.name} ({info.text}), {where}" in render(state).replace(
        "\n     ", " "
    )
    assert "surprise-token" not in render_svg(state)


def test_the_pictures_show_face_down_tokens_and_the_module_lines() -> None:
    state = initial_state(Config(players=3, modules=ALL), seed=8)
    down = sum(t != NONE for t in sur(state).board)
    assert render_svg(state).count('class="surprise-token"') == down == 9
    text = render(state)
    assert "Surprises: face down on" in text
    assert "Events: Beach 1 face down" in text
    assert "Challenges: Beach 1 " in text


_SUBSETS = [
    frozenset(s)
    for k in range(4)
    for s in itertools.combinations(("surprises", "events", "challenges"), k)
]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("modules", _SUBSETS, ids=lambda m: "+".join(sorted(m)) or "base")
def test_random_games_of_every_module_subset_end_and_pass_the_state_check(
    modules: frozenset[str], players: int
) -> None:
    config = Config(players=players, modules=modules)
    rnd = random.Random(players)
    state = initial_state(config, seed=players)
    actions = 0
    while state.phase.value != "over":
        options = legal_actions(state)
        assert {a.player for a in options} <= active_players(state)
        state = apply(state, rnd.choice(options))
        check_state(state)
        actions += 1
        if actions % 97 == 0:
            for viewer in (None, *range(players)):
                assert observe(determinize(state, viewer, seed=actions), viewer) == observe(
                    state, viewer
                )
    assert actions > 50
