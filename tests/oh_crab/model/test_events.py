"""Events of hand-built positions: the rulebook's examples, every kind of move, every ending,
and what each player may see of them."""

from __future__ import annotations

import random

import pytest

from crabrules.core.errors import InvalidPlayerError
from crabrules.core.serialize import from_json, to_json
from crabrules.oh_crab import (
    DRAW_PILE,
    HIDDEN,
    ActionUsed,
    AddCard,
    CardAdded,
    CardDiscarded,
    CardPlanned,
    Config,
    CookPassed,
    CrabMoved,
    Discard,
    DiscardPileTaken,
    EndTurn,
    Event,
    Finish,
    GameEnded,
    KnockedOver,
    MarketCardTaken,
    MarketRefilled,
    Motion,
    Move,
    MovingFinished,
    Phase,
    Plan,
    Primitive,
    ReachedSea,
    Rest,
    RestDeclared,
    Rested,
    RoundEnded,
    ShellTaken,
    Shift,
    Shortcut,
    Side,
    Source,
    Stage,
    State,
    StoodUp,
    TurnEnded,
    TurnStarted,
    Use,
    apply,
    apply_with_events,
    cell_label,
    describe_event,
    initial_state,
    is_terminal,
    legal_actions,
    observe,
    observe_events,
)
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.model._events import AnyEvent
from tests.oh_crab.engine.test_example_turn import example_config
from tests.oh_crab.engine.test_push import BLUE, BROWN, GREEN, ORANGE, RED, push_test_config
from tests.oh_crab.helpers import FIRST_ESCAPE, at, cid, grant, make, with_special

P = Primitive
COLOURS = ("red", "orange", "blue", "green", "brown")
NAMES = rules_for(FIRST_ESCAPE).card_names


def moved(crab: int, by: int, how: Motion, src: int, dst: int) -> CrabMoved:
    """The CrabMoved event, with its colours and labels."""
    colour, by_colour = COLOURS[crab], COLOURS[by]
    return CrabMoved(crab, colour, by, by_colour, how, src, dst, cell_label(src), cell_label(dst))


def knocked(crab: int) -> KnockedOver:
    return KnockedOver(crab, COLOURS[crab])


def discarded(player: int, card: int, *, at_random: bool) -> CardDiscarded:
    return CardDiscarded(player, COLOURS[player], card, NAMES[card], at_random)


def events(state: State, action: object) -> tuple[AnyEvent, ...]:
    after, happened = apply_with_events(state, action)  # type: ignore[arg-type]
    assert after == apply(state, action)  # type: ignore[arg-type]
    return happened


# --- the rulebook's examples ---------------------------------------------------------------


def test_push_example_1_events_onto_the_obstacle_and_onto_the_shell() -> None:
    orange_1 = cid("orange-1")
    crabs = [at(0, 0), at(3, 2), at(2, 2), at(0, 3), at(0, 4)]
    state = make(
        push_test_config(),
        crabs=crabs,
        current=BLUE,
        hands=[[], [orange_1], [], [], []],
        queue=[P.MOVE_FORWARD],
    )
    obstacle, shell = legal_actions(state)[:2]
    assert events(state, obstacle) == (
        moved(BLUE, BLUE, Motion.MOVE, at(2, 2), at(3, 2)),
        moved(ORANGE, BLUE, Motion.PUSH, at(3, 2), at(4, 2)),
        knocked(ORANGE),
        discarded(ORANGE, orange_1, at_random=True),
    )
    assert events(state, shell) == (
        moved(BLUE, BLUE, Motion.MOVE, at(2, 2), at(3, 2)),
        moved(ORANGE, BLUE, Motion.PUSH, at(3, 2), at(4, 1)),
        knocked(ORANGE),
        ShellTaken(ORANGE, "orange", 1),
    )


