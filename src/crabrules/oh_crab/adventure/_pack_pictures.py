"""The Adventure Pack in :func:`~crabrules.oh_crab.render_svg`: its cards and tokens as pieces.

The Surprise tokens lying face down are drawn on their spaces by the board. Under the
board, each Beach tile has a column, as the rules lay its cards beside it: its Challenge
card, then its Event card, each face down (its back, its kind written on it) until
revealed, an empty dashed place once gone, and outlined in red with ``due`` when it is to
be revealed or announced this turn. Under the columns, face up: the open Challenge with
its text and the Reward card beside it, the Event in effect with its text and where its
card lies, and the Events foreseen. On each player's board, what they hold: the Treasures
kept for later as round tokens with their names, their trophies, and each crab's
Asymmetry card with its Pincer tokens (one disc per Pincer, hollow once used).

>>> from crabrules.oh_crab import Config, initial_state, observe, render_svg
>>> state = initial_state(Config(players=3, modules={"challenges", "events"}), seed=3)
>>> picture = render_svg(observe(state, 0))
>>> picture.count('class="pack-card"'), 'data-kind="challenge"' in picture
(8, True)
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from xml.etree.ElementTree import Element

import attrs

from crabrules.core.svg import Svg, colour_fill
from crabrules.oh_crab.adventure._content import AdventureContent, EventCard, Reminder
from crabrules.oh_crab.adventure._model import NONE, Adventure, DueKind, Events
from crabrules.oh_crab.adventure._triggers import pack_of
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.view._observe import Observation
from crabrules.oh_crab.view._table_svg import Area, text_lines

_FONT = 11.0  # the pieces' words, in pixels at the default size: the smallest a player reads
_EM = 0.56  # a character's mean width in ems, to wrap words on a card
_CARD = (84.0, 58.0)  # a Beach card's width and height at the default size
_GAP = 6.0
_BACK = "#7a4f8f"  # the pack's card backs, apart from the action cards' blue
_FACE = "#fff6e8"
_TOKEN = ("#c9a35b", "#6b4f1d")  # a Surprise token's fill and edge, as on the board
_DUE = "#c62828"
_ROW = 26.0  # a row of held pieces on a player's board

Box = tuple[float, float, float, float]


def _words(
    picture: Svg,
    box: Box,
    words: str,
    fill: str,
    font: float,
    *,
    bold: bool = False,
    parent: Element | None = None,
) -> None:
    """``words`` wrapped to ``box``'s width, at most as many lines as its height holds."""
    x, y, w, h = box
    lines = textwrap.wrap(words, max(4, int(w / (font * _EM))))[: max(1, int(h / (font * 1.2)))]
    for i, line in enumerate(lines):
        picture.text(
            x + w / 2,
            y + font * (1.0 + 1.2 * i),
            line,
            size=font,
            fill=fill,
            font_weight="bold" if bold else None,
            parent=parent,
        )


def _card(
    picture: Svg,
    box: Box,
    kind: str,
    face: tuple[str, str] | None,
    s: float,
    *,
    due: bool = False,
) -> None:
    """One of the pack's cards: face up (its name, its text) or face down (its back).

    ``face`` is ``None`` for an empty place (the card gone); ``("", "")`` for a back.
    """
    x, y, w, h = box
    group = picture.group(class_="pack-card", data_kind=kind)
    name, text = face or ("", "")
    title = "gone" if face is None else (name or "face down") + (f" ({text})" if text else "")
    picture.add("title", parent=group).text = f"{kind}: {title}"
    edge = "#b7a77f" if face is None else _DUE if due else "#4a3560"
    picture.add(
        "rect",
        parent=group,
        x=x,
        y=y,
        width=w,
        height=h,
        rx=5 * s,
        fill="none" if face is None else _FACE if name else _BACK,
        stroke=edge,
        stroke_width=(3 if due else 1.2) * s,
        stroke_dasharray="4 3" if face is None else None,
    )
    if face is None:  # an empty place: the card is gone
        return
    inner = (x + 4 * s, y + 3 * s, w - 8 * s, h - 6 * s)
    words = name or kind.capitalize()
    fill = "#2b1d3a" if name else "#fff"
    _words(picture, inner, words, fill, _FONT * s, bold=True, parent=group)
    if due:
        picture.text(
            x + w - 4 * s,
            y + h - 4 * s,
            "due",
            size=_FONT * s,
            anchor="end",
            fill=_DUE,
            parent=group,
        )


def _face(card: int, items: Sequence[object], gone: bool) -> tuple[str, str] | None:
    if gone:
        return None
    return (getattr(items[card], "name", ""), "") if card >= 0 else ("", "")


