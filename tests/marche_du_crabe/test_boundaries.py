"""The edges of the API: what each public function refuses, and what a loaded value may be.

Issue 9: determinize depends only on what its viewer sees; a loaded Observation or State
is one the rules could reach; bad configs, content, players and non-State arguments get a
typed error; an action's fields hold exactly their types.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from crabrules import crab_stack
from crabrules.core import (
    CommonReason,
    ContentError,
    DeserializationError,
    IllegalActionError,
    InvalidConfigError,
    InvalidPlayerError,
    NotAStateError,
    from_json,
    to_json,
)
from crabrules.core.errors import InvalidStateError
from crabrules.marche_du_crabe import (
    REFERENCE_BEACHES,
    Beach,
    Config,
    Icon,
    Layout,
    Modifier,
    Move,
    Observation,
    Place,
    Stay,
    apply,
    check_observation,
    check_state,
    determinize,
    initial_state,
    legal_actions,
    observe,
    render_observation,
)
from tests.marche_du_crabe.helpers import LAYOUT, position, random_states

# --- 1. determinize depends only on what the viewer sees ---------------------------------


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_determinize_depends_only_on_the_viewers_observation(viewer: int | None) -> None:
    for i, state in enumerate(random_states(12, seed=1)):
        twin = determinize(state, viewer, 1000 + i)
        assert observe(twin, viewer) == observe(state, viewer)
        assert determinize(state, viewer, 7) == determinize(twin, viewer, 7)


def test_the_twins_seed_comes_from_the_determinize_seed_not_the_real_setup() -> None:
    state = position()
    twin = determinize(state, 0, seed=424242)
    assert twin.seed == 424242
    # The partner's real Forbidden Items cannot be rebuilt from the twin's setup seed.
    other = attrs.evolve(state, seed=77)
    assert determinize(other, 0, seed=5) == determinize(state, 0, seed=5)


def test_determinize_takes_any_integer_like_seed_and_stores_a_plain_int() -> None:
    class Index:
        def __index__(self) -> int:
            return 12

    twin = determinize(position(), None, Index())  # type: ignore[arg-type]
    assert type(twin.seed) is int
    assert twin.seed == 12
    with pytest.raises(InvalidConfigError):
        determinize(position(), None, -1)


# --- 2. an action is exactly one of legal_actions ----------------------------------------


@pytest.mark.parametrize(
    "action",
    [Place(0, 3.0), Place(0, True), Place(True, 3), Move(0, "14"), Stay(0.0), Stay(None)],  # type: ignore[arg-type]
)
def test_an_action_field_of_the_wrong_type_is_malformed(action: Any) -> None:
    state = position(revealed=0) if isinstance(action, Place) else position()
    with pytest.raises(IllegalActionError) as refused:
        apply(state, action)
    assert refused.value.reason is CommonReason.MALFORMED
    assert str(refused.value).startswith(("player", "cell"))


# --- 4. a loaded Observation or State is one the rules could reach -----------------------


def _view_document(**edits: Any) -> str:
    document = json.loads(to_json(observe(position(baddies={20: 1}), 1)))
    document.update(edits)
    return json.dumps(document)


@pytest.mark.parametrize(
    "edits",
    [
        {"token": 99},
        {"forbidden": [40, 6]},
        {"forbidden": [11, 6]},
        {"forbidden": [6]},
        {"exposed": [[40], []]},
        {"exposed": [[6], []]},  # Sunny's own Item, exposed as Boater's
        {"player": 5},
        {"player": None},  # a spectator sees no Forbidden Item
        {"deck_sizes": [12, 12]},
        {"baddies": [0] * 36},
        {"freed": [18]},  # the Tyre, one of the observer's own Forbidden Items
        {"freed": [2]},
        {"revealed": 9},
        {"to_move": 3},
    ],
)
def test_an_impossible_observation_is_refused_at_load(edits: dict[str, Any]) -> None:
    with pytest.raises(DeserializationError):
        from_json(_view_document(**edits), Observation)


def test_a_loaded_observation_draws() -> None:
    for state in random_states(4, seed=2):
        for viewer in (None, 0, 1):
            view = from_json(to_json(observe(state, viewer)), Observation)
            check_observation(view)
            assert render_observation(view)


def test_an_impossible_state_raises_invalid_state_error() -> None:
    state = position()
    for edit in (
        {"forbidden": ((8, 5), (6, 11))},  # a pair out of order
        {"token": 0},  # on an Item nobody freed or exposed
        {"shrimps": 3, "termination": None, "revealed": 0},  # the deck accounts no card
    ):
        with pytest.raises(InvalidStateError):
            check_state(attrs.evolve(state, **edit))


def test_the_crabs_never_stand_on_a_breaking_wave() -> None:
    waves = Beach("Waves", flip=frozenset({Icon.WAVE}))
    with pytest.raises(InvalidStateError, match=r"^token: "):
        check_state(position(beach=waves, token=15, consistent=False))


# --- 5. bad configs, content and arguments get a typed error -----------------------------


@pytest.mark.parametrize(
    "build",
    [
        lambda: Layout(None, None),  # type: ignore[arg-type]
        lambda: Layout(list(LAYOUT.items), list(LAYOUT.icons)),  # type: ignore[arg-type]
        lambda: Layout(LAYOUT.items[:35], LAYOUT.icons),
        lambda: Layout(LAYOUT.items[::-1], LAYOUT.icons),
        lambda: Beach("b", flip=None),  # type: ignore[arg-type]
        lambda: Beach("b", flip=5),  # type: ignore[arg-type]
        lambda: Beach("b", flip={Icon.WAVE}),  # type: ignore[arg-type]
        lambda: Beach("b", modifiers=None),  # type: ignore[arg-type]
        lambda: Beach("b", modifiers=frozenset({"must_move"})),  # type: ignore[arg-type]
        lambda: Beach(None),  # type: ignore[arg-type]
        lambda: Beach("b", start_nth=0),
        lambda: Beach("b", start_nth=True),
    ],
)
def test_bad_content_is_a_content_error(build: Callable[[], object]) -> None:
    with pytest.raises(ContentError):
        build()


def test_a_state_with_a_layout_built_by_hand_can_be_hashed() -> None:
    state = initial_state(Config(layout=Layout(LAYOUT.items, LAYOUT.icons)), seed=3)
    assert hash(state) == hash(initial_state(Config(layout=LAYOUT), seed=3))


@pytest.mark.parametrize(
    "config", [{"beach": None}, {"layout": "random"}, {"shrimps": 2.0}, {"players": True}]
)
def test_bad_config_fields_are_config_errors(config: dict[str, Any]) -> None:
    with pytest.raises(InvalidConfigError):
        Config(**config)


@pytest.mark.parametrize("player", [7, -1, "x", True, 1.0, 0.0])
def test_legal_actions_refuses_a_player_the_game_does_not_have(player: Any) -> None:
    with pytest.raises(InvalidPlayerError):
        legal_actions(position(), player)


def _state_functions() -> list[Callable[[Any], object]]:
    from crabrules.marche_du_crabe import (
        active_players,
        is_terminal,
        num_players,
        outcome,
        render,
        render_view,
    )

    return [
        legal_actions,
        lambda s: legal_actions(s, 0),
        lambda s: apply(s, Stay(0)),
        lambda s: apply(s, Stay(0), check=False),
        is_terminal,
        active_players,
        outcome,
        lambda s: observe(s, 0),
        lambda s: determinize(s, 0, 1),
        render,
        lambda s: render_view(s, 0),
        num_players,
        check_state,
    ]


@pytest.mark.parametrize("function", _state_functions())
@pytest.mark.parametrize(
    "value",
    [None, "state", observe(initial_state(seed=1), 0), crab_stack.initial_state(seed=1)],
    ids=["None", "str", "observation", "crab-stack"],
)
def test_every_function_of_a_state_refuses_what_is_not_one(
    function: Callable[[Any], object], value: object
) -> None:
    with pytest.raises(NotAStateError, match=r"expected a crabrules\.marche_du_crabe\.State"):
        function(value)


def test_render_observation_and_check_observation_refuse_a_state() -> None:
    for function in (render_observation, check_observation):
        with pytest.raises(NotAStateError, match="Observation"):
            function(initial_state(seed=1))  # type: ignore[arg-type]


# --- 8. the start card -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_the_crabs_start_on_no_item_no_breaking_wave_and_no_brown_fish(seed: int) -> None:
    for beach in REFERENCE_BEACHES:
        state = initial_state(Config(beach=beach), seed=seed)
        icon = state.layout.icons[state.token]
        assert state.layout.items[state.token] == -1
        assert not (icon in (Icon.WAVE, Icon.BROWN_FISH) and icon in beach.flip)
        assert state.baddies[state.token] == -1


def test_the_start_card_counts_only_the_cards_the_crabs_may_stand_on() -> None:
    # Row 2 of the test beach: sand cards 12, 13, 14 (brown fish) and 15 (wave).
    both = frozenset({Icon.WAVE, Icon.BROWN_FISH})
    beach = Beach("Reef", flip=both, start_row=2, start_nth=2)
    assert initial_state(Config(beach=beach, layout=LAYOUT), seed=1).token == 13
    beach = Beach("Surf", flip=frozenset({Icon.WAVE}), start_row=2, start_nth=3)
    assert initial_state(Config(beach=beach, layout=LAYOUT), seed=1).token == 14


def test_a_beach_without_a_start_card_is_refused() -> None:
    both = frozenset({Icon.WAVE, Icon.BROWN_FISH})
    with pytest.raises(ContentError, match=r"^start_nth: row 2 has 2 cards"):
        Beach("Nowhere", flip=both, start_row=2, start_nth=3)
    with pytest.raises(ContentError, match=r"^start_nth: "):
        Beach("Nowhere", flip=both, start_row=5, start_nth=3)


def test_the_adventure_deck_has_eleven_beaches_the_first_the_base_game() -> None:
    assert len(REFERENCE_BEACHES) == 11
    assert REFERENCE_BEACHES[0] == Beach("The first beach")
    assert len({b.name for b in REFERENCE_BEACHES}) == 11
    used = {m for b in REFERENCE_BEACHES for m in b.modifiers}
    assert used == set(Modifier)
    assert {i for b in REFERENCE_BEACHES for i in b.flip} == set(Icon)
