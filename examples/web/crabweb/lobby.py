"""Playing together: the lobby of open games, a seat per browser, spectators and rematches.

A game's human seats are handed out one browser at a time. Whoever creates a game keeps
the seats they ask for; every other seat is *free* until a browser takes it
(:meth:`Lobby.take`, from a join link or the lobby's list), and then it is that browser's
alone: its token is given once. A spectator needs no seat: the public view
(:meth:`crabweb.tables.Table.view` of ``None``). When a game is over, any seat's holder
may ask for another game with the same seats (:meth:`Lobby.again`): one rematch per game,
its seats kept for the holders of the same seats, the agents seated again.

The lobby lists the games of this server's run, held in memory (a restarted server
resumes every saved game for those who hold its tokens, but lists none).

>>> from crabweb.tables import Tables
>>> lobby = Lobby(Tables())
>>> table = lobby.open("crab-stack", seats=["human", "human"], hold=[0], seed=3)
>>> [seat["free"] for seat in lobby.listing()[0]["seats"]]
[False, True]
>>> lobby.take(table.id, 1) == table.tokens[1]
True
>>> lobby.take(table.id, 1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crabweb.seats.ServerError: Blue's seat is taken ...
"""

from __future__ import annotations

import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from crabrules.youve_got_crabs import DOUBLE_CRABS_WINDOW
from crabweb.seats import HUMAN, ServerError
from crabweb.tables import MAX_TABLES, Table, Tables

__all__ = ["MAX_LISTED", "MAX_NAME", "Lobby", "real_time_info"]

#: The most games the lobby lists (the newest first).
MAX_LISTED = 50

#: The longest name a person may give their seat, in characters.
MAX_NAME = 24


