"""The Adventure Pack, Module 4 (Asymmetry) and the Selected Actions: a test per sentence.

Scenario 1, 3 players (red, orange, blue) unless said: cell 0 moves forward to 5, 5 to 10,
12 to 17 (a knocking-over Obstacle, c3); a standard Obstacle at 28 (d5).
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from importlib import resources
from typing import Any

import attrs
import pytest

from crabrules import from_json, to_json
from crabrules.core.errors import (
    ContentError,
    DeserializationError,
    IllegalActionError,
    InvalidStateError,
)
from crabrules.oh_crab import (
    NO_CARD,
    ChooseSkills,
    Config,
    Decline,
    EndTurn,
    IllegalReason,
    MakeObstacle,
    Move,
    Observation,
    PickTrace,
    Plan,
    Reveal,
    Skill,
    SkillUsed,
    Spied,
    StandUp,
    State,
    TakeMarket,
    Use,
    active_players,
    apply,
    apply_with_events,
    check_state,
    describe,
    determinize,
    initial_state,
    legal_actions,
    observe,
    observe_events,
    render,
    render_svg,
)
from crabrules.oh_crab.adventure._asymmetry import forget_revealed, regenerate
from crabrules.oh_crab.adventure._content import (
    PINCER_TOKENS,
    Rule,
    RuleChange,
    Timing,
    tokens_for,
)
from crabrules.oh_crab.adventure._model import NONE, Adventure, Frame, FrameKind, Overlay
from crabrules.oh_crab.adventure._model import SpiedCard as Seen
from crabrules.oh_crab.adventure._plugin import overlaid
from crabrules.oh_crab.adventure._reading import parse_adventure
from crabrules.oh_crab.engine._tables import rules_for, rules_of
from crabrules.oh_crab.engine._work import Work
from crabrules.oh_crab.view._notation import action_to_str, parse_action
from tests.oh_crab.adventure_helpers import challenge, challenges, event, events, pack
from tests.oh_crab.adventure_helpers import part as adventure_part
from tests.oh_crab.asymmetry_helpers import asy, asym, skill
from tests.oh_crab.helpers import at, cid, grant, make

ASYM = Config(players=3, modules={"asymmetry"})
WITH_EVENTS = Config(players=3, modules={"asymmetry", "events"})
WITH_CHALLENGES = Config(players=3, modules={"asymmetry", "challenges"})
ALL = Config(players=3, modules={"surprises", "events", "challenges", "asymmetry"})
DUEL = Config(players=2, modules={"asymmetry"})
FORWARD = grant("move_forward")


def _with(config: Config, chosen: list[str], **parts: Any) -> Adventure:
    pincers = parts.pop("pincers", None)
    spied = parts.pop("spied", None)
    return Adventure(asymmetry=asym(config, chosen, pincers, spied), **parts)


def _push_orange(config: Config = ASYM, **parts: Any) -> State:
    """Red (cell 0) moves forward onto orange (5) and pushes it onto 10: orange is knocked."""
    chosen = parts.pop("chosen", ["sprinter", "armoured", "hoarder"])
    state = make(
        config, crabs=[0, 5, 40], grants=[FORWARD], adventure=_with(config, chosen, **parts)
    )
    state = apply(state, Use(0, 0))
    return apply(state, Move(0, 5, NO_CARD, (10,)))


# --- Content -------------------------------------------------------------------------------


def test_fourteen_asymmetry_cards_each_with_pincers_starfish_timing_modules_and_sunset() -> None:
    cards = pack().asymmetry
    assert len(cards) == 14
    assert all(1 <= c.pincers <= 3 and 1 <= c.starfish <= 3 for c in cards)
    assert {c.timing for c in cards} == set(Timing)  # every icon appears
    assert {c.starfish for c in cards} == {1, 2, 3}
    assert any(c.requires for c in cards)
    assert any(c.sunset for c in cards)
    both = pack().skill("boxer")
    assert both.own != both.other  # both icons: different effects


def test_ten_double_sided_pincer_tokens_are_enough_for_five_cards() -> None:
    assert PINCER_TOKENS == 10
    assert [tokens_for(k) for k in range(4)] == [0, 1, 1, 2]
    assert 5 * max(tokens_for(c.pincers) for c in pack().asymmetry) <= PINCER_TOKENS


def _document() -> dict[str, Any]:
    text = (resources.files("crabrules.oh_crab.content") / "data" / "adventure.json").read_text(
        "utf-8"
    )
    data: dict[str, Any] = json.loads(text)
    return data


def _refused(change: Any) -> str:
    data = _document()
    change(data)
    with pytest.raises(ContentError) as error:
        parse_adventure(data)
    return str(error.value)


def test_impossible_asymmetry_cards_are_refused_saying_where() -> None:
    assert "pincers must be 1 to 3, not 4" in _refused(
        lambda d: d["asymmetry"][0].update(pincers=4)
    )
    assert "a 'own' card has steps in own" in _refused(lambda d: d["asymmetry"][0].pop("own"))
    assert "unknown timing 'never'" in _refused(lambda d: d["asymmetry"][0].update(timing="never"))
    assert "a setup step needs no choice" in _refused(
        lambda d: d["asymmetry"][0].update(sunset=["move_forward"])
    )
    assert "'spy_events' requires 'events'" in _refused(
        lambda d: d["asymmetry"][0].update(own=["spy_events"])
    )
    assert "'event_revealed' requires 'events'" in _refused(
        lambda d: d["asymmetry"][13].update(requires=[])
    )
    assert "needs its owner's own turn" in _refused(
        lambda d: d["asymmetry"][3].update(other=["ignore_negative_spaces"])
    )
    message = _refused(lambda d: d["asymmetry"].__delitem__(slice(0, 5)))
    assert "Asymmetry cards need no other module, at least 10" in message


# --- Setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_deals_two_cards_to_each_player(players: int) -> None:
    state = initial_state(Config(players=players, modules={"asymmetry"}), seed=players)
    part = asy(state)
    assert [len(mine) for mine in part.offered] == [2] * players
    assert part.chosen == (NONE,) * players
    assert len(part.box) == 14 - 2 * players


def test_a_card_needing_an_absent_module_is_replaced_by_another_draw() -> None:
    needing = {i for i, c in enumerate(pack().asymmetry) if c.requires}
    dealt_without: set[int] = set()
    dealt_with: set[int] = set()
    for seed in range(40):
        alone = asy(initial_state(Config(players=5, modules={"asymmetry"}), seed=seed))
        dealt_without.update(c for mine in alone.offered for c in mine)
        every = asy(initial_state(Config(players=5, modules=ALL.modules), seed=seed))
        dealt_with.update(c for mine in every.offered for c in mine)
    assert not dealt_without & needing
    assert needing <= dealt_with


def test_each_player_chooses_one_card_hidden_until_every_player_has_chosen() -> None:
    state = initial_state(ASYM, seed=4)
    offered = asy(state).offered
    assert active_players(state) == frozenset({0, 1, 2})
    assert set(legal_actions(state, 1)) == {ChooseSkills(1, (c,)) for c in offered[1]}
    state = apply(state, ChooseSkills(1, (offered[1][0],)))
    assert active_players(state) == frozenset({0, 2})
    # Blue's and red's views hide orange's choice and its Pincers; orange sees its own.
    assert asy(observe(state, 0)).chosen[1] < 0
    assert asy(observe(state, 0)).pincers[1] == 0
    assert asy(observe(state, 1)).chosen[1] == offered[1][0]
    assert asy(observe(state, 1)).offered[0] == (-3, -3)
    state = apply(state, ChooseSkills(0, (offered[0][1],)))
    state = apply(state, ChooseSkills(2, (offered[2][0],)))
    # All have chosen: shown to everyone, Pincers placed, unused cards in the box.
    seen = asy(observe(state, 2))
    assert seen.chosen == (offered[0][1], offered[1][0], offered[2][0])
    assert seen.pincers == tuple(pack().asymmetry[c].pincers for c in seen.chosen)
    assert {offered[0][0], offered[1][1], offered[2][1]} <= set(asy(state).box)
    assert active_players(state) == frozenset({0, 1, 2})  # the first Planning
    assert all(isinstance(a, Plan) for a in legal_actions(state))


def test_a_choice_outside_the_cards_dealt_is_refused_naming_them() -> None:
    state = initial_state(ASYM, seed=4)
    offered = asy(state).offered[1]
    other = next(c for c in range(len(pack().asymmetry)) if c not in offered)
    names = [pack().asymmetry[c].name for c in offered]
    with pytest.raises(IllegalActionError, match=r"cards: .* was dealt only") as refused:
        apply(state, ChooseSkills(1, (other,)))
    assert refused.value.reason is IllegalReason.NO_SUCH_CARD
    assert all(name in str(refused.value) for name in names)
    with pytest.raises(IllegalActionError, match="chooses one card, among") as refused:
        apply(state, ChooseSkills(1, offered))
    assert refused.value.reason is IllegalReason.WRONG_COUNT
    assert apply(state, ChooseSkills(1, (offered[0],))) != state  # a right choice still plays


def _dealt(config: Config, wanted: str, seed_range: range = range(200)) -> tuple[State, int]:
    """A fresh game in which some player was dealt ``wanted``."""
    card = skill(wanted)
    for seed in seed_range:
        state = initial_state(config, seed=seed)
        for p, mine in enumerate(asy(state).offered):
            if card in mine:
                return state, p
    raise AssertionError(f"{wanted} never dealt")


def _choose_all(state: State, wanted: str) -> State:
    card = skill(wanted)
    for p, mine in enumerate(asy(state).offered):
        pick = card if card in mine else mine[0]
        state = apply(state, ChooseSkills(p, (pick,)))
    return state


def test_a_sunset_card_does_its_setup_right_after_the_choice() -> None:
    state, p = _dealt(ASYM, "hoarder")
    state = _choose_all(state, "hoarder")
    assert state.shells[p] == 2  # Hoarder: take 2 shells at setup
    state, p = _dealt(WITH_CHALLENGES, "oracle")
    before = state
    state = _choose_all(state, "oracle")
    part = adventure_part(state).challenges
    assert part is not None
    face_down = [(t, c) for t, c in enumerate(part.tiles) if t != part.open]
    assert asy(state).spied[p] == tuple(Seen("challenge", t, c) for t, c in face_down)
    assert asy(before).spied[p] == ()


def test_two_players_each_draw_four_and_choose_two_one_per_crab() -> None:
    state = initial_state(DUEL, seed=3)
    offered = asy(state).offered
    assert [len(mine) for mine in offered] == [4, 4]
    options = legal_actions(state, 0)
    assert len(options) == 12  # an ordered pair of 4: which card for red, which for orange
    a, b = offered[0][2], offered[0][0]
    state = apply(state, ChooseSkills(0, (a, b)))
    state = apply(state, ChooseSkills(1, offered[1][:2]))
    assert asy(state).chosen == (a, b, *offered[1][:2])


def test_two_players_only_the_crab_assigned_to_a_card_uses_its_skill() -> None:
    config = DUEL
    state = make(
        config,
        crabs=[at(2, 0), at(2, 2), at(0, 2), at(0, 3)],
        crab=1,
        current=0,
        cook=0,
        grants=[FORWARD],
        tokens=[0, 1, 0, 0],
        adventure=_with(config, ["sprinter", "sidewinder", "hermit", "trader"]),
    )
    # Orange (crab 1) is active: its Sidewinder is offered, red's Sprinter is not.
    skills = [a for a in legal_actions(state) if isinstance(a, Skill)]
    assert skills == [Skill(0, 1)]
    assert state.turn is not None
    active_sprinter = attrs.evolve(
        state, turn=attrs.evolve(state.turn, crab=0), tokens=(1, 0, 0, 0)
    )
    assert Skill(0, 0) in legal_actions(active_sprinter)


# --- Skills: Pincers ---------------------------------------------------------------------------


def test_each_use_consumes_one_pincer_and_an_empty_card_cannot_act() -> None:
    state = make(ASYM, crabs=[5, 0, 1], adventure=_with(ASYM, ["sprinter", "hoarder", "diver"]))
    assert Skill(0, 0) in legal_actions(state)
    state, log = apply_with_events(state, Skill(0, 0))
    assert asy(state).pincers[0] == 1
    assert [e.pincers for e in log if isinstance(e, SkillUsed)] == [1]
    state = apply(state, Move(0, 10))
    state = apply(state, Skill(0, 0))
    state = apply(state, legal_actions(state)[0])
    assert asy(state).pincers[0] == 0
    assert Skill(0, 0) not in legal_actions(state)


def test_regeneration_never_exceeds_the_starting_number_so_with_none_spent_it_is_lost() -> None:
    state = make(
        ASYM,
        crabs=[5, 0, 1],
        adventure=_with(ASYM, ["sprinter", "armoured", "hoarder"], pincers=[0, 3, 1]),
    )
    work = Work(state)
    regenerate(work, 0)
    regenerate(work, 1)  # Armoured Crab has all 3: lost
    after = work.freeze()
    assert asy(after).pincers == (1, 3, 1)
    work = Work(after)
    regenerate(work, 0)
    regenerate(work, 0)
    assert asy(work.freeze()).pincers[0] == 2  # Sprinter starts with 2: never more


def test_two_players_regeneration_gives_each_crab_that_spent_a_pincer_one_back() -> None:
    state = make(
        DUEL,
        crabs=[at(2, 0), at(2, 2), at(0, 2), at(0, 3)],
        crab=0,
        tokens=[1, 0, 0, 0],
        adventure=_with(
            DUEL, ["sprinter", "armoured", "sidewinder", "trader"], pincers=[0, 1, 2, 2]
        ),
    )
    work = Work(state)
    regenerate(work, 0)
    assert asy(work.freeze()).pincers == (1, 2, 2, 2)


# --- Skills: own turn, overriding the basic rules ---------------------------------------------


def test_an_own_turn_skill_is_an_action_while_nothing_else_is_resolved() -> None:
    state = make(
        ASYM,
        crabs=[5, 0, 1],
        grants=[FORWARD],
        adventure=_with(ASYM, ["sidewinder", "hoarder", "diver"]),
    )
    assert Skill(0, 0) in legal_actions(state)
    moving = apply(state, Use(0, 0))
    assert Skill(0, 0) not in legal_actions(moving)  # a Move forward is being resolved
    after = apply(state, Skill(0, 0))
    assert all(isinstance(a, Move) for a in legal_actions(after))  # Move diagonally's spaces
    assert {a.dest for a in legal_actions(after) if isinstance(a, Move)} <= set(
        rules_of(state).layout.diagonal[5]
    )


def test_a_skill_overrides_the_basic_rules_the_tumbler_stands_up_and_moves_at_once() -> None:
    config = ASYM
    base = make(
        config,
        crabs=[5, 0, 1],
        knocked=[True, False, False],
        grants=[FORWARD],
        adventure=_with(config, ["tumbler", "hoarder", "diver"]),
    )
    # The basic rule: a knocked-over crab's move only stands it up.
    basic = apply(base, Use(0, 0))
    assert legal_actions(basic) == (StandUp(0),)
    # The card's rule prevails: it stands up and moves in the same action.
    skilled = apply(base, Skill(0, 0))
    assert not skilled.knocked[0]
    moves = [a for a in legal_actions(skilled) if isinstance(a, Move)]
    assert moves
    assert apply(skilled, moves[0]).crabs[0] == moves[0].dest


def test_an_other_turn_only_skill_is_not_offered_in_its_owners_turn() -> None:
    state = make(
        ASYM,
        crabs=[5, 0, 1],
        knocked=[True, False, False],
        adventure=_with(ASYM, ["armoured", "hoarder", "diver"]),
    )
    assert Skill(0, 0) not in legal_actions(state)


# --- Skills: windows -------------------------------------------------------------------------


def test_a_crab_knocked_over_in_another_players_turn_opens_its_owners_window() -> None:
    state = _push_orange()
    assert state.knocked[1]
    assert active_players(state) == frozenset({1})  # the owner acts in red's turn
    assert legal_actions(state) == (Skill(1, 1), Decline(1))
    assert legal_actions(state, 0) == ()
    assert state.adventure is not None
    assert adventure_part(state).frames[-1].kind is FrameKind.SKILL
    used = apply(state, Skill(1, 1))
    assert not used.knocked[1]  # Armoured Crab: it stands up at once
    assert asy(used).pincers[1] == 2
    assert active_players(used) == frozenset({0})
    declined = apply(state, Decline(1))
    assert declined.knocked[1]
    assert asy(declined).pincers[1] == 3
    assert active_players(declined) == frozenset({0})


def test_a_card_with_both_icons_acts_differently_in_each_turn() -> None:
    state = _push_orange(chosen=["sprinter", "boxer", "hoarder"])
    assert legal_actions(state) == (Skill(1, 1), Decline(1))
    assert not apply(state, Skill(1, 1)).knocked[1]  # another's turn: it stands up
    own = make(
        ASYM, crabs=[0, 5, 10], current=1, adventure=_with(ASYM, ["sprinter", "boxer", "hoarder"])
    )
    after = apply(own, Skill(1, 1))
    assert after.turn is not None
    assert after.turn.queue == (pack().skill("boxer").own[0],)


def test_no_window_opens_without_a_pincer_or_for_a_skill_that_would_do_nothing() -> None:
    state = _push_orange(pincers=[2, 0, 1])
    assert active_players(state) == frozenset({0})
    assert state.adventure is not None
    assert adventure_part(state).frames == ()


def test_a_special_situation_skill_opens_a_window_in_any_turn() -> None:
    # Red's own move onto the knocking-over Obstacle c3 knocks it over: Rebound Crab acts.
    state = make(
        ASYM,
        crabs=[12, 0, 1],
        grants=[FORWARD],
        adventure=_with(ASYM, ["rebound", "hoarder", "diver"]),
    )
    state = apply(apply(state, Use(0, 0)), Move(0, 17))
    assert state.knocked[0]
    assert legal_actions(state) == (Skill(0, 0), Decline(0))
    state = apply(state, Skill(0, 0))
    assert not state.knocked[0]  # stood up, and now jumps at the same distance
    jumps = legal_actions(state)
    assert jumps
    assert all(isinstance(a, Move) for a in jumps)
    # In another player's turn too: orange pushed by red.
    pushed = _push_orange(chosen=["sprinter", "rebound", "hoarder"])
    assert legal_actions(pushed) == (Skill(1, 1), Decline(1))


def test_an_event_revealed_opens_the_windows_of_the_storm_chasers() -> None:
    config = WITH_EVENTS
    tiles = [event("shell-rain"), event("tailwind"), event("sunny-day")]
    state = make(
        config,
        crabs=[5, 0, 1],
        grants=[FORWARD],
        adventure=_with(
            config, ["sprinter", "storm-chaser", "hoarder"], events=events(config, tiles)
        ),
    )
    state = apply(apply(state, Use(0, 0)), Move(0, 10))
    state = apply(state, Reveal(0))
    assert active_players(state) == frozenset({1})
    assert legal_actions(state) == (Skill(1, 1), Decline(1))
    state = apply(state, Skill(1, 1))
    moves = [a for a in legal_actions(state) if isinstance(a, Move)]
    assert moves
    assert len(moves) == len(legal_actions(state))
    state = apply(state, moves[0])
    assert state.crabs[1] == moves[0].dest
    assert active_players(state) == frozenset({0})


def test_the_skill_used_in_another_players_turn_is_written_and_described() -> None:
    state = _push_orange()
    assert action_to_str(state, Skill(1, 1)) == "orange: skill orange"
    assert parse_action(state, "orange: decline") == Decline(1)
    assert describe(state, Skill(1, 1)) == "orange uses the skill of Armoured Crab"


# --- The Selected Actions -----------------------------------------------------------------------


def test_selected_action_take_a_market_card_into_the_hand_refills_the_market() -> None:
    state = make(ASYM, crabs=[5, 0, 1], adventure=_with(ASYM, ["trader", "hoarder", "diver"]))
    state = apply(state, Skill(0, 0))
    assert legal_actions(state)[0] == TakeMarket(0, 0)
    top = state.market[0][-1]
    after = apply(state, TakeMarket(0, 0))
    assert top in after.hands[0]
    assert all(after.market)


def test_selected_action_take_a_trace_card_closes_the_gap() -> None:
    trace = [cid("red-1"), cid("red-2"), cid("red-3")]
    state = make(
        ASYM,
        crabs=[5, 0, 1],
        traces=[trace, [], []],
        adventure=_with(ASYM, ["hermit", "hoarder", "diver"]),
    )
    state = apply(state, Skill(0, 0))
    assert legal_actions(state) == tuple(PickTrace(0, c) for c in trace)
    after = apply(state, PickTrace(0, trace[1]))
    assert after.traces[0] == (trace[0], trace[2])  # the cards slide to fill the space
    assert trace[1] in after.hands[0]
    assert trace[1] in after.known[0]


def test_selected_action_a_standard_space_becomes_an_obstacle_until_the_end_of_the_game() -> None:
    config = WITH_EVENTS
    tiles = [event("its-broken"), event("shell-rain"), event("sunny-day")]
    hand = [cid("red-1")]
    state = make(
        config,
        crabs=[5, 0, 1],
        hands=[hand, [], []],
        grants=[FORWARD],
        adventure=_with(config, ["builder", "hoarder", "diver"], events=events(config, tiles)),
    )
    state = apply(state, Skill(0, 0))
    options = legal_actions(state)
    assert MakeObstacle(0, 10) in options
    assert MakeObstacle(0, 28) not in options  # d5 is an Obstacle already
    assert MakeObstacle(0, 17) not in options  # c3 is a knocking-over Obstacle
    assert MakeObstacle(0, 0) not in options  # a Start space
    state = apply(state, MakeObstacle(0, 10))
    assert state.adventure is not None
    assert adventure_part(state).overlay.lasting == (RuleChange(Rule.OBSTACLE_AT, cell=10),)
    assert rules_of(state).obstacle[10]
    # Entering it asks for a card, as a standard Obstacle does.
    state = apply(state, Use(0, 0))
    assert Move(0, 10, hand[0]) in legal_actions(state)
    assert Move(0, 10) not in legal_actions(state)
    state = apply(state, Move(0, 10, hand[0]))
    assert state.discards[0] == tuple(hand)
    # A temporary Event revealed after it changes its own rules and leaves the Obstacle.
    state = apply(state, Reveal(0))
    assert state.adventure is not None
    assert adventure_part(state).overlay.event == (RuleChange(Rule.TILES_CLOSED),)
    assert adventure_part(state).overlay.lasting == (RuleChange(Rule.OBSTACLE_AT, cell=10),)
    assert rules_of(state).obstacle[10]
    check_state(state)


def test_selected_action_spy_only_the_spying_player_sees_and_determinize_keeps_it() -> None:
    config = WITH_EVENTS
    tiles = [event("shell-rain"), event("tailwind"), event("sunny-day")]
    state = make(
        config,
        crabs=[5, 0, 1],
        adventure=_with(
            config,
            ["lookout", "hoarder", "diver"],
            events=events(config, tiles),
            pincers=[1, 1, 2],
        ),
    )
    state, log = apply_with_events(state, Skill(0, 0))
    mine = tuple(Seen("event", t, c) for t, c in enumerate(tiles))
    assert asy(state).spied[0] == mine
    assert asy(observe(state, 0)).spied[0] == mine
    assert [s.card for s in asy(observe(state, 1)).spied[0]] == [-3, -3, -3]
    spied = next(e for e in log if isinstance(e, Spied))
    assert spied.cards == tuple(tiles)
    assert next(e for e in observe_events(log, 1) if isinstance(e, Spied)).cards == (-3, -3, -3)
    for k in range(5):
        twin = determinize(state, 0, k)
        twin_events = adventure_part(twin).events
        assert twin_events is not None
        assert twin_events.tiles == tuple(tiles)  # the spy's knowledge is kept
        check_state(twin)


#: The Events on the three Beach tiles that red spied, in :func:`_red_spied_every_event`.
SPIED_EVENTS = [event("shell-rain"), event("tailwind"), event("sunny-day")]


def _red_spied_every_event(**fields: Any) -> State:
    """Red (a Lookout) has spied the three face-down Events; ``fields`` go to ``make``."""
    config = WITH_EVENTS
    spied = [[Seen("event", t, c) for t, c in enumerate(SPIED_EVENTS)], [], []]
    adventure = _with(
        config, ["lookout", "hoarder", "diver"], events=events(config, SPIED_EVENTS), spied=spied
    )
    return make(config, crabs=[5, 0, 1], adventure=adventure, **fields)


def test_a_spied_card_leaves_the_spies_knowledge_once_it_is_face_up() -> None:
    tiles = SPIED_EVENTS
    state = _red_spied_every_event(grants=[FORWARD])
    check_state(state)
    state = apply(apply(apply(state, Use(0, 0)), Move(0, 10)), Reveal(0))
    assert asy(state).spied[0] == tuple(Seen("event", t, tiles[t]) for t in (1, 2))


@pytest.mark.parametrize("tile", [-1, 3, 2**70])
def test_an_observation_whose_spied_card_lies_at_no_beach_tile_is_refused_at_load(
    tile: int,
) -> None:
    # A spied card lies at a Beach tile: an observation that says otherwise is refused when
    # it is read, before it is dealt again (it was an IndexError from inside the deal).
    view = observe(_red_spied_every_event(), 1)
    assert from_json(to_json(view), Observation) == view
    data = json.loads(to_json(view))
    data["adventure"]["asymmetry"]["spied"][0][0]["tile"] = tile
    with pytest.raises(DeserializationError, match="Beach tile"):
        from_json(json.dumps(data), Observation)


def test_a_spied_challenge_leaves_the_spies_knowledge_once_face_up_or_resolved() -> None:
    config = WITH_CHALLENGES
    cards = [challenge("most-shells"), challenge("most-cards"), challenge("longest-trace")]
    spied = [[Seen("challenge", 1, cards[1]), Seen("challenge", 2, cards[2])], [], []]
    state = make(
        config,
        crabs=[5, 0, 1],
        adventure=_with(
            config,
            ["oracle", "hoarder", "diver"],
            challenges=challenges(config, cards),
            spied=spied,
        ),
    )
    check_state(state)
    work = Work(state)
    before_opening = adventure_part(work).challenges
    assert before_opening is not None
    # A new but equal Challenges part: the cards are all still face down, nothing is forgotten.
    work.change_adventure(challenges=attrs.evolve(before_opening))
    forget_revealed(work, state)
    assert asy(work.freeze()).spied == asy(state).spied
    # Tile 0's Challenge resolved, tile 1's is face up now: only tile 2's stays a secret.
    opened = attrs.evolve(before_opening, tiles=(NONE, cards[1], cards[2]), open=1)
    work.change_adventure(challenges=opened)
    forget_revealed(work, state)
    assert asy(work.freeze()).spied == ((Seen("challenge", 2, cards[2]),), (), ())
    before = work.freeze()
    work = Work(before)
    work.change_adventure(challenges=attrs.evolve(opened, tiles=(NONE, cards[1], NONE)))
    forget_revealed(work, before)
    assert asy(work.freeze()).spied == ((), (), ())


def test_what_was_spied_is_only_reconsidered_when_the_events_or_challenges_change() -> None:
    # Decision (Module 4): a spied card can only turn face up with its part, so an action
    # that leaves the Events and the Challenges as they were keeps every spied entry, even
    # a hand-built one that is wrong already (the state check refuses those at load).
    config = WITH_CHALLENGES
    cards = [challenge("most-shells"), challenge("most-cards"), challenge("longest-trace")]
    part = _with(config, ["oracle", "hoarder", "diver"], challenges=challenges(config, cards))
    assert part.asymmetry is not None
    # Tile 0 holds cards[0], not cards[1]: built past the state check, which refuses it.
    stale = ((Seen("challenge", 0, cards[1]),), (), ())
    valid = make(config, crabs=[5, 0, 1], adventure=part)
    part = attrs.evolve(part, asymmetry=attrs.evolve(part.asymmetry, spied=stale))
    state = attrs.evolve(valid, adventure=part)
    work = Work(state)
    forget_revealed(work, state)
    assert asy(work.freeze()).spied == asy(state).spied
    assert part.challenges is not None
    work.change_adventure(challenges=attrs.evolve(part.challenges))
    forget_revealed(work, state)
    assert asy(work.freeze()).spied == ((), (), ())


def test_changing_a_part_of_the_adventure_builds_what_attrs_evolve_builds() -> None:
    config = WITH_CHALLENGES
    cards = [challenge("most-shells"), challenge("most-cards"), challenge("longest-trace")]
    part = _with(config, ["oracle", "hoarder", "diver"], challenges=challenges(config, cards))
    state = make(config, crabs=[5, 0, 1], adventure=part)
    work = Work(state)
    assert part.challenges is not None
    opened = attrs.evolve(part.challenges, open=1)
    changed = work.change_adventure(challenges=opened, due=())
    assert changed == attrs.evolve(part, challenges=opened, due=())
    assert type(changed) is Adventure
    assert changed.asymmetry is part.asymmetry
    # The frames pushed during an action go into the frozen state's part the same way.
    frame = Frame(FrameKind.SKILL, 0, 0, 0, ())
    work.push_frame(frame)
    assert work.frozen_adventure() == attrs.evolve(changed, frames=(frame,))


def test_spying_the_challenges_skips_the_one_face_up() -> None:
    config = WITH_CHALLENGES
    cards = [challenge("most-shells"), challenge("most-cards"), challenge("longest-trace")]
    state = make(
        config,
        crabs=[5, 0, 1],
        adventure=_with(
            config, ["oracle", "hoarder", "diver"], challenges=challenges(config, cards)
        ),
    )
    work = Work(state)
    from crabrules.oh_crab.adventure._asymmetry import spy
    from crabrules.oh_crab.content._primitives import Primitive

    spy(work, 0, Primitive.SPY_CHALLENGES)
    assert asy(work.freeze()).spied[0] == (
        Seen("challenge", 1, cards[1]),
        Seen("challenge", 2, cards[2]),
    )


# --- Every card --------------------------------------------------------------------------------


def _random_use(card_id: str) -> tuple[State, Skill]:
    """A position of random all-module games where ``card_id``'s skill is legal."""
    card = skill(card_id)
    for players in (3, 5, 2):
        config = Config(players=players, modules=ALL.modules)
        for seed in range(60):
            rnd = random.Random(seed)
            state = initial_state(config, seed=seed)
            while state.phase.value != "over":
                options = legal_actions(state)
                for action in options:
                    if isinstance(action, Skill) and asy(state).chosen[action.crab] == card:
                        return state, action
                state = apply(state, rnd.choice(options))
    raise AssertionError(f"{card_id} never acted")


