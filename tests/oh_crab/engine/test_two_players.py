"""The 2-player mode, sentence by sentence, on hand-built positions.

Default colours: player 0 plays red (crab 0) and orange (crab 1), player 1 blue (crab 2)
and green (crab 3). The board of scenario 1 with two Beach tiles: rows 0-1 Start 0A, 2-5
Beach 1A, 6-9 Beach 2A, 10-11 Finish 9A.
"""

from __future__ import annotations

import attrs
import pytest

from crabrules.core.errors import IllegalActionError, InvalidConfigError, InvalidStateError
from crabrules.oh_crab import (
    NO_CRAB,
    SEA,
    Action,
    Activate,
    AddCard,
    Config,
    CrabActivated,
    CrabMoved,
    CrabPlaced,
    EndTurn,
    Grant,
    IllegalReason,
    Motion,
    Move,
    Phase,
    Place,
    Plan,
    Primitive,
    Rest,
    Shortcut,
    Side,
    Source,
    Stage,
    StandUp,
    State,
    Use,
    action_to_str,
    apply,
    apply_with_events,
    check_state,
    config_for_players,
    describe,
    describe_event,
    initial_state,
    is_terminal,
    legal_actions,
    outcome,
    parse_action,
    render,
)
from crabrules.oh_crab.content._loading import get_content
from crabrules.oh_crab.engine._tables import rules_for
from tests.oh_crab.helpers import at, cid, grant, make, redrawn_config, with_special

P = Primitive
DUEL = Config(players=2)
RED, ORANGE, BLUE, GREEN = range(4)
#: The rulebook's examples: Mathieu plays red and brown, Jojo green and blue.
EXAMPLES = Config(players=2, colours=("red", "brown", "green", "blue"))
M_RED, M_BROWN, J_GREEN, J_BLUE = range(4)
DIAGONAL = Grant(Source.SECONDARY, "move_diagonal", (P.MOVE_DIAGONAL,))
COOK = Grant(Source.COOK, "move_diagonal", (P.MOVE_DIAGONAL,))


def placed(config: Config = DUEL, seed: int = 1) -> tuple[int, State]:
    """Play the placing of a seeded game with the first options; return the cook and state."""
    state = initial_state(config, seed=seed)
    while state.phase is Phase.PLACING:
        state = apply(state, legal_actions(state)[0])
    return state.cook, state


# --- Setup ----------------------------------------------------------------------------


def test_setup_uses_two_beach_tiles_and_a_scenario_keeps_its_first_two() -> None:
    assert DUEL.resolved_board() == ("0A", "1A", "2A", "9A")
    assert Config(players=2, scenario="pirate-island").resolved_board() == (
        "0B",
        "4B",
        "3B",
        "9B",
    )
    assert rules_for(DUEL).layout.rows == 2 + 2 * 4 + 2
    assert config_for_players(2) == DUEL


def test_setup_quick_variant_with_two_players_keeps_one_beach_tile() -> None:
    quick = Config(players=2, quick=True)
    assert quick.resolved_board() == ("0A", "1A", "9A")
    assert rules_for(quick).layout.rows == 2 + 4 + 2
    free = Config(
        players=2,
        scenario=None,
        board=("0A", "4B", "9B"),
        action_tiles=("Aa", "Ba", "Ca"),
        quick=True,
    )
    assert rules_for(free).layout.rows == 8


def test_setup_a_free_board_for_two_players_has_two_beach_tiles() -> None:
    with pytest.raises(InvalidConfigError, match=r"^board: a board is a Start tile, 2 Beach"):
        Config(
            players=2,
            scenario=None,
            board=("0A", "1A", "2A", "3A", "9A"),
            action_tiles=("Aa", "Ba", "Ca"),
        )


def test_setup_each_player_plays_two_colours_from_the_config_or_by_default() -> None:
    assert DUEL.crab_colours() == (("red", "orange"), ("blue", "green"))
    assert EXAMPLES.crab_colours() == (("red", "brown"), ("green", "blue"))
    assert initial_state(DUEL, seed=3).owners == (0, 0, 1, 1)
    with pytest.raises(InvalidConfigError, match=r"^colours: 4 different colours"):
        Config(players=2, colours=("red", "orange", "blue"))


