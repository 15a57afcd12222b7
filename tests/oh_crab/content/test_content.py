"""The content format: the reference content's counts, and ContentError for bad data."""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from crabrules.core.errors import ContentError, InvalidConfigError
from crabrules.oh_crab import Config, initial_state, legal_actions
from crabrules.oh_crab.content._components import SpaceType, TileKind, build_layout
from crabrules.oh_crab.content._loading import (
    build_content,
    get_layout,
    load_content,
    reference_content,
    register_content,
)
from crabrules.oh_crab.content._primitives import BASIC, Primitive
from tests.oh_crab.helpers import reference_documents, write

DATA = resources.files("crabrules.oh_crab.content") / "data"


def build(docs: dict[str, Any]) -> None:
    build_content(docs["board"], docs["cards"], docs["tokens"])


def tile_doc(docs: dict[str, Any], tile_id: str) -> dict[str, Any]:
    return next(t for t in docs["board"]["tiles"] if t["id"] == tile_id)


# --- the reference content --------------------------------------------------------------


def test_reference_board_has_twelve_tile_sides() -> None:
    ids = sorted(t.id for t in reference_content().tiles)
    assert ids == ["0A", "0B", "1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B", "9A", "9B"]


def test_reference_tile_heights_follow_the_geometry() -> None:
    heights = {t.id: t.height for t in reference_content().tiles}
    assert {heights[t] for t in ("0A", "0B", "9A", "9B")} == {2}
    assert {heights[f"{n}{s}"] for n in "1234" for s in "AB"} == {4}


def test_every_beach_side_has_three_surprise_spaces() -> None:
    for tile in reference_content().tiles:
        if tile.kind is TileKind.BEACH:
            assert sum(s.surprise for row in tile.spaces for s in row) == 3, tile.id


def test_beach_sides_use_every_space_type() -> None:
    seen: set[str] = set()
    for tile in reference_content().tiles:
        if tile.kind is TileKind.BEACH:
            for space in (s for row in tile.spaces for s in row):
                seen.add(space.type.value)
                seen.update(f for f in ("shell", "reeds", "surprise") if getattr(space, f))
    expected = {t.value for t in SpaceType} - {"start"} | {"shell", "reeds", "surprise"}
    assert seen == expected


def test_twenty_starting_cards_in_five_alike_sets() -> None:
    content = reference_content()
    starting = [c for c in content.cards if c.starting]
    assert content.colours == ("red", "orange", "blue", "green", "brown")
    assert len(starting) == 20
    shapes = Counter((c.main, c.left, c.right) for c in starting)
    assert set(shapes.values()) == {5}  # every set has the same four cards
    assert all(c.special is None for c in starting)


def test_thirty_six_action_cards_cover_the_eight_specials() -> None:
    content = reference_content()
    actions = [c for c in content.cards if not c.starting]
    assert len(actions) == 36
    specials = Counter(c.special for c in actions)
    assert len(specials) == 8
    assert min(specials.values()) >= 4
    assert all(c.main in BASIC for c in actions)


def test_specials_with_a_cost_keep_it() -> None:
    content = reference_content()
    assert content.special("running-jump").steps[0] is Primitive.DISCARD_CARD
    assert content.special("faster").steps == (Primitive.DISCARD_CARD, Primitive.MOVE_FORWARD)


def test_four_double_sided_action_tiles_cost_one_to_three_shells() -> None:
    sides = reference_content().action_tiles
    assert [s.id for s in sides] == ["Aa", "Ab", "Ba", "Bb", "Ca", "Cb", "Da", "Db"]
    assert {s.cost for s in sides} == {1, 2, 3}


def test_thirty_two_shells() -> None:
    assert reference_content().shells == 32


def test_every_reference_board_is_playable_from_every_start_space() -> None:
    layouts = 0
    for start, finish in itertools.product(("0A", "0B"), ("9A", "9B")):
        for count in (2, 3):
            for order in itertools.permutations("1234", count):
                for sides in itertools.product("AB", repeat=count):
                    beaches = tuple(n + s for n, s in zip(order, sides, strict=True))
                    build_layout(reference_content(), (start, *beaches, finish))
                    layouts += 1
    assert layouts == 4 * (12 * 4 + 24 * 8)


def test_the_data_files_ship_inside_the_package() -> None:
    assert sorted(p.name for p in DATA.iterdir() if p.name.endswith(".json")) == [
        "adventure.json",
        "board.json",
        "cards.json",
        "tokens.json",
    ]


# --- loading your own content -------------------------------------------------------------


def test_load_content_reads_a_directory(tmp_path: Path) -> None:
    write(reference_documents(), tmp_path)
    content = load_content(tmp_path)
    assert [c.id for c in content.cards] == [c.id for c in reference_content().cards]


def test_a_missing_file_is_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"board\.json: cannot read"):
        load_content(tmp_path)


def test_registered_content_is_playable_by_name(tmp_path: Path) -> None:
    docs = reference_documents()
    docs["tokens"]["shells"] = 40
    write(docs, tmp_path)
    register_content("forty-shells", load_content(tmp_path))
    state = initial_state(Config(players=3, content="forty-shells"), seed=1)
    assert state.supply == 40 - sum(
        get_layout("forty-shells", state.config.resolved_board()).spaces[c].shell
        for c in range(80)
    )
    assert legal_actions(state)


def test_reference_name_cannot_be_replaced() -> None:
    with pytest.raises(ContentError, match="already taken"):
        register_content("reference", reference_content())