def _beaches(
    picture: Svg, adventure: Adventure, pack: AdventureContent, area: Area, y: float
) -> float:
    """A column per Beach tile: its label, its Challenge card, its Event card."""
    s = area.scale
    tiles = max(
        len(part.tiles) for part in (adventure.events, adventure.challenges) if part is not None
    )
    column = (area.width - (tiles - 1) * _GAP * s) / tiles
    w, h = min(_CARD[0] * s, (column - _GAP * s) / 2), _CARD[1] * s
    due = {(d.kind, d.tile) for d in adventure.due}
    for t in range(tiles):
        x = area.x + t * (column + _GAP * s)
        picture.text(x, y + 12 * s, f"Beach {t + 1}", size=12 * s, anchor="start", fill="#333")
        top = y + 17 * s
        challenges, events = adventure.challenges, adventure.events
        if challenges is not None:
            c = challenges.tiles[t]
            face = _face(c, pack.challenges, c == NONE)
            _card(picture, (x, top, w, h), "challenge", face, s, due=(DueKind.CHALLENGE, t) in due)
            x += w + _GAP * s
        if events is not None:
            c = events.tiles[t]
            face = _face(c, pack.events, c == NONE)
            _card(picture, (x, top, w, h), "event", face, s, due=(DueKind.EVENT, t) in due)
    return y + 17 * s + h + 10 * s


def event_place(events: Events, card: EventCard, cook: str) -> str:
    """Where the card of the Event in effect lies: beside its tile, the tiles, or the cook.

    ``cook`` is the name of the player with the cook pawn.
    """
    return {
        Reminder.TILE: f"beside Beach tile {events.at + 1}",
        Reminder.TILES: "beside the Additional Action tiles",
        Reminder.COOK: f"in front of {cook}, with the cook",
    }[card.reminder or Reminder.TILE]


def _face_up(
    picture: Svg, adventure: Adventure, pack: AdventureContent, view: Observation, area: Area
) -> float:
    """The cards face up under the columns, each with its text; the ``y`` under them.

    The open Challenge and its Reward card, the Event in effect, the Events foreseen.
    """
    s, y = area.scale, area.y
    wide = (area.width - _GAP * s) * 0.64
    cards: list[tuple[str, str, str, float]] = []  # kind, name, text, width
    challenges, events = adventure.challenges, adventure.events
    if challenges is not None and challenges.open != NONE:
        info = pack.challenges[challenges.tiles[challenges.open]]
        cards.append(("challenge", info.name, info.text, wide))
        reward = pack.rewards[challenges.reward]
        options = "; ".join(option.name for option in reward.options)
        cards.append(("reward", reward.name, options, area.width - wide - _GAP * s))
    if events is not None and events.active != NONE:
        card = pack.events[events.active]
        where = event_place(events, card, rules_for(view.config).names[view.cook])
        cards.append(("event", card.name, f"{card.text} Its card lies {where}.", area.width))
    if events is not None:
        cards += [("event", pack.events[c].name, "foreseen", wide / 2) for c in events.foreseen]
    x, row = area.x, 0.0  # row: the tallest card of the row so far
    for kind, name, text, width in cards:
        if x + width > area.x + area.width + 1:
            x, y, row = area.x, y + row + _GAP * s, 0.0
        height = _tall(text, width, s)
        _card(picture, (x, y, width, height), kind, (name, text), s)
        box = (x + 4 * s, y + 18 * s, width - 8 * s, height - 20 * s)
        _words(picture, box, text, "#333", _FONT * s)
        x, row = x + width + _GAP * s, max(row, height)
    return y + row + _GAP * s if cards else y


def _tall(text: str, width: float, s: float) -> float:
    """A face-up card's height: its name and its text wrapped to ``width``."""
    lines = len(textwrap.wrap(text, max(4, int((width - 8 * s) / (_FONT * s * _EM))))) or 1
    return (22 + _FONT * 1.2 * lines + 4) * s


def table_pieces(
    adventure: Adventure, picture: Svg, view: Observation, rules: Rules, area: Area
) -> float:
    """Draw the pack's Beach cards and its cards face up under the board; the ``y`` under.

    Also a line per decision the table waits for, and how many Surprises are used.
    """
    pack = pack_of(rules)
    s, y = area.scale, area.y
    if pack is None:
        return y
    if adventure.events is not None or adventure.challenges is not None:
        y = _beaches(picture, adventure, pack, area, y + 6 * s)
        y = _face_up(picture, adventure, pack, view, attrs.evolve(area, y=y))
    lines = []
    surprises = adventure.surprises
    if surprises is not None:
        lying = sum(t != NONE for t in surprises.board)
        lines.append(
            f"Surprise tokens: {lying} face down on the board, {len(surprises.gone)} used"
        )
    if adventure.frames:
        frame = adventure.frames[-1]
        step = frame.queue[0].value.replace("_", " ")
        lines.append(
            f"Waiting for {rules.names[frame.player]} ({rules.colours[frame.crab]}): {step}"
        )
    return text_lines(picture, lines, area, y)


Piece = tuple[float, Callable[[float, float], None]]  # a held piece's width, and its drawing


