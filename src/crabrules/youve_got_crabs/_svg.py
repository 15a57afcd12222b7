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

from collections.abc import Collection
from xml.etree.ElementTree import Element

import attrs

from crabrules.core.errors import InvalidConfigError
from crabrules.core.svg import LAST, SHADE, Svg, check_picture_options, checked_ids
from crabrules.youve_got_crabs._actions import Action, Call, Swap
from crabrules.youve_got_crabs._cards import Card, card_name
from crabrules.youve_got_crabs._notation import hand_label, ocean_label
from crabrules.youve_got_crabs._observe import Observation, observe
from crabrules.youve_got_crabs._state import UNSEEN, Phase, State, is_over
from crabrules.youve_got_crabs._table import table
from crabrules.youve_got_crabs._words import TEAM_NAMES, player_name

_TEAM_FILLS = ("#d94a3d", "#3b6fd1", "#3fa34d", "#e8a93a", "#8a4fc4")

#: Where a card lies on the table: ``(None, slot)`` the Ocean's slot (0 for ``A`` to 3 for
#: ``D``, as ``data-ocean``), ``(player, slot)`` that player's hand slot (0 for ``1`` to 3
#: for ``4``, as ``data-player`` and ``data-slot``).
CardPlace = tuple[int | None, int]


@attrs.frozen
class _Table:
    """Where the picture puts each card and each player's row, for a width's ``scale``."""

    scale: float
    size: int

    @property
    def card(self) -> tuple[float, float]:
        return (110 * self.scale, 54 * self.scale)

    def at(self, place: CardPlace) -> tuple[float, float]:
        """The top left corner of the card at ``place``."""
        player, slot = place
        x = 130 * self.scale + slot * (self.card[0] + 8 * self.scale)
        return (x, 70 * self.scale if player is None else self.row_top(player))

    def row_top(self, player: int) -> float:
        return 200 * self.scale + player * 66 * self.scale


