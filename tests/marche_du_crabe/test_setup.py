"""Setup: players, the beach, the Items, the Forbidden Items, Shrimps, token, decks."""

from __future__ import annotations

import pytest

from crabrules.core import ContentError, InvalidConfigError, Rng
from crabrules.marche_du_crabe import (
    BOATER,
    GAME,
    INFO,
    ITEMS,
    Beach,
    Config,
    active_players,
    initial_state,
    num_players,
)
from crabrules.marche_du_crabe._board import (
    COLUMN_CELLS,
    LAYOUTS,
    NO_ITEM,
    ROW_CELLS,
    _completions,
    layout_of_rank,
    layout_problem,
    random_layout,
)
from crabrules.marche_du_crabe._content import ROW_ITEMS, item_row
from crabrules.marche_du_crabe._state import FULL_DECK
from tests.marche_du_crabe.helpers import LAYOUT


@pytest.mark.parametrize("players", [0, 1, 3, 4])
def test_exactly_two_players(players: int) -> None:
    with pytest.raises(InvalidConfigError, match=r"^players: .*exactly 2 players"):
        Config(players=players)


def test_config_for_players_is_the_base_game_for_two_only() -> None:
    assert GAME.config_for_players(2) == Config()
    with pytest.raises(InvalidConfigError, match=r"^players: "):
        GAME.config_for_players(3)


def test_game_info_declares_a_cooperative_imperfect_information_game() -> None:
    assert (INFO.min_players, INFO.max_players) == (2, 2)
    assert INFO.utility.value == "cooperative"
    assert INFO.information.value == "imperfect"
    assert INFO.chance.value == "sampled"


def test_boater_is_player_zero_and_plays_first() -> None:
    for seed in range(5):
        state = initial_state(seed=seed)
        assert num_players(state) == 2
        assert state.to_move == BOATER
        assert active_players(state) == frozenset({BOATER})


@pytest.mark.parametrize(
    ("field", "config"),
    [
        ("shrimps", {"shrimps": 6}),
        ("shrimps", {"shrimps": -1}),
        ("beach", {"beach": "The first beach"}),
        ("layout", {"layout": (LAYOUT.items, LAYOUT.icons)}),
        ("players", {"players": None}),
    ],
)
def test_bad_config_names_the_field(field: str, config: dict[str, object]) -> None:
    with pytest.raises(InvalidConfigError, match=rf"^{field}: "):
        Config(**config)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "kwargs"),
    [("start_nth", {"start_nth": 5}), ("start_row", {"start_row": 6}), ("name", {"name": ""})],
)
def test_bad_beach_definition_is_a_content_error(field: str, kwargs: dict[str, object]) -> None:
    fields: dict[str, object] = {"name": "Beach", **kwargs}
    with pytest.raises(ContentError, match=rf"^{field}: "):
        Beach(**fields)  # type: ignore[arg-type]


def test_seed_out_of_range_is_refused() -> None:
    with pytest.raises(InvalidConfigError, match=r"^seed: "):
        initial_state(seed=-1)


def test_the_twelve_items_are_data_two_per_row() -> None:
    assert len(ITEMS) == len(set(ITEMS)) == 12
    assert "Tyre" in ITEMS
    assert [i for pair in ROW_ITEMS for i in pair] == list(range(12))


@pytest.mark.parametrize("seed", range(30))
def test_setup_puts_two_items_in_every_row_and_column(seed: int) -> None:
    layout = initial_state(seed=seed).layout
    assert layout_problem(layout) is None
    for r, cells in enumerate(ROW_CELLS):
        assert sorted(layout.items[c] for c in cells if layout.items[c] != NO_ITEM) == list(
            ROW_ITEMS[r]
        )
    for cells in COLUMN_CELLS:
        assert sum(layout.items[c] != NO_ITEM for c in cells) == 2


def test_every_arrangement_of_items_is_reachable_exactly_once() -> None:
    # 67,950 is the number of 6x6 0-1 matrices with every row and column summing to 2
    # (OEIS A001499). Each arrangement number lays a different valid beach, so every
    # arrangement has exactly one rank per card order and the same chance.
    assert _completions(6, 6, 0) == 67950
    assert LAYOUTS == 67950 * 48**6
    patterns = set()
    for arrangement in range(67950):
        layout = layout_of_rank(arrangement * 48**6)
        patterns.add(tuple(i != NO_ITEM for i in layout.items))
    assert len(patterns) == 67950
    assert all(
        sum(p[6 * r + c] for c in range(6)) == 2 and sum(p[6 * c + r] for c in range(6)) == 2
        for p in patterns
        for r in range(6)
    )


def test_every_order_of_a_rows_cards_is_reachable() -> None:
    # The 48 orders of row 0 (2 of its Items, times 24 of its four sand cards) give every
    # distinct row: 2 Item orders times 4 places of its one shrimp card.
    rows = {
        layout_of_rank(order).items[:6] + layout_of_rank(order).icons[:6] for order in range(48)
    }
    assert len(rows) == 8


def test_random_layouts_differ_and_vary_item_order() -> None:
    rng = Rng.from_seed(0)
    seen = set()
    for _ in range(200):
        layout, rng = random_layout(rng)
        seen.add(layout.items)
    assert len(seen) == 200


@pytest.mark.parametrize("seed", range(10))
def test_two_forbidden_items_dealt_to_each_player(seed: int) -> None:
    state = initial_state(seed=seed)
    dealt = [i for pair in state.forbidden for i in pair]
    assert len(set(dealt)) == 4
    assert all(0 <= i < 12 for i in dealt)


def test_the_token_starts_on_the_first_card_without_item_of_the_sand_row() -> None:
    # The test beach prints Items on cells 0 and 1 of the sand row: the token starts on 2.
    assert initial_state(Config(layout=LAYOUT), seed=1).token == 2


def test_five_shrimps_and_token_on_first_empty_sand_card() -> None:
    for seed in range(10):
        state = initial_state(seed=seed)
        first_empty = next(c for c in ROW_CELLS[0] if state.layout.items[c] == NO_ITEM)
        assert state.shrimps == 5
        assert state.token == first_empty


def test_each_deck_has_two_cards_per_row() -> None:
    state = initial_state(seed=3)
    assert state.decks[1] == FULL_DECK
    assert state.revealed is not None
    assert tuple(sorted((*state.decks[0], state.revealed))) == FULL_DECK


def test_shrimps_config_sets_the_start() -> None:
    assert initial_state(Config(shrimps=2), seed=1).shrimps == 2


def test_the_tyre_lies_in_the_fourth_row_as_in_the_rulebook_example() -> None:
    # The rulebook's example: Boater moves three cards up from the sand row, then Sunny
    # moves along that row (the 4th) to the Beach card with the Tyre.
    assert item_row(ITEMS.index("Tyre")) == 3
