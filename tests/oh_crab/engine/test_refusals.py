"""Refusals in the game's words: each names the wrong field and the rule that refuses it.

Scenario 1 (``FIRST_ESCAPE``), as the helpers build it: inaccessible spaces at b4, d8 and
a11; Reeds on c7 and c12; standard Obstacles at d5, e7 and b12; Water Currents at b8 and
on row 15; Shortcuts at d2 (1 Move forward card to e4), a7 (2 Move diagonally cards to
b9).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from crabrules.core.errors import IllegalActionError
from crabrules.oh_crab import (
    Action,
    Activate,
    AddCard,
    Choose,
    Config,
    EndTurn,
    ExchangeAndEnd,
    IllegalReason,
    MakeObstacle,
    Move,
    PickTrace,
    Place,
    Plan,
    Primitive,
    Rest,
    Reveal,
    Shift,
    Shortcut,
    Side,
    Skill,
    Stage,
    State,
    Use,
    UseTreasure,
    apply,
    initial_state,
    legal_actions,
)
from crabrules.oh_crab.adventure._content import Rule, RuleChange
from crabrules.oh_crab.adventure._model import Adventure, Overlay
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.model._actions import DRAW_PILE, NO_PILE
from crabrules.oh_crab.model._state import NO_CARD
from tests.oh_crab.adventure_helpers import (
    adventure,
    challenge,
    challenges,
    event,
    events,
    reward,
    surprises,
    token,
)
from tests.oh_crab.asymmetry_helpers import asym
from tests.oh_crab.helpers import FIRST_ESCAPE, at, cid, grant, make

P = Primitive
R = IllegalReason
R1, R2 = cid("red-1"), cid("red-2")
RULES = rules_for(FIRST_ESCAPE)
DIAGONALS = [i for i, c in enumerate(RULES.cards) if c.main is P.MOVE_DIAGONAL and not c.starting]
FORWARDS = [i for i, c in enumerate(RULES.cards) if c.main is P.MOVE_FORWARD and not c.starting]


def refused(state: State, action: Action, reason: IllegalReason, *words: str) -> str:
    """Apply ``action``, expect its refusal for ``reason``, with ``words`` in the message."""
    assert action not in legal_actions(state)
    with pytest.raises(IllegalActionError) as error:
        apply(state, action)
    message = error.value.message
    assert error.value.reason is reason, message
    for word in words:
        assert word in message, message
    return message


def moving(step: Primitive, red: int, *others: int, hand: tuple[int, ...] = (R1,)) -> State:
    """Red at ``red`` resolving ``step``; orange and blue where ``others`` say (or far off)."""
    crabs = (red, *others, at(0, 3), at(0, 4))[:3]
    return make(crabs=crabs, queue=[step], hands=[list(hand), [], []])


# --- Planning and the start of a turn -------------------------------------------------------


def test_planning_a_card_takes_it_from_the_players_own_hand() -> None:
    state = initial_state(FIRST_ESCAPE, seed=5)
    refused(state, Plan(0, cid("blue-1")), R.NO_SUCH_CARD, "card: blue-1", "not in red's Hand")
    refused(state, Plan(0, 999), R.NO_SUCH_CARD, "card: 999 is no card of the game")


def test_the_first_card_of_a_trace_goes_on_its_own_left() -> None:
    state = starting()
    refused(state, AddCard(0, Side.RIGHT), R.WRONG_SIDE, "side:", "Trace is empty")
    assert AddCard(0, Side.LEFT) in legal_actions(state)


def starting(**parts: Any) -> State:
    """Red's turn begins: their face-down card is red-1."""
    crabs = (at(1, 1), at(0, 3), at(0, 4))
    return make(crabs=crabs, stage=Stage.START, planned=[R1, -1, -1], **parts)


def test_a_rest_keeps_one_card_of_the_trace_and_nothing_of_an_empty_one() -> None:
    empty = starting()
    refused(empty, Rest(0, R2, DRAW_PILE), R.NO_SUCH_CARD, "keep:", "Trace is empty")
    traced = starting(traces=[[R2], [], []])
    refused(traced, Rest(0, NO_CARD, DRAW_PILE), R.NO_SUCH_CARD, "keep: a Rest keeps one")
    refused(traced, Rest(0, R1, DRAW_PILE), R.NO_SUCH_CARD, "keep: red-1", "not in red's Trace")


