"""The reference content page is generated from the data files; keep them in step."""

from __future__ import annotations

from pathlib import Path

from crabrules.oh_crab.content._components import Content, TileKind
from crabrules.oh_crab.content._loading import reference_content

PAGE = Path(__file__).parents[3] / "docs" / "games" / "oh-crab-content.md"

INTRO = """\
# Oh Crab! reference content

The rulebook shows the printed tiles and cards only in pictures, so `crabrules.oh_crab`
ships a content set of its own design, made to match the rulebook's counts, names and
effects. This page is generated from the data files in `crabrules/oh_crab/content/data/` (the
test `tests/oh_crab/content/test_docs.py` keeps it in step). The format is described on the
[Oh Crab! page](oh-crab.md#content-as-data).
"""


def half(value: object) -> str:
    return "-" if value is None else str(getattr(value, "value", value))


def page(content: Content) -> str:
    out = [INTRO, "## Tile sides", ""]
    out.append(
        "Sea side at the top; `.` standard, `#` inaccessible, `o` Obstacle, `x` knocking-over "
        "Obstacle, `e` Card Exchange, `s` Shortcut, `^ < > / \\` Water Currents, `1`-`5` "
        "Start spaces; modifiers `$` Shell, `r` Reeds, `?` Surprise."
    )
    out.append("")
    for kind in TileKind:
        for tile in (t for t in content.tiles if t.kind is kind):
            out.append(f"### {tile.id} ({kind.value})")
            out.append("")
            out.append("```text")
            height = tile.height
            for drawn, row in enumerate(tile.rows):
                out.append(f"{height - 1 - drawn} | {row}")
            out.append("```")
            for arrow in tile.shortcuts:
                out.append("")
                out.append(
                    f"Shortcut at row {arrow.at[0]} column {arrow.at[1]} to row {arrow.to[0]} "
                    f"column {arrow.to[1]}: discard {arrow.cards} card(s) whose main action "
                    f"is `{arrow.icon.value}`."
                )
            out.append("")
    out.append("## Scenarios")
    out.append("")
    out.append("| # | config name | name | board | Additional Action tiles |")
    out.append("| --- | --- | --- | --- | --- |")
    for s in content.scenarios:
        out.append(
            f"| {s.number} | `{s.id}` | {s.name} | {', '.join(s.board)} | "
            f"{', '.join(s.action_tiles)} |"
        )
    out.append("")
    out.append("## Special actions")
    out.append("")
    out.append("| id | name | French | steps |")
    out.append("| --- | --- | --- | --- |")
    for sp in content.specials:
        steps = ", ".join(f"`{p.value}`" for p in sp.steps)
        out.append(f"| `{sp.id}` | {sp.name} | {sp.french} | {steps} |")
    out.append("")
    out.append("## Additional Action tiles")
    out.append("")
    out.append("| side | name | French | cost | steps |")
    out.append("| --- | --- | --- | --- | --- |")
    for side in content.action_tiles:
        steps = ", ".join(f"`{p.value}`" for p in side.steps)
        out.append(f"| {side.id} | {side.name} | {side.french} | {side.cost} | {steps} |")
    out.append("")
    out.append(f"Shells: {content.shells}.")
    out.append("")
    out.append("## Cards")
    out.append("")
    out.append(
        "Half-icons are given as (upper, lower) for each edge; `-` is an edge without a half."
    )
    out.append("")
    out.append("| id | main action | left edge | right edge | special action |")
    out.append("| --- | --- | --- | --- | --- |")
    for card in content.cards:
        left = f"{half(card.left[0])}, {half(card.left[1])}"
        right = f"{half(card.right[0])}, {half(card.right[1])}"
        special = card.special or f"(starting card, {card.colour})"
        out.append(f"| {card.id} | {card.main.value} | {left} | {right} | {special} |")
    out.append("")
    return "\n".join(out)


def test_the_content_page_shows_the_reference_content() -> None:
    assert PAGE.read_text("utf-8") == page(reference_content())


if __name__ == "__main__":
    PAGE.write_text(page(reference_content()), "utf-8")
