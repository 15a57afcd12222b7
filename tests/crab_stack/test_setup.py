"""Components and Setup: players and colours, the first player, the crabs, the layouts.

Also the page's decisions 1 (the board) and 10 (setup from the seed), and bad configs.
"""

from __future__ import annotations

from collections import Counter

import pytest

from crabrules import InvalidConfigError
from crabrules import crab_stack as cs
from crabrules.crab_stack._board import is_connected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_each_with_a_default_colour(players: int) -> None:
    config = cs.Config(players=players)
    assert config.colours == ("red", "blue", "green", "yellow")[:players]
    assert cs.num_players(cs.initial_state(config, seed=0)) == players


def test_colours_can_be_named() -> None:
    config = cs.Config(players=2, colours=("orange", "purple"))
    assert "o = orange, p = purple" in cs.render(cs.initial_state(config, seed=0))


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"players": 1}, "players"),
        ({"players": 5}, "players"),
        ({"players": "2"}, "players"),
        ({"colours": ("red",)}, "colours"),
        ({"colours": ("red", "red")}, "colours"),
        ({"colours": ("red", "")}, "colours"),
        ({"first_player": 2}, "first_player"),
        ({"first_player": -1}, "first_player"),
        ({"max_turns": 0}, "max_turns"),
        ({"layout": ((0, 0),) * 18}, "layout"),
        ({"layout": tuple((q, 0) for q in range(17))}, "layout"),
        ({"layout": tuple((2 * q, 0) for q in range(18))}, "layout"),
        ({"layout": ((0, 0, 0),)}, "layout"),
        ({"layout": list(cs.reference_layout(2))}, "layout"),
        ({"layout": ((True, 0),) * 18}, "layout"),
        ({"players": 3, "layout": cs.reference_layout(2)}, "layout"),
        ({"players": True}, "players"),
        ({"players": 2**80}, "players"),
        ({"colours": ["red", "blue"]}, "colours"),
        ({"first_player": True}, "first_player"),
        ({"max_turns": True}, "max_turns"),
        ({"max_turns": "3"}, "max_turns"),
    ],
)
def test_bad_configs_raise_invalid_config_error_naming_the_field(
    kwargs: dict[str, object], field: str
) -> None:
    with pytest.raises(InvalidConfigError, match=f"^{field}: "):
        cs.Config(**kwargs)  # type: ignore[arg-type]


def test_first_player_from_the_config() -> None:
    for first in range(3):
        config = cs.Config(players=3, first_player=first)
        assert all(cs.initial_state(config, seed=s).to_move == first for s in range(10))


def test_first_player_drawn_from_the_seed_by_default() -> None:
    firsts = [cs.initial_state(cs.Config(players=4), seed=s).to_move for s in range(40)]
    assert set(firsts) == {0, 1, 2, 3}
    again = [cs.initial_state(cs.Config(players=4), seed=s).to_move for s in range(40)]
    assert firsts == again


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nine_crabs_per_colour_three_of_each_size_one_per_space(players: int) -> None:
    state = cs.initial_state(cs.Config(players=players), seed=5)
    assert all(len(stack) == 1 for stack in state.stacks)
    counts = Counter(stack[0] for stack in state.stacks)
    assert counts == {cs.crab(p, size): 3 for p in range(players) for size in cs.Size}


def test_setup_is_random_from_the_seed() -> None:
    config = cs.Config(players=3)
    assert cs.initial_state(config, seed=8) == cs.initial_state(config, seed=8)
    setups = {cs.initial_state(config, seed=s).stacks for s in range(10)}
    assert len(setups) == 10


def _distance(qr: tuple[int, int]) -> int:
    q, r = qr
    return max(abs(q), abs(r), abs(q + r))


def _adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return _distance((a[0] - b[0], a[1] - b[1])) == 1


def test_reference_layouts_are_rings_around_open_water() -> None:
    two, three, four = (set(cs.reference_layout(p)) for p in (2, 3, 4))
    # Distances from the centre, computed here from the coordinates, not from ring().
    assert two == {
        (q, r) for q in range(-2, 3) for r in range(-2, 3) if 1 <= _distance((q, r)) <= 2
    }
    assert four == {
        (q, r) for q in range(-3, 4) for r in range(-3, 4) if 1 <= _distance((q, r)) <= 3
    }
    assert two < three < four
    assert (len(two), len(three), len(four)) == (18, 27, 36)
    assert (0, 0) not in four  # the centre is open water
    assert all(is_connected(tuple(layout)) for layout in (two, three, four))


def test_three_players_use_every_other_space_of_ring_three() -> None:
    three = set(cs.reference_layout(3))
    outer = {qr for qr in cs.reference_layout(4) if _distance(qr) == 3}
    used, unused = three & outer, outer - three
    assert len(used) == len(unused) == 9
    # Alternating round the ring: no two used spaces touch, and every unused space lies
    # between two used ones.
    assert not any(_adjacent(a, b) for a in used for b in used)
    assert all(sum(_adjacent(a, b) for b in used) == 2 for a in unused)
    # So a turn of 120 degrees maps the board onto itself: (q, r) -> (r, -q - r).
    assert {(r, -q - r) for q, r in three} == three


def test_reference_layout_cells_are_in_reading_order() -> None:
    layout = cs.reference_layout(4)
    assert list(layout) == sorted(layout, key=lambda qr: (qr[1], qr[0]))


def test_a_user_layout_is_played_on() -> None:
    layout = tuple((q, r) for r in range(3) for q in range(6))  # a 6 x 3 parallelogram
    state = cs.initial_state(cs.Config(layout=layout), seed=2)
    assert state.config.spaces == layout
    assert len(state.stacks) == 18
    assert cs.legal_actions(state)


@pytest.mark.parametrize("players", [0, 1, 5, -3, True, 2.0, [2]])
def test_there_is_no_reference_layout_for_other_player_counts(players: object) -> None:
    with pytest.raises(InvalidConfigError, match=r"^players: "):
        cs.reference_layout(players)
