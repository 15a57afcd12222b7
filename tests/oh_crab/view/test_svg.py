from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import attrs
import pytest

from crabrules.core.errors import InvalidConfigError
from crabrules.oh_crab import (
    Config,
    State,
    apply,
    initial_state,
    legal_actions,
    observe,
    render_svg,
)
from crabrules.oh_crab.content._components import SEA, SpaceType
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.model._actions import Activate, Move, Place, Plan
from tests.snapshot import check_snapshot

NS = "{http://www.w3.org/2000/svg}"


def test_snapshot_of_reds_view_in_progress() -> None:
    state = initial_state(Config(players=3), seed=2)
    for turn in range(40):
        actions = legal_actions(state)
        state = apply(state, actions[turn * 7 % len(actions)])
    check_snapshot("oh_crab.svg", render_svg(observe(state, 0)))


def test_every_space_is_drawn_with_its_type() -> None:
    state = initial_state(Config(players=3), seed=2)
    root = ET.fromstring(render_svg(state))
    types = {g.attrib["data-type"] for g in root.iter(f"{NS}g") if g.get("class") == "space"}
    assert {SpaceType.STANDARD.value, SpaceType.START.value} <= types
    assert types <= {t.value for t in SpaceType}


def test_a_knocked_over_crab_lies_on_its_side() -> None:
    state = initial_state(Config(players=3), seed=2)
    knocked = attrs.evolve(state, knocked=(True, False, False))
    root = ET.fromstring(render_svg(knocked))
    crabs = {g.attrib["data-player"]: g for g in root.iter(f"{NS}g") if g.get("class") == "crab"}
    assert crabs["0"].attrib["data-knocked"] == "true"
    assert crabs["0"].find(f"{NS}ellipse") is not None
    assert crabs["1"].find(f"{NS}ellipse") is None


def test_the_viewers_hand_is_listed_and_nobody_elses() -> None:
    state = initial_state(Config(players=3), seed=2)
    assert "Your Hand (" in render_svg(observe(state, 1))
    assert "Your Hand (" not in render_svg(state)


def _last_move(picture: str) -> ET.Element:
    (group,) = [g for g in ET.fromstring(picture).iter(f"{NS}g") if g.get("class") == "last-move"]
    return group


def _space_corner(picture: str, cell: int) -> tuple[float, float]:
    (group,) = [
        g
        for g in ET.fromstring(picture).iter(f"{NS}g")
        if g.get("class") == "space" and g.get("data-cell") == str(cell)
    ]
    rect = group.find(f"{NS}rect")
    assert rect is not None
    return (float(rect.attrib["x"]), float(rect.attrib["y"]))


def _outlined_cells(picture: str) -> list[tuple[float, float]]:
    """The corners of the outlined spaces (the player's heading, the widest one, left out)."""
    rects = list(_last_move(picture).iter(f"{NS}rect"))
    side = min(float(r.attrib["width"]) for r in rects)
    inset = float(rects[0].attrib["stroke-width"]) / 2
    return [
        (round(float(r.attrib["x"]) - inset, 2), round(float(r.attrib["y"]) - inset, 2))
        for r in rects
        if float(r.attrib["width"]) == side and r.get("rx") is None
    ]


def _with_a_push() -> tuple[State, Move]:
    """A position of a seeded random game where a move pushes a crab along the board."""
    state = initial_state(Config(players=4), seed=0)
    rnd = random.Random(0)
    for _ in range(400):
        actions = legal_actions(state)
        pushes = [a for a in actions if isinstance(a, Move) and a.pushes and SEA not in a.pushes]
        if pushes:
            return state, pushes[0]
        state = apply(state, rnd.choice(actions))
    raise AssertionError("no push in 400 steps of the seeded game")