def test_setup_each_player_holds_one_starting_deck_and_the_others_go_back_in_the_box() -> None:
    state = initial_state(EXAMPLES, seed=3)
    content = get_content("reference")
    red, green = content.colours.index("red"), content.colours.index("green")
    assert state.hands == (content.starting_cards(red), content.starting_cards(green))
    starting = {c for c, card in enumerate(content.cards) if card.starting}
    assert set(state.removed) == starting - set(state.hands[0]) - set(state.hands[1])
    assert len(state.removed) == 12  # the brown and blue decks and the two unused


def test_setup_market_tiles_and_shells_are_prepared_as_usual() -> None:
    state = initial_state(DUEL, seed=3)
    rules = rules_for(DUEL)
    assert all(state.market)
    assert len(rules.tiles) == 3
    assert state.shells == (0, 0)
    assert state.supply == get_content("reference").shells - sum(rules.shell)


def test_setup_placing_is_a_sequence_of_decisions() -> None:
    state = initial_state(DUEL, seed=1)
    first = state.cook
    second = 1 - first
    mine, theirs = rules_for(DUEL).crabs_of[first], rules_for(DUEL).crabs_of[second]
    # 5. The first player places their first crab by the standard rules: Start space 1.
    assert state.phase is Phase.PLACING
    assert state.current == first
    assert legal_actions(state) == tuple(Place(first, c, 1) for c in mine)
    state = apply(state, Place(first, mine[1], 1))
    # 6. The second player places both crabs, one after the other, on 2, 3 or 4...
    assert state.current == second
    assert legal_actions(state) == tuple(Place(second, c, k) for c in theirs for k in (2, 3, 4))
    state = apply(state, Place(second, theirs[1], 3))
    assert legal_actions(state) == (Place(second, theirs[0], 2), Place(second, theirs[0], 4))
    state, events = apply_with_events(state, Place(second, theirs[0], 4))
    # ... then the first player's second crab goes on the last remaining space.
    starts = rules_for(DUEL).layout.starts
    assert state.crabs[mine[1]] == starts[0]
    assert state.crabs[mine[0]] == starts[1]
    assert (state.crabs[theirs[0]], state.crabs[theirs[1]]) == (starts[3], starts[2])
    assert [type(e) for e in events] == [CrabPlaced, CrabPlaced]
    last = events[1]
    assert isinstance(last, CrabPlaced)
    assert last.crab == mine[0]
    assert last.start == 2
    assert state.phase is Phase.PLANNING
    assert state.round == 1
    check_state(state)


def test_setup_a_placing_off_the_two_player_start_spaces_is_refused() -> None:
    state = initial_state(DUEL, seed=1)
    first = state.cook
    mine = rules_for(DUEL).crabs_of[first]
    with pytest.raises(
        IllegalActionError, match="space: the first crab goes on Start space 1"
    ) as e:
        apply(state, Place(first, mine[0], 5))
    assert e.value.reason is IllegalReason.BAD_DESTINATION
    moved = apply(state, Place(first, mine[0], 1))
    with pytest.raises(IllegalActionError, match="Start spaces 2, 3 and 4, not 5") as e:
        apply(moved, Place(1 - first, rules_for(DUEL).crabs_of[1 - first][0], 5))
    assert e.value.reason is IllegalReason.BAD_DESTINATION
    with pytest.raises(InvalidStateError, match="Start space 1"):
        check_state(attrs.evolve(moved, crabs=tuple(c if c < 0 else 4 for c in moved.crabs)))


# --- Team of crabs --------------------------------------------------------------------


def test_team_both_crabs_share_one_hand_and_one_supply_of_shells() -> None:
    # Orange, the active crab, enters b1 (a Shell space): the team's shells grow.
    state = make(
        DUEL,
        crabs=[at(0, 0), at(0, 1), at(0, 2), at(0, 3)],
        hands=[[cid("red-1")], []],
        crab=ORANGE,
        queue=[P.MOVE_FORWARD],
        current=0,
        cook=0,
        tokens=[0, 1, 0, 0],
    )
    after = apply(state, Move(0, at(1, 1)))
    assert after.shells == (1, 0)
    assert after.crabs[ORANGE] == at(1, 1)
    # A tile paid by the other crab's turn spends the same shells.
    red_turn = make(
        DUEL,
        crabs=[at(2, 0), at(6, 1), at(0, 2), at(0, 3)],
        shells=[1, 0],
        crab=RED,
        current=0,
        cook=0,
        tokens=[1, 0, 0, 0],
    )
    tile = legal_actions(red_turn)[0]
    assert tile == Use(0, 0)
    assert red_turn.turn is not None
    assert red_turn.turn.grants[0].name == "Aa"
    assert apply(red_turn, tile).shells == (0, 0)