def test_a_card_is_taken_from_a_market_pile_that_holds_one() -> None:
    state = starting()
    refused(state, Rest(0, -1, 7), R.NO_SUCH_PILE, "take: 7 is no Market pile")
    refused(state, Rest(0, -1, NO_PILE), R.NO_SUCH_PILE, "take: the Market is not exhausted")
    exhausted = starting(market=[[], [], []], draw=[])
    assert Rest(0, -1, NO_PILE) in legal_actions(exhausted)
    refused(exhausted, Rest(0, -1, DRAW_PILE), R.NO_SUCH_PILE, "take: the Market is exhausted")


def test_an_action_of_another_moment_says_what_the_moment_waits_for() -> None:
    refused(starting(), Move(0, at(2, 1)), R.WRONG_PHASE, "adds their card to the Trace, or rests")
    acting = make(crabs=(at(1, 1), at(0, 3), at(0, 4)), grants=[grant("move_forward")])
    refused(acting, Move(0, at(2, 1)), R.WRONG_PHASE, "begins one of the turn's actions")
    resolving = moving(P.MOVE_FORWARD, at(1, 1))
    refused(resolving, Use(0, 0), R.WRONG_PHASE, "resolving Move forward")


# --- The turn's actions ---------------------------------------------------------------------


def test_use_names_one_of_the_turns_actions() -> None:
    state = make(crabs=(at(1, 1), at(0, 3), at(0, 4)), grants=[grant("move_forward")])
    refused(state, Use(0, 9), R.NO_SUCH_OPTION, "grant:", "0 to 3, not 9")


def test_an_additional_action_tile_costs_its_shells() -> None:
    state = make(crabs=(at(1, 1), at(0, 3), at(0, 4)), shells=[2, 0, 0], grants=[grant("Ca")])
    refused(state, Use(0, 0), R.CANNOT_PAY, "grant: tile Ca", "costs 3 shells, red has 2")


def test_an_action_that_would_do_nothing_is_not_offered() -> None:
    # Red stands below b4, an inaccessible space: its Move forward has nowhere to go.
    state = make(crabs=(at(3, 1), at(0, 3), at(0, 4)), grants=[grant("move_forward")])
    refused(state, Use(0, 0), R.NO_EFFECT, "grant: the main action Move forward", "do nothing")


# --- Where a crab may go --------------------------------------------------------------------


def test_move_forward_goes_one_space_forward_toward_the_sea() -> None:
    state = moving(P.MOVE_FORWARD, at(1, 1))
    refused(state, Move(0, at(2, 2)), R.BAD_DESTINATION, "dest: Move forward", "b2, not c2")


def test_a_destination_off_the_board_is_refused() -> None:
    state = moving(P.MOVE_FORWARD, at(1, 1))
    refused(state, Move(0, 999), R.BAD_DESTINATION, "dest: 999 is no space of the board")


def test_no_crab_enters_an_inaccessible_space() -> None:
    state = moving(P.MOVE_TOWARD_SEA, at(3, 1))
    refused(state, Move(0, at(4, 1)), R.BAD_DESTINATION, "dest: b4 is an inaccessible space")


def test_reeds_bar_a_move_toward_the_sea() -> None:
    state = moving(P.MOVE_TOWARD_SEA, at(6, 2))
    refused(state, Move(0, at(7, 2)), R.BAD_DESTINATION, "dest: the Reeds on c7's land edge")


def test_without_a_card_in_hand_no_crab_enters_a_standard_obstacle() -> None:
    state = moving(P.MOVE_TOWARD_SEA, at(4, 3), hand=())
    refused(state, Move(0, at(5, 3)), R.BAD_DESTINATION, "d5 is a standard Obstacle", "no card")


def test_little_sidestep_jumps_to_a_free_space() -> None:
    state = moving(P.JUMP_SAME_DISTANCE, at(2, 1), at(2, 3))
    refused(state, Move(0, at(2, 3)), R.BAD_DESTINATION, "dest: d2 is taken by orange")
    refused(state, Move(0, at(3, 3)), R.BAD_DESTINATION, "Little Sidestep!", "not d3")


def test_a_standard_obstacle_asks_for_the_card_to_discard() -> None:
    state = moving(P.MOVE_FORWARD, at(4, 3))
    refused(state, Move(0, at(5, 3)), R.WRONG_DISCARD, "discard: d5 is a standard Obstacle")
    refused(state, Move(0, at(5, 3), R2), R.NO_SUCH_CARD, "discard: red-2", "not in red's Hand")
    free = moving(P.MOVE_FORWARD, at(1, 1))
    refused(free, Move(0, at(2, 1), R1), R.WRONG_DISCARD, "discard: entering b2 costs no card")