def test_unknown_content_name_is_a_config_error() -> None:
    with pytest.raises(InvalidConfigError, match=r"^content: "):
        Config(content="nope")


# --- ContentError says where ------------------------------------------------------------------


def test_unknown_primitive_in_a_special_is_refused() -> None:
    docs = reference_documents()
    docs["cards"]["specials"][0]["steps"] = ["fly"]
    with pytest.raises(
        ContentError, match=r"cards\.json: special 'seagull': unknown primitive 'fly'"
    ):
        build(docs)


def test_unknown_primitive_in_an_action_tile_is_refused() -> None:
    docs = reference_documents()
    docs["tokens"]["action_tiles"][0]["sides"][0]["steps"] = ["teleport"]
    with pytest.raises(
        ContentError, match=r"tokens\.json: action tile side 'Aa': unknown primitive"
    ):
        build(docs)


def test_a_half_icon_must_be_a_basic_action() -> None:
    docs = reference_documents()
    docs["cards"]["action_cards"][0]["left"] = ["discard_card", None]
    with pytest.raises(ContentError, match="card 'a01': 'discard_card' is not a basic action"):
        build(docs)


def test_unknown_special_on_a_card_is_refused() -> None:
    docs = reference_documents()
    docs["cards"]["action_cards"][3]["special"] = "moonwalk"
    with pytest.raises(ContentError, match="card 'a04': unknown special 'moonwalk'"):
        build(docs)


def test_a_starting_set_of_other_than_four_cards_is_refused() -> None:
    docs = reference_documents()
    del docs["cards"]["starting_sets"][2]["cards"][0]
    with pytest.raises(ContentError, match="starting set 'blue' has 3 cards, not 4"):
        build(docs)


def test_five_starting_sets_are_needed() -> None:
    docs = reference_documents()
    del docs["cards"]["starting_sets"][4]
    with pytest.raises(ContentError, match="4 starting sets, 5 are needed"):
        build(docs)


def test_an_action_tile_without_two_sides_is_refused() -> None:
    docs = reference_documents()
    del docs["tokens"]["action_tiles"][1]["sides"][1]
    with pytest.raises(ContentError, match="action tile 'B' has 1 sides"):
        build(docs)


def test_a_document_of_the_wrong_shape_says_where() -> None:
    docs = reference_documents()
    docs["tokens"]["shells"] = "many"
    with pytest.raises(
        ContentError, match=r"tokens\.json: expected an int, got 'many' @ \$\.shells"
    ):
        build(docs)


def test_unknown_space_token_is_refused() -> None:
    docs = reference_documents()
    tile_doc(docs, "2A")["rows"][0] = ".$  .   %   .   .?"
    with pytest.raises(ContentError, match="tile '2A' row 3 column 2: unknown space '%'"):
        build(docs)


def test_a_row_of_other_than_five_spaces_is_refused() -> None:
    docs = reference_documents()
    tile_doc(docs, "1B")["rows"][1] = "o   .   #   #"
    with pytest.raises(ContentError, match="tile '1B' row 2: 4 spaces, not 5"):
        build(docs)


def test_a_current_pointing_off_the_board_is_refused() -> None:
    docs = reference_documents()
    tile_doc(docs, "2B")["rows"][1] = "<   .   .$  <   ."
    with pytest.raises(
        ContentError, match="tile '2B' row 2 column 0: the current points off the board"
    ):
        build(docs)


def test_a_shortcut_arrow_off_the_tile_is_refused() -> None:
    docs = reference_documents()
    tile_doc(docs, "1A")["shortcuts"][0]["to"] = [4, 4]
    with pytest.raises(
        ContentError, match="shortcut at \\[0, 3\\]: the arrow points off the tile"
    ):
        build(docs)


def test_a_shortcut_arrow_must_point_toward_the_sea() -> None:
    docs = reference_documents()
    tile_doc(docs, "3B")["shortcuts"][0]["to"] = [0, 0]
    with pytest.raises(ContentError, match="the arrow must point toward the sea"):
        build(docs)


def test_a_beach_side_without_three_surprise_spaces_is_refused() -> None:
    docs = reference_documents()
    tile_doc(docs, "4A")["rows"][0] = ".   .$  ^   .   ."
    with pytest.raises(ContentError, match="tile '4A': 2 Surprise spaces, a Beach side has 3"):
        build(docs)


def test_a_start_tile_without_start_spaces_one_to_five_is_refused() -> None:
    docs = reference_documents()
    tile_doc(docs, "0B")["rows"][1] = "5   3   1   2   2"
    with pytest.raises(
        ContentError, match="tile '0B': the land row must hold Start spaces 1 to 5"
    ):
        build(docs)


def test_a_dead_end_on_a_scenario_board_is_refused() -> None:
    docs = copy.deepcopy(reference_documents())
    # Row 1 of 1A becomes a wall except column 0: column 4 below it has no way forward.
    tile_doc(docs, "1A")["rows"][2] = ".$  #   #   #   #"
    tile_doc(docs, "1A")["rows"][1] = ".r  #   .$  .   .?"
    with pytest.raises(
        ContentError, match="scenario 'first-escape': row 2 column 4 is a dead end"
    ):
        build(docs)


def test_a_scenario_naming_an_unknown_tile_is_refused() -> None:
    docs = reference_documents()
    docs["board"]["scenarios"][0]["board"][1] = "7A"
    with pytest.raises(ContentError, match="scenario 'first-escape': unknown tile side '7A'"):
        build(docs)