@pytest.mark.parametrize("card_id", [c.id for c in pack().asymmetry])
def test_every_card_acts_spending_one_pincer(card_id: str) -> None:
    state, action = _random_use(card_id)
    before = asy(state).pincers[action.crab]
    after, log = apply_with_events(state, action)
    check_state(after)
    assert asy(after).pincers[action.crab] == before - 1
    used = [e for e in log if isinstance(e, SkillUsed)]
    assert [e.name for e in used] == [pack().skill(card_id).name]
    assert after != state


# --- The state check, pictures -------------------------------------------------------------------


def test_the_state_check_refuses_impossible_module_four_parts() -> None:
    state = make(ASYM, crabs=[5, 0, 1], adventure=_with(ASYM, ["sprinter", "hoarder", "diver"]))
    check_state(state)
    part = asy(state)
    assert state.adventure is not None
    bad = [
        attrs.evolve(part, pincers=(3, 1, 2)),  # above the starting number
        attrs.evolve(part, box=part.box[1:]),  # a card in no place
        attrs.evolve(part, chosen=(part.chosen[0], part.chosen[0], part.chosen[2])),
        attrs.evolve(part, spied=((Seen("event", 0, 1),), (), ())),  # no Events in play
    ]
    for wrong in bad:
        with pytest.raises(InvalidStateError, match="asymmetry"):
            check_state(
                attrs.evolve(state, adventure=attrs.evolve(adventure_part(state), asymmetry=wrong))
            )
    lasting = Overlay(lasting=(RuleChange(Rule.OBSTACLE_AT, cell=28),))  # already an Obstacle
    with pytest.raises(InvalidStateError, match="distinct standard space"):
        check_state(
            attrs.evolve(state, adventure=attrs.evolve(adventure_part(state), overlay=lasting))
        )


