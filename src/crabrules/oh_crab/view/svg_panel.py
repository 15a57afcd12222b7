"""The text panel of Oh Crab!'s SVG picture: what it says and where each line goes.

The panel is built as blocks of lines (the turn and the Market, the viewer's Hand, one
block per player, the Adventure Pack's lines, the key), then laid out: blocks fill a
column beside the board while they fit beside it, and the rest runs below the board across
the whole width, so the picture stays about square whatever the player count.
"""

from __future__ import annotations

import textwrap

import attrs

from crabrules.core.svg import Svg
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._actions import pile_label
from crabrules.oh_crab.model._state import NO_CARD, RESTING, Phase
from crabrules.oh_crab.rules import decide_winners
from crabrules.oh_crab.view import expansion
from crabrules.oh_crab.view.observe import HIDDEN, Observation
from crabrules.oh_crab.view.words import winners_words

__all__ = ["Line", "Placed", "draw_panel", "panel_blocks", "place_blocks"]

_LEGEND = (
    "Spaces: dark rock inaccessible; brown boulder Obstacle (lose a card); x knocking-over"
    " Obstacle; S Shortcut, dashed to its end; ⇄ Card Exchange; blue arrow Water Current;"
    " 1-5 Start; yellow dot Shell; green bar Reeds; ? Surprise.",
    "Crabs: a disc with its player's number; lying and crossed: knocked over.",
)
_EM = 0.55  # a character's mean width in ems (DejaVu Sans: 0.51), so wrapped lines fit
_INDENT = 1.1  # a block's lines are indented by this many ems


@attrs.frozen
class Line:
    """One line of the panel before it is placed (its text is wrapped when placed).

    Attributes:
        text: the words.
        bold: a heading.
        indented: drawn indented under its heading.
        fill: the text's colour.
        dot: a player's colour, drawn as a dot before a player's heading.
        player: the player whose block this heading opens (a last action outlines it).
    """

    text: str
    bold: bool = False
    indented: bool = False
    fill: str = "#222"
    dot: str | None = None
    player: int | None = None


@attrs.frozen
class Placed:
    """A line at its place: the baseline's left end ``(x, y)`` and the room it has."""

    line: Line
    x: float
    y: float
    width: float


def panel_blocks(view: Observation, rules: Rules, fills: list[str]) -> list[list[Line]]:
    """What the panel says, as blocks that are laid out whole."""
    market = [Line(_status(view, rules), bold=True), Line("Market", bold=True)]
    for index, pile in enumerate(view.market):
        top = (
            f"{rules.card_names[pile[-1]]} ({len(pile)} card{'s' * (len(pile) > 1)})"
            if pile
            else "empty"
        )
        market.append(Line(f"{pile_label(index)}: {top}", indented=True))
    market.append(Line(f"draw pile {view.draw_size} · shell supply {view.supply}", indented=True))
    blocks = [market]
    if view.player is not None:
        hand = [Line(f"Your Hand ({rules.names[view.player]})", bold=True)]
        hand += [Line(rules.card_names[card], indented=True) for card in view.hand]
        blocks.append(hand)
    blocks += [_player_block(view, rules, fills, p) for p in range(len(rules.names))]
    blocks.append(
        [Line(text, fill="#333") for text in expansion.table_lines(view.adventure, view, rules)]
    )
    blocks.append([Line(text, fill="#555") for text in _LEGEND])
    return [block for block in blocks if block]