def test_team_a_standard_obstacle_costs_a_card_of_the_shared_hand() -> None:
    # 1A's d5 is a standard Obstacle; orange enters it from d4 by its own move.
    state = make(
        DUEL,
        crabs=[at(0, 0), at(4, 3), at(0, 2), at(0, 3)],
        hands=[[cid("red-1"), cid("red-2")], []],
        crab=ORANGE,
        queue=[P.MOVE_FORWARD],
        tokens=[0, 1, 0, 0],
    )
    assert legal_actions(state) == (
        Move(0, at(5, 3), cid("red-1")),
        Move(0, at(5, 3), cid("red-2")),
    )
    after = apply(state, Move(0, at(5, 3), cid("red-2")))
    assert after.hands[0] == (cid("red-1"),)
    assert after.discards[0] == (cid("red-2"),)


# --- Course of a round ----------------------------------------------------------------


def test_round_is_planning_1_action_1_planning_2_action_2_end_of_round() -> None:
    cook, state = placed()
    other = 1 - cook
    seen: list[str] = []

    def play(action: Action) -> None:
        nonlocal state
        state, events = apply_with_events(state, action)
        seen.extend(type(e).__name__ for e in events)

    # Planning 1.
    for p in (0, 1):
        play(Plan(p, state.hands[p][0]))
    # Action 1: the cook activates a crab of their choice (token 1), then adds the card.
    assert state.turn is not None
    assert state.turn.stage is Stage.ACTIVATE
    mine = rules_for(DUEL).crabs_of[cook]
    assert legal_actions(state) == tuple(Activate(cook, c) for c in mine)
    play(Activate(cook, mine[1]))
    assert state.tokens[mine[1]] == 1
    assert state.turn.crab == mine[1]
    play(AddCard(cook, Side.LEFT))
    play(EndTurn(cook))
    theirs = rules_for(DUEL).crabs_of[other]
    play(Activate(other, theirs[0]))
    play(AddCard(other, Side.LEFT))
    play(EndTurn(other))
    # Planning 2: played like a normal Planning phase.
    assert state.phase is Phase.PLANNING
    assert state.round == 1
    assert "PlanningStarted" in seen
    for p in (0, 1):
        play(Plan(p, state.hands[p][0]))
    # Action 2: the other crab is activated with token 2, without a choice.
    assert state.current == cook
    turn = state.turn
    assert turn is not None
    assert turn.stage.value == "start"
    assert turn.crab == mine[0]
    assert state.tokens[mine[0]] == 2
    play(AddCard(cook, Side.RIGHT))
    play(EndTurn(cook))
    assert state.turn.crab == theirs[1]
    assert state.tokens[theirs[1]] == 2
    play(AddCard(other, Side.RIGHT))
    play(EndTurn(other))
    # End of Round: tokens come back, round 2 begins with Planning 1.
    assert state.round == 2
    assert state.phase is Phase.PLANNING
    assert state.tokens == (0, 0, 0, 0)
    assert not state.cook_used
    assert seen.count("CrabActivated") == 4
    assert seen.count("RoundEnded") == 1


def test_round_every_action_of_the_turn_concerns_only_the_active_crab() -> None:
    # Orange is active: the move is orange's, red stays.
    state = make(
        DUEL,
        crabs=[at(2, 0), at(2, 2), at(0, 2), at(0, 3)],
        crab=ORANGE,
        queue=[P.MOVE_FORWARD],
        tokens=[0, 1, 0, 0],
    )
    assert legal_actions(state) == (Move(0, at(3, 2)),)
    after = apply(state, Move(0, at(3, 2)))
    assert after.crabs[:2] == (at(2, 0), at(3, 2))
    # A Rest stands up the active crab only.
    resting = make(
        DUEL,
        crabs=[at(2, 0), at(2, 2), at(0, 2), at(0, 3)],
        knocked=[True, True, False, False],
        traces=[[cid("red-1")], []],
        crab=ORANGE,
        stage=Stage.START,
        tokens=[0, 1, 0, 0],
    )
    rested = apply(resting, Rest(0, cid("red-1"), 3))
    assert rested.knocked[:2] == (True, False)
    # A knocked-over inactive crab does not make the active one stand up.
    knocked_mate = make(
        DUEL,
        crabs=[at(2, 0), at(2, 2), at(0, 2), at(0, 3)],
        knocked=[True, False, False, False],
        crab=ORANGE,
        queue=[P.MOVE_FORWARD],
        tokens=[0, 1, 0, 0],
    )
    assert StandUp(0) not in legal_actions(knocked_mate)


