"""Setup: scenarios, free choice, quick variant, Market, Start spaces, shells; configs."""

from __future__ import annotations

import pytest

from crabrules.core.errors import DeserializationError, InvalidConfigError
from crabrules.core.serialize import from_dict, from_json, to_dict, to_json
from crabrules.oh_crab import SCENARIOS, Config, State, initial_state, legal_actions
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.engine._turns import refill

EXPECTED = {
    "first-escape": (("0A", "1A", "2A", "3A", "9A"), ("Aa", "Ba", "Ca")),
    "sand-games": (("0B", "3A", "1A", "4A", "9A"), ("Ab", "Bb", "Cb")),
    "surfers-beach": (("0A", "3A", "1B", "2A", "9A"), ("Aa", "Db", "Ca")),
    "shortcut": (("0B", "1B", "4A", "3B", "9B"), ("Ab", "Da", "Ba")),
    "wild-beach": (("0A", "2B", "4B", "1A", "9B"), ("Ab", "Bb", "Db")),
    "pirate-island": (("0B", "4B", "3B", "2B", "9B"), ("Aa", "Da", "Cb")),
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_scenarios_by_name_set_the_board_and_the_action_tiles(scenario: str) -> None:
    config = Config(players=5, scenario=scenario)
    assert (config.resolved_board(), config.resolved_action_tiles()) == EXPECTED[scenario]
    assert legal_actions(initial_state(config, seed=3))


def test_free_choice_of_tiles_and_sides() -> None:
    config = Config(
        scenario=None, board=("0B", "4A", "1B", "2B", "9A"), action_tiles=("Db", "Aa", "Cb")
    )
    assert rules_for(config).layout.board == ("0B", "4A", "1B", "2B", "9A")
    assert [t.id for t in rules_for(config).tiles] == ["Db", "Aa", "Cb"]


def test_quick_variant_plays_two_beach_tiles() -> None:
    assert rules_for(Config(quick=True)).layout.rows == 2 + 2 * 4 + 2
    free = Config(
        scenario=None, board=("0A", "4B", "2A", "9B"), action_tiles=("Aa", "Ba", "Ca"), quick=True
    )
    assert rules_for(free).layout.rows == 12


def test_the_rules_of_a_config_follow_the_config_asked_for_each_time() -> None:
    # rules_for checks the Config it was asked for last by identity, before its cache.
    four, three, quick = Config(players=4), Config(players=3), Config(players=3, quick=True)
    for config in (four, three, four, quick, Config(players=4), three, quick):
        rules = rules_for(config)
        assert rules.players == config.players
        assert (rules.layout.rows == 2 + 2 * 4 + 2) == config.quick
        assert rules is rules_for(Config(players=config.players, quick=config.quick))


def free_choice(board: tuple[str, ...], action_tiles: tuple[str, ...]) -> dict[str, object]:
    """The Config fields of a freely chosen board and Additional Action tiles."""
    return {"scenario": None, "board": board, "action_tiles": action_tiles}


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"players": 1}, "players"),
        ({"players": 6}, "players"),
        ({"colours": ("red", "blue", "green")}, "colours"),
        ({"players": 2, "colours": ("red", "red", "blue", "green")}, "colours"),
        ({"players": 2, "colours": ("red", "pink", "blue", "green")}, "colours"),
        ({"colours": ["red", "orange", "blue", "green"]}, "colours"),
        (
            {"players": 2, **free_choice(("0A", "1A", "2A", "3A", "9A"), ("Aa", "Ba", "Ca"))},
            "board",
        ),
        ({"scenario": "beach-party"}, "scenario"),
        ({"board": ("0A", "1A", "2A", "3A", "9A")}, "scenario"),
        (free_choice(("0A", "1A", "1B", "3A", "9A"), ("Aa", "Ba", "Ca")), "board"),
        (free_choice(("1A", "0A", "2A", "3A", "9A"), ("Aa", "Ba", "Ca")), "board"),
        (free_choice(("0A", "1A", "2A", "3A", "9A"), ("Aa", "Ab", "Ca")), "action_tiles"),
        (free_choice(("0A", "1A", "2A", "9A"), ("Aa", "Ba", "Ca")), "board"),
        (free_choice(("0A", "1A", "2A", "3A", "9A"), ("Zz", "Ba", "Ca")), "action_tiles"),
        ({"players": "4"}, "players"),
        ({"players": None}, "players"),
        ({"players": True}, "players"),
        ({"scenario": 3}, "scenario"),
        ({"scenario": None, "board": 5, "action_tiles": ("Aa", "Ba", "Ca")}, "board"),
        ({"scenario": None, "board": ["0A", "1A", "2A", "3A", "9A"]}, "board"),
        (
            {"scenario": None, "board": ("0A", "1A", "2A", "3A", "9A"), "action_tiles": None},
            "action_tiles",
        ),
        (
            {"scenario": None, "board": ("0A", 1, "2A", "3A", "9A"), "action_tiles": ()},
            "board",
        ),
        ({"quick": "yes"}, "quick"),
        ({"quick": 1}, "quick"),
        ({"content": None}, "content"),
        ({"content": ["reference"]}, "content"),
    ],
)
def test_bad_configs_name_the_field(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidConfigError, match=f"^{field}: "):
        Config(**kwargs)  # type: ignore[arg-type]


