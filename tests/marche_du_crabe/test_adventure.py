"""Adventure mode: beach definitions, flipped cards, modifiers and the campaign."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from crabrules.core import (
    ContentError,
    DeserializationError,
    IllegalActionError,
    InvalidConfigError,
    from_json,
    to_json,
)
from crabrules.marche_du_crabe import (
    BASE_BEACH,
    REFERENCE_BEACHES,
    REFERENCE_CAMPAIGN,
    Beach,
    Campaign,
    CampaignState,
    Config,
    Icon,
    IllegalReason,
    Layout,
    Modifier,
    Move,
    Place,
    State,
    Stay,
    Termination,
    apply,
    beach_config,
    campaign_over,
    campaign_won,
    finish_beach,
    initial_state,
    legal_actions,
    next_beach,
    save_beach,
    start_beach,
    start_campaign,
)
from crabrules.marche_du_crabe._state import BROWN_FISH
from tests.marche_du_crabe.helpers import LAYOUT, move_cells, position

WAVES = Beach("Waves", flip=frozenset({Icon.WAVE}))
FISH = Beach("Fish", flip=frozenset({Icon.BROWN_FISH}))
SNACKS = Beach("Snacks", flip=frozenset({Icon.SHRIMP}))


def test_the_first_reference_beach_is_the_base_game() -> None:
    assert REFERENCE_BEACHES[0] == BASE_BEACH == Beach("The first beach")
    assert len(REFERENCE_BEACHES) - 1 == 10
    assert REFERENCE_CAMPAIGN.beaches == REFERENCE_BEACHES


def test_start_position_is_the_nth_card_without_item_of_the_start_row() -> None:
    beach = Beach("Third", start_nth=3)
    assert initial_state(Config(beach=beach, layout=LAYOUT), seed=1).token == 4
    beach = Beach("Low", start_row=5, start_nth=2)
    assert initial_state(Config(beach=beach, layout=LAYOUT), seed=1).token == 31


def test_flipped_brown_fish_cards_are_baddies_from_the_start() -> None:
    state = initial_state(Config(beach=FISH, layout=LAYOUT), seed=1)
    assert [c for c, b in enumerate(state.baddies) if b == BROWN_FISH] == [14, 23, 28, 32]


def test_a_brown_fish_costs_a_shrimp_to_cross_and_blocks_placement() -> None:
    state = position(beach=FISH, baddies={14: BROWN_FISH, 23: 2, 28: 2, 32: 2}, token=2)
    assert apply(state, Move(0, 20)).shrimps == 4
    placing = position(
        beach=FISH, baddies={14: BROWN_FISH, 23: 2, 28: 2, 32: 2}, revealed=2, token=2
    )
    assert Place(0, 14) not in legal_actions(placing)


def test_the_crabs_may_cross_but_not_stop_on_a_flipped_wave() -> None:
    state = position(beach=WAVES, token=3)  # column 3: cells 15 and 33 are waves
    assert move_cells(state) == [9, 21, 27]
    assert apply(state, Move(0, 21)).token == 21
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Move(0, 15))
    assert refused.value.reason is IllegalReason.WAVE


def test_a_baddie_may_be_placed_on_a_wave() -> None:
    assert Place(0, 15) in legal_actions(position(beach=WAVES, revealed=2))


def test_a_shrimp_snack_gives_one_shrimp_back_once_never_above_five() -> None:
    state = position(beach=SNACKS, snacks=frozenset({5, 10, 22, 31}), token=3, shrimps=2)
    after = apply(apply(state, Move(0, 21)), Place(1, 12))
    after = apply(after, Move(1, 22))
    assert after.shrimps == 3
    assert 22 not in after.snacks
    full = position(beach=SNACKS, snacks=frozenset({5, 10, 22, 31}), token=20, to_move=1)
    assert apply(full, Move(1, 22)).shrimps == 5


def test_fresh_shrimps_restores_all_five() -> None:
    beach = Beach("Fresh", modifiers=frozenset({Modifier.FRESH_SHRIMPS}))
    assert initial_state(Config(beach=beach, shrimps=1), seed=2).shrimps == 5
    assert initial_state(Config(beach=BASE_BEACH, shrimps=1), seed=2).shrimps == 1


def test_must_move_forbids_staying_while_a_move_exists() -> None:
    beach = Beach("Walk", modifiers=frozenset({Modifier.MUST_MOVE}))
    state = position(beach=beach, token=14)
    assert Stay(0) not in legal_actions(state)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Stay(0))
    assert refused.value.reason is IllegalReason.MUST_MOVE


def test_must_move_allows_staying_when_no_move_is_left() -> None:
    # A beach where the cards 1 and 2 below the sand card 4 are both waves: with short
    # moves, Boater on cell 4 has nowhere to stop, so Stay stays legal.
    items = [-1] * 36
    icons: list[Icon | None] = [None] * 36
    for r, (a, b) in enumerate(((0, 1), (0, 1), (2, 3), (2, 3), (4, 5), (4, 5))):
        items[6 * r + a], items[6 * r + b] = 2 * r, 2 * r + 1
    for cell, icon in {
        5: Icon.SHRIMP,
        10: Icon.WAVE,
        11: Icon.SHRIMP,
        16: Icon.WAVE,
        17: Icon.BROWN_FISH,
        22: Icon.SHRIMP,
        23: Icon.BROWN_FISH,
        26: Icon.BROWN_FISH,
        27: Icon.WAVE,
        31: Icon.SHRIMP,
        32: Icon.BROWN_FISH,
        33: Icon.WAVE,
    }.items():
        icons[cell] = icon
    beach = Beach(
        "Trapped",
        flip=frozenset({Icon.WAVE}),
        modifiers=frozenset({Modifier.MUST_MOVE, Modifier.SHORT_MOVES}),
        start_nth=3,
    )
    state = initial_state(Config(beach=beach, layout=Layout(tuple(items), tuple(icons))), seed=1)
    state = apply(state, legal_actions(state)[0])
    assert state.token == 4
    assert legal_actions(state) == (Stay(0),)
    assert Stay(1) not in legal_actions(position(beach=beach, token=14, to_move=1))


def test_short_moves_go_one_or_two_cards() -> None:
    beach = Beach("Tired", modifiers=frozenset({Modifier.SHORT_MOVES}))
    state = position(beach=beach, token=14, to_move=1)
    assert move_cells(state) == [12, 13, 15, 16]
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Move(1, 17))
    assert refused.value.reason is IllegalReason.TOO_FAR


def test_hungry_baddies_cost_one_shrimp_each() -> None:
    beach = Beach("Hungry", modifiers=frozenset({Modifier.HUNGRY_BADDIES}))
    state = position(beach=beach, token=2, baddies={14: 1, 20: 0, 32: 1})
    assert apply(state, Move(0, 32)).shrimps == 2


def _win(state: State, shrimps: int) -> State:
    """``state`` one placement later, won with ``shrimps`` left: 8 crabs freed at once."""
    placed = apply(state, legal_actions(state)[0])
    forbidden = {i for pair in state.forbidden for i in pair}
    free = [c for c, i in enumerate(state.layout.items) if i >= 0 and i not in forbidden]
    return attrs.evolve(
        placed, freed=frozenset(free), shrimps=shrimps, termination=Termination.CRABS_FREED
    )


def _lose(state: State) -> State:
    """``state`` one placement later, lost: its Shrimps all eaten."""
    placed = apply(state, legal_actions(state)[0])
    return attrs.evolve(placed, shrimps=0, termination=Termination.NO_SHRIMPS)


def test_a_campaign_keeps_the_layout_and_carries_the_shrimps() -> None:
    progress = start_campaign(REFERENCE_CAMPAIGN, seed=4)
    progress, first = start_beach(progress, 0, seed=1)
    assert first.layout == progress.layout
    progress = finish_beach(progress, _win(first, 2))
    assert progress.shrimps == 2
    assert progress.won == (0,)
    progress, second = start_beach(progress, 1, seed=2)
    assert second.layout == first.layout
    assert second.shrimps == 2
    assert second.freed == frozenset()  # every Item shows again
    assert second.beach == REFERENCE_BEACHES[1]


def test_a_campaign_beach_with_fresh_shrimps_starts_with_five() -> None:
    # Open Sea (beach 4) flips the Shrimps back; High Tide (beach 3) keeps those carried.
    progress = attrs.evolve(start_campaign(seed=4), shrimps=1)
    assert Modifier.FRESH_SHRIMPS in REFERENCE_BEACHES[4].modifiers
    assert start_beach(progress, 4, seed=1)[1].shrimps == 5
    assert start_beach(progress, 4, seed=1)[0].started_with == 5
    assert start_beach(progress, 3, seed=1)[1].shrimps == 1


def test_losing_a_beach_ends_the_adventure() -> None:
    progress, state = start_beach(start_campaign(seed=4), 0, seed=1)
    progress = finish_beach(progress, _lose(state))
    assert progress.lost == 0
    assert campaign_over(progress)
    assert not campaign_won(progress)
    assert next_beach(progress) is None
    with pytest.raises(InvalidConfigError, match=r"^beach: "):
        beach_config(progress, 1)


def test_beaches_may_be_played_in_any_order() -> None:
    progress, state = start_beach(start_campaign(seed=4), 3, seed=1)
    progress = finish_beach(progress, _win(state, 5))
    assert progress.won == (3,)
    assert next_beach(progress) == 0
    with pytest.raises(InvalidConfigError, match=r"already won"):
        beach_config(progress, 3)


def test_winning_every_beach_wins_the_campaign() -> None:
    campaign = Campaign("Short", (BASE_BEACH, SNACKS))
    progress = start_campaign(campaign, seed=9)
    for beach in (1, 0):
        progress, state = start_beach(progress, beach, seed=1)
        progress = finish_beach(progress, _win(state, 4))
    assert campaign_won(progress)


def test_an_unfinished_or_foreign_game_is_not_recorded() -> None:
    progress, state = start_beach(start_campaign(seed=4), 0, seed=1)
    with pytest.raises(InvalidConfigError, match=r"^final: the beach is not over"):
        finish_beach(progress, state)
    other = _win(initial_state(seed=3), 5)
    with pytest.raises(InvalidConfigError, match=r"^final: "):
        finish_beach(progress, other)


def test_finishing_a_beach_refuses_a_game_of_another_beach() -> None:
    progress = start_campaign(seed=4)
    _, other_beach = start_beach(progress, 1, seed=1)
    progress, _ = start_beach(progress, 0, seed=1)
    with pytest.raises(InvalidConfigError, match=r"^final: not a game of beach 0"):
        finish_beach(progress, _win(other_beach, 5))


def test_finishing_a_beach_refuses_a_game_that_did_not_start_with_the_shrimps_carried() -> None:
    progress = attrs.evolve(start_campaign(seed=4), shrimps=2)
    progress, state = start_beach(progress, 0, seed=1)
    assert progress.started_with == 2
    # The same beach and seed set up afresh with all 5 Shrimps, and won with 4 of them.
    fresh = initial_state(attrs.evolve(beach_config(progress, 0), shrimps=5), seed=1)
    with pytest.raises(InvalidConfigError, match=r"^final: more Shrimps than"):
        finish_beach(progress, _win(fresh, 4))
    assert finish_beach(progress, _win(state, 2)).shrimps == 2


def test_a_beach_in_progress_is_not_started_again_nor_another_one_begun() -> None:
    progress, _ = start_beach(start_campaign(seed=4), 2, seed=1)
    assert next_beach(progress) == 2
    with pytest.raises(InvalidConfigError, match=r"^beach: beach 2 is already in progress"):
        start_beach(progress, 2, seed=5)
    with pytest.raises(InvalidConfigError, match=r"^beach: beach 2 is in progress"):
        start_beach(progress, 0, seed=5)


@pytest.mark.parametrize("final", [None, "crabs_freed", 3, REFERENCE_CAMPAIGN])
def test_finishing_a_beach_with_something_else_than_a_state_is_refused(final: object) -> None:
    progress, _ = start_beach(start_campaign(seed=4), 0, seed=1)
    with pytest.raises(InvalidConfigError, match=r"^final: "):
        finish_beach(progress, final)  # type: ignore[arg-type]


def test_a_campaign_state_saves_and_resumes() -> None:
    progress, state = start_beach(start_campaign(seed=4), 2, seed=1)
    progress = finish_beach(progress, _win(state, 3))
    text = to_json(progress)
    resumed = from_json(text, CampaignState)
    assert resumed == progress
    assert to_json(resumed) == text
    assert start_beach(resumed, 4, seed=8) == start_beach(progress, 4, seed=8)


def test_a_save_made_mid_beach_holds_everything_needed_to_resume() -> None:
    progress, state = start_beach(attrs.evolve(start_campaign(seed=4), shrimps=3), 5, seed=8)
    for _ in range(7):
        state = apply(state, legal_actions(state)[0])
    resumed = from_json(to_json(save_beach(progress, state)), CampaignState)
    assert (resumed.playing, resumed.started_with, resumed.game) == (5, 3, state)
    assert resumed.game is not None
    final = resumed.game
    while final.termination is None:
        final = apply(final, legal_actions(final)[0])
    assert finish_beach(resumed, final) == finish_beach(progress, final)


@pytest.mark.parametrize(
    "edit",
    [
        {"playing": 1},
        {"started_with": 5},
        {"game": None},
        {"lost": 3},
        {"playing": 11},
    ],
)
def test_a_loaded_campaign_state_in_progress_is_checked(edit: dict[str, object]) -> None:
    progress, _ = start_beach(attrs.evolve(start_campaign(seed=4), shrimps=3), 5, seed=8)
    with pytest.raises(DeserializationError):
        from_json(to_json(attrs.evolve(progress, **edit)), CampaignState)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [
        lambda: start_campaign("x"),  # type: ignore[arg-type]
        lambda: finish_beach("x", initial_state(seed=1)),  # type: ignore[arg-type]
        lambda: start_beach("x", 0),  # type: ignore[arg-type]
        lambda: save_beach("x", initial_state(seed=1)),  # type: ignore[arg-type]
        lambda: next_beach(None),  # type: ignore[arg-type]
        lambda: beach_config(3, 0),  # type: ignore[arg-type]
    ],
)
def test_campaign_functions_refuse_what_is_not_a_campaign(call: Any) -> None:
    with pytest.raises(InvalidConfigError, match=r"^(campaign|progress): "):
        call()


@pytest.mark.parametrize(
    "arguments",
    [(None, REFERENCE_BEACHES), ("c", 5), ("", REFERENCE_BEACHES), ("c", list(REFERENCE_BEACHES))],
)
def test_a_bad_campaign_is_a_content_error(arguments: tuple[Any, Any]) -> None:
    with pytest.raises(ContentError, match=r"^(name|beaches): "):
        Campaign(*arguments)


def test_a_user_campaign_is_data_too() -> None:
    campaign = Campaign("Mine", (BASE_BEACH, WAVES))
    assert from_json(to_json(start_campaign(campaign, seed=1)), CampaignState).campaign == campaign
