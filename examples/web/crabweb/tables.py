"""Games being played: a :class:`Table` per game, held by :class:`Tables`.

Nothing here knows HTTP; :mod:`crabweb.app` turns requests into these calls. Every game is
saved as it is played (:mod:`crabweb.store`, SQLite by default): a server started again on
the same database resumes every game, rebuilt by replaying its actions.

A table holds the true state and shows each player only their own view: every answer for
a player is built from ``observe(state, player)`` and ``observe_events(events, player)``.

Tables are safe to use from several threads (the server runs agents off its event loop): a
table's public methods take its lock, so two requests on one game run one after the other.
A search agent's budget is capped (:data:`MAX_AGENT_ITERATIONS`), so a decision takes
seconds at most.

>>> tables = Tables()
>>> table = tables.create("crab-stack", seats=["human", "agent:plausible"], seed=3)
>>> table.seats
('human', 'agent:plausible')
>>> view = table.view(0)
>>> view["active"], len(view["legal"]) > 0
([0], True)
"""

from __future__ import annotations

import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import crabrules
from crabrules import record as text_record
from crabrules.agents import Agent, Turn, agent_label, agent_rngs, check_agent, stamped
from crabrules.core import CrabRulesError, Dynamics, Information
from crabweb.clicks import clicks
from crabweb.replay import replay_step
from crabweb.seats import (
    HUMAN,
    MAX_AGENT_ITERATIONS,
    SEAT_CHOICES,
    ServerError,
    make_seat_agent,
    shown,
)
from crabweb.store import SavedTable, SqliteStore, Store

__all__ = [
    "HUMAN",
    "MAX_AGENT_ACTIONS",
    "MAX_AGENT_ITERATIONS",
    "MAX_TABLES",
    "SEAT_CHOICES",
    "ServerError",
    "Table",
    "Tables",
    "make_seat_agent",
]

#: The most games kept at once; creating one more forgets the oldest.
MAX_TABLES = 200

#: The most actions agents take in one request (a safety net: real-time games need not end
#: under random play).
MAX_AGENT_ACTIONS = 2000