def test_round_the_cook_is_used_once_a_round_for_a_single_crab() -> None:
    state = make(
        DUEL,
        crabs=[at(2, 0), at(2, 2), at(0, 2), at(0, 3)],
        grants=[COOK],
        crab=RED,
        tokens=[1, 0, 0, 0],
    )
    used = apply(state, Use(0, 0))
    assert used.cook_used
    # Action 2: the cook holder's other crab gets no cook's diagonal.
    cook, fresh = placed()
    for p in (0, 1):
        fresh = apply(fresh, Plan(p, fresh.hands[p][0]))
    fresh = apply(fresh, Activate(cook, rules_for(DUEL).crabs_of[cook][0]))
    fresh = apply(fresh, AddCard(cook, Side.LEFT))
    assert fresh.turn is not None
    assert COOK in fresh.turn.grants
    again = apply(fresh, Use(cook, fresh.turn.grants.index(COOK)))
    assert again.cook_used
    assert used.turn is not None
    with pytest.raises(InvalidStateError, match="no action this turn can give"):
        check_state(attrs.evolve(used, turn=attrs.evolve(used.turn, grants=(COOK,))))


def test_round_an_unused_cook_serves_the_other_crab_in_action_2() -> None:
    cook, state = placed()
    for p in (0, 1):
        state = apply(state, Plan(p, state.hands[p][0]))
    state = apply(state, Activate(cook, rules_for(DUEL).crabs_of[cook][0]))
    state = apply(state, AddCard(cook, Side.LEFT))
    state = apply(state, EndTurn(cook))
    other = 1 - cook
    state = apply(state, Activate(other, rules_for(DUEL).crabs_of[other][0]))
    state = apply(state, AddCard(other, Side.LEFT))
    state = apply(state, EndTurn(other))
    for p in (0, 1):
        state = apply(state, Plan(p, state.hands[p][0]))
    state = apply(state, AddCard(cook, Side.RIGHT))
    assert state.turn is not None
    assert COOK in state.turn.grants


# --- Push and knocking over -----------------------------------------------------------


def test_push_moving_onto_the_inactive_teammate_swaps_them_rulebook_example_1() -> None:
    # Jojo activates green and moves forward onto blue: they swap, nobody is knocked over.
    # Then he moves diagonally and pushes Mathieu's red crab, which is knocked over.
    state = make(
        EXAMPLES,
        crabs=[at(4, 2), at(0, 4), at(2, 1), at(3, 1)],
        grants=[grant("move_forward"), DIAGONAL],
        current=1,
        cook=1,
        crab=J_GREEN,
        tokens=[0, 0, 1, 0],
    )
    state = apply(state, Use(1, 0))
    assert legal_actions(state) == (Move(1, at(3, 1)),)  # no push to choose
    state, events = apply_with_events(state, Move(1, at(3, 1)))
    assert (state.crabs[J_GREEN], state.crabs[J_BLUE]) == (at(3, 1), at(2, 1))
    assert not state.knocked[J_BLUE]
    assert not state.knocked[J_GREEN]
    assert [e.how for e in events if isinstance(e, CrabMoved)] == [Motion.MOVE, Motion.STEP_BACK]
    assert (
        describe_event(events[-1]) == "blue steps back from b3 to b2, swapping places with green"
    )
    state = apply(state, Use(1, 0))
    pushes = [a for a in legal_actions(state) if isinstance(a, Move) and a.dest == at(4, 2)]
    assert pushes
    assert all(a.pushes for a in pushes)
    state = apply(state, pushes[0])
    assert state.knocked[M_RED]
    assert state.crabs[M_RED] == pushes[0].pushes[0]