def test_push_example_2_events_of_the_chain_reaction() -> None:
    crabs = [at(6, 0), at(0, 1), at(0, 2), at(8, 0), at(7, 1)]
    state = make(push_test_config(), crabs=crabs, current=RED, queue=[P.MOVE_DIAGONAL])
    chain = Move(RED, at(7, 1), pushes=(at(8, 0), at(9, 1)))
    assert events(state, chain) == (
        moved(RED, RED, Motion.MOVE, at(6, 0), at(7, 1)),
        moved(BROWN, RED, Motion.PUSH, at(7, 1), at(8, 0)),
        knocked(BROWN),
        moved(GREEN, RED, Motion.PUSH, at(8, 0), at(9, 1)),
        knocked(GREEN),
    )


def test_the_rulebooks_example_turn_events() -> None:
    toward_sea = [cid("a03"), cid("a07")]
    spare = cid("red-1")
    grants = [
        grant("take_shell"),
        grant("faster"),
        grant("move_forward"),
        grant("move_diagonal"),
        grant("Ba"),
    ]
    state = make(
        example_config(),
        crabs=(at(1, 1), at(3, 2), at(5, 3)),
        hands=[[*toward_sea, spare], [cid("orange-1"), cid("orange-2")], []],
        grants=grants,
    )
    used = ActionUsed(0, "red", Source.MAIN, "take_shell", "Take a shell", 0)
    assert events(state, Use(0, 0)) == (used, ShellTaken(0, "red", 1))
    state = apply(state, Use(0, 0))
    assert events(state, Use(0, 0)) == (
        ActionUsed(0, "red", Source.SPECIAL, "faster", "Faster!", 0),
    )
    state = apply(state, Use(0, 0))
    assert events(state, Discard(0, spare)) == (discarded(0, spare, at_random=False),)
    state = apply(state, Discard(0, spare))
    assert events(state, Move(0, at(2, 1))) == (
        moved(0, 0, Motion.MOVE, at(1, 1), at(2, 1)),
        ShellTaken(0, "red", 2),
    )
    state = apply(apply(state, Move(0, at(2, 1))), Use(0, 1))
    push = Move(0, at(3, 2), pushes=(at(4, 1),))
    happened = events(state, push)
    assert happened[:3] == (
        moved(0, 0, Motion.MOVE, at(2, 1), at(3, 2)),
        moved(1, 0, Motion.PUSH, at(3, 2), at(4, 1)),
        knocked(1),
    )
    assert isinstance(happened[3], CardDiscarded)
    assert happened[3].at_random
    assert happened[3].player == 1
    state = apply(apply(state, push), Use(0, 0))
    state = apply(state, Move(0, at(4, 2)))
    assert events(state, Shortcut(0, tuple(toward_sea))) == (
        discarded(0, toward_sea[0], at_random=False),
        discarded(0, toward_sea[1], at_random=False),
        moved(0, 0, Motion.SHORTCUT, at(4, 2), at(5, 2)),
    )
    state = apply(apply(state, Shortcut(0, tuple(toward_sea))), Use(0, 0))
    assert events(state, Move(0, at(5, 3))) == (
        moved(0, 0, Motion.SWAP, at(5, 2), at(5, 3)),
        knocked(0),
        moved(2, 0, Motion.SWAP, at(5, 3), at(5, 2)),
    )


# --- the other kinds of events -------------------------------------------------------------


def test_planning_and_the_start_of_the_action_phase() -> None:
    state = initial_state(Config(players=3), seed=7)
    cook = state.cook
    for p in (0, 1):
        card = state.hands[p][0]
        assert events(state, Plan(p, card)) == (CardPlanned(p, COLOURS[p], card, NAMES[card]),)
        state = apply(state, Plan(p, card))
    # The last plan starts the action phase: the cook's turn.
    card = state.hands[2][0]
    assert events(state, Plan(2, card)) == (
        CardPlanned(2, "blue", card, NAMES[card]),
        TurnStarted(cook, COLOURS[cook], 1),
    )


def test_adding_a_card_and_a_water_current_then_the_next_turn() -> None:
    # (8,1) on 2A is a current east.
    state = make(crabs=(at(8, 1), at(0, 1), at(0, 2)), stage=Stage.START)
    card = state.planned[0]
    assert events(state, AddCard(0, Side.LEFT)) == (
        CardAdded(0, "red", card, NAMES[card], Side.LEFT, False),
    )
    playing = apply(state, AddCard(0, Side.LEFT))
    assert events(playing, EndTurn(0)) == (
        moved(0, 0, Motion.CURRENT, at(8, 1), at(8, 2)),
        TurnEnded(0, "red"),
        TurnStarted(1, "orange", 1),
    )