class Lobby:
    """Who holds which seat of the games created through it, and each game's rematch."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self._lock = threading.Lock()
        #: By game id, its human seats a browser holds (taken or kept by its creator).
        self._held: OrderedDict[str, set[int]] = OrderedDict()
        #: By game id, its rematch's id.
        self._next: dict[str, str] = {}
        #: The games left out of the listing (their links still work).
        self._unlisted: set[str] = set()
        #: By game id, the names people gave their seats.
        self._people: dict[str, dict[int, str]] = {}
        #: By game id, how many times its seats changed (taken, named): streams watch it.
        self._changes: dict[str, int] = {}
        #: One rematch is made at a time per game (creating one may take agents' turns).
        self._making: dict[str, threading.Lock] = {}

    def open(
        self,
        game_id: str,
        *,
        seats: Sequence[str],
        hold: Sequence[int] | None = None,
        config: Any = None,
        seed: int | None = None,
        listed: bool = True,
    ) -> Table:
        """A new game in the lobby; its creator holds the human seats ``hold`` (all: ``None``).

        A ``listed=False`` game is not in :meth:`listing`: only its links lead to it.

        Raises:
            ServerError: a seat in ``hold`` is no human seat of the game (``no_seat``).
        """
        # Checked before the game is made: a refused request leaves no game behind.
        humans = {player for player, seat in enumerate(seats) if seat == HUMAN}
        held = humans if hold is None else set(hold)
        if held - humans:
            stray = sorted(held - humans)
            raise ServerError(f"hold: {stray} are not human seats of this game", "no_seat")
        table = self.tables.create(game_id, seats=seats, config=config, seed=seed)
        if not listed:
            with self._lock:
                self._unlisted.add(table.id)
        self._list(table.id, held)
        return table

    def _list(self, table_id: str, held: set[int]) -> None:
        with self._lock:
            self._held[table_id] = held
            self._held.move_to_end(table_id)
            while len(self._held) > MAX_TABLES:  # as many as the server holds in memory
                forgotten, _ = self._held.popitem(last=False)
                self._next.pop(forgotten, None)
                self._unlisted.discard(forgotten)
                self._people.pop(forgotten, None)
                self._changes.pop(forgotten, None)

    def free_seats(self, table: Table) -> list[int]:
        """The human seats of ``table`` no browser holds yet."""
        with self._lock:
            held = self._held.get(table.id)
        return [] if held is None else sorted(set(table.tokens) - held)

    def take(self, table_id: str, player: int) -> str:
        """Hand the free seat ``player`` of game ``table_id`` to a browser: its token, once.

        Raises:
            ServerError: no such game (404 ``no_game``), no such human seat (404
                ``no_seat``), or the seat is held already (409 ``seat_taken``).
        """
        table = self.tables.get(table_id)
        if player not in table.tokens:
            raise ServerError(f"player {player} is not a human seat of this game", "no_seat", 404)
        with self._lock:
            held = self._held.get(table.id)
            if held is None or player in held:
                name = table.game.names.player(table.config, player)
                raise ServerError(
                    f"{name[:1].upper() + name[1:]}'s seat is taken (or the game is not in "
                    "the lobby): ask for another seat, or watch",
                    "seat_taken",
                    409,
                )
            held.add(player)
            self._changes[table.id] = self._changes.get(table.id, 0) + 1
        return table.tokens[player]

    def changes(self, table_id: str) -> int:
        """How many times game ``table_id``'s seats were taken or named."""
        with self._lock:
            return self._changes.get(table_id, 0)

    def people(self, table_id: str) -> dict[int, str]:
        """The names people gave their seats of game ``table_id``, by player."""
        with self._lock:
            return dict(self._people.get(table_id, {}))

    def name(self, table: Table, player: int, name: object) -> str:
        """Name seat ``player`` of ``table`` (whose token the caller checked); ``""``
        clears it. Returns the name as kept: spaces at either end removed.

        >>> from crabweb.tables import Tables
        >>> lobby = Lobby(Tables())
        >>> table = lobby.open("crab-stack", seats=["human", "human"])
        >>> lobby.name(table, 1, "  Zoé ")
        'Zoé'
        >>> lobby.name(table, 1, "a" * 25)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        crabweb.seats.ServerError: name: at most 24 characters...

        Raises:
            ServerError: not a string, longer than :data:`MAX_NAME`, or holding a control
                or format character (400 ``bad_name``).
        """
        if not isinstance(name, str):
            raise ServerError('name: a string ("" clears it)', "bad_name")
        if len(name) > 4 * MAX_NAME:  # before any work on it: a huge name is refused fast
            raise ServerError(f"name: at most {MAX_NAME} characters", "bad_name")
        name = name.strip()
        if len(name) > MAX_NAME:
            raise ServerError(f"name: at most {MAX_NAME} characters, not {len(name)}", "bad_name")
        if any(unicodedata.category(c) in {"Cc", "Cf", "Cs", "Zl", "Zp"} for c in name):
            raise ServerError("name: letters, digits, spaces and signs, no control", "bad_name")
        with self._lock:
            people = self._people.setdefault(table.id, {})
            if name:
                people[player] = name
            else:
                people.pop(player, None)
            self._changes[table.id] = self._changes.get(table.id, 0) + 1
        return name

    def next_of(self, table_id: str) -> str | None:
        """The id of game ``table_id``'s rematch, once someone asked for it."""
        with self._lock:
            return self._next.get(table_id)

    def again(self, table: Table, player: int) -> tuple[Table, str]:
        """The rematch of ``table`` for the holder of seat ``player`` (whose token the
        caller checked): the game and that seat's token in it.

        The first holder to ask creates it (the same game, config and seats, a new seed);
        the others join it, each in the seat they held.

        Raises:
            ServerError: the game is not over (409 ``not_over``).
        """
        if not table.game.is_terminal(table.state):
            raise ServerError("play again once the game is over", "not_over", 409)
        with self._lock:
            making = self._making.setdefault(table.id, threading.Lock())
        with making:
            rematch_id = self.next_of(table.id)
            if rematch_id is None:
                with self._lock:
                    held = set(self._held.get(table.id, set(table.tokens)))
                rematch = self.tables.create(
                    table.game.info.id, seats=list(table.seats), config=table.config
                )
                self._list(rematch.id, held)  # the same people keep the same seats
                with self._lock:
                    self._next[table.id] = rematch.id
                    if table.id in self._unlisted:
                        self._unlisted.add(rematch.id)
                    self._people[rematch.id] = dict(self._people.get(table.id, {}))
                    self._making.pop(table.id, None)
            else:
                rematch = self.tables.get(rematch_id)
        return rematch, rematch.tokens[player]

    def listing(self) -> list[dict[str, Any]]:
        """The games not over, the newest first, each with its seats and which are free."""
        with self._lock:
            ids = [i for i in reversed(self._held) if i not in self._unlisted]
        listed: list[dict[str, Any]] = []
        for table_id in ids:
            if len(listed) == MAX_LISTED:
                break
            try:
                table = self.tables.get(table_id)
            except ServerError:
                continue  # forgotten, or its rows damaged: not listed
            if table.game.is_terminal(table.state):
                continue
            listed.append(self.entry(table))
        return listed

    def entry(self, table: Table) -> dict[str, Any]:
        """``table`` as the lobby lists it: its game, moves and each seat."""
        free = set(self.free_seats(table))
        people = self.people(table.id)
        config, names = table.config, table.game.names
        return {
            "id": table.id,
            "game": table.game.info.id,
            "name": table.game.info.name,
            "moves": table.moves,
            "seats": [
                {
                    "player": player,
                    "name": names.player(config, player),
                    "kind": seat,
                    "free": player in free,
                    "person": people.get(player),
                }
                for player, seat in enumerate(table.seats)
            ],
        }


def real_time_info(table: Table, view: dict[str, Any]) -> dict[str, Any]:
    """What a real-time view adds for people: the clock's speed, the open call's time left
    and who the table waits for (the people who may act: agents act on their own).

    ``view`` is :meth:`~crabweb.tables.Table.view`'s answer; it is returned with
    ``speed``, ``calls`` (``[{caller, target, left}]``, seconds left to call back) and
    ``waiting_for`` (players).
    """
    if not table.real_time:
        return view
    window = view["observation"].get("window")
    calls = []
    if window is not None:
        left = max(0.0, window["time"] + DOUBLE_CRABS_WINDOW - view["clock"])
        calls.append({"caller": window["caller"], "target": window["target"], "left": left})
    people = [p for p, seat in enumerate(table.seats) if seat == HUMAN]
    view["speed"] = table.speed
    view["calls"] = calls
    view["waiting_for"] = [p for p in view["active"] if p in people]
    return view