def example_2_config() -> Config:
    """A test board for Example 2: each pushed crab has one way to go, brown's a Shortcut."""
    free = ".   .   .   .   ."
    config = redrawn_config(
        "duel-example-2",
        2,
        {
            "1A": [
                "#   .   #   .   .",
                "#   .   #   .   .",
                ".?  .   .?  .   .",
                ".?  .   .   .   .",
            ],
            "2A": [".?  .?  .?  .   .", free, free, "#   s   #   .   ."],
        },
        {"2A": [{"at": [0, 1], "to": [2, 1], "icon": "move_forward", "cards": 1}]},
    )
    return attrs.evolve(config, colours=EXAMPLES.colours)


def test_push_own_crab_pushed_only_in_a_chain_started_by_an_opponent_rulebook_example_2() -> None:
    # Mathieu activates red and moves diagonally: green is pushed onto blue, blue onto
    # (Mathieu's own, inactive) brown, and brown onto the Shortcut space. All three fall.
    config = example_2_config()
    crabs = [at(2, 0), at(5, 1), at(3, 1), at(4, 1)]  # red, brown, green, blue
    state = make(config, crabs=crabs, queue=[P.MOVE_DIAGONAL], crab=M_RED, tokens=[1, 0, 0, 0])
    chain = (at(4, 1), at(5, 1), at(6, 1))
    assert legal_actions(state) == (Move(0, at(3, 1), pushes=chain),)
    after, events = apply_with_events(state, legal_actions(state)[0])
    assert after.crabs == (at(3, 1), at(6, 1), at(4, 1), at(5, 1))
    assert after.knocked == (False, True, True, True)
    pushed = [e.crab for e in events if isinstance(e, CrabMoved) and e.how is Motion.PUSH]
    assert pushed == [J_GREEN, J_BLUE, M_BROWN]
    check_state(after)


def test_push_inactive_crabs_push_and_are_knocked_over_in_chains() -> None:
    # Red pushes blue (P1) onto green, blue's inactive teammate: green is pushed too.
    state = make(
        DUEL,
        crabs=[at(2, 0), at(0, 4), at(3, 0), at(4, 0)],
        queue=[P.MOVE_FORWARD],
        crab=RED,
        tokens=[1, 0, 0, 0],
    )
    moves = legal_actions(state)
    assert all(isinstance(m, Move) and m.pushes for m in moves)
    chained = next(m for m in moves if isinstance(m, Move) and m.pushes[0] == at(4, 0))
    after = apply(state, chained)
    assert after.knocked[BLUE]
    assert after.knocked[GREEN]


def test_push_a_shortcut_onto_the_teammate_swaps_them() -> None:
    # 1A's d2 is a Shortcut to e4 (1 Move forward card); orange waits on e4.
    state = make(
        DUEL,
        crabs=[at(2, 3), at(4, 4), at(0, 2), at(0, 3)],
        hands=[[cid("red-1")], []],
        crab=RED,
        tokens=[1, 0, 0, 0],
    )
    shortcut = Shortcut(0, (cid("red-1"),))
    assert shortcut in legal_actions(state)
    after = apply(state, shortcut)
    assert (after.crabs[RED], after.crabs[ORANGE]) == (at(4, 4), at(2, 3))
    assert not after.knocked[ORANGE]
    assert describe(state, shortcut).endswith("swapping places with orange")


def test_push_running_jump_tile_onto_the_teammate_swaps_them() -> None:
    state = make(
        DUEL,
        crabs=[at(2, 0), at(4, 0), at(0, 2), at(0, 3)],
        queue=[P.JUMP_TWO_STRAIGHT],
        crab=RED,
        tokens=[1, 0, 0, 0],
    )
    jump = Move(0, at(4, 0))
    assert jump in legal_actions(state)
    after = apply(state, jump)
    assert (after.crabs[RED], after.crabs[ORANGE]) == (at(4, 0), at(2, 0))


