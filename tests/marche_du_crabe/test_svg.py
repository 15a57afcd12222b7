from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from crabrules.core.errors import InvalidConfigError
from crabrules.marche_du_crabe import (
    ITEMS,
    apply,
    initial_state,
    legal_actions,
    observe,
    render_svg,
)
from crabrules.marche_du_crabe._actions import Move, Place, Stay
from tests.snapshot import check_snapshot

NS = "{http://www.w3.org/2000/svg}"


def test_snapshot_of_sunnys_view_in_progress() -> None:
    state = initial_state(seed=7)
    for turn in range(9):
        actions = legal_actions(state)
        state = apply(state, actions[turn % len(actions)])
    check_snapshot("marche_du_crabe.svg", render_svg(observe(state, 1)))


def test_a_player_sees_only_their_own_forbidden_items() -> None:
    state = initial_state(seed=7)
    own = [ITEMS[i] for i in state.forbidden[1]]
    partner = [ITEMS[i] for i in state.forbidden[0]]
    picture = render_svg(observe(state, 1))
    panel = [t.text or "" for t in ET.fromstring(picture).iter(f"{NS}text")]
    line = next(text for text in panel if text.startswith("Your Forbidden Items"))
    assert all(name in line for name in own)
    assert not any(name in line for name in partner)
    assert not any(text.startswith("Your Forbidden") for text in _texts(render_svg(state)))


def test_the_crabs_token_is_on_its_card() -> None:
    state = initial_state(seed=7)
    root = ET.fromstring(render_svg(state))
    card = next(g for g in root.iter(f"{NS}g") if g.get("data-cell") == str(state.token))
    assert "Crabs" in [t.text for t in card.iter(f"{NS}text")]


def _texts(picture: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(picture).iter(f"{NS}text")]


def _rects(picture: str, class_: str) -> list[tuple[float, float]]:
    """The corners of the rectangles in the groups (or of the rectangles) of ``class_``."""
    root = ET.fromstring(picture)
    found = [e for e in root.iter() if e.get("class") == class_]
    rects = [r for e in found for r in ([e] if e.tag == f"{NS}rect" else e.iter(f"{NS}rect"))]
    return [(float(r.attrib["x"]), float(r.attrib["y"])) for r in rects]


# The default picture is 480 wide: a 22-pixel margin, then six cards of (480 - 44) / 6.
CARD = (480 - 44) / 6


def _corner(cell: int, inset: float) -> tuple[float, float]:
    row, column = divmod(cell, 6)
    return (round(22 + column * CARD + inset, 2), round(22 + row * CARD + inset, 2))


def test_the_last_placed_baddies_card_is_outlined() -> None:
    state = initial_state(seed=7)
    place = Place(0, 19)
    assert place in legal_actions(state)
    picture = render_svg(apply(state, place), last_action=place)
    assert _rects(picture, "last-move") == [_corner(19, 4)]
    assert _rects(render_svg(apply(state, place)), "last-move") == []


def test_the_crabs_last_move_and_stay_outline_their_card() -> None:
    state = apply(initial_state(seed=7), Place(0, 19))
    move = Move(0, 12)
    assert move in legal_actions(state)
    assert _rects(render_svg(apply(state, move), last_action=move), "last-move") == [
        _corner(12, 4)
    ]
    stay = Stay(0)
    if stay in legal_actions(state):
        after = apply(state, stay)
        assert _rects(render_svg(after, last_action=stay), "last-move") == [
            _corner(after.token, 4)
        ]


def test_highlighted_cards_are_shaded() -> None:
    picture = render_svg(initial_state(seed=7), highlight={0, 35})
    assert sorted(_rects(picture, "highlight")) == [_corner(0, 2), _corner(35, 2)]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("highlight", [36]),
        ("highlight", ["A1"]),
        ("highlight", "A1"),
        ("highlight", 3),
        ("last_action", "A1"),
        ("last_action", Move(0, 99)),
        ("last_action", Place(1, -1)),
    ],
)
def test_bad_marks_are_refused_naming_the_argument(field: str, value: object) -> None:
    with pytest.raises(InvalidConfigError, match=field):
        render_svg(initial_state(seed=7), **{field: value})  # type: ignore[arg-type]
