"""Real-time games played on the server's clock: :class:`Ticker`.

You've Got Crabs is played in real time: anyone allowed may act at any moment. On a live
table (:attr:`crabweb.tables.Table.live`) the agents do not wait for a request: a daemon
thread looks at every live table :data:`TICK_SECONDS` apart, and each table applies its
agents' earliest decision once the game clock reaches it (:meth:`~crabweb.tables.Table.tick`),
using the library's real-time model (:func:`crabrules.agents.match.earliest_decision`'s
rules: each agent answers when it acts, or waits). The players' pages see the moves as
they come, pushed by the server (``GET .../stream``).

A turn-based game whose seats are all agents (:attr:`crabweb.tables.Table.paced`) is
played on the same clock, a move every :attr:`~crabweb.tables.Table.pace` seconds, so
that its watchers see it play out.
"""

from __future__ import annotations

import threading

from crabweb.tables import Tables

__all__ = ["TICK_SECONDS", "Ticker"]

#: How often the server's clock looks at the live tables, in seconds.
TICK_SECONDS = 0.05


class Ticker:
    """Runs the clock of every live table of ``tables`` in a daemon thread."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="crabweb-clock", daemon=True)

    def start(self) -> None:
        """Start the clock (the server's start-up)."""
        self._thread.start()

    def stop(self) -> None:
        """Stop the clock and wait for its last tick (the server's shutdown)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.wait(TICK_SECONDS):
            for table in self.tables.live_tables():
                try:
                    table.tick()
                except Exception:  # one broken game must not stop the others
                    table.halt()  # that table stops: its players see it still
