from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from crabrules.core.errors import InvalidConfigError
from crabrules.youve_got_crabs import (
    Config,
    apply,
    initial_state,
    legal_actions,
    observe,
    render_svg,
)
from crabrules.youve_got_crabs._actions import PutDown, Swap
from crabrules.youve_got_crabs._cards import card_name
from tests.snapshot import check_snapshot

NS = "{http://www.w3.org/2000/svg}"


def _hand_texts(picture: str, player: int) -> list[str]:
    root = ET.fromstring(picture)
    return [
        t.text or ""
        for g in root.iter(f"{NS}g")
        if g.get("data-player") == str(player)
        for t in g.iter(f"{NS}text")
    ]


def test_snapshot_of_player_0s_table_in_progress() -> None:
    state = initial_state(seed=2)
    for turn in range(9):
        actions = legal_actions(state)
        state = apply(state, actions[turn * 7 % len(actions)])
    check_snapshot("youve_got_crabs.svg", render_svg(observe(state, 0)))


def test_a_player_sees_their_own_hand_and_never_an_unseen_card_of_another() -> None:
    state = initial_state(seed=2)
    picture = render_svg(observe(state, 0))
    own = " ".join(_hand_texts(picture, 0))
    for card in state.hands[0]:
        assert all(word in own for word in card_name(state.config, card).split())
    for other in (1, 2, 3):
        assert [t for t in _hand_texts(picture, other) if t not in "1234"] == []
    spectator = render_svg(state)
    assert [t for t in _hand_texts(spectator, 0) if t not in "1234"] == []


def _last_move(picture: str) -> ET.Element:
    (group,) = [g for g in ET.fromstring(picture).iter(f"{NS}g") if g.get("class") == "last-move"]
    return group


def _card_corner(picture: str, **data: int) -> tuple[float, float]:
    """Where the card with these ``data-*`` attributes is drawn (its first rectangle)."""
    wanted = {f"data-{k}": str(v) for k, v in data.items()}
    (group,) = [
        g
        for g in ET.fromstring(picture).iter(f"{NS}g")
        if all(g.get(k) == v for k, v in wanted.items()) and "card" in (g.get("class") or "")
    ]
    rect = group.find(f"{NS}rect")
    assert rect is not None
    return (float(rect.attrib["x"]), float(rect.attrib["y"]))


def test_the_last_swap_outlines_both_cards_with_a_line_between() -> None:
    state = initial_state(seed=2)
    swap = Swap(0, 1, 2)
    assert swap in legal_actions(state)
    picture = render_svg(apply(state, swap), last_action=swap)
    group = _last_move(picture)
    corners = [
        (float(r.attrib["x"]) + 2, float(r.attrib["y"]) + 2) for r in group.iter(f"{NS}rect")
    ]
    assert corners == [
        _card_corner(picture, player=0, slot=1),
        _card_corner(picture, ocean=2),
    ]
    assert len(group.findall(f"{NS}line")) == 1


def test_another_last_action_outlines_its_players_row() -> None:
    state = initial_state(seed=2)
    put_down = PutDown(0)
    assert put_down in legal_actions(state)
    group = _last_move(render_svg(apply(state, put_down), last_action=put_down))
    (row,) = group.iter(f"{NS}rect")
    assert float(row.attrib["y"]) == 200 - 4  # player 0's row, at the default width
    assert group.find(f"{NS}line") is None


def test_highlighted_cards_are_shaded() -> None:
    state = initial_state(seed=2)
    picture = render_svg(state, highlight=[(None, 3), (2, 0)])
    shaded = [
        g
        for g in ET.fromstring(picture).iter(f"{NS}g")
        if g.find(f"{NS}rect[@class='highlight']") is not None
    ]
    assert [(g.get("data-ocean"), g.get("data-player"), g.get("data-slot")) for g in shaded] == [
        ("3", None, None),
        (None, "2", "0"),
    ]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("highlight", [(None, 4)]),
        ("highlight", [(9, 0)]),
        ("highlight", [3]),
        ("highlight", "A"),
        ("last_action", "P0 1A"),
        ("last_action", Swap(0, 0, 7)),
        ("last_action", Swap(12, 0, 0)),
    ],
)
def test_bad_marks_are_refused_naming_the_argument(field: str, value: object) -> None:
    with pytest.raises(InvalidConfigError, match=field):
        render_svg(initial_state(seed=2), **{field: value})  # type: ignore[arg-type]


def test_players_are_named_by_their_teams_colour_never_by_number() -> None:
    state = initial_state(Config(teams=3), seed=2)
    words = " ".join(ET.fromstring(render_svg(observe(state, 0))).itertext())
    for name in ("Red 1", "Red 2", "Blue 1", "Blue 2", "Green 1", "Green 2"):
        assert name in words
    # who plays now is said by name: the side the License points at
    assert "Red 1, Blue 1 and Green 1 play" in words
    for jargon in ("P0", "P1", "T0", "T1", "side 0", "side 1", "License: side"):
        assert jargon not in words, jargon