def render_svg(
    position: State | Observation,
    *,
    size: int = 640,
    labels: bool = True,
    last_action: Action | None = None,
    highlight: Collection[CardPlace] = (),
) -> str:
    """Draw the table as the observation's viewer sees it (a state: as a spectator does).

    Args:
        position: an :class:`~crabrules.youve_got_crabs._observe.Observation`, or a
            :class:`~crabrules.youve_got_crabs.State`, drawn as ``observe(state, None)``
            so that no hidden card is ever drawn.
        size: the picture's width in pixels; the height grows with the player count.
        labels: print the notation's labels (``P0``, ``T0``, slots ``1``-``4`` and
            ``A``-``D``) beside the cards.
        last_action: the action that led to ``position``, outlined (``class="last-move"``):
            a swap's hand card and Ocean card with a line between them, a call's caller and
            target rows with a line between them, and for any other action its player's row.
        highlight: the cards to shade, each a :data:`CardPlace`: ``(None, slot)`` for an
            Ocean card, ``(player, slot)`` for a hand card.

    The table has no side per player: every viewer sees the same rows in seat order.

    Raises:
        NotAStateError: ``position`` is neither a state nor an observation of this game.
        InvalidConfigError: ``last_action`` is not an action of this game or names a
            player or slot the table lacks, a place of ``highlight`` is not a card's, or
            ``size`` is not an int from 1 to 10,000, or ``labels`` not a bool.

    >>> from crabrules.youve_got_crabs import initial_state, legal_actions, apply
    >>> state = initial_state(seed=2)
    >>> render_svg(state) == render_svg(observe(state, None))
    True
    >>> swap = next(a for a in legal_actions(state) if isinstance(a, Swap))
    >>> 'class="last-move"' in render_svg(apply(state, swap), last_action=swap)
    True
    >>> render_svg(state, highlight=[(None, 0), (0, 3)]).count('class="highlight"')
    2
    """
    view = position if isinstance(position, Observation) else observe(position, None)
    check_picture_options(size, labels)
    config = view.config
    shaded = _places(highlight, config.players, "highlight")
    _check_action(last_action, config.players)
    seats = table(config)
    scale = size / 640
    layout = _Table(scale, size)
    card_w, card_h, row_h = 110 * scale, 54 * scale, 66 * scale
    left = 130 * scale
    rows_top = 200 * scale
    height = rows_top + config.players * row_h + 60 * scale
    picture = Svg(size, height, title="You've Got Crabs")
    picture.add("rect", x=0, y=0, width=size, height=height, fill="#1f6f78")
    font = 13 * scale
    picture.text(
        10 * scale,
        24 * scale,
        _license(view),
        size=font * 1.2,
        anchor="start",
        fill="#fff",
        font_weight="bold",
    )
    tokens = " · ".join(f"{TEAM_NAMES[t]} {n}" for t, n in enumerate(view.tokens))
    picture.text(
        10 * scale,
        46 * scale,
        f"Crab tokens: {tokens} · Pot {view.pot}",
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
        if (None, slot) in shaded:
            _shade(picture, group, layout.at((None, slot)), layout.card)
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
                ("to play", seats.side_of[p] == _acting_side(view)),
                ("down", p in view.down),
                ("confirmed", p in view.confirmed),
                ("declined", p in view.declined),
                ("claws", p == view.claws),
            )
            if on
        ]
        picture.add(
            "circle", cx=16 * scale, cy=y + 15 * scale, r=6 * scale, fill=_TEAM_FILLS[team % 5]
        )
        picture.text(
            26 * scale,
            y + 20 * scale,
            player_name(config, p),
            size=font * 1.1,
            anchor="start",
            fill="#fff",
            font_weight="bold",
        )
        picture.text(
            10 * scale,
            y + 38 * scale,
            " · ".join(marks),
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
            if (p, slot) in shaded:
                _shade(picture, group, layout.at((p, slot)), layout.card)
    _mark_last(picture, last_action, layout)
    _footer(picture, view, 10 * scale, rows_top + config.players * row_h + 20 * scale, font)
    return picture.to_string()


def _places(values: object, players: int, field: str) -> frozenset[CardPlace]:
    """``values`` as card places of a table of ``players``, or a refusal naming ``field``."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Collection):
        raise InvalidConfigError(f"{field}: a collection of card places, not {values!r:.40}")
    for place in values:
        if not (isinstance(place, tuple) and len(place) == 2):
            raise InvalidConfigError(
                f"{field}: card places (None or a player, a slot 0-3), not {place!r:.40}"
            )
        player, slot = place
        if player is not None:
            checked_ids((player,), players, field)
        checked_ids((slot,), 4, field)
    return frozenset(values)


def _check_action(action: object, players: int) -> None:
    """Refuse a ``last_action`` that is not an action of this game on this table."""
    if action is None:
        return
    if not isinstance(action, Action):
        raise InvalidConfigError(
            f"last_action: a You've Got Crabs action or None, not {action!r:.80}"
        )
    checked_ids((action.player,), players, "last_action")
    if isinstance(action, Swap):
        checked_ids((action.hand_slot, action.ocean_slot), 4, "last_action")
    if isinstance(action, Call):
        checked_ids((action.target,), players, "last_action")


def _shade(
    picture: Svg, group: Element, at: tuple[float, float], card: tuple[float, float]
) -> None:
    """Shade a highlighted card."""
    picture.add(
        "rect",
        parent=group,
        class_="highlight",
        x=at[0],
        y=at[1],
        width=card[0],
        height=card[1],
        rx=5,
        fill=SHADE,
        fill_opacity=0.45,
    )


def _mark_last(picture: Svg, action: Action | None, layout: _Table) -> None:
    """Outline what the last action touched; a line joins a swap's cards or a call's rows."""
    if action is None:
        return
    group = picture.last_move_group()
    width, height = layout.card
    scale = layout.scale
    ends: list[tuple[float, float]] = []
    if isinstance(action, Swap):
        for place in ((action.player, action.hand_slot), (None, action.ocean_slot)):
            x, y = layout.at(place)
            around = (x - 2, y - 2, width + 4, height + 4)
            picture.outline(around, parent=group, rx=6, stroke_width=4)
            # the line runs from the hand card's top edge to the Ocean card's bottom edge,
            # over neither card's name
            ends.append((x + width / 2, y - 2 if place[0] is not None else y + height + 2))
    else:
        rows = (action.player, action.target) if isinstance(action, Call) else (action.player,)
        for p in rows:
            top = layout.row_top(p)
            row = (4 * scale, top - 4 * scale, layout.size - 8 * scale, 62 * scale)
            picture.outline(row, parent=group, rx=6, stroke_width=4)
            ends.append((layout.size - 20 * scale, top + 27 * scale))  # right of the cards
    if len(ends) == 2:
        (x1, y1), (x2, y2) = ends
        picture.add(
            "line",
            parent=group,
            x1=x1,
            y1=y1,
            x2=x2,
            y2=y2,
            stroke=LAST,
            stroke_width=5,
            stroke_linecap="round",
            opacity=0.8,
        )


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
                size=font,
                parent=group,
                fill="#222",
                font_weight="bold",
            )
    if label:
        picture.text(
            x + 8 * font / 13,
            y + 14 * font / 13,
            label,
            size=max(font * 0.85, 11 * font / 13),
            parent=group,
            fill="#ffe08a" if face_down else "#777",
            anchor="start",
        )


def _acting_side(view: Observation) -> int | None:
    """The side whose players act: the License's, or in an offer the other one."""
    if is_over(view):
        return None
    return view.license if view.phase is Phase.PLAY else 1 - view.license


def _license(view: Observation) -> str:
    """Who plays now, by name: the players of the side that acts."""
    side = _acting_side(view)
    if side is None:
        return "Game over"
    names = [player_name(view.config, p) for p in table(view.config).side_players[side]]
    who = ", ".join(names[:-1]) + " and " + names[-1]
    if view.phase is not Phase.PLAY:
        return f"Nobody swapped: may {who} swap?"
    return f"{who} play{' (swapped)' if view.swapped else ''}"


def _footer(picture: Svg, view: Observation, x: float, y: float, font: float) -> None:
    """The pending call or claim, a sudden death, the winner."""
    parts = []
    config = view.config
    if view.window is not None:
        caller, target = view.window.caller, view.window.target
        parts.append(f"{player_name(config, caller)} called {player_name(config, target)}")
    if view.claim is not None:
        claimer, more = player_name(config, view.claim.player), view.claim.remaining
        parts.append(f"Double Crabs: {claimer} collects {more} more")
    if view.tied:
        parts.append("sudden death: " + ", ".join(TEAM_NAMES[t] for t in sorted(view.tied)))
    if view.winner is not None:
        parts.append(f"the {TEAM_NAMES[view.winner]} team wins")
    elif is_over(view):
        parts.append("stalled: a draw")
    picture.text(
        x,
        y,
        " · ".join(parts) or "Dark cards are face down.",
        size=font,
        anchor="start",
        fill="#fff",
    )