def _player_block(view: Observation, rules: Rules, fills: list[str], p: int) -> list[Line]:
    """A player's heading (their dot, name, cook, knocked-over crabs) and counts."""
    crabs = [c for c, owner in enumerate(view.owners) if owner == p]
    plan = {NO_CARD: "none", RESTING: "resting", HIDDEN: "face down"}.get(
        view.planned[p], "face down (yours)"
    )
    cook = ", cook" if p == view.cook else ""
    knocked = "".join(
        f", {rules.colours[c]} knocked over" if len(crabs) > 1 else ", knocked over"
        for c in crabs
        if view.knocked[c]
    )
    trace = ", ".join(rules.card_names[c].split(" ")[0] for c in view.traces[p]) or "-"
    discard = view.discards[p]
    top = rules.card_names[discard[-1]].split(" ")[0] if discard else "-"
    block = [
        Line(f"P{p} {rules.names[p]}{cook}{knocked}", bold=True, dot=fills[crabs[0]], player=p),
        Line(
            f"shells {view.shells[p]} · hand {view.hand_sizes[p]} · planned: {plan}", indented=True
        ),
        Line(f"trace: {trace} · discard pile {len(discard)}, top {top}", indented=True),
    ]
    block += [
        Line(text, indented=True) for text in expansion.panel_lines(view.adventure, rules, p)
    ]
    return block


def place_blocks(
    blocks: list[list[Line]],
    *,
    side: tuple[float, float],
    below: tuple[float, float],
    board_bottom: float,
    top: float,
    font: float,
) -> tuple[list[Placed], float]:
    """Lay ``blocks`` out beside the board, then below it; the lines and the bottom's ``y``.

    ``side`` and ``below`` are the left end and width of the column beside the board and
    of the space below it; a block goes below once it would pass ``board_bottom`` beside.
    """
    step, gap = font * 1.3, font * 0.5
    placed: list[Placed] = []
    (x, width), y = side, top + font
    beside = True
    for block in blocks:
        lines = _parts(block, width, font)
        if beside and y + step * (len(lines) - 1) > board_bottom:
            beside = False
            (x, width), y = below, board_bottom + gap + font
            lines = _parts(block, width, font)
        for line in lines:
            placed.append(Placed(line, x, y, width))
            y += step
        y += gap
    return placed, y - step


def _parts(block: list[Line], width: float, font: float) -> list[Line]:
    """``block``'s lines cut to fit ``width``; a heading's dot goes on its first part only."""
    parts: list[Line] = []
    for line in block:
        room = width - (font * _INDENT if line.indented or line.dot else 0)
        texts = textwrap.wrap(line.text, max(20, int(room / (font * _EM)))) or [""]
        parts.append(attrs.evolve(line, text=texts[0]))
        rest = attrs.evolve(line, dot=None, player=None, indented=line.indented or bool(line.dot))
        parts += [attrs.evolve(rest, text=text) for text in texts[1:]]
    return parts


def draw_panel(picture: Svg, placed: list[Placed], font: float) -> dict[int, Placed]:
    """Write the placed lines; each player's heading, to outline after a last action."""
    headings: dict[int, Placed] = {}
    seen: set[int] = set()
    for item in placed:
        line = item.line
        if line.player is not None and line.player not in seen:
            seen.add(line.player)
            headings[line.player] = item
            if line.dot is not None:
                picture.add(
                    "circle",
                    cx=item.x + font * 0.4,
                    cy=item.y - font * 0.35,
                    r=font * 0.4,
                    fill=line.dot,
                    stroke="#222",
                )
        picture.text(
            item.x + (font * _INDENT if line.indented or line.player is not None else 0),
            item.y,
            line.text,
            size=font,
            anchor="start",
            fill=line.fill,
            font_weight="bold" if line.bold else None,
        )
    return headings


def _status(view: Observation, rules: Rules) -> str:
    """The round and whose turn it is, or who won and why."""
    if view.phase is Phase.OVER:
        winners, reason = decide_winners(view.crabs, view.hand_sizes, view.shells, rules.crabs_of)
        names = [rules.names[p] for p in sorted(winners)]
        return f"Game over after round {view.round}: {winners_words(names, reason.value)}"
    if view.phase is Phase.PLANNING:
        return f"Round {view.round}: planning"
    return f"Round {view.round}: {rules.names[view.current]}'s turn"