def test_a_rest_and_its_market_card_and_refill() -> None:
    gull, head, fast = with_special("seagull"), with_special("head-down"), with_special("faster")
    fast2, sand = with_special("faster", 1), with_special("sand-in-the-eyes")
    r1, r2 = cid("red-1"), cid("red-2")
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        stage=Stage.START,
        planned=[r2, -1, -1],
        knocked=(True, False, False),
        traces=[[r1], [], []],
        discards=[[cid("red-3")], [], []],
        market=[[gull], [head], [fast]],
        draw=[fast2, sand],
    )
    happened = events(state, Rest(0, r1, 0))
    assert happened == (
        Rested(0, "red", r1, NAMES[r1], (r2,), (NAMES[r2],)),
        MarketCardTaken(0, "red", 0, gull, NAMES[gull], True),
        MarketRefilled(2, fast2, NAMES[fast2]),
        MarketRefilled(0, sand, NAMES[sand]),
        DiscardPileTaken(0, "red", (cid("red-3"), r2), (NAMES[cid("red-3")], NAMES[r2])),
        StoodUp(0, "red"),
    )


def test_seagull_shifts_and_finish() -> None:
    crabs = (at(1, 0), at(3, 1), at(4, 3))
    state = apply(make(crabs=crabs, grants=[grant("seagull")]), Use(0, 0))
    shift = Shift(0, 1, at(2, 1))
    assert events(state, shift) == (moved(1, 0, Motion.SHIFT, at(3, 1), at(2, 1)),)
    assert events(apply(state, shift), Finish(0)) == (MovingFinished(0, "red"),)


def test_a_tile_is_paid_and_its_jump_is_a_jump() -> None:
    config = Config(
        players=3,
        scenario=None,
        board=FIRST_ESCAPE.resolved_board(),
        action_tiles=("Ab", "Ba", "Ca"),
    )
    state = make(
        config, crabs=(at(2, 0), at(2, 2), at(0, 4)), shells=[3, 0, 0], grants=[grant("Ab")]
    )
    assert events(state, Use(0, 0)) == (
        ActionUsed(0, "red", Source.TILE, "Ab", "Little Sidestep!", 2),
    )
    jumping = apply(state, Use(0, 0))
    assert events(jumping, Move(0, at(2, 4))) == (moved(0, 0, Motion.JUMP, at(2, 0), at(2, 4)),)


def test_sand_in_the_eyes_discards_at_random() -> None:
    hands = [[], [cid("orange-1")], [cid("blue-1")]]
    state = make(
        crabs=(at(1, 0), at(3, 0), at(0, 2)), hands=hands, grants=[grant("sand-in-the-eyes")]
    )
    assert events(state, Use(0, 0))[1:] == (discarded(1, cid("orange-1"), at_random=True),)


def test_the_end_of_a_round_passes_the_cook_and_declares_rests() -> None:
    state = make(
        crabs=(at(5, 0), at(2, 1), at(9, 2)),
        hands=[[cid("red-1")], [], [cid("blue-1")]],
        current=2,
        cook=0,
    )
    assert events(state, EndTurn(2)) == (
        TurnEnded(2, "blue"),
        RoundEnded(1),
        CookPassed(0, "red", 1, "orange"),
        RestDeclared(1, "orange"),
    )


# --- every ending --------------------------------------------------------------------------


def test_the_game_ends_with_a_crab_alone_in_the_sea() -> None:
    # Red plays last this round (the cook is orange's): the round ends with red's turn.
    state = make(
        crabs=(at(15, 0), at(1, 1), at(1, 2)), grants=[grant("move_forward")], current=0, cook=1
    )
    moving = apply(state, Use(0, 0))
    assert events(moving, Move(0, -1)) == (
        moved(0, 0, Motion.MOVE, at(15, 0), -1),
        ReachedSea(0, "red"),
    )
    assert events(apply(moving, Move(0, -1)), EndTurn(0)) == (
        TurnEnded(0, "red"),
        RoundEnded(1),
        GameEnded((0,), ("red",), "sea_reached"),
    )