def test_the_state_check_refuses_a_window_without_a_pincer_or_for_another_card() -> None:
    state = _push_orange()
    check_state(state)
    assert state.adventure is not None
    frame = adventure_part(state).frames[-1]
    spent = attrs.evolve(asy(state), pincers=(2, 0, 1))
    with pytest.raises(InvalidStateError, match="a window opens only for a card with a Pincer"):
        check_state(
            attrs.evolve(state, adventure=attrs.evolve(adventure_part(state), asymmetry=spent))
        )
    other = attrs.evolve(frame, item=skill("boxer"))
    with pytest.raises(InvalidStateError, match="belongs to the crab whose card it is"):
        check_state(
            attrs.evolve(state, adventure=attrs.evolve(adventure_part(state), frames=(other,)))
        )


def test_choosing_comes_first_and_refuses_anything_else() -> None:
    state = initial_state(ASYM, seed=1)
    with pytest.raises(IllegalActionError, match="a Plan is not possible now"):
        apply(state, Plan(0, state.hands[0][0]))
    with pytest.raises(IllegalActionError, match="red was dealt only"):
        apply(state, ChooseSkills(0, (99,)))


SVG = "{http://www.w3.org/2000/svg}"


def test_the_pictures_show_each_crabs_card_and_pincers_but_not_the_hidden_choices() -> None:
    state = make(
        ASYM,
        crabs=[5, 0, 1],
        adventure=_with(ASYM, ["sprinter", "hoarder", "diver"], pincers=[1, 1, 2]),
    )
    text = render(state)
    assert "red Sprinter [own] Pincers 1/2 on 1 token(s)" in text
    # each crab's card on its player's board, a disc per Pincer, hollow once used
    root = ET.fromstring(render_svg(observe(state, 1)))
    cards = {
        g.findtext(f"{SVG}title"): g
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "skill-card"
    }
    sprinter = cards["Asymmetry: Sprinter, Pincers 1/2"]
    assert [c.get("fill") for c in sprinter.iter(f"{SVG}circle")] == ["#b3261e", "none"]
    assert "Sprinter" in [t.text for t in sprinter.iter(f"{SVG}text")]
    choosing = apply(initial_state(ASYM, seed=2), legal_actions(initial_state(ASYM, seed=2), 0)[0])
    assert "has chosen" in render(choosing)
    assert "choosing among" in render_svg(observe(choosing, 1))
    assert "hidden until all have chosen" in render_svg(observe(choosing, 1))