class Table:
    """One game: its state, who sits where, and what happened, as each player saw it.

    Args:
        table_id: the game's id on the server.
        game_id: the registry id of the game.
        config: its config (``None``: the default for ``len(seats)`` players).
        seats: ``"human"``, ``"agent:NAME"`` (a built-in agent) or, from Python, an agent
            object, per player, in seat order.
        seed: the game's seed (it also seeds the agents).
        store: where the game is saved as it is played (``None``: nowhere).
        saved: the saved game to resume (its actions are replayed; the agents' random
            streams start afresh).
        speed: real-time play on the server's clock (:meth:`tick`), this many game
            seconds a second; ``None``: agents answer each request instead (``wait``).
    """

    def __init__(
        self,
        table_id: str,
        game_id: str,
        config: Any,
        seats: Sequence[str | Agent],
        seed: int,
        *,
        store: Store | None = None,
        saved: SavedTable | None = None,
        speed: float | None = None,
        pace: float | None = None,
    ) -> None:
        self.id = table_id
        self.game = crabrules.get_game(game_id)
        self.config = self.game.config_for_players(len(seats)) if config is None else config
        self.seed = seed
        self.state = self.game.initial_state(self.config, seed=seed)
        players = self.game.num_players(self.state)
        if len(seats) != players:
            raise ServerError(
                f"{self.game.info.name} with this config seats {players}, not {len(seats)}",
                "seats",
            )
        self.agents: dict[int, Agent] = {}
        for player, seat in enumerate(seats):
            if isinstance(seat, str):
                if seat != HUMAN:
                    self.agents[player] = make_seat_agent(player, seat)
            else:
                self.agents[player] = check_agent(seat, f"seat {player}")  # type: ignore[assignment]
        #: Each seat as the page shows it: ``human``, or ``agent:`` and the agent's name.
        self.seats = tuple(
            seat if isinstance(seat, str) else f"agent:{agent_label(seat)}" for seat in seats
        )
        self.rngs = agent_rngs(seed, players)
        #: A secret per human seat: whoever shows it may see and play that seat.
        self.tokens = {
            p: secrets.token_urlsafe(16) for p in range(players) if p not in self.agents
        }
        self.actions: list[Any] = []
        self.log: list[tuple[Any, ...]] = []  # the events of each action, in order
        self.now = 0.0
        #: Held by view, act, wait and record: one request at a time reads or changes the game.
        self.lock = threading.Lock()
        self.store = store
        self.speed = speed if self.real_time else None
        #: A turn-based game of agents only plays a move every ``pace`` seconds on the
        #: server's clock (:meth:`tick`), so that its watchers see it play out; ``None``:
        #: it is played to the end as it is created.
        self.pace = pace if not self.real_time and len(self.agents) == players else None
        self._moved = time.monotonic()  # when the paced game last moved
        #: The game clock (``_origin``) when the server's clock read ``_started``.
        self._started, self._origin = time.monotonic(), 0.0
        #: Real-time play on the clock: the agents' earliest decision, asked at move
        #: ``_asked_at`` (``None``: every agent waits), and when to ask again.
        self._next: tuple[float, Any] | None = None
        self._asked_at = -1
        self._ask_again = 0.0
        if saved is None:
            if store is not None:
                store.save_table(self._saved())
        else:
            self._resume(saved)
        #: How many actions the store holds.
        self.saved = len(self.actions)
        if not self.live and not self.paced:  # those play on the server's clock (tick)
            self.advance(answer=False)
            self._save()

    def _saved(self) -> SavedTable:
        config = crabrules.to_dict(self.config)
        tokens = {str(p): token for p, token in self.tokens.items()}
        return SavedTable(self.id, self.game.info.id, config, list(self.seats), self.seed, tokens)

    def _resume(self, saved: SavedTable) -> None:
        # Replayed through the rules: a damaged or edited database cannot make a false game.
        self.tokens = {int(p): token for p, token in saved.tokens.items()}
        for number, document in enumerate(saved.moves, start=1):
            try:
                self._apply(crabrules.from_dict(document, self.game.action_type))
            except CrabRulesError as error:
                raise ServerError(
                    f"saved game {self.id}: move {number} cannot be played again ({error})",
                    "damaged_game",
                    500,
                ) from None
        self.now = saved.clock
        self._started, self._origin = time.monotonic(), saved.clock

    def _save(self) -> None:
        """Save the actions played since the last save (the caller holds :attr:`lock`)."""
        if self.store is None or self.saved == len(self.actions):
            return
        new = [crabrules.to_dict(action) for action in self.actions[self.saved :]]
        self.store.add_moves(self.id, self.saved, new, self.now)
        self.saved = len(self.actions)

    @property
    def moves(self) -> int:
        """How many actions have been played (it only grows: a stream watches it)."""
        return len(self.actions)

    @property
    def live(self) -> bool:
        """Real-time play on the server's clock: the agents act when their time comes."""
        return self.speed is not None

    @property
    def paced(self) -> bool:
        """A turn-based game of agents only, a move every :attr:`pace` seconds."""
        return self.pace is not None

    def halt(self) -> None:
        """Stop playing on the server's clock (a broken game: its players see it still)."""
        self.speed = self.pace = None

    def clock(self) -> float:
        """The game clock now, in game seconds (the caller holds :attr:`lock`).

        Live, it runs with the server's clock from where the game was saved or started;
        otherwise it stands at the last agent's decision.
        """
        if self.speed is None:
            return self.now
        return max(self.now, self._origin + (time.monotonic() - self._started) * self.speed)

    def tick(self) -> bool:
        """Live real-time play: apply the agents' earliest decision once its time has come.

        The agents are asked again after every action, and every game second while they
        all wait. Returns whether an action was played.
        """
        with self.lock:
            if self.pace is not None:
                return self._paced_move(self.pace)
            if self.speed is None or self.game.is_terminal(self.state):
                return False
            now = self.clock()
            if self._asked_at != len(self.actions) or (
                self._next is None and now >= self._ask_again
            ):
                self.now = now
                bots = [
                    p for p in sorted(self.game.active_players(self.state)) if p in self.agents
                ]
                self._next = self._earliest(bots)
                self._asked_at = len(self.actions)
                self._ask_again = now + 1.0
            if self._next is None or self._next[0] > now:
                return False
            at, action = self._next
            self._apply(action)
            self.now = max(self.now, at)
            self._save()
            return True

    def _paced_move(self, pace: float) -> bool:
        """A paced game's next move, once ``pace`` seconds have passed since the last one."""
        if self.game.is_terminal(self.state) or time.monotonic() - self._moved < pace:
            return False
        self.advance_one()
        self._moved = time.monotonic()
        self._save()
        return True

    def advance_one(self) -> bool:
        """Turn-based play: the lowest active player's move if it is an agent's, as
        :func:`crabrules.agents.play_match` asks (the caller holds :attr:`lock`).

        Returns whether a move was played (none for a person, or an agent that waits).
        """
        active = sorted(self.game.active_players(self.state))
        best = self._earliest(active[:1]) if active and active[0] in self.agents else None
        if best is not None:
            self._apply(best[1])
            self.now = max(self.now, best[0])
        return best is not None

    @property
    def real_time(self) -> bool:
        """Whether anyone allowed may act at any moment (You've Got Crabs)."""
        return self.game.info.dynamics is Dynamics.REAL_TIME

    def check_token(self, player: int, token: str | None) -> None:
        """Refuse a request for ``player`` that does not show that seat's token."""
        if player not in self.tokens:
            raise ServerError(f"player {player} is not a human seat of this game", "no_seat", 404)
        # Compared as bytes: compare_digest refuses a str with any non-ASCII character.
        given = None if token is None else token.encode("utf-8", "surrogatepass")
        if given is None or not secrets.compare_digest(given, self.tokens[player].encode()):
            raise ServerError(f"this is not player {player}'s seat token", "bad_token", 403)

    def view(self, player: int | None, since: int = 0) -> dict[str, Any]:
        """Everything ``player`` may see now: observation, picture, legal actions, events.

        ``None`` is a spectator: the public view, and no legal actions.
        """
        with self.lock:
            return self._view(player, since)

    def _last_action(self) -> Any:
        """The action the picture marks as the last one (every player saw it made)."""
        return self.actions[-1] if self.actions else None

    def _view(self, player: int | None, since: int) -> dict[str, Any]:
        game, state = self.game, self.state
        observation = game.observe(state, player)
        playing = player is not None and not game.is_terminal(state)
        legal = game.legal_actions(state, player) if playing else ()
        outcome = game.outcome(state)
        return {
            "game": game.info.id,
            "player": player,
            "seats": list(self.seats),
            "real_time": self.real_time,
            "live": self.live,
            "moves": len(self.actions),
            "clock": self.clock(),
            "active": sorted(game.active_players(state)),
            "terminal": game.is_terminal(state),
            "outcome": None if outcome is None else crabrules.to_dict(outcome),
            # Players by the names the board shows; the ending in words ("red wins: ...").
            "names": [game.names.player(self.config, p) for p in range(len(self.seats))],
            "ending": None if outcome is None else game.names.outcome(self.config, outcome),
            "observation": crabrules.to_dict(observation),
            "svg": game.render_svg(observation, last_action=self._last_action()),
            "legal": [
                {
                    "action": crabrules.to_dict(action),
                    "notation": game.action_to_str(state, action),
                    "text": game.describe(state, action),
                    "clicks": clicks(action),
                }
                for action in legal
            ],
            "events": self._events_for(player, since),
        }

    def events_for(self, player: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The events of actions ``since`` onwards, as ``player`` may see them, described."""
        with self.lock:
            return self._events_for(player, since)

    def _events_for(self, player: int | None, since: int) -> list[dict[str, Any]]:
        return [
            {
                "move": number,
                "event": crabrules.to_dict(event),
                "text": self.game.describe_event(event, self.config),
            }
            for number, events in enumerate(self.log[since:], start=since + 1)
            for event in self.game.observe_events(events, player)
        ]

    def act(self, player: int, document: object) -> list[dict[str, Any]]:
        """Apply ``player``'s action (plain JSON) and let the agents answer.

        Returns the events ``player`` may see, of that action and of the agents' answers.

        Raises:
            CrabRulesError: the document is no action of this game
                (``DeserializationError``), is another player's, or is illegal
                (``IllegalActionError``, with its reason). The game is unchanged.
        """
        with self.lock:
            return self._act(player, document)

    def _act(self, player: int, document: object) -> list[dict[str, Any]]:
        since = len(self.log)
        action = crabrules.from_dict(document, self.game.action_type)
        if getattr(action, "player", None) != player:
            raise ServerError(
                f"this seat is player {player}'s; the action is player "
                f"{getattr(action, 'player', None)}'s",
                "wrong_player",
            )
        if self.live:
            # On the server's clock: a call carries the moment it arrived; the agents
            # answer when their own time comes (tick).
            self._apply(stamped(action, self.clock()))
        else:
            self._apply(action)
            self.advance()
        self._save()
        return self._events_for(player, since)

    def wait(self, player: int) -> list[dict[str, Any]]:
        """In real-time play, let the agents act once each while ``player`` waits."""
        if not self.real_time:
            raise ServerError(f"{self.game.info.name} is not played in real time", "not_real_time")
        with self.lock:
            since = len(self.log)
            if not self.live:  # live, the agents act on the server's clock (tick)
                self.advance()
                self._save()
            return self._events_for(player, since)

    def record(self) -> dict[str, Any]:
        """The GameRecord as JSON: for hidden-information games, only once the game is over."""
        actions = self._public_actions("the record (its seed shows every hand)")
        record = crabrules.GameRecord.of(self.game.info.id, self.config, self.seed, actions)
        data: dict[str, Any] = crabrules.to_dict(record)
        return data

    def record_text(self) -> str:
        """The game record as text, a move a line (:func:`crabrules.record.write`)."""
        actions = self._public_actions("the record (its seed shows every hand)")
        record = crabrules.GameRecord.of(self.game.info.id, self.config, self.seed, actions)
        return text_record.write(record, players=list(self.seats))

    def replay(self, move: int) -> dict[str, Any]:
        """Move ``move`` of the game as a spectator saw it (:func:`crabweb.replay.replay_step`).

        Raises:
            ServerError: a hidden-information game is not over (409 ``not_over``), or
                there is no such move (400 ``no_move``).
        """
        actions = self._public_actions("a replay (it shows every hand)")
        try:
            return replay_step(self.game, self.config, self.seed, actions, move)
        except ValueError as error:
            raise ServerError(str(error), "no_move") from None

    def _public_actions(self, what: str) -> list[Any]:
        """The actions played, once anyone may see them all."""
        with self.lock:
            state, actions = self.state, list(self.actions)
        hidden = self.game.info.information is not Information.PERFECT
        if hidden and not self.game.is_terminal(state):
            # The seed rebuilds the deck and every hand: no one sees it before the end.
            raise ServerError(f"{what} is sent after the end", "not_over", 409)
        return actions

    def advance(self, *, answer: bool = True) -> None:
        """Let agent seats play until a person may act (or the game ends).

        The caller holds :attr:`lock` (or is the constructor).

        Turn-based games ask the lowest active player, as :func:`crabrules.agents.play_match`
        does. In real-time play, while a person may act, each active agent is asked once
        after that person's action or wait (``answer``), in seat order; when no person may
        act, the agents play on, the earliest decision first.
        """
        asked: set[int] = set()
        for _ in range(MAX_AGENT_ACTIONS):
            if self.game.is_terminal(self.state):
                return
            active = sorted(self.game.active_players(self.state))
            humans = [p for p in active if p not in self.agents]
            bots = [p for p in active if p in self.agents and p not in asked]
            if not self.real_time:
                if not self.advance_one():
                    return
                continue
            if humans:
                if not bots or not answer:
                    return
                bots = bots[:1]
                asked.add(bots[0])
            best = self._earliest(bots)
            if best is None:
                if not humans:
                    self.now += 1.0  # every agent waits: a second passes
                continue
            self._apply(best[1])
            self.now = max(self.now, best[0])

    def _earliest(self, players: list[int]) -> tuple[float, Any] | None:
        best: tuple[float, Any] | None = None
        for player in players:
            legal = self.game.legal_actions(self.state, player)
            if not legal:
                continue
            self.rngs[player], rng = self.rngs[player].split()
            decision = self.agents[player].act(
                Turn(self.game, player, legal, self.now, self.state), rng
            )
            if decision is not None and (best is None or decision.at < best[0]):
                best = (decision.at, stamped(decision.action, decision.at))
        return best

    def _apply(self, action: Any) -> None:
        self.state, events = self.game.apply_with_events(self.state, action)
        self.actions.append(action)
        self.log.append(events)


class Tables:
    """The games being played, by id, saved in ``store``.

    ``store`` is a :class:`crabweb.store.Store` (:class:`crabweb.store.MemoryStore`, or
    your own), or the path of a SQLite database (:class:`crabweb.store.SqliteStore`).
    At most :data:`MAX_TABLES` games are held in memory; any other saved game is loaded
    again when asked for. ``":memory:"`` (the default from Python) keeps nothing once the
    object is gone; ``python -m crabweb`` uses a file.

    Raises:
        ValueError: ``store`` is the path of no sound database of saved games.
    """

    def __init__(
        self,
        store: Store | str | os.PathLike[str] = ":memory:",
        *,
        speed: float | None = None,
        pace: float | None = None,
    ) -> None:
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()  # tables are created in worker threads
        self.store: Store = SqliteStore(store) if isinstance(store, (str, os.PathLike)) else store
        #: Real-time games on the server's clock at this speed (see :class:`Table`).
        self.speed = speed
        #: Turn-based games of agents only play a move every ``pace`` seconds (``None``:
        #: at once, as they are created).
        self.pace = pace

    def live_tables(self) -> list[Table]:
        """The games in memory played on the server's clock (see :meth:`Table.tick`):
        real-time games, and paced games of agents."""
        with self._lock:
            return [table for table in self._tables.values() if table.live or table.paced]

    def create(
        self,
        game_id: str,
        *,
        seats: Sequence[str | Agent],
        config: Any = None,
        seed: int | None = None,
    ) -> Table:
        """A new game, its agents already played up to the first person's turn.

        A seat is ``"human"``, ``"agent:NAME"`` for a built-in agent, or (from Python, not
        over HTTP) an agent object of your own.
        """
        table_id = secrets.token_urlsafe(8)
        table = Table(
            table_id,
            game_id,
            config,
            seats,
            secrets.randbits(31) if seed is None else seed,
            store=self.store,
            speed=self.speed,
            pace=self.pace,
        )
        self._hold(table)
        return table

    def _hold(self, table: Table) -> None:
        with self._lock:
            self._tables[table.id] = table
            self._tables.move_to_end(table.id)
            while len(self._tables) > MAX_TABLES:
                self._tables.popitem(last=False)  # still saved: loaded again when asked for

    def get(self, table_id: str) -> Table:
        """The game ``table_id``, loaded from the database if it is not in memory.

        Raises:
            ServerError: no such game (404 ``no_game``), or its saved rows cannot be
                played again (500 ``damaged_game``).
        """
        with self._lock:
            table = self._tables.get(table_id)
        if table is not None:
            return table
        try:
            saved = self.store.load(table_id)
        except ValueError as error:
            raise ServerError(str(error), "damaged_game", 500) from None
        if saved is None:
            raise ServerError(f"no game {shown(table_id)} on this server", "no_game", 404)
        table = self._resume(saved)
        self._hold(table)
        return table

    def _resume(self, saved: SavedTable) -> Table:
        try:
            game = crabrules.get_game(saved.game)
            config = (
                None
                if saved.config is None
                else crabrules.from_dict(saved.config, game.config_type)
            )
            return Table(
                saved.id,
                saved.game,
                config,
                saved.seats,
                saved.seed,
                store=self.store,
                saved=saved,
                speed=self.speed,
                pace=self.pace,
            )
        except ServerError:
            raise
        except CrabRulesError as error:
            raise ServerError(
                f"saved game {saved.id} cannot be loaded ({error})", "damaged_game", 500
            ) from None
