"""Issue 9: determinize from the observation only, exact actions, complete state checks,
typed errors for bad content and arguments, and two rules (currents and Reeds, crabs in the
sea)."""

from __future__ import annotations

import json
import random
from typing import Any, cast

import attrs
import pytest

from crabrules.core.errors import (
    CommonReason,
    ContentError,
    DeserializationError,
    IllegalActionError,
    InvalidPlayerError,
    InvalidStateError,
    NotAStateError,
)
from crabrules.core.serialize import from_json, to_json
from crabrules.oh_crab import (
    DRAW_PILE,
    SCENARIOS,
    SEA,
    AddCard,
    Config,
    EndTurn,
    Exchange,
    Move,
    Observation,
    Phase,
    Plan,
    Primitive,
    Rest,
    Shift,
    Side,
    Stage,
    State,
    Use,
    action_to_str,
    active_players,
    apply,
    apply_with_events,
    check_state,
    describe,
    determinize,
    initial_state,
    is_terminal,
    legal_actions,
    num_players,
    observe,
    outcome,
    parse_action,
    register_content,
    render,
)
from crabrules.oh_crab.content._loading import build_content
from tests.oh_crab.adventure_helpers import adventure, event, events
from tests.oh_crab.helpers import at, cid, grant, make, reference_documents, with_special

P = Primitive
R1, R2, O1, O2 = cid("red-1"), cid("red-2"), cid("orange-1"), cid("orange-2")


def random_states(seed: int, players: int = 4, every: int = 7) -> list[State]:
    """Positions of a random game, every ``every`` actions."""
    rnd = random.Random(seed)
    state = initial_state(Config(players=players), seed=seed)
    out = []
    steps = 0
    while not is_terminal(state):
        if steps % every == 0:
            out.append(state)
        state = apply(state, rnd.choice(legal_actions(state)), check=False)
        steps += 1
    return [*out, state]


# --- 1. determinize depends only on what the viewer sees ------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_determinize_depends_only_on_the_observation(seed: int) -> None:
    for state in random_states(seed)[::4]:
        for viewer in (None, 0, 1, 2, 3):
            twin = determinize(state, viewer, 11)
            assert observe(twin, viewer) == observe(state, viewer)
            assert twin.seed == 11
            again = determinize(determinize(state, viewer, 5), viewer, 11)
            assert again == twin
            check_state(twin)


def test_determinize_does_not_rebuild_the_real_draw_pile_from_the_seed() -> None:
    # Before: the twin kept the real seed, so initial_state(config, seed=twin.seed) gave
    # away the real order of the draw pile.
    state = initial_state(Config(players=3), seed=7)
    twin = determinize(state, 0, 99)
    assert twin.seed == 99
    real_order = initial_state(Config(players=3), seed=twin.seed).draw
    assert real_order != state.draw


def test_determinize_keeps_the_discard_pile_a_player_took_back_at_rest() -> None:
    # Orange rests: their Discard pile, which everyone saw, comes back to their Hand.
    gull = with_special("seagull")
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        current=1,
        cook=1,
        stage=Stage.START,
        planned=[-1, -2, -1],
        traces=[[], [O1], []],
        discards=[[], [O2, gull], []],
    )
    after = apply(state, Rest(1, O1, DRAW_PILE))
    assert after.known[1] == tuple(sorted((O2, gull)))
    for seed in range(20):
        twin = determinize(after, 0, seed)
        assert {O2, gull} <= set(twin.hands[1])


def test_determinize_keeps_the_face_up_market_card_a_player_took() -> None:
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        current=1,
        cook=1,
        stage=Stage.START,
        planned=[-1, -2, -1],
        traces=[[], [O1], []],
    )
    taken = state.market[2][-1]
    after = apply(state, Rest(1, O1, 2))
    assert taken in after.hands[1]
    assert taken in after.known[1]
    for seed in range(20):
        assert taken in determinize(after, 2, seed).hands[1]
    # Planning it keeps the knowledge: the card is in the Hand or face down.
    plan = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        hands=[[R1], [O1, taken], [cid("blue-1")]],
        phase=Phase.PLANNING,
    )
    plan = apply(attrs.evolve(plan, known=((), (taken,), ())), Plan(1, taken))
    check_state(plan)
    for seed in range(5):
        twin = determinize(plan, 0, seed)
        assert taken in (*twin.hands[1], twin.planned[1])