def test_a_pushed_crab_goes_one_space_toward_the_sea() -> None:
    state = moving(P.MOVE_FORWARD, at(1, 1), at(2, 1))
    refused(state, Move(0, at(2, 1)), R.BAD_PUSH, "pushes: orange on b2 is pushed", "b3 or a3")
    far = Move(0, at(2, 1), pushes=(at(9, 1),))
    refused(state, far, R.BAD_PUSH, "orange, pushed from b2", "not b9")
    longer = Move(0, at(2, 1), pushes=(at(3, 1), at(4, 1)))
    refused(state, longer, R.BAD_PUSH, "pushes: the chain ends at b3")
    alone = moving(P.MOVE_FORWARD, at(1, 1))
    refused(alone, Move(0, at(2, 1), pushes=(at(3, 1),)), R.BAD_PUSH, "b2 is free, nobody")


def test_seagull_moves_only_the_crabs_in_front_one_space_toward_the_land() -> None:
    state = moving(P.MOVE_CRABS_IN_FRONT_TOWARD_LAND, at(2, 1), at(5, 3), at(6, 0))
    refused(state, Shift(0, 0, at(1, 1)), R.WRONG_CRAB, "crab: Seagull!", "orange or blue")
    refused(state, Shift(0, 1, at(3, 1)), R.BAD_DESTINATION, "dest: Seagull!", "not b3")
    refused(state, Shift(0, 1, at(4, 3), R1), R.WRONG_DISCARD, "discard: entering d4")


def test_only_head_down_lets_a_crab_stay_on_its_water_current() -> None:
    # The current at b8 carries red to c8 at the end of the turn.
    state = make(crabs=(at(8, 1), at(0, 3), at(0, 4)), hands=[[R1], [], []])
    refused(state, EndTurn(0, ignore_current=True), R.CANNOT_IGNORE_CURRENT, "only Head Down!")
    refused(state, EndTurn(0, R1), R.WRONG_DISCARD, "discard: entering c8 costs no card")
    dry = make(crabs=(at(7, 1), at(0, 3), at(0, 4)), hands=[[R1], [], []])
    refused(dry, EndTurn(0, ignore_current=True), R.CANNOT_IGNORE_CURRENT, "no Water Current")
    refused(dry, EndTurn(0, R1), R.WRONG_DISCARD, "no Water Current", "nothing is discarded")


def test_a_shortcut_takes_its_number_of_cards_showing_its_icon_from_the_hand() -> None:
    two, other = DIAGONALS[:2], FORWARDS[0]
    state = make(crabs=(at(7, 0), at(0, 3), at(0, 4)), hands=[[*two, other], [], []])
    assert Shortcut(0, tuple(two)) in legal_actions(state)
    refused(state, Shortcut(0, (two[0], other)), R.CANNOT_PAY, "cards:", "2 cards", "diagonally")
    refused(state, Shortcut(0, (two[1], two[0])), R.UNSORTED, "cards:", "increasing order")
    refused(state, Shortcut(0, (two[0], DIAGONALS[2])), R.NO_SUCH_CARD, "cards:", "not in red's")
    refused(state, Shortcut(0, tuple(two), (at(10, 1),)), R.BAD_PUSH, "pushes: b9 is free")


def test_a_card_exchange_gives_a_card_of_the_hand_for_a_card_of_a_pile() -> None:
    # e3 is a Card Exchange space.
    state = make(crabs=(at(3, 4), at(0, 3), at(0, 4)), hands=[[R1], [], []])
    refused(state, ExchangeAndEnd(0, R2, DRAW_PILE), R.NO_SUCH_CARD, "card: red-2")
    refused(state, ExchangeAndEnd(0, R1, 5), R.NO_SUCH_PILE, "take: 5 is no Market pile")


def test_running_jump_picks_a_card_of_the_trace() -> None:
    state = make(
        crabs=(at(1, 1), at(0, 3), at(0, 4)),
        traces=[[R1], [], []],
        hands=[[R2], [], []],
        queue=[P.USE_TRACE_MAIN_ACTION],
    )
    refused(state, PickTrace(0, R2), R.NO_SUCH_CARD, "card: red-2", "not in red's Trace")


