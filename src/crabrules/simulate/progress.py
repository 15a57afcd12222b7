"""A progress line for long simulations: games done, games per second, time left.

The time left is estimated only after :data:`ETA_SECONDS` and :data:`ETA_SHARE` of the
games, so that a slow start (a Ray cluster's first chunks) gives no absurd first estimate.

On a terminal it is one line redrawn in place (at most ten times a second), as wide as
the terminal at most (the bar goes first when it does not fit), each drawing blanking
what is left of a longer one before it; otherwise
(a log file, CI) it prints a plain line about every tenth of the run or every ten
seconds, so logs stay short. It is written here rather than taken from ``tqdm``
because the library's only run-time dependencies are attrs and cattrs, and the few lines
it needs do not justify a third.

>>> import io
>>> out = io.StringIO()
>>> bar = Progress(4, out, clock=iter([0.0, 1.0, 2.0, 3.0, 4.0, 4.0]).__next__)
>>> for _ in range(4):
...     bar.advance()
>>> bar.close()
>>> print(out.getvalue().strip())
1/4 games (25%), 1.0 games/s, estimating time left
2/4 games (50%), 1.0 games/s, 0:02 left
3/4 games (75%), 1.0 games/s, 0:01 left
4/4 games (100%), 1.0 games/s, 0:00 left
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["Progress"]

_BAR = 24
#: No time left is estimated before this many seconds and this share of the games.
ETA_SECONDS = 2.0
ETA_SHARE = 0.02


class Progress:
    """Counts finished games toward ``total`` and reports on ``stream``."""

    def __init__(
        self,
        total: int,
        stream: TextIO,
        *,
        clock: Callable[[], float] = time.monotonic,
        tty: bool | None = None,
        columns: int | None = None,
    ) -> None:
        self.total = total
        self.done = 0
        self.stream = stream
        self.clock = clock
        self.tty = stream.isatty() if tty is None else tty
        self.columns = _columns(stream) if columns is None else columns
        self.start = clock()
        self._shown = self.start
        self._shown_done = 0
        self._width = 0  # of the line on the terminal now

    def advance(self) -> None:
        """One more game finished."""
        self.done += 1
        now = self.clock()
        if self.tty:
            if now - self._shown >= 0.1 or self.done == self.total:
                self._shown = now
                self._redraw(now)
            return
        step = max(1, self.total // 10)
        if (
            self.done - self._shown_done >= step
            or now - self._shown >= 10
            or self.done == self.total
        ):
            self._shown, self._shown_done = now, self.done
            self.stream.write(self._line(now, bar=False) + "\n")
            self.stream.flush()

    def close(self) -> None:
        """End the redrawn line, so what follows starts on a line of its own."""
        if self.tty and self.done:
            self.stream.write("\n")
            self.stream.flush()

    def _redraw(self, now: float) -> None:
        # The cursor goes back to the start of the line (\r), which holds the last one
        # drawn: a shorter one must blank the rest, or its end stays on the screen. A
        # line longer than the terminal would wrap, and \r only goes back one row.
        room = max(1, self.columns - 1)
        line = self._line(now, bar=True)
        if len(line) > room:
            line = self._line(now, bar=False)[:room]
        self.stream.write("\r" + line.ljust(self._width))
        self.stream.flush()
        self._width = len(line)

    def _line(self, now: float, *, bar: bool) -> str:
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        share = self.done / self.total if self.total else 1.0
        text = f"{self.done}/{self.total} games ({share:.0%}), {rate:.1f} games/s, "
        if self.done < self.total and (elapsed < ETA_SECONDS or share < ETA_SHARE):
            # The first games say little: workers are starting, the first chunks in flight.
            text += "estimating time left"
        else:
            left = (self.total - self.done) / rate if rate else 0.0
            minutes, seconds = divmod(round(left), 60)
            text += f"{minutes}:{seconds:02d} left"
        if not bar:
            return text
        filled = int(_BAR * share)
        return f"[{'#' * filled}{' ' * (_BAR - filled)}] {text}"


def _columns(stream: TextIO) -> int:
    """The width of the terminal ``stream`` writes to (``$COLUMNS``, or 80, if it says none)."""
    try:
        columns = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):  # not a terminal, or no file at all
        columns = 0
    return columns if columns > 0 else shutil.get_terminal_size().columns