def test_determinize_keeps_the_seen_bottom_of_the_draw_pile() -> None:
    # Tile Db: the card given in a Card Exchange goes, in view of all, under the draw pile.
    gull = with_special("seagull")
    config = Config(
        players=3,
        scenario=None,
        board=("0A", "1A", "2A", "3A", "9A"),
        action_tiles=("Aa", "Ba", "Db"),
    )
    state = make(
        config,
        crabs=(at(1, 0), at(1, 1), at(1, 2)),
        hands=[[gull], [], []],
        shells=[1, 0, 0],
        grants=[grant("Db")],
    )
    state = apply(state, Use(0, 0))
    after = apply(state, Exchange(0, gull, DRAW_PILE))
    assert after.draw[-1] == gull
    assert after.draw_seen == 1
    assert observe(after, 1).draw_bottom == (gull,)
    for seed in range(10):
        assert determinize(after, 1, seed).draw[-1] == gull


# --- 2. an action is legal only if it is exactly one of legal_actions ---------------------


def planning() -> State:
    return initial_state(Config(players=3), seed=7)


def adding() -> State:
    """The start of a turn in round 2: the Trace holds a card, so both sides are offered."""
    state = planning()
    while state.round < 2 or state.phase is not Phase.ACTION:
        actions = legal_actions(state)
        state = apply(
            state, next((a for a in actions if isinstance(a, (Plan, AddCard))), actions[-1])
        )
    return state


@pytest.mark.parametrize(
    ("build", "bad"),
    [
        (adding, lambda s: AddCard(s.current, cast(Any, "right"))),
        (planning, lambda s: Plan(0, cast(Any, True))),
        (planning, lambda s: Plan(0, cast(Any, 1.0))),
        (adding, lambda s: Rest(s.current, s.traces[s.current][0], cast(Any, 3.0))),
    ],
)
def test_a_field_of_the_wrong_type_is_malformed(build: Any, bad: Any) -> None:
    state = build()
    with pytest.raises(IllegalActionError) as error:
        apply(state, bad(state))
    assert error.value.reason is CommonReason.MALFORMED


def test_add_card_right_as_a_string_no_longer_goes_left() -> None:
    state = adding()
    assert AddCard(state.current, Side.RIGHT) in legal_actions(state)
    with pytest.raises(IllegalActionError, match="side"):
        apply(state, AddCard(state.current, "right"))  # type: ignore[arg-type]


def test_floats_in_use_and_move_are_refused_not_a_type_error() -> None:
    state = make(crabs=(at(1, 0), at(1, 1), at(1, 2)), grants=[grant("move_forward")])
    with pytest.raises(IllegalActionError, match="grant"):
        apply(state, Use(0, 0.0))  # type: ignore[arg-type]
    moving = apply(state, Use(0, 0))
    with pytest.raises(IllegalActionError, match="dest"):
        apply(moving, Move(0, float(at(2, 0))))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="pushes"):
        apply(moving, Move(0, at(2, 0), pushes=[]))  # type: ignore[arg-type]


# --- 4. a loaded state is one the rules could reach ----------------------------------------


def test_current_on_a_player_whose_card_is_still_face_down_is_refused() -> None:
    state = adding()
    nxt = (state.current + 1) % 3
    assert state.planned[nxt] >= 0
    wrong = attrs.evolve(state, current=nxt)
    with pytest.raises(InvalidStateError, match="face-down"):
        check_state(wrong)
    with pytest.raises(DeserializationError):
        from_json(to_json(wrong), State)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"seed": -1}, "seed"),
        ({"knocked": (False, False, False, False)}, "knocked"),
        ({"draw_seen": 99}, "draw_seen"),
        ({"known": ((4,), (), ())}, "known"),
        ({"hands": ((1, 0, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11))}, "sorted"),
        ({"removed": (0,)}, "cards"),
    ],
)
def test_impossible_parts_are_refused(change: dict[str, Any], match: str) -> None:
    state = planning()
    with pytest.raises(InvalidStateError, match=match):
        check_state(attrs.evolve(state, **change))


