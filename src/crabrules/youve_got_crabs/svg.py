"""A standalone SVG picture of the table of You've Got Crabs, as one player sees it.

From the top: the License (which side plays) and the phase, the Pot and each team's
tokens, the Ocean's four cards (slots ``A``-``D``), the Draw and Discard piles, then one
row per player with their team, side and marks (hand down, confirmed, declined, the
Rubber Crab Claws) and their four slots (``1``-``4``): the viewer's own cards face up,
another player's face down unless everyone saw the card go into that slot. A pending call
or Double Crabs claim and the winner close the picture. Cards are ``<g>`` elements with
``data-ocean`` or ``data-player`` and ``data-slot``, for a front end's clicks.

>>> from crabrules.youve_got_crabs import initial_state, observe
>>> picture = render_svg(observe(initial_state(seed=2), 0))
>>> picture.count('class="card face-down"')
12
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

from crabrules.core.svg import Svg
from crabrules.youve_got_crabs.cards import Card, card_name
from crabrules.youve_got_crabs.notation import hand_label, ocean_label, player_label, team_label
from crabrules.youve_got_crabs.observe import Observation, observe
from crabrules.youve_got_crabs.state import UNSEEN, State
from crabrules.youve_got_crabs.table import table

__all__ = ["render_svg"]

_TEAM_FILLS = ("#d94a3d", "#3b6fd1", "#3fa34d", "#e8a93a", "#8a4fc4")


def render_svg(position: State | Observation, *, size: int = 640, labels: bool = True) -> str:
    """Draw the table as the observation's viewer sees it (a state: as a spectator does).

    Args:
        position: an :class:`~crabrules.youve_got_crabs.observe.Observation`, or a
            :class:`~crabrules.youve_got_crabs.State`, drawn as ``observe(state, None)``
            so that no hidden card is ever drawn.
        size: the picture's width in pixels; the height grows with the player count.
        labels: print the notation's labels (``P0``, ``T0``, slots ``1``-``4`` and
            ``A``-``D``) beside the cards.

    Raises:
        NotAStateError: ``position`` is neither a state nor an observation of this game.

    >>> from crabrules.youve_got_crabs import initial_state
    >>> state = initial_state(seed=2)
    >>> render_svg(state) == render_svg(observe(state, None))
    True
    """
    view = position if isinstance(position, Observation) else observe(position, None)
    config = view.config
    seats = table(config)
    scale = size / 640
    card_w, card_h, row_h = 110 * scale, 54 * scale, 66 * scale
    left = 130 * scale
    rows_top = 200 * scale
    height = rows_top + config.players * row_h + 60 * scale
    picture = Svg(size, height, title="You've Got Crabs")
    picture.add("rect", x=0, y=0, width=size, height=height, fill="#1f6f78")
    font = 13 * scale
    play = "play" if view.phase.value == "play" else "the other side may swap"
    picture.text(
        10 * scale,
        24 * scale,
        f"License: side {view.license} ({play}{', swapped' if view.swapped else ''})",
        size=font * 1.2,
        anchor="start",
        fill="#fff",
        font_weight="bold",
    )
    tokens = ", ".join(f"{team_label(t)} {n}" for t, n in enumerate(view.tokens))
    picture.text(
        10 * scale,
        46 * scale,
        f"Pot {view.pot} · tokens: {tokens}",
        size=font,
        anchor="start",
        fill="#fff",
    )
    picture.text(
        10 * scale,
        98 * scale,
        "Ocean",
        size=font * 1.1,
        anchor="start",
        fill="#fff",
        font_weight="bold",
    )
    for slot, card in enumerate(view.ocean):
        group = picture.group(class_="card ocean", data_ocean=slot, data_label=ocean_label(slot))
        _card(
            picture,
            group,
            left + slot * (card_w + 8 * scale),
            70 * scale,
            card_w,
            card_h,
            card_name(config, card),
            ocean_label(slot) if labels else "",
            font,
        )
    picture.text(
        10 * scale,
        150 * scale,
        f"Draw pile {view.draw_size} · Discard pile {len(view.discard)}"
        + (
            f" · top of the Discard: {card_name(config, view.discard[-1])}" if view.discard else ""
        ),
        size=font,
        anchor="start",
        fill="#fff",
    )
    for p in range(config.players):
        y = rows_top + p * row_h
        team = seats.team_of[p]
        picture.add(
            "rect",
            x=4 * scale,
            y=y - 4 * scale,
            width=size - 8 * scale,
            height=row_h - 4 * scale,
            rx=6,
            fill="#fff",
            fill_opacity=0.3 if p == view.player else 0.12,
            stroke=_TEAM_FILLS[team % 5],
            stroke_width=2,
        )
        marks = [
            word
            for word, on in (
                ("you", p == view.player),
                ("down", p in view.down),
                ("confirmed", p in view.confirmed),
                ("declined", p in view.declined),
                ("claws", p == view.claws),
            )
            if on
        ]
        who = f"{player_label(p)} {team_label(team)} side {seats.side_of[p]}"
        picture.text(
            10 * scale,
            y + 20 * scale,
            who,
            size=font,
            anchor="start",
            fill="#fff",
            font_weight="bold",
        )
        picture.text(
            10 * scale,
            y + 38 * scale,
            ", ".join(marks),
            size=font * 0.9,
            anchor="start",
            fill="#ffe08a",
        )
        for slot in range(4):
            shown: Card = view.hand[slot] if p == view.player else view.seen[p][slot]
            face_down = shown == UNSEEN
            group = picture.group(
                class_="card face-down" if face_down else "card",
                data_player=p,
                data_slot=slot,
                data_label=hand_label(slot),
            )
            _card(
                picture,
                group,
                left + slot * (card_w + 8 * scale),
                y,
                card_w,
                card_h,
                "" if face_down else card_name(config, shown),
                hand_label(slot) if labels else "",
                font,
                face_down=face_down,
            )
    _footer(picture, view, 10 * scale, rows_top + config.players * row_h + 20 * scale, font)
    return picture.to_string()


def _card(
    picture: Svg,
    group: Element,
    x: float,
    y: float,
    width: float,
    height: float,
    name: str,
    label: str,
    font: float,
    *,
    face_down: bool = False,
) -> None:
    """One card: its name in up to two lines, its slot's label in the corner."""
    picture.add(
        "rect",
        parent=group,
        x=x,
        y=y,
        width=width,
        height=height,
        rx=5,
        fill="#375a7f" if face_down else "#fff8e7",
        stroke="#222",
    )
    words = name.split()
    half = (len(words) + 1) // 2
    for i, line in enumerate((" ".join(words[:half]), " ".join(words[half:]))):
        if line:
            picture.text(
                x + width / 2,
                y + height * (0.45 + 0.3 * i),
                line,
                size=font * 0.85,
                parent=group,
                fill="#222",
            )
    if label:
        picture.text(
            x + 8 * font / 13,
            y + 13 * font / 13,
            label,
            size=font * 0.8,
            parent=group,
            fill="#ffe08a" if face_down else "#777",
            anchor="start",
        )


def _footer(picture: Svg, view: Observation, x: float, y: float, font: float) -> None:
    """The pending call or claim, a sudden death, the winner."""
    parts = []
    if view.window is not None:
        parts.append(
            f"{player_label(view.window.caller)} called {player_label(view.window.target)}"
        )
    if view.claim is not None:
        parts.append(
            f"Double Crabs: {player_label(view.claim.player)} collects {view.claim.remaining} more"
        )
    if view.tied:
        parts.append("sudden death: " + ", ".join(map(team_label, sorted(view.tied))))
    if view.winner is not None:
        parts.append(f"team {team_label(view.winner)} wins")
    picture.text(
        x,
        y,
        " · ".join(parts) or "Blue cards are face down.",
        size=font,
        anchor="start",
        fill="#fff",
    )