def test_push_the_special_running_jump_onto_the_teammate_swaps_them() -> None:
    # Running Jump: discard a card, use a Trace card's main action (Move forward here).
    card = with_special("running-jump")
    state = make(
        DUEL,
        crabs=[at(2, 0), at(3, 0), at(0, 2), at(0, 3)],
        hands=[[cid("red-2")], []],
        traces=[[cid("red-1"), card], []],
        grants=[Grant(Source.SPECIAL, "running-jump", (P.DISCARD_CARD, P.USE_TRACE_MAIN_ACTION))],
        crab=RED,
        tokens=[1, 0, 0, 0],
    )
    state = apply(state, Use(0, 0))
    state = apply(state, legal_actions(state)[0])  # discard red-2
    state = apply(
        state, next(a for a in legal_actions(state) if getattr(a, "card", -1) == cid("red-1"))
    )
    assert legal_actions(state) == (Move(0, at(3, 0)),)
    after = apply(state, Move(0, at(3, 0)))
    assert (after.crabs[RED], after.crabs[ORANGE]) == (at(3, 0), at(2, 0))


def test_push_a_water_current_onto_the_teammate_leans_and_stays() -> None:
    # 2A's b8 is a current east onto c8, where orange stands: red stays.
    state = make(
        DUEL, crabs=[at(8, 1), at(8, 2), at(0, 2), at(0, 3)], crab=RED, tokens=[1, 0, 0, 0]
    )
    assert apply(state, EndTurn(0)).crabs[:2] == (at(8, 1), at(8, 2))


def test_push_the_current_carries_only_the_active_crab() -> None:
    # Orange stands on the current b8, red (active) elsewhere: orange waits for its turn.
    state = make(
        DUEL, crabs=[at(2, 0), at(8, 1), at(0, 2), at(0, 3)], crab=RED, tokens=[1, 0, 0, 0]
    )
    assert apply(state, EndTurn(0)).crabs[ORANGE] == at(8, 1)


def test_sand_in_the_eyes_strikes_each_opponent_once_and_never_the_teammate() -> None:
    # Blue and green (player 1) are both in front of red; orange (red's teammate) too.
    state = make(
        DUEL,
        crabs=[at(2, 0), at(6, 0), at(5, 2), at(6, 4)],
        hands=[[cid("red-1")], [cid("blue-1"), cid("blue-2")]],
        grants=[
            Grant(Source.SPECIAL, "sand-in-the-eyes", (P.DISCARD_RANDOM_FROM_CRABS_IN_FRONT,))
        ],
        crab=RED,
        tokens=[1, 0, 0, 0],
    )
    after = apply(state, Use(0, 0))
    assert len(after.hands[1]) == 1
    assert after.hands[0] == (cid("red-1"),)


# --- End of the round and of the game -------------------------------------------------


def end_of_action_2(
    crabs: list[int],
    *,
    hands: list[list[int]] | None = None,
    shells: list[int] | None = None,
    cook_used: bool = False,
) -> State:
    """The last turn of Action 2: player 1 (cook 0) with green active."""
    return make(
        DUEL,
        crabs=crabs,
        hands=hands,
        shells=shells,
        cook_used=cook_used,
        cook=0,
        current=1,
        crab=GREEN,
        tokens=[1, 2, 1, 2],
    )


def test_end_the_game_ends_only_when_both_crabs_of_one_player_reached_the_sea() -> None:
    going_on = end_of_action_2([SEA, at(9, 0), SEA, at(9, 4)])
    after = apply(going_on, EndTurn(1))
    assert not is_terminal(after)
    assert after.round == 2
    assert after.crabs[RED] == SEA  # a crab in the sea stays there
    over = end_of_action_2([SEA, SEA, at(9, 2), at(9, 4)])
    result = outcome(apply(over, EndTurn(1)))
    assert result is not None
    assert result.winners == frozenset({0})
    assert result.reason == "sea_reached"


def test_end_ties_are_broken_per_player_by_cards_then_shells() -> None:
    both = end_of_action_2(
        [SEA, SEA, SEA, SEA], hands=[[cid("red-1")], [cid("blue-1"), cid("blue-2")]]
    )
    result = outcome(apply(both, EndTurn(1)))
    assert result is not None
    assert result.winners == frozenset({1})
    assert result.reason == "most_cards_in_hand"
    shells = end_of_action_2([SEA, SEA, SEA, SEA], shells=[2, 1])
    result = outcome(apply(shells, EndTurn(1)))
    assert result is not None
    assert (result.winners, result.reason) == (
        frozenset({0}),
        "most_shells",
    )