# --- The 2-player mode ----------------------------------------------------------------------

DUEL = Config(players=2)
RULES_DUEL = rules_for(DUEL)


def test_two_players_the_second_player_places_their_crabs_on_free_start_spaces() -> None:
    state = initial_state(DUEL, seed=1)
    first, second = state.cook, 1 - state.cook
    crabs = RULES_DUEL.crabs_of
    refused(state, Place(first, crabs[second][0], 1), R.WRONG_CRAB, "crab:", "not one of")
    state = apply(state, Place(first, crabs[first][0], 1))
    refused(state, Place(second, crabs[second][0], 1), R.BAD_DESTINATION, "2, 3 and 4, not 1")
    state = apply(state, Place(second, crabs[second][0], 2))
    refused(state, Place(second, crabs[second][0], 3), R.WRONG_CRAB, "on the board already")
    taken = Place(second, crabs[second][1], 2)
    refused(state, taken, R.BAD_DESTINATION, "Start space 2 is taken by")


def test_two_players_a_player_activates_one_of_their_own_crabs() -> None:
    state = make(
        DUEL,
        crabs=[at(1, 0), at(1, 1), at(1, 2), at(1, 3)],
        stage=Stage.ACTIVATE,
        current=0,
    )
    refused(state, Activate(0, 2), R.WRONG_CRAB, "crab: blue is not one of red+orange's crabs")


# --- The Adventure Pack ---------------------------------------------------------------------

SURPRISES = Config(players=3, modules={"surprises"})
ASYM = Config(players=3, modules={"asymmetry", "events"})


def test_a_treasure_is_used_only_by_the_player_who_keeps_it() -> None:
    mine = [token("gold-coin")]
    state = make(
        SURPRISES,
        crabs=[5, 0, 1],
        grants=[grant("move_forward")],
        adventure=adventure(surprises(SURPRISES, kept=[mine, [token("bucket")], []])),
    )
    refused(state, UseTreasure(0, token("bucket")), R.NO_SUCH_OPTION, "token: red keeps no")


def test_a_reward_is_one_of_the_reward_cards() -> None:
    config = Config(players=3, modules={"challenges"})
    tiles = [challenge("most-shells"), challenge("most-cards"), challenge("crowd")]
    # Red crosses Beach tile 1's upper border and announces the Challenge: blue wins it.
    state = make(
        config,
        crabs=[at(5, 1), 0, 1],
        shells=[1, 2, 5],
        grants=[grant("move_forward")],
        adventure=adventure(challenges=challenges(config, tiles, reward("pirates-chest"))),
    )
    state = apply(apply(state, Use(0, 0)), Move(0, at(6, 1)))
    state = apply(state, Reveal(0))
    assert legal_actions(state) == (Choose(2, 0), Choose(2, 1), Choose(2, 2))
    refused(state, Choose(2, 7), R.NO_SUCH_OPTION, "option: the Reward card offers rewards 0 to 2")


def with_skills(chosen: list[str]) -> Adventure:
    tiles = [event("its-broken"), event("shell-rain"), event("sunny-day")]
    return Adventure(asymmetry=asym(ASYM, chosen), events=events(ASYM, tiles))


def test_only_a_standard_space_becomes_an_obstacle() -> None:
    state = make(
        ASYM,
        crabs=[5, 0, 1],
        hands=[[R1], [], []],
        grants=[grant("move_forward")],
        adventure=with_skills(["builder", "hoarder", "diver"]),
    )
    state = apply(state, Skill(0, 0))
    refused(state, MakeObstacle(0, at(5, 3)), R.BAD_SPACE, "cell: d5 is a standard Obstacle")
    refused(state, MakeObstacle(0, at(3, 2)), R.BAD_SPACE, "c3 is a knocking-over Obstacle")
    refused(state, MakeObstacle(0, 0), R.BAD_SPACE, "cell: a0 is a Start space")
    refused(state, MakeObstacle(0, 999), R.BAD_SPACE, "cell: 999 is no space")
    made = Overlay(lasting=(RuleChange(Rule.OBSTACLE_AT, cell=10),))
    again = make(
        ASYM,
        crabs=[5, 0, 1],
        hands=[[R1], [], []],
        grants=[grant("move_forward")],
        adventure=attrs.evolve(with_skills(["builder", "hoarder", "diver"]), overlay=made),
    )
    again = apply(again, Skill(0, 0))
    refused(again, MakeObstacle(0, 10), R.BAD_SPACE, "cell: a2 is an Obstacle already")