def _token(picture: Svg, name: str, s: float) -> Piece:
    """A Surprise token kept for later: a round token, its name beside it."""
    width = (24 + len(name) * _FONT * _EM) * s

    def draw(x: float, y: float) -> None:
        group = picture.group(class_="kept-token")
        picture.add("title", parent=group).text = f"Treasure kept: {name or 'hidden'}"
        picture.add(
            "circle", parent=group, cx=x + 9 * s, cy=y, r=9 * s, fill=_TOKEN[0], stroke=_TOKEN[1]
        )
        if not name:
            picture.text(x + 9 * s, y + 4 * s, "?", size=_FONT * s, parent=group, fill="#fff")
        picture.text(x + 22 * s, y + 4 * s, name, size=_FONT * s, parent=group, anchor="start")

    return width, draw


def _trophies(picture: Svg, count: int, s: float) -> Piece:
    """A player's trophies: a cup, and how many."""

    def draw(x: float, y: float) -> None:
        group = picture.group(class_="trophies")
        picture.add("title", parent=group).text = f"{count} trophy(ies)"
        cup = f"M{x:.1f},{y - 8 * s:.1f}h{14 * s:.1f}l{-3 * s:.1f},{9 * s:.1f}h{-8 * s:.1f}Z"
        picture.add("path", parent=group, d=cup, fill="#e0b422", stroke="#7a5c00")
        picture.add(
            "rect",
            parent=group,
            x=x + 4 * s,
            y=y + 2 * s,
            width=6 * s,
            height=4 * s,
            fill="#7a5c00",
        )
        picture.text(x + 18 * s, y + 4 * s, str(count), size=12 * s, parent=group, anchor="start")

    return 40 * s, draw


def _skill(picture: Svg, name: str, pincers: tuple[int, int], fill: str, s: float) -> Piece:
    """A crab's Asymmetry card, small: framed in the crab's colour, its name, its Pincers."""
    left, most = pincers
    width = (len(name) * _FONT * _EM + 14 + 12 * most) * s

    def draw(x: float, y: float) -> None:
        group = picture.group(class_="skill-card")
        picture.add("title", parent=group).text = f"Asymmetry: {name}, Pincers {left}/{most}"
        picture.add(
            "rect",
            parent=group,
            x=x,
            y=y - 10 * s,
            width=width,
            height=20 * s,
            rx=3 * s,
            fill=_FACE,
            stroke=fill,
            stroke_width=2 * s,
        )
        picture.text(x + 5 * s, y + 4 * s, name, size=_FONT * s, parent=group, anchor="start")
        for k in range(most):  # a disc per Pincer, hollow once used
            picture.add(
                "circle",
                parent=group,
                cx=x + width - (6 + 12 * (most - 1 - k)) * s,
                cy=y,
                r=4.5 * s,
                fill="#b3261e" if k < left else "none",
                stroke="#b3261e",
            )

    return width, draw


def _held(
    adventure: Adventure, pack: AdventureContent, picture: Svg, rules: Rules, p: int, s: float
) -> list[Piece]:
    """What player ``p`` holds, as pieces: kept Treasures, trophies, skills."""
    pieces: list[Piece] = []
    if adventure.surprises is not None:
        for t in adventure.surprises.kept[p]:
            pieces.append(_token(picture, pack.surprises[t].name if t >= 0 else "", s))
    if adventure.challenges is not None and adventure.challenges.trophies[p]:
        pieces.append(_trophies(picture, adventure.challenges.trophies[p], s))
    asymmetry = adventure.asymmetry
    if asymmetry is not None:
        cards = pack.asymmetry
        offered = asymmetry.offered[p]
        for crab in rules.crabs_of[p]:
            fill = colour_fill(rules.colours[crab], crab)
            card = asymmetry.chosen[crab]
            if offered:
                names = ", ".join(cards[c].name for c in offered if c >= 0) or "hidden"
                pieces.append(_skill(picture, f"choosing among {names}", (0, 0), fill, s))
                break
            if card < 0:
                pieces.append(
                    _skill(picture, "chosen, hidden until all have chosen", (0, 0), fill, s)
                )
            else:
                info = cards[card]
                pieces.append(
                    _skill(picture, info.name, (asymmetry.pincers[crab], info.pincers), fill, s)
                )
        spied = len(asymmetry.spied[p])
        if spied:
            pieces.append(_note(picture, f"spied {spied}", s))
    return pieces


def _note(picture: Svg, words: str, s: float) -> Piece:
    def draw(x: float, y: float) -> None:
        picture.text(x, y + 4 * s, words, size=_FONT * s, anchor="start", fill="#555")

    return len(words) * _FONT * _EM * s, draw


def panel_pieces(
    adventure: Adventure, picture: Svg, view: Observation, rules: Rules, player: int, area: Area
) -> float:
    """Draw what ``player`` holds on their board, in rows from the area's top; the height."""
    pack = pack_of(rules)
    if pack is None:
        return 0.0
    s = area.scale
    pieces = _held(adventure, pack, picture, rules, player, s)
    if not pieces:
        return 0.0
    x, row = area.x, 0
    for width, draw in pieces:
        if x > area.x and x + width > area.x + area.width:
            x, row = area.x, row + 1
        draw(x, area.y + (row + 0.5) * _ROW * s)
        x += width + 10 * s
    return (row + 1) * _ROW * s - 4 * s
