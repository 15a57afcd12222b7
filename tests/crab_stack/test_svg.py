from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

import pytest

from crabrules import crab_stack
from crabrules.core import InvalidConfigError
from crabrules.crab_stack import Config, Move, apply, initial_state, legal_actions, render_svg
from tests.crab_stack.helpers import sketch
from tests.snapshot import check_snapshot

SVG = "{http://www.w3.org/2000/svg}"

NS = "{http://www.w3.org/2000/svg}"


def _midgame() -> crab_stack.State:
    state = initial_state(Config(players=3), seed=1)
    for turn in range(12):
        actions = legal_actions(state)
        state = apply(state, actions[turn % len(actions)])
    return state


def test_snapshot_of_a_three_player_game_in_progress() -> None:
    check_snapshot("crab_stack.svg", render_svg(_midgame()))


def test_every_space_is_a_group_named_by_its_cell_and_label() -> None:
    state = initial_state(seed=1)
    root = ET.fromstring(render_svg(state))
    cells = [g for g in root.iter(f"{NS}g") if g.get("class") == "cell"]
    assert [int(g.attrib["data-cell"]) for g in cells] == list(range(len(state.stacks)))
    assert [g.attrib["data-label"] for g in cells] == list(state.config.geometry.labels)


def test_a_stack_draws_one_disc_per_crab_and_its_height() -> None:
    state = initial_state(seed=1)
    move = next(a for a in legal_actions(state) if isinstance(a, Move))
    after = apply(state, move)
    root = ET.fromstring(render_svg(after))
    group = next(g for g in root.iter(f"{NS}g") if g.get("data-cell") == str(move.dst))
    discs = list(group.iter(f"{NS}circle"))
    assert len(discs) == 3  # two crabs and the height badge
    assert "2" in [t.text for t in group.iter(f"{NS}text")]


def test_labels_can_be_left_out() -> None:
    state = initial_state(seed=1)
    assert ">C4<" in render_svg(state)
    assert ">C4<" not in render_svg(state, labels=False)


def test_the_last_move_is_outlined_with_an_arrow_between_its_spaces() -> None:
    state = initial_state(seed=1)
    move = legal_actions(state)[0]
    picture = ET.fromstring(render_svg(apply(state, move), last_action=move))
    (group,) = [g for g in picture.iter(f"{SVG}g") if g.get("class") == "last-move"]
    assert len(group.findall(f"{SVG}polygon")) == 2
    assert len(group.findall(f"{SVG}line")) == 1


def test_highlighted_cells_are_shaded_and_bad_cells_refused() -> None:
    state = initial_state(seed=1)
    plain = render_svg(state)
    shaded = render_svg(state, highlight={0, 5})
    assert shaded.count('fill="#ffe45c"') == 2
    assert plain.count('fill="#ffe45c"') == 0
    with pytest.raises(InvalidConfigError, match="highlight"):
        render_svg(state, highlight=[99])
    with pytest.raises(InvalidConfigError, match="highlight"):
        render_svg(state, highlight=3)  # type: ignore[arg-type]  # not a collection at all
    with pytest.raises(InvalidConfigError, match="last_action"):
        render_svg(state, last_action="E3-D4")  # type: ignore[arg-type]


def _outline_points(shape: ET.Element) -> list[tuple[float, float]]:
    """Points every pixel or so along a last-move mark (a ring, an outline or a line)."""
    tag = shape.tag.removeprefix(NS)
    if tag == "circle":
        cx, cy, r = (float(shape.attrib[k]) for k in ("cx", "cy", "r"))
        return [
            (cx + r * math.cos(k * math.tau / 360), cy + r * math.sin(k * math.tau / 360))
            for k in range(360)
        ]
    if tag == "line":
        ends = [(float(shape.attrib[f"x{i}"]), float(shape.attrib[f"y{i}"])) for i in (1, 2)]
    else:
        pairs = (p.split(",") for p in shape.attrib["points"].split())
        ends = [(float(x), float(y)) for x, y in pairs]
        ends.append(ends[0])
    points = []
    for (x1, y1), (x2, y2) in itertools.pairwise(ends):
        steps = max(1, int(math.hypot(x2 - x1, y2 - y1)))
        points += [(x1 + (x2 - x1) * k / steps, y1 + (y2 - y1) * k / steps) for k in range(steps)]
    return points


def test_the_last_move_mark_leaves_the_stack_count_uncovered() -> None:
    # A crab moved onto another: the destination's count badge must stay readable.
    state = initial_state(Config(players=2), seed=1)
    move = next(a for a in legal_actions(state) if isinstance(a, Move) and state.stacks[a.dst])
    root = ET.fromstring(render_svg(apply(state, move), last_action=move))
    cell = next(g for g in root.iter(f"{NS}g") if g.get("data-cell") == str(move.dst))
    (count,) = [t for t in cell.iter(f"{NS}text") if t.text == "2"]
    x, y, font = (float(count.attrib[k]) for k in ("x", "y", "font-size"))
    # the digit's box: a glyph is about 0.6 em wide and 0.75 em tall above its baseline
    box = (x - 0.3 * font, y - 0.75 * font, x + 0.3 * font, y)
    (mark,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "last-move"]
    for shape in mark:
        half = float(shape.get("stroke-width", "1")) / 2
        for px, py in _outline_points(shape):
            inside = box[0] - half <= px <= box[2] + half and box[1] - half <= py <= box[3] + half
            assert not inside, (shape.tag, px, py, box)


@pytest.mark.parametrize("height", [2, 3, 6, 8, 12])
def test_a_tall_stack_stays_inside_its_space_clear_of_its_label(height: int) -> None:
    # A hand-built tall stack of large crabs: drawn no taller than its space, and its
    # lowest crab ends above its space's label, so the label and the count both read.
    config = Config()
    label_of = config.geometry.labels[9]
    root = ET.fromstring(
        render_svg(sketch({config.spaces[9]: " ".join(["rL", "bL"] * height)[: 3 * height - 1]}))
    )
    (group,) = [g for g in root.iter(f"{NS}g") if g.get("data-cell") == "9"]
    hexagon = group.find(f"{NS}polygon")
    assert hexagon is not None
    corners = [tuple(map(float, p.split(","))) for p in hexagon.attrib["points"].split()]
    cx, cy = sum(x for x, _ in corners) / 6, sum(y for _, y in corners) / 6
    apothem = math.dist((cx, cy), corners[0]) / 0.97 * math.sqrt(3) / 2
    discs = [c for c in group.iter(f"{NS}circle") if c.get("fill") != "#fff"]
    assert len(discs) == height
    (label,) = [t for t in root.iter(f"{NS}text") if t.text == label_of]
    label_top = float(label.attrib["y"]) - 0.6 * float(label.attrib["font-size"])
    for disc in discs:
        x, y, r = (float(disc.attrib[k]) for k in ("cx", "cy", "r"))
        assert math.dist((x, y), (cx, cy)) + r <= apothem  # inside the hexagon
        assert y + r <= label_top
    assert str(height) in [t.text for t in group.iter(f"{NS}text")]