def test_the_notation_writes_and_reads_every_module_four_action() -> None:
    state = initial_state(DUEL, seed=3)
    choice = legal_actions(state, 0)[0]
    text = action_to_str(state, choice)
    assert text.startswith("red: skills ")
    assert parse_action(state, text) == choice
    built = make(ASYM, crabs=[5, 0, 1], adventure=_with(ASYM, ["builder", "hoarder", "diver"]))
    built = apply(built, Skill(0, 0))
    assert action_to_str(built, MakeObstacle(0, 10)) == "red: obstacle a2"
    assert parse_action(built, "red: obstacle a2") == MakeObstacle(0, 10)
    assert EndTurn(0) not in legal_actions(built)  # the Obstacle is chosen first


def test_the_adventure_page_shows_every_asymmetry_card_as_the_data_says() -> None:
    from tests.oh_crab.asymmetry_page import cards_section, page_section

    assert page_section() == cards_section(pack())
    assert all(f"`{c.id}`" in page_section() for c in pack().asymmetry)


def test_slippery_rocks_knocks_over_on_an_obstacle_the_sandcastle_builder_made() -> None:
    # "Standard Obstacles knock crabs over instead of taking a card": the Obstacle made
    # during play (cell 10) as the printed one (d5, cell 28), whichever came first.
    config = WITH_EVENTS
    tiles = [event("slippery-rocks"), event("shell-rain"), event("sunny-day")]
    card = cid("red-1")
    state = make(
        config,
        crabs=[5, 0, 1],
        hands=[[card], [], []],
        grants=[FORWARD],
        adventure=_with(config, ["builder", "hoarder", "diver"], events=events(config, tiles)),
    )
    state = apply(apply(state, Skill(0, 0)), MakeObstacle(0, 10))
    state = apply(apply(state, Use(0, 0)), Move(0, 10, card))  # before the Event: a card
    state = apply(state, Reveal(0))  # the border crossed: Slippery Rocks
    assert state.adventure is not None
    assert adventure_part(state).overlay.event == (RuleChange(Rule.OBSTACLES_KNOCK_OVER),)
    assert adventure_part(state).overlay.lasting == (RuleChange(Rule.OBSTACLE_AT, cell=10),)
    rules = rules_of(state)
    assert (rules.obstacle[28], rules.knock_over[28]) == (False, True)
    assert (rules.obstacle[10], rules.knock_over[10]) == (False, True)
    check_state(state)
    # It is still an Obstacle made: the Builder cannot make it one again.
    building = apply(state, Skill(0, 0))
    assert MakeObstacle(0, 11) in legal_actions(building)
    assert MakeObstacle(0, 10) not in legal_actions(building)
    # The same, the Event in effect before the Obstacle is made.
    base = rules_for(config)
    for changes in [
        (RuleChange(Rule.OBSTACLES_KNOCK_OVER), RuleChange(Rule.OBSTACLE_AT, cell=10)),
        (RuleChange(Rule.OBSTACLE_AT, cell=10), RuleChange(Rule.OBSTACLES_KNOCK_OVER)),
    ]:
        changed = overlaid(base, changes)
        assert (changed.obstacle[10], changed.knock_over[10]) == (False, True)
