"""The progress line on a terminal: each drawing replaces the last one whole."""

from __future__ import annotations

import io

import pytest

from crabrules.simulate import Progress


def _screen(written: str) -> list[str]:
    """What a terminal shows after ``written``: ``\\r`` goes back to the line's start,
    characters overwrite what is there, ``\\n`` starts a new line."""
    lines: list[list[str]] = [[]]
    column = 0
    for char in written:
        if char == "\r":
            column = 0
        elif char == "\n":
            lines.append([])
            column = 0
        else:
            row = lines[-1]
            row[column : column + 1] = [char]
            column += 1
    return ["".join(row).rstrip() for row in lines]


def test_a_shorter_line_leaves_nothing_of_the_longer_one_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "120")  # the terminal's width, as the shell says it
    stream = io.StringIO()
    ticks = iter([0.0, 0.5, 1.0])
    bar = Progress(2, stream, clock=ticks.__next__, tty=True)
    bar.advance()  # "... estimating time left"
    bar.advance()  # "... 0:00 left": shorter
    bar.close()
    shown = _screen(stream.getvalue())
    assert shown == ["[########################] 2/2 games (100%), 2.0 games/s, 0:00 left", ""]


def test_the_line_never_wraps_on_a_narrow_terminal() -> None:
    stream = io.StringIO()
    ticks = iter([0.0, 0.5, 1.0])
    bar = Progress(2, stream, clock=ticks.__next__, tty=True, columns=60)
    bar.advance()
    bar.advance()
    bar.close()
    drawings = stream.getvalue().rstrip("\n").split("\r")[1:]
    assert drawings
    assert all(len(drawing) < 60 for drawing in drawings)
    # Without room for the bar, the counts and the time left are what is shown.
    assert _screen(stream.getvalue())[0] == "2/2 games (100%), 2.0 games/s, 0:00 left"
