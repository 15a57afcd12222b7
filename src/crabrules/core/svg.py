"""A small, deterministic SVG builder on the standard library's :mod:`xml.etree.ElementTree`.

Every game's ``render_svg`` draws with it. Attributes keep the order they are given in and
numbers are written with at most two decimals, so the same picture is always the same
bytes. Text is escaped by ElementTree, so names taken from a config (a colour, a player's
name) can never break the document.

>>> picture = Svg(40, 20, title="A crab")
>>> _ = picture.add("circle", cx=10, cy=10, r=8, fill="#d33")
>>> picture.text(30, 14, "1<2", size=10)
>>> print(picture.to_string())  # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20"
 font-family="sans-serif"><title>A crab</title><circle cx="10" cy="10" r="8" fill="#d33"
 /><text x="30" y="14" font-size="10" text-anchor="middle">1&lt;2</text></svg>
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

from crabrules.core.errors import InvalidConfigError

__all__ = [
    "LAST",
    "MAX_SIZE",
    "PALETTE",
    "SHADE",
    "Svg",
    "check_picture_options",
    "checked_ids",
    "colour_fill",
    "number",
]

#: The colour that outlines the last action's spaces or cards (``class="last-move"``).
LAST = "#f2b705"
#: The fill, drawn at 45% opacity, of a highlighted space or card.
SHADE = "#ffe45c"

#: The fill drawn for a colour's name (the games' colours); other names use their index.
PALETTE: dict[str, str] = {
    "red": "#d94a3d",
    "blue": "#3b6fd1",
    "green": "#3fa34d",
    "yellow": "#e8c53a",
    "purple": "#8a4fc4",
    "orange": "#ee8b2f",
    "black": "#333333",
    "white": "#f4f4f4",
    "pink": "#e27fb2",
    "brown": "#8b5a2b",
}
_BY_INDEX = ("#d94a3d", "#3b6fd1", "#3fa34d", "#e8c53a", "#8a4fc4", "#ee8b2f")


def colour_fill(name: str, index: int) -> str:
    """The fill for a player's colour ``name``; an unknown name gets the ``index``-th one.

    >>> colour_fill("Red", 0), colour_fill("teal", 1)
    ('#d94a3d', '#3b6fd1')
    """
    return PALETTE.get(name.lower(), _BY_INDEX[index % len(_BY_INDEX)])


#: The widest picture ``render_svg`` draws, in pixels (its ``size``: an int from 1 to this).
MAX_SIZE = 10_000


def check_picture_options(size: object, labels: object) -> None:
    """Refuse a ``size`` or ``labels`` of ``render_svg`` that would draw no valid picture.

    Every game's ``render_svg`` calls it first, so that a bad argument is an
    :class:`~crabrules.core.errors.InvalidConfigError` naming it, never a broken document
    or a ``ZeroDivisionError``. ``size`` is an ``int`` from 1 to :data:`MAX_SIZE` (not a
    ``bool``, a float or a string); ``labels`` is a ``bool``.

    >>> check_picture_options(420, True)
    >>> check_picture_options(0, True)
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidConfigError: size: an int from 1 to 10000 (pixels), not 0
    >>> check_picture_options(420, "no")
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidConfigError: labels: True or False, not 'no'
    """
    if type(size) is not int or not 1 <= size <= MAX_SIZE:
        raise InvalidConfigError(f"size: an int from 1 to {MAX_SIZE} (pixels), not {size!r:.40}")
    if type(labels) is not bool:
        raise InvalidConfigError(f"labels: True or False, not {labels!r:.40}")


def checked_ids(values: Iterable[object], count: int, field: str) -> tuple[int, ...]:
    """``values`` as a tuple, each an ``int`` from 0 to ``count - 1``, or a refusal.

    The refusal is an :class:`~crabrules.core.errors.InvalidConfigError` naming ``field``
    (the argument of ``render_svg`` the value came from).

    >>> checked_ids([2, 0], 3, "highlight")
    (2, 0)
    >>> checked_ids(["A1"], 3, "highlight")
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidConfigError: highlight: ids from 0 to 2, not 'A1'
    """
    if isinstance(values, (str, bytes)):  # a string is iterable, but never a set of ids
        raise InvalidConfigError(f"{field}: a collection of ids, not {values!r:.40}")
    try:
        checked = tuple(values)
    except TypeError:
        raise InvalidConfigError(f"{field}: a collection of ids, not {values!r:.40}") from None
    for value in checked:
        if type(value) is not int or not 0 <= value < count:
            raise InvalidConfigError(f"{field}: ids from 0 to {count - 1}, not {value!r:.40}")
    return checked  # type: ignore[return-value]  # each checked to be an int above


def number(value: float) -> str:
    """``value`` as SVG writes it: an integer bare, otherwise at most two decimals.

    >>> number(3.0), number(2.345678), number(-0.001)
    ('3', '2.35', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attributes(values: dict[str, object]) -> dict[str, str]:
    # ``class_`` and ``font_size`` spell ``class`` and ``font-size``.
    out: dict[str, str] = {}
    for key, value in values.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out[name] = number(value) if isinstance(value, (int, float)) else str(value)
    return out


class Svg:
    """A picture being drawn: elements are appended to the root or to a group.

    Args:
        width: the picture's width in user units (and pixels).
        height: its height.
        title: the accessible title, shown by browsers as a tooltip.
    """

    def __init__(self, width: float, height: float, *, title: str) -> None:
        self.width = width
        self.height = height
        self.root = ET.Element(
            "svg",
            _attributes(
                {
                    "xmlns": "http://www.w3.org/2000/svg",
                    "width": width,
                    "height": height,
                    "viewBox": f"0 0 {number(width)} {number(height)}",
                    "font-family": "sans-serif",
                }
            ),
        )
        ET.SubElement(self.root, "title").text = title

    def add(self, tag: str, *, parent: ET.Element | None = None, **values: object) -> ET.Element:
        """Append a ``tag`` element with attributes ``values`` (``None`` ones left out)."""
        return ET.SubElement(self.root if parent is None else parent, tag, _attributes(values))

    def rect(
        self,
        box: tuple[float, float, float, float],
        *,
        parent: ET.Element | None = None,
        **values: object,
    ) -> ET.Element:
        """Append a ``<rect>`` over ``box`` (x, y, width, height), with attributes ``values``."""
        x, y, width, height = box
        return self.add("rect", parent=parent, x=x, y=y, width=width, height=height, **values)

    def outline(
        self,
        box: tuple[float, float, float, float],
        *,
        parent: ET.Element,
        stroke_width: float,
        rx: float | None = None,
    ) -> ET.Element:
        """Append a last-move mark: ``box``'s outline in :data:`LAST`, unfilled."""
        return self.rect(
            box, parent=parent, rx=rx, fill="none", stroke=LAST, stroke_width=stroke_width
        )

    def group(self, *, parent: ET.Element | None = None, **values: object) -> ET.Element:
        """Append a ``<g>``: front ends find a thing by its ``data-*`` attributes."""
        return self.add("g", parent=parent, **values)

    def last_move_group(self) -> ET.Element:
        """Append the ``<g class="last-move">`` of the last action's marks.

        The marks lie above the table but never catch a click (``pointer-events="none"``):
        a front end's clicks reach the spaces and cards beneath.
        """
        return self.group(class_="last-move", pointer_events="none")

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        size: float,
        parent: ET.Element | None = None,
        anchor: str = "middle",
        **values: object,
    ) -> None:
        """Write ``content`` at ``(x, y)`` (the baseline), centred unless ``anchor`` says."""
        element = self.add(
            "text",
            parent=parent,
            x=x,
            y=y,
            font_size=size,
            text_anchor=anchor,
            **values,
        )
        element.text = content

    def polygon(
        self,
        points: Iterable[tuple[float, float]],
        *,
        parent: ET.Element | None = None,
        **values: object,
    ) -> ET.Element:
        """Append a polygon through ``points``."""
        joined = " ".join(f"{number(x)},{number(y)}" for x, y in points)
        return self.add("polygon", parent=parent, points=joined, **values)

    def to_string(self) -> str:
        """The document, one line, UTF-8 text without an XML declaration."""
        return ET.tostring(self.root, encoding="unicode")
