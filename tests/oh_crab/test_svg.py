from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs

from crabrules.oh_crab import Config, apply, initial_state, legal_actions, observe, render_svg
from crabrules.oh_crab.content.components import SpaceType
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