def test_a_skill_belongs_to_the_crab_whose_card_it_is() -> None:
    state = make(
        ASYM,
        crabs=[5, 0, 1],
        grants=[grant("move_forward")],
        adventure=with_skills(["builder", "hoarder", "diver"]),
    )
    assert Skill(0, 0) in legal_actions(state)
    refused(state, Skill(0, 1), R.WRONG_CRAB, "crab: orange is not one of red's crabs (red)")


def test_a_knocked_over_crab_devotes_a_basic_movement_to_standing_up() -> None:
    state = make(
        crabs=(at(1, 1), at(0, 3), at(0, 4)),
        knocked=[True, False, False],
        queue=[P.MOVE_FORWARD],
    )
    refused(state, Move(0, at(2, 1)), R.WRONG_PHASE, "red is knocked over", "only stands it up")


def test_under_head_down_a_crab_staying_on_its_current_discards_nothing() -> None:
    state = make(crabs=(at(8, 1), at(0, 3), at(0, 4)), hands=[[R1], [], []], head_down=True)
    assert EndTurn(0, ignore_current=True) in legal_actions(state)
    stay = EndTurn(0, R1, ignore_current=True)
    refused(state, stay, R.WRONG_DISCARD, "staying on the Water Current, red discards nothing")


def test_in_my_place_swaps_places_and_pushes_nobody() -> None:
    state = moving(P.SWAP_WITH_ADJACENT, at(2, 1), at(2, 2))
    assert Move(0, at(2, 2)) in legal_actions(state)
    pushing = Move(0, at(2, 2), pushes=(at(3, 2),))
    refused(state, pushing, R.BAD_PUSH, "In My Place! swaps places, nobody is pushed")
    refused(state, Move(0, at(3, 1)), R.BAD_DESTINATION, "In My Place! swaps places with a crab")


def test_board_actions_need_their_space_and_cost() -> None:
    standard = make(crabs=(at(1, 1), at(0, 3), at(0, 4)), hands=[[R1], [], []])
    refused(standard, Shortcut(0, (R1,)), R.WRONG_PHASE, "red is on no Shortcut space")
    exchange = ExchangeAndEnd(0, R1, DRAW_PILE)
    refused(standard, exchange, R.WRONG_PHASE, "an ExchangeAndEnd", "no Card Exchange space")
    short = make(crabs=(at(7, 0), at(0, 3), at(0, 4)), hands=[[DIAGONALS[0]], [], []])
    lacking = Shortcut(0, (DIAGONALS[0],))
    refused(short, lacking, R.CANNOT_PAY, "takes 2 cards whose main action is Move diagonally")
    empty = make(crabs=(at(3, 4), at(0, 3), at(0, 4)))
    refused(empty, ExchangeAndEnd(0, R1, DRAW_PILE), R.CANNOT_PAY, "no card in Hand to exchange")
    refused(standard, Reveal(0), R.WRONG_PHASE, "no Event or Challenge is due")


# --- Found by the audit ---------------------------------------------------------------------


def test_without_a_card_in_hand_no_crab_enters_a_standard_obstacle_a_pushable_crab_holds() -> None:
    # Orange on d5 could be pushed on to c6, d6 or e6: the Obstacle is what bars red.
    state = moving(P.MOVE_TOWARD_SEA, at(4, 2), at(5, 3), hand=())
    message = refused(state, Move(0, at(5, 3)), R.BAD_DESTINATION, "d5 is a standard Obstacle")
    assert "cannot be pushed" not in message
    jump = moving(P.JUMP_TWO_STRAIGHT, at(3, 1), at(5, 3), hand=())
    refused(jump, Move(0, at(5, 3), pushes=(at(6, 3),)), R.BAD_DESTINATION, "standard Obstacle")


def test_a_crab_of_another_player_is_refused_naming_the_players_own_crabs() -> None:
    state = initial_state(DUEL, seed=1)
    first, second = state.cook, 1 - state.cook
    crabs, colours = RULES_DUEL.crabs_of, RULES_DUEL.colours
    state = apply(state, Place(first, crabs[first][0], 1))
    state = apply(state, Place(second, crabs[second][0], 2))
    theirs = f"({colours[crabs[second][0]]} and {colours[crabs[second][1]]})"
    refused(state, Place(second, crabs[first][1], 3), R.WRONG_CRAB, "not one of", theirs)