@pytest.mark.parametrize(
    ("hands", "shells", "winners", "reason"),
    [
        ([[0, 1], [4], []], [0, 0, 0], (0,), "most_cards_in_hand"),
        ([[0], [4], []], [1, 2, 0], (1,), "most_shells"),
        ([[0], [4], []], [1, 1, 0], (0, 1), "joint_winners"),
    ],
)
def test_the_game_ends_with_several_crabs_in_the_sea(
    hands: list[list[int]], shells: list[int], winners: tuple[int, ...], reason: str
) -> None:
    state = make(crabs=(-1, -1, at(1, 2)), current=2, cook=0, hands=hands, shells=shells)
    colours = tuple(COLOURS[p] for p in winners)
    assert events(state, EndTurn(2)) == (
        TurnEnded(2, "blue"),
        RoundEnded(1),
        GameEnded(winners, colours, reason),
    )


# --- what each player may see --------------------------------------------------------------


def test_another_players_planned_card_is_hidden() -> None:
    state = initial_state(Config(players=3), seed=7)
    happened = events(state, Plan(0, state.hands[0][0]))
    assert observe_events(happened, 0) == happened
    assert observe_events(happened, 1) == (CardPlanned(0, "red", HIDDEN, ""),)
    assert observe_events(happened, None) == (CardPlanned(0, "red", HIDDEN, ""),)


def test_a_card_drawn_unseen_is_hidden_from_the_others() -> None:
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        stage=Stage.START,
        planned=[-2, -1, -1],
        traces=[[cid("red-1")], [], []],
    )
    happened = events(state, Rest(0, cid("red-1"), DRAW_PILE))
    taken = next(e for e in happened if isinstance(e, MarketCardTaken))
    assert not taken.seen
    assert taken.card >= 0
    seen_by_orange = next(e for e in observe_events(happened, 1) if isinstance(e, MarketCardTaken))
    assert (seen_by_orange.card, seen_by_orange.card_name) == (HIDDEN, "")
    assert taken in observe_events(happened, 0)


def test_observe_events_refuses_a_player_no_game_has() -> None:
    with pytest.raises(InvalidPlayerError):
        observe_events((), 9)


def _visible(state: State, player: int | None) -> set[int]:
    view = observe(state, player)
    return {
        *view.hand,
        *(c for c in view.planned if c >= 0),
        *(c for t in view.traces for c in t),
        *(c for d in view.discards for c in d),
        *(c for pile in view.market for c in pile),
        *view.removed,
        *view.draw_bottom,
        *(c for k in view.known for c in k),
    }


def _cards_of(event: object) -> set[int]:
    cards: set[int] = set()
    for name in ("card", "kept"):
        value = getattr(event, name, -1)
        if value >= 0:
            cards.add(value)
    for name in ("cards", "discarded"):
        cards.update(getattr(event, name, ()))
    return cards


@pytest.mark.parametrize("seed", range(4))
def test_events_leak_no_hidden_card(seed: int) -> None:
    # Every card an event shows a player is one they can see before or after the action.
    rnd = random.Random(seed)
    state = initial_state(Config(players=4), seed=seed)
    while not is_terminal(state):
        action = rnd.choice(legal_actions(state))
        after, happened = apply_with_events(state, action)
        for player in (None, 0, 1, 2, 3):
            shown = set().union(*(_cards_of(e) for e in observe_events(happened, player)))
            assert shown <= _visible(state, player) | _visible(after, player), (action, player)
        state = after


def test_events_round_trip_and_are_described() -> None:
    rnd = random.Random(3)
    state = initial_state(Config(players=5), seed=3)
    kinds: set[str] = set()
    while not is_terminal(state):
        state, happened = apply_with_events(state, rnd.choice(legal_actions(state)))
        assert from_json(to_json(happened), tuple[Event, ...]) == happened
        for event in happened:
            kinds.add(event.TAG)
            assert describe_event(event)
    assert {"card_planned", "crab_moved", "turn_ended", "round_ended", "game_ended"} <= kinds
    assert state.phase is Phase.OVER