def test_a_step_waiting_with_no_choice_is_refused() -> None:
    state = make(crabs=(at(1, 0), at(1, 1), at(1, 2)), grants=[grant("move_forward")])
    assert state.turn is not None
    stuck = attrs.evolve(state, turn=attrs.evolve(state.turn, queue=(P.DISCARD_CARD,)))
    with pytest.raises(InvalidStateError, match="no"):
        check_state(stuck)


def test_two_players_no_activation_token_is_placed_before_the_crabs_are() -> None:
    # Token 1 comes at the start of a turn of Action 1; while the crabs are being placed a
    # token would leave the first Planning with a token already down.
    duel = Config(players=2)
    state = initial_state(duel, seed=1)
    state = apply(state, legal_actions(state)[0])  # the first crab on Start space 1
    assert state.phase is Phase.PLACING
    check_state(state)
    tokened = attrs.evolve(state, tokens=(0, 1, 0, 0))
    with pytest.raises(InvalidStateError, match="tokens: no activation token is placed before"):
        check_state(tokened)
    with pytest.raises(DeserializationError, match="tokens"):
        from_json(to_json(tokened), State)


def test_the_cook_used_in_a_turn_that_ended_with_an_event_due_is_a_reachable_state() -> None:
    # Red holds the cook, used it this turn, and ends the turn on the Water Current at b5 of
    # scenario 4, which carries it across the border of Beach tile 1: the Event there falls
    # due and the ended turn waits for it (Stage.ENDING) with the cook used.
    config = Config(players=3, scenario="shortcut", quick=True, modules={"events"})
    tiles = [event("its-broken"), event("shell-rain")]
    state = make(
        config,
        crabs=[26, 0, 1],
        cook=0,
        current=0,
        cook_used=True,
        adventure=adventure(events=events(config, tiles)),
    )
    ended = apply(state, EndTurn(0))
    assert ended.turn is not None
    assert ended.turn.stage is Stage.ENDING
    assert ended.cook_used
    check_state(ended)
    assert from_json(to_json(ended), State) == ended


def test_an_impossible_observation_is_refused_at_load() -> None:
    state = adding()
    view = observe(state, 0)
    assert from_json(to_json(view), Observation) == view
    data = json.loads(to_json(view))
    data["hand_sizes"][1] = 40
    with pytest.raises(DeserializationError):
        from_json(json.dumps(data), Observation)
    data = json.loads(to_json(view))
    data["known"][1] = [99]
    with pytest.raises(DeserializationError):
        from_json(json.dumps(data), Observation)


# --- 5. bad content and arguments get a typed error ----------------------------------------


def test_content_with_fewer_shells_than_shell_spaces_is_refused() -> None:
    docs = reference_documents()
    docs["tokens"]["shells"] = 3
    with pytest.raises(ContentError, match="Shell spaces"):
        build_content(docs["board"], docs["cards"], docs["tokens"])


def test_register_content_refuses_what_is_not_content() -> None:
    with pytest.raises(ContentError, match="Content"):
        register_content("x", {})  # type: ignore[arg-type]
    with pytest.raises(ContentError, match="name"):
        register_content(3, build_content(*reference_documents().values()))  # type: ignore[arg-type]