def test_a_last_move_outlines_its_spaces_and_each_push() -> None:
    state, move = _with_a_push()
    picture = render_svg(apply(state, move), last_action=move)
    chain = (move.dest, *move.pushes)
    assert _outlined_cells(picture) == [_space_corner(picture, c) for c in chain]
    assert len(_last_move(picture).findall(f"{NS}line")) == len(move.pushes)


def test_a_card_action_outlines_only_its_players_heading() -> None:
    state = initial_state(Config(players=3), seed=2)
    while not any(isinstance(a, Plan) for a in legal_actions(state)):
        state = apply(state, legal_actions(state)[0])
    plan = next(a for a in legal_actions(state) if isinstance(a, Plan))
    group = _last_move(render_svg(apply(state, plan), last_action=plan))
    (heading,) = group.iter(f"{NS}rect")
    assert heading.get("rx") == "4"
    assert group.find(f"{NS}line") is None


def test_a_placed_crab_outlines_its_space() -> None:
    state = initial_state(Config(players=2), seed=3)  # the 2-player mode places its crabs
    place = next(a for a in legal_actions(state) if isinstance(a, Place))
    picture = render_svg(apply(state, place), last_action=place)
    assert _outlined_cells(picture) == [_space_corner(picture, place.space)]


def test_highlighted_spaces_are_shaded() -> None:
    picture = render_svg(initial_state(seed=3), highlight=(0, 12))
    shaded = [
        g.get("data-cell")
        for g in ET.fromstring(picture).iter(f"{NS}g")
        if g.find(f"{NS}rect[@class='highlight']") is not None
    ]
    assert shaded == ["0", "12"]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("highlight", [999]),
        ("highlight", [-1]),
        ("highlight", "c4"),
        ("last_action", "c4"),
        ("last_action", Move(0, 999)),
        ("last_action", Move(0, 3, pushes=(999,))),
        ("last_action", Activate(0, 40)),
        ("last_action", Plan(9, 0)),
    ],
)
def test_bad_marks_are_refused_naming_the_argument(field: str, value: object) -> None:
    with pytest.raises(InvalidConfigError, match=field):
        render_svg(initial_state(seed=3), **{field: value})  # type: ignore[arg-type]


def _cards(picture: str, kind: str = "card") -> list[str]:
    root = ET.fromstring(picture)
    return [g.attrib["data-card"] for g in root.iter(f"{NS}g") if g.get("class") == kind]


def test_the_market_and_the_viewers_hand_are_drawn_as_cards() -> None:
    state = initial_state(Config(players=4), seed=2)
    rules = rules_for(state.config)
    view = observe(state, 1)
    market = [rules.cards[pile[-1]].id for pile in view.market]
    hand = [rules.cards[card].id for card in view.hand]
    assert _cards(render_svg(view)) == market + hand
    assert _cards(render_svg(state)) == market  # a spectator sees no Hand


def test_a_trace_is_a_row_of_small_cards_and_no_legend_is_needed() -> None:
    state = initial_state(Config(players=3), seed=2)
    for turn in range(40):
        actions = legal_actions(state)
        state = apply(state, actions[turn * 7 % len(actions)])
    rules = rules_for(state.config)
    picture = render_svg(state)
    traces = [rules.cards[c].id for trace in state.traces for c in trace]
    assert traces
    assert _cards(picture, "trace-card") == traces
    words = " ".join(ET.fromstring(picture).itertext())
    assert "Spaces:" not in words
    assert "a disc with" not in words


def test_the_crab_whose_turn_it_is_is_ringed() -> None:
    state = initial_state(Config(players=3), seed=2)
    while state.turn is None or state.turn.crab < 0:
        state = apply(state, legal_actions(state)[0])
    root = ET.fromstring(render_svg(state))
    ringed = [
        g.attrib["data-crab"]
        for g in root.iter(f"{NS}g")
        if g.get("class") == "crab" and g.find(f"{NS}circle[@class='acting']") is not None
    ]
    assert ringed == [str(state.turn.crab)]
