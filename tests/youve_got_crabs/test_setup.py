"""Components and players, and Setup steps 2 to 7: seating, removed types, the deal, tokens,
the License; bad configs raise InvalidConfigError naming the field."""

from __future__ import annotations

from collections import Counter

import pytest

from crabrules.core import InvalidConfigError
from crabrules.youve_got_crabs import (
    IMITATION_CRAB,
    REFERENCE_TYPES,
    Config,
    Phase,
    active_players,
    deck,
    initial_state,
    num_players,
    table,
)


@pytest.mark.parametrize("teams", [2, 3, 4, 5])
def test_two_to_five_teams_of_two_players(teams: int) -> None:
    state = initial_state(Config(teams=teams), seed=1)
    assert num_players(state) == 2 * teams
    assert active_players(state) == frozenset(range(2 * teams))


@pytest.mark.parametrize("teams", [1, 6, 0, -2, True, "2"])
def test_fewer_than_two_or_more_than_five_teams_are_refused(teams: object) -> None:
    with pytest.raises(InvalidConfigError, match=r"^teams: "):
        Config(teams=teams)  # type: ignore[arg-type]


def test_partners_sit_on_opposite_sides_so_each_side_has_one_player_of_every_team() -> None:
    seats = table(Config(teams=5))
    for side in (0, 1):
        assert sorted(seats.team_of[p] for p in seats.side_players[side]) == list(range(5))
    for p in range(10):
        partner = seats.partner_of[p]
        assert seats.team_of[partner] == seats.team_of[p]
        assert seats.side_of[partner] != seats.side_of[p]
        assert seats.side_of[p] == p % 2


def test_explicit_seating_names_each_players_team() -> None:
    seats = table(Config(seating=(0, 1, 1, 0)))
    assert seats.team_of == (0, 1, 1, 0)
    assert seats.partner_of == (3, 2, 1, 0)
    assert seats.team_players == ((0, 3), (1, 2))


@pytest.mark.parametrize(
    "seating", [(0, 0, 1), (0, 1, 0, 1), (0, 0, 1, 2), (0, 0, 1, 1, 2, 2), (0, 0, -1, -1)]
)
def test_a_seating_needs_each_team_once_on_each_side(seating: tuple[int, ...]) -> None:
    with pytest.raises(InvalidConfigError, match=r"^seating: "):
        Config(seating=seating)


def test_reference_deck_is_thirteen_types_of_six_cards() -> None:
    config = Config(teams=4)
    assert config.types == REFERENCE_TYPES
    assert len(REFERENCE_TYPES) == 13
    assert Counter(deck(config)) == dict.fromkeys(range(13), 6)


@pytest.mark.parametrize("teams", [2, 3])
def test_two_or_three_teams_remove_the_last_two_types(teams: int) -> None:
    cards = set(deck(Config(teams=teams)))
    assert cards == set(range(11))


def test_removed_types_are_configurable() -> None:
    config = Config(removed_types=("Crabbi", "King Crab"))
    assert set(deck(config)) == set(range(13)) - {1, 8}
    assert set(deck(Config(removed_types=()))) == set(range(13))


def test_four_or_five_teams_remove_no_type() -> None:
    assert set(deck(Config(teams=4))) == set(range(13))
    assert set(deck(Config(teams=5, removed_types=()))) == set(range(13))


@pytest.mark.parametrize("teams", [4, 5])
def test_removed_types_with_four_or_five_teams_are_refused(teams: int) -> None:
    # Setup, step 3 removes types only with 2 or 3 teams: a removal asked for with more
    # teams is not silently ignored.
    with pytest.raises(InvalidConfigError, match=r"^removed_types: "):
        Config(teams=teams, removed_types=("Crabbi",))


def test_types_and_copies_are_data() -> None:
    config = Config(types=("Ab Crab", "Jab Crab", "Taxi Crab"), copies=8, removed_types=())
    assert Counter(deck(config)) == {0: 8, 1: 8, 2: 8}


def test_imitation_crab_adds_one_wild_card_to_the_deck() -> None:
    assert Counter(deck(Config(imitation_crab=True)))[IMITATION_CRAB] == 1
    assert IMITATION_CRAB not in deck(Config())


def test_setup_deals_four_cards_each_an_ocean_of_four_and_the_rest_is_the_draw_pile() -> None:
    config = Config(teams=3, imitation_crab=True)
    state = initial_state(config, seed=11)
    assert all(len(hand) == 4 for hand in state.hands)
    assert len(state.hands) == 6
    assert len(state.ocean) == 4
    assert state.discard == ()
    cards = [c for h in state.hands for c in h] + [*state.ocean, *state.draw]
    assert Counter(cards) == Counter(deck(config))


def test_each_team_takes_two_tokens_and_eight_form_the_pot() -> None:
    state = initial_state(Config(teams=5), seed=2)
    assert state.tokens == (2, 2, 2, 2, 2)
    assert state.pot == 8


@pytest.mark.parametrize("side", [0, 1])
def test_the_license_points_at_the_first_side(side: int) -> None:
    state = initial_state(Config(first_side=side), seed=2)
    assert state.license == side
    assert state.phase is Phase.PLAY
    assert not state.swapped
    assert not state.down


def test_the_same_seed_deals_the_same_game() -> None:
    assert initial_state(seed=42) == initial_state(seed=42)
    assert initial_state(seed=42).hands != initial_state(seed=43).hands


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"copies": 3}, "copies"),
        ({"copies": "6"}, "copies"),
        ({"types": ()}, "types"),
        ({"types": ("Ab Crab", "Ab Crab", "Jab Crab")}, "types"),
        ({"types": ("Ab Crab", "")}, "types"),
        ({"removed_types": ("Sea Crab",)}, "removed_types"),
        ({"removed_types": ("Crabbi", "Crabbi")}, "removed_types"),
        ({"types": ("Ab Crab", "Jab Crab"), "copies": 20}, "removed_types"),
        ({"removed_types": ("Crabbi", 1)}, "removed_types"),
        ({"removed_types": ["Crabbi"]}, "removed_types"),
        ({"copies": 25}, "copies"),
        ({"copies": 10**9}, "copies"),
        ({"types": tuple(f"Crab {i}" for i in range(53))}, "types"),
        ({"first_side": 2}, "first_side"),
        ({"imitation_crab": 1}, "imitation_crab"),
        ({"teams": 5, "types": ("Ab Crab", "Jab Crab"), "copies": 20}, "copies"),
    ],
)
def test_bad_configs_name_the_field(fields: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidConfigError, match=rf"^{field}: "):
        Config(**fields)  # type: ignore[arg-type]