#: Every public function taking a state, called on ``s``.
STATE_FUNCTIONS: dict[str, Any] = {
    "legal_actions": lambda s: legal_actions(s),
    "apply": lambda s: apply(s, Plan(0, 0)),
    "is_terminal": lambda s: is_terminal(s),
    "active_players": lambda s: active_players(s),
    "outcome": lambda s: outcome(s),
    "observe": lambda s: observe(s, 0),
    "determinize": lambda s: determinize(s, 0, 1),
    "render": lambda s: render(s),
    "num_players": lambda s: num_players(s),
    "check_state": lambda s: check_state(s),
    "apply_with_events": lambda s: apply_with_events(s, Plan(0, 0)),
    "describe": lambda s: describe(s, Plan(0, 0)),
    "action_to_str": lambda s: action_to_str(s, Plan(0, 0)),
    "parse_action": lambda s: parse_action(s, "red: plan red-1"),
}


@pytest.mark.parametrize("name", sorted(STATE_FUNCTIONS))
def test_every_function_refuses_what_is_not_a_state(name: str) -> None:
    for bad in (None, "state", 3, observe(planning(), 0)):
        with pytest.raises(NotAStateError):
            STATE_FUNCTIONS[name](bad)


@pytest.mark.parametrize("player", [7, -1, "x", True, 1.0])
def test_legal_actions_refuses_a_player_the_game_lacks(player: Any) -> None:
    with pytest.raises(InvalidPlayerError):
        legal_actions(planning(), player)


# --- 7. Water Currents and Reeds; crabs in the sea ------------------------------------------

#: Scenario 4 "Shortcut!" in the quick variant: 0B (rows 0-1), 1B (2-5), 4A (6-9), 9B (10-11).
SHORTCUT_QUICK = Config(players=3, scenario="shortcut", quick=True)


def test_a_water_current_does_not_cross_reeds_toward_the_sea() -> None:
    # 4A's row 3 column 2 is a current north, into 9B's land row, whose space has Reeds.
    state = make(SHORTCUT_QUICK, crabs=(at(9, 2), at(0, 0), at(0, 4)))
    assert legal_actions(state) == (EndTurn(0),)
    assert apply(state, EndTurn(0)).crabs[0] == at(9, 2)


def test_head_down_lets_a_water_current_cross_reeds() -> None:
    state = make(SHORTCUT_QUICK, crabs=(at(9, 2), at(0, 0), at(0, 4)), head_down=True)
    assert legal_actions(state) == (EndTurn(0), EndTurn(0, ignore_current=True))
    assert apply(state, EndTurn(0)).crabs[0] == at(10, 2)


def test_call_of_the_sea_from_a_crab_in_the_sea_moves_nobody() -> None:
    # Before: every crab counted as behind the crab in the sea, and could be carried on.
    state = make(crabs=(-1, at(15, 1), at(1, 2)), grants=[grant("call-of-the-sea")])
    assert legal_actions(state) == (EndTurn(0),)


def test_nothing_is_in_front_of_or_behind_a_crab_in_the_sea() -> None:
    grants = [grant("seagull"), grant("sand-in-the-eyes"), grant("call-of-the-sea")]
    state = make(crabs=(-1, at(15, 1), at(1, 2)), hands=[[], [O1], []], grants=grants)
    assert legal_actions(state) == (EndTurn(0),)
    # The others still target one another, and never the crab in the sea.
    other = make(crabs=(at(14, 1), -1, at(15, 2)), grants=[grant("call-of-the-sea")], current=0)
    moves = legal_actions(apply(other, Use(0, 0)))
    assert {a.crab for a in moves if isinstance(a, Shift)} == {0}


def test_a_player_whose_crab_is_in_the_sea_still_takes_their_turn() -> None:
    state = make(
        crabs=(at(1, 0), -1, at(1, 2)), current=0, cook=0, hands=[[], [O1], []], phase=Phase.ACTION
    )
    after = apply(state, EndTurn(0))
    assert after.current == 1
    assert active_players(after) == {1}


def test_a_seen_card_must_be_a_card_of_the_hand() -> None:
    # NO_CARD (-1) as a "seen card" of a player who has not planned yet.
    state = planning()
    with pytest.raises(InvalidStateError, match="known"):
        check_state(attrs.evolve(state, known=((-1, *state.known[0]), (), ())))