def test_end_tokens_and_the_cook_come_back() -> None:
    state = end_of_action_2([at(2, 0), at(3, 1), at(4, 2), at(5, 3)], cook_used=True)
    after = apply(state, EndTurn(1))
    assert after.tokens == (0, 0, 0, 0)
    assert not after.cook_used


def test_end_the_cook_passes_by_the_farthest_crab() -> None:
    # Red (player 0) is farthest: player 0 keeps the cook.
    state = end_of_action_2([at(2, 0), at(8, 1), at(4, 2), at(5, 3)])
    assert apply(state, EndTurn(1)).cook == 0
    # Green (player 1) is farthest: the cook goes to player 1.
    state = end_of_action_2([at(4, 0), at(8, 1), at(4, 2), at(3, 3)])
    assert apply(state, EndTurn(1)).cook == 1


def test_end_tied_farthest_crabs_of_both_players_pass_the_cook_on_anyway() -> None:
    # Red, orange and blue tie farthest (player 0 has more of them): the cook passes to 1.
    state = end_of_action_2([at(3, 0), at(3, 1), at(3, 2), at(5, 3)])
    assert apply(state, EndTurn(1)).cook == 1


# --- A crab in the sea ----------------------------------------------------------------


def test_sea_a_crab_in_the_sea_is_activated_in_turn_and_moves_nothing() -> None:
    # Decision: red in the sea still takes its activation; its turn moves no crab.
    state = make(
        DUEL,
        crabs=[SEA, at(3, 1), at(4, 2), at(5, 3)],
        grants=[grant("move_forward"), grant("take_shell")],
        crab=RED,
        tokens=[1, 0, 0, 0],
    )
    actions = legal_actions(state)
    assert Use(0, 0) not in actions
    assert Use(0, 1) in actions
    assert apply(state, Use(0, 1)).shells == (1, 0)
    start = make(
        DUEL, crabs=[SEA, at(3, 1), at(4, 2), at(5, 3)], stage=Stage.ACTIVATE, crab=NO_CRAB
    )
    assert legal_actions(start) == (Activate(0, RED), Activate(0, ORANGE))


def test_sea_a_crab_in_the_sea_can_no_longer_be_targeted() -> None:
    # Seagull! from orange: blue in the sea is not among the crabs it may move.
    state = make(
        DUEL,
        crabs=[at(2, 0), at(3, 1), SEA, at(5, 3)],
        grants=[Grant(Source.SPECIAL, "seagull", (P.MOVE_CRABS_IN_FRONT_TOWARD_LAND,))],
        crab=ORANGE,
        tokens=[0, 1, 0, 0],
    )
    shifted = apply(state, Use(0, 0))
    assert shifted.turn is not None
    assert shifted.turn.crabs_left == (GREEN,)


# --- Events, words, notation, render --------------------------------------------------


def test_words_activation_and_placing_have_events_descriptions_and_notation() -> None:
    state = initial_state(DUEL, seed=1)
    first = state.cook
    place = legal_actions(state)[0]
    text = action_to_str(state, place)
    assert parse_action(state, text) == place
    assert describe(state, place).endswith("on Start space 1")
    cook, state = placed()
    for p in (0, 1):
        state = apply(state, Plan(p, state.hands[p][0]))
    activate = legal_actions(state)[1]
    colour = rules_for(DUEL).colours[activate.crab]  # type: ignore[union-attr]
    assert action_to_str(state, activate).endswith(f"activate {colour}")
    assert parse_action(state, action_to_str(state, activate)) == activate
    state, events = apply_with_events(state, activate)
    assert isinstance(events[0], CrabActivated)
    assert events[0].token == 1
    assert (
        describe_event(events[0]) == f"{rules_for(DUEL).names[cook]} activates {colour} (token 1)"
    )
    assert first == cook


def test_render_shows_two_crabs_per_player_and_marks_the_active_one() -> None:
    state = make(
        DUEL, crabs=[at(2, 0), at(3, 1), at(4, 2), at(5, 3)], crab=ORANGE, tokens=[0, 1, 0, 0]
    )
    text = render(state)
    assert " 3 | .$  [1]" in text
    assert "<0>" in text
    assert "1 orange at b3 (token 1, active)" in text
    assert "action phase 1" in text
    assert "active crab: 1 orange (token 1)" in text