def test_first_player_is_random_takes_the_cook_and_start_space_one() -> None:
    firsts = set()
    for seed in range(30):
        state = initial_state(Config(players=5), seed=seed)
        starts = rules_for(state.config).layout.starts
        firsts.add(state.cook)
        for k in range(5):  # the others follow clockwise on 2, 3, 4, 5
            assert state.crabs[(state.cook + k) % 5] == starts[k]
    assert firsts == {0, 1, 2, 3, 4}


def test_start_spaces_follow_their_printed_numbers() -> None:
    layout = rules_for(Config(scenario="sand-games")).layout  # 0B: 5 3 1 2 4
    assert layout.starts == (2, 3, 1, 4, 0)


def test_each_player_holds_the_four_starting_cards_of_their_colour() -> None:
    state = initial_state(Config(players=3), seed=1)
    cards = rules_for(state.config).cards
    assert [[cards[c].id for c in h] for h in state.hands][1] == [
        "orange-1",
        "orange-2",
        "orange-3",
        "orange-4",
    ]
    assert {cards[c].colour for c in state.removed} == {"green", "brown"}


def test_market_shows_three_different_specials() -> None:
    for seed in range(20):
        state = initial_state(Config(), seed=seed)
        specials = rules_for(state.config).special_ids
        tops = [specials[p[-1]] for p in state.market]
        assert len(set(tops)) == 3
        for pile in state.market:  # a pile stacks equal special actions only
            assert len({specials[c] for c in pile}) == 1


def test_market_setup_stacks_equal_special_actions() -> None:
    piles: list[list[int]] = [[], [], []]
    draw = [0, 1, 2, 3, 4]
    refill(piles, draw, ["gull", "jump", "gull", "jump", "fast"])
    assert piles == [[0, 2], [1, 3], [4]]
    assert draw == []


def test_one_shell_on_each_shell_space_the_rest_in_the_supply() -> None:
    state = initial_state(Config(), seed=1)
    shell_spaces = sum(rules_for(state.config).shell)
    assert shell_spaces > 0
    assert state.supply == 32 - shell_spaces
    assert state.shells == (0, 0, 0, 0)


def test_states_round_trip_through_json() -> None:
    state = initial_state(Config(players=5, scenario="wild-beach"), seed=9)
    assert from_json(to_json(state), State) == state


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("crabs", 0), 21),  # an inaccessible space
        (("crabs", 1), 0),  # two crabs on one space
        (("hands", 0), [0, 0]),  # a card in two places
        (("supply",), 3),  # shells do not add up
        (("cook",), 7),
        (("shells",), [0, 0, 0]),  # wrong length
        (("crabs", 0), -1),  # a crab in the sea, yet a new round is being planned
    ],
)
def test_corrupt_state_documents_are_refused(path: tuple[object, ...], value: object) -> None:
    document = to_dict(initial_state(Config(), seed=2))
    node = document
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(DeserializationError):
        from_dict(document, State)