def test_the_tiles_are_offered_together_until_one_is_used() -> None:
    state = make(crabs=(at(1, 0), at(1, 1), at(1, 2)), shells=[3, 0, 0])
    assert state.turn is not None
    tiles = state.turn.grants
    assert [g.name for g in tiles] == ["Aa", "Ba", "Ca"]
    with pytest.raises(InvalidStateError, match="tiles"):
        check_state(attrs.evolve(state, turn=attrs.evolve(state.turn, grants=tiles[1:])))
    with pytest.raises(InvalidStateError, match="tiles"):
        check_state(attrs.evolve(state, turn=attrs.evolve(state.turn, tile_used=True)))
    used = apply(state, Use(0, 0))
    assert used.turn is not None
    assert used.turn.tile_used
    check_state(used)


# --- 2-player mode: the activation tokens agree with the phase of the round -------------

DUEL = Config(players=2)


def _over_and_planning_2() -> tuple[State, State]:
    """A 2-player game won at the End of Round, and a Planning 2 (tokens 1 down)."""
    last = make(
        DUEL, crabs=[SEA, SEA, at(9, 2), at(9, 4)], cook=0, current=1, crab=3, tokens=[1, 2, 1, 2]
    )
    over = apply(last, EndTurn(1))
    assert over.phase is Phase.OVER
    planning_2 = make(
        DUEL,
        crabs=[at(2, 0), at(3, 1), at(4, 2), at(5, 3)],
        hands=[[R1], [cid("blue-1")]],
        phase=Phase.PLANNING,
        tokens=[1, 0, 0, 1],
    )
    return over, planning_2


@pytest.mark.parametrize(
    ("phase", "tokens", "rule"),
    [
        (Phase.OVER, (1, 0, 0, 1), "the game ends at the End of Round, once each player placed"),
        (Phase.OVER, (0, 0, 0, 0), "the game ends at the End of Round, once each player placed"),
        (Phase.OVER, (1, 2, 1, 0), "the game ends at the End of Round, once each player placed"),
        (Phase.PLANNING, (1, 0, 0, 0), "Planning 2 comes after each player's token 1"),
        (Phase.PLANNING, (1, 2, 0, 1), "Planning 2 comes after each player's token 1"),
    ],
)
def test_two_players_activation_tokens_agree_with_the_phase_of_the_round(
    phase: Phase, tokens: tuple[int, ...], rule: str
) -> None:
    # Token 1 goes down as a player's turn of Action 1 begins, token 2 in Action 2, and all
    # come back at the End of Round, the one moment the game ends: Planning 2 holds every
    # player's token 1, a game over both tokens of every player.
    over, planning_2 = _over_and_planning_2()
    legal = over if phase is Phase.OVER else planning_2
    check_state(legal)
    broken = attrs.evolve(legal, tokens=tokens)
    with pytest.raises(InvalidStateError, match=f"tokens: {rule}"):
        check_state(broken)
    with pytest.raises(DeserializationError, match="tokens"):
        from_json(to_json(broken), State)


def test_two_players_a_planning_2_document_marked_over_is_refused() -> None:
    # Planning 2 of a game whose crabs are both in the sea for one player (it is played out
    # to the End of Round): its phase changed to over leaves Planning 2's tokens in a game
    # over.
    _, planning_2 = _over_and_planning_2()
    won = attrs.evolve(planning_2, crabs=(SEA, SEA, at(4, 2), at(5, 3)))
    check_state(won)
    with pytest.raises(InvalidStateError, match="tokens: the game ends at the End of Round"):
        check_state(attrs.evolve(won, phase=Phase.OVER))


@pytest.mark.parametrize("seed", range(3))
def test_two_players_random_games_keep_the_tokens_and_the_phase_in_agreement(seed: int) -> None:
    rnd = random.Random(seed)
    state = initial_state(Config(players=2, scenario=SCENARIOS[seed]), seed=seed)
    while not is_terminal(state):
        check_state(state)
        state = apply(state, rnd.choice(legal_actions(state)), check=False)
    check_state(state)
    assert state.tokens.count(0) == 0  # the game ended after each player's token 2