def test_a_shortcut_of_one_card_takes_1_card_of_its_icon() -> None:
    state = make(crabs=(at(2, 3), at(0, 3), at(0, 4)), hands=[[DIAGONALS[0]], [], []])
    lacking = Shortcut(0, (DIAGONALS[0],))
    refused(state, lacking, R.CANNOT_PAY, "takes 1 card whose main action is Move forward")


def test_a_card_exchange_needs_its_space_even_for_a_knocked_over_crab() -> None:
    # Knocked over, red may still exchange on e3; on b1 the missing space is the reason.
    on_exchange = make(
        crabs=(at(3, 4), at(0, 3), at(0, 4)), hands=[[R1], [], []], knocked=[True, False, False]
    )
    assert ExchangeAndEnd(0, R1, DRAW_PILE) in legal_actions(on_exchange)
    state = make(
        crabs=(at(1, 1), at(0, 3), at(0, 4)), hands=[[R1], [], []], knocked=[True, False, False]
    )
    refused(state, ExchangeAndEnd(0, R1, DRAW_PILE), R.WRONG_PHASE, "no Card Exchange space")


def test_seagull_moves_the_crabs_in_front_and_call_of_the_sea_those_behind() -> None:
    # Red on c5; orange in front (d7), blue behind (a2).
    gull = moving(P.MOVE_CRABS_IN_FRONT_TOWARD_LAND, at(5, 2), at(7, 3), at(2, 0))
    assert Shift(0, 1, at(6, 3)) in legal_actions(gull)
    refused(gull, Shift(0, 2, at(1, 0)), R.WRONG_CRAB, "blue was not in front of red")
    refused(gull, Shift(0, 7, at(1, 0)), R.WRONG_CRAB, "crab 7 is no crab of the game")
    sea = moving(P.MOVE_CRABS_BEHIND_TOWARD_SEA, at(5, 2), at(7, 3), at(2, 0))
    refused(sea, Shift(0, 1, at(8, 3)), R.WRONG_CRAB, "orange was not behind red")
    knocked = attrs.evolve(sea, knocked=(True, False, False))
    refused(knocked, Shift(0, 0, at(6, 2)), R.WRONG_CRAB, "red is knocked over")


def test_a_knocked_over_crab_still_uses_actions_that_do_not_move_it() -> None:
    # Nobody is in front of red on b5 (orange and blue stand behind): Sand in the Eyes!
    # does nothing for that reason, not because red is knocked over.
    crabs, knocked = (at(5, 1), at(0, 3), at(0, 4)), [True, False, False]
    sand = make(crabs=crabs, knocked=knocked, grants=[grant("sand-in-the-eyes")])
    message = refused(sand, Use(0, 0), R.NO_EFFECT, "Sand in the Eyes! would do nothing now")
    assert "knocked over" not in message
    hop = make(crabs=crabs, knocked=knocked, grants=[grant("little-sidestep")])
    refused(hop, Use(0, 0), R.NO_EFFECT, "Little Sidestep! would do nothing now (red is knocked")


def test_only_a_kept_treasure_is_used_never_a_waste_nor_an_immediate_treasure() -> None:
    state = make(
        SURPRISES,
        crabs=[5, 0, 1],
        grants=[grant("move_forward")],
        adventure=adventure(surprises(SURPRISES, kept=[[token("gold-coin")], [], []])),
    )
    refused(state, UseTreasure(0, token("bucket")), R.NO_SUCH_OPTION, "keeps no Treasure Bucket")
    refused(state, UseTreasure(0, token("crab-trap")), R.NO_SUCH_OPTION, "Crab Trap is a Waste")
    refused(state, UseTreasure(0, token("pearl")), R.NO_SUCH_OPTION, "Pearl applies when found")
    refused(state, UseTreasure(0, 99), R.NO_SUCH_OPTION, "token: 99 is no Surprise token")


def test_the_action_being_resolved_is_named_as_the_rulebook_names_it() -> None:
    gull = moving(P.MOVE_CRABS_IN_FRONT_TOWARD_LAND, at(5, 2), at(7, 3))
    refused(gull, Use(0, 0), R.WRONG_PHASE, "a Use is not possible now", "resolving Seagull!")
    swap = moving(P.SWAP_WITH_ADJACENT, at(2, 1), at(2, 2))
    refused(swap, Use(0, 0), R.WRONG_PHASE, "red is resolving In My Place! and finishes it")
