"""Games saved in SQLite, the database Python embeds: a restarted server resumes them.

A game is saved as what rebuilds it: its game id, config, seats, seed, seat tokens and
game clock (one row of ``tables``), and its actions in order (rows of ``moves``, one per
action, added as they are played). The library's own JSON is used for the config and the
actions (:func:`crabrules.to_dict`), so a saved game loads as any document does: checked.

>>> store = Store(":memory:")
>>> seats = ["human", "agent:random"]
>>> store.save_table(SavedTable("t1", "crab-stack", None, seats, 3, {"0": "secret"}))
>>> store.add_moves("t1", 0, [{"type": "move", "player": 0, "src": 0, "dst": 1}], clock=0.0)
>>> store.load("t1").moves
[{'type': 'move', 'player': 0, 'src': 0, 'dst': 1}]
>>> store.load("t2") is None
True
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Sequence
from typing import Any

import attrs

__all__ = ["SavedTable", "Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    tokens TEXT NOT NULL,
    clock REAL NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
"""


#: The first bytes of every SQLite database file.
_SQLITE_HEADER = b"SQLite format 3\x00"

#: The columns of each table, as :data:`_SCHEMA` makes them (rows are written by position).
_COLUMNS = {
    "tables": ["id", "game", "config", "seats", "seed", "tokens", "clock"],
    "moves": ["game_id", "number", "action"],
}

#: Every named thing :data:`_SCHEMA` makes (SQLite's own ``sqlite_*`` aside).
_OWN = frozenset(_COLUMNS)


def _foreign_file(path: str) -> bool:
    """Whether ``path`` is a file with something in it that is not a SQLite database."""
    if path == ":memory:":
        return False
    try:
        with open(path, "rb") as file:
            head = file.read(len(_SQLITE_HEADER))
    except OSError:  # none yet (SQLite makes it), or not a file: SQLite says why
        return False
    return head not in (b"", _SQLITE_HEADER)


@attrs.frozen
class SavedTable:
    """What rebuilds a game: replaying ``moves`` from its seed gives its state again.

    Attributes:
        id: the game's id on the server.
        game: the registry id of the game.
        config: the config as JSON (``None``: the default for the number of seats).
        seats: ``"human"`` or ``"agent:NAME"`` per player.
        seed: the game's seed.
        tokens: each human seat's secret, by player number (as text: JSON's keys).
        moves: the actions played, in order, as JSON.
        clock: the game clock, in seconds (real-time games).
    """

    id: str
    game: str
    config: Any
    seats: list[str]
    seed: int
    tokens: dict[str, str]
    moves: list[Any] = attrs.field(factory=list)
    clock: float = 0.0


class Store:
    """The saved games, in the SQLite database at ``path`` (``":memory:"``: none kept).

    Safe to use from several threads: one connection, one lock, each write committed.

    Raises:
        ValueError: ``path`` cannot be opened, is no SQLite database, is damaged (SQLite's
            ``quick_check``, which reads the whole file), or holds anything that is not
            this store's (another program's tables, or this store's names with other
            columns); the file is then left as it was.
    """

    def __init__(self, path: str | os.PathLike[str] = ":memory:") -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        if _foreign_file(self.path):  # SQLite would write over a file of a byte or so
            raise ValueError(f"{self.path}: not a database of saved games (not SQLite)")
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False)
        except sqlite3.Error as error:
            raise ValueError(f"{self.path}: not a database of saved games ({error})") from None
        try:
            problem = self._problem()  # looked for before anything is written
            if problem is None:
                with self._db:
                    self._db.executescript(_SCHEMA)
        except sqlite3.Error as error:
            problem = str(error)
        if problem is not None:
            self._db.close()
            raise ValueError(f"{self.path}: not a database of saved games ({problem})")

    def _problem(self) -> str | None:
        """What makes the open file no sound store of games, or ``None``."""
        (found,) = self._db.execute("PRAGMA quick_check(1)").fetchone()
        if found != "ok":
            return f"the file is damaged: {' '.join(str(found).split())[:200]}"
        # Another program's database (even one holding a single table of its own) is not
        # ours to add tables to: only an empty one or this store's own is used.
        found = self._db.execute(
            "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall()
        others = [str(name) for (name,) in found if name not in _OWN]
        if others:
            listed = ", ".join(repr(name[:40]) for name in others[:5])
            more = f" and {len(others) - 5} more" if len(others) > 5 else ""
            return f"it holds what is not this store's: {listed}{more}"
        for table, columns in _COLUMNS.items():
            have = [row[1] for row in self._db.execute(f"PRAGMA table_info({table})")]
            if have and have != columns:  # none yet: the schema makes it
                return f"its table {table!r} has the columns {have}, not {columns}"
        return None

    def save_table(self, saved: SavedTable) -> None:
        """Save a new game (its moves so far included)."""
        row = (
            saved.id,
            saved.game,
            json.dumps(saved.config),
            json.dumps(saved.seats),
            saved.seed,
            json.dumps(saved.tokens),
            saved.clock,
        )
        with self._lock, self._db:
            self._db.execute("INSERT OR REPLACE INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)", row)
        self.add_moves(saved.id, 0, saved.moves, saved.clock)

    def add_moves(self, table_id: str, first: int, moves: Sequence[Any], clock: float) -> None:
        """Save the actions numbered ``first`` onwards (0: the first action of the game)."""
        rows = [(table_id, first + k, json.dumps(move)) for k, move in enumerate(moves)]
        with self._lock, self._db:
            self._db.executemany("INSERT OR REPLACE INTO moves VALUES (?, ?, ?)", rows)
            self._db.execute("UPDATE tables SET clock = ? WHERE id = ?", (clock, table_id))

    def load(self, table_id: str) -> SavedTable | None:
        """The saved game ``table_id``, or ``None``.

        Raises:
            ValueError: its rows are not what :meth:`save_table` wrote (a damaged file).
        """
        with self._lock:
            row = self._db.execute(
                "SELECT game, config, seats, seed, tokens, clock FROM tables WHERE id = ?",
                (table_id,),
            ).fetchone()
            if row is None:
                return None
            moves = self._db.execute(
                "SELECT action FROM moves WHERE game_id = ? ORDER BY number", (table_id,)
            ).fetchall()
        game, config, seats, seed, tokens, clock = row
        try:
            saved = SavedTable(
                table_id,
                str(game),
                json.loads(config),
                list(json.loads(seats)),
                int(seed),
                dict(json.loads(tokens)),
                [json.loads(text) for (text,) in moves],
                float(clock),
            )
        except (TypeError, ValueError) as error:
            raise ValueError(f"saved game {table_id!r} is damaged: {error}") from None
        if not all(isinstance(seat, str) for seat in saved.seats):
            raise ValueError(f"saved game {table_id!r} is damaged: seats are not text")
        return saved

    def close(self) -> None:
        """Close the database (a server that stops)."""
        with self._lock:
            self._db.close()
