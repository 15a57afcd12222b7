"""The HTTP and JSON interface: a Starlette app over :class:`crabweb.tables.Tables`.

Routes (every body and answer is JSON; errors are ``{"error", "reason", "message"}``
with status 400, or 403/404/409/413 as said; a query value given twice is a 400):

- ``GET /``: the page (``static/index.html``); ``GET /api/games``: the games, their
  player counts, default configs and the agents a seat may have.
- ``POST /api/tables``: ``{"game", "seats", "config"?, "seed"?, "hold"?, "listed"?}``
  creates a game; the answer gives its ``id``, one ``tokens[player]`` per human seat its
  creator holds (``hold``: those seats; all by default), a ``join`` link per other human
  seat and a ``watch`` link. ``"listed": false`` leaves it out of the lobby.
- ``GET /api/lobby``: the games not over and their seats, which are free
  (:mod:`crabweb.lobby`); ``POST /api/tables/{id}/seats/{p}``: take free seat ``p``,
  the answer gives its ``token`` (once: a seat held is a 409 ``seat_taken``).
- ``GET /api/tables/{id}``: the public view, a spectator's (no legal actions);
  ``GET /api/tables/{id}/stream``: that view pushed as the game moves on.
- ``POST /api/tables/{id}/players/{p}/again``: once the game is over, the rematch with
  the same seats; the answer gives its ``id`` and seat ``p``'s ``token`` in it.
- ``POST /api/tables/{id}/players/{p}/name``: ``{"name"}``, the name the seat's person
  goes by (at most :data:`crabweb.lobby.MAX_NAME` characters; ``""`` clears it).
- ``GET /api/tables/{id}/players/{p}``: player ``p``'s view (header ``X-Seat-Token``):
  observation, SVG, described legal actions with their clicks, events seen so far
  (``?since=N``: those of moves after the N-th), the players' names as the board shows
  them and, at the end, the ending in words.
- ``POST /api/tables/{id}/players/{p}/actions``: the action as plain JSON; the answer is
  ``{"events": [...]}``, what ``p`` saw of it and of the agents' answers.
- ``POST /api/tables/{id}/players/{p}/wait``: in real-time play, let the agents act.
- ``GET /api/tables/{id}/players/{p}/stream``: Server-Sent Events, ``p``'s view each time
  the game moves on (``?token=``: a browser's EventSource sends no header of its own);
  once it is over, an ``again`` event names the rematch when someone asks for one. At
  most :data:`crabweb.streams.MAX_STREAMS` streams are open at once (more: 503 ``busy``).

Real-time views also carry the clock's ``speed``, the open call's time ``left`` and who
the table ``waiting_for`` (:func:`crabweb.lobby.real_time_info`); every view lists the
seats still ``free`` and names the rematch, ``next``, once there is one.
- ``GET /api/tables/{id}/record``: the GameRecord (hidden-information games: at the end);
  ``?format=text``: as text, one move a line (:mod:`crabrules.record`); ``json``, the
  default, or ``text``: any other format is a 400.
- ``GET /api/tables/{id}/replay?move=N``: the table after move N as a spectator saw it,
  the move marked and told in words (hidden-information games: at the end).

Games are saved in SQLite as they are played (:mod:`crabweb.store`): a server started
again on the same database resumes them. Real-time games run on the server's clock
(:mod:`crabweb.live`).

The event loop never plays: every call on a table (agents' turns included) runs in a
daemon thread, one request at a time per table, so the server answers other clients while
agents think, and stopping it does not wait for them. A body over :data:`MAX_BODY` bytes
is refused with 413 from its ``Content-Length``, before it is read (or, sent without one,
as soon as it grows past the limit).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import pathlib
import re
import threading
import weakref
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import crabrules
from crabrules.agents import AGENTS
from crabrules.core import CrabRulesError, DeserializationError
from crabweb.live import Ticker
from crabweb.lobby import Lobby, real_time_info
from crabweb.streams import Streams
from crabweb.tables import HUMAN, SEAT_CHOICES, ServerError, Table, Tables

__all__ = ["STATIC", "app", "create_app"]

STATIC = pathlib.Path(__file__).parent / "static"

#: The largest body accepted, in bytes (an action is a few dozen); a larger one is a 413.
MAX_BODY = 64_000

#: The most requests on tables worked on at once (each in its own thread); more wait.
MAX_TABLE_THREADS = 16

#: Real-time games run on the server's clock at this many game seconds a second.
LIVE_SPEED = 1.0

#: A turn-based game of agents only plays a move every this many seconds, to be watched.
AGENT_PACE = 0.6

T = TypeVar("T")


def error_response(error: Exception) -> JSONResponse:
    """The JSON answer for a refused request: the library's reason code and message."""
    reason = getattr(error, "reason", None)
    code = getattr(reason, "value", reason) or _snake(type(error).__name__)
    status = error.status if isinstance(error, ServerError) else 400
    body = {"error": type(error).__name__, "reason": str(code), "message": str(error)}
    return JSONResponse(body, status_code=status)


def _snake(name: str) -> str:
    # DeserializationError -> deserialization: a code for errors that carry none.
    name = name.removesuffix("Error")
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")


async def read_json(request: Request) -> Any:
    """The request's body as JSON; a 400 :class:`ServerError` if it is not JSON.

    A body announced (``Content-Length``) or found longer than :data:`MAX_BODY` is a 413
    ``too_large``, and no more of it is read.
    """
    too_large = ServerError(f"the body is larger than {MAX_BODY} bytes", "too_large", 413)
    length = request.headers.get("content-length")
    if length is not None:
        if not (length.isascii() and length.isdigit()):
            raise ServerError("Content-Length: a number of bytes", "bad_request")
        if len(length) > len(str(MAX_BODY)) or int(length) > MAX_BODY:
            raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise too_large
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as error:
        raise ServerError(f"the body is not JSON: {error}", "not_json") from error


def count(text: str, what: str) -> int:
    """``text`` as a whole number (ASCII digits, at most nine); else a 400 ``bad_request``."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise ServerError(f"{what}: a whole number from 0 to 999999999", "bad_request")
    return int(text)


def query(request: Request, name: str, default: str = "") -> str:
    """The query value ``name`` (``default`` when absent); given twice, a 400 ``bad_request``.

    Which of two values would count is not for the server to guess (``?move=1&move=2``).
    """
    values = request.query_params.getlist(name)
    if len(values) > 1:
        raise ServerError(f"{name}: given {len(values)} times; give it once", "bad_request")
    return values[0] if values else default


def record_format(request: Request) -> str:
    """A record's ``?format=``: ``json`` (the default) or ``text``; else a 400 ``bad_request``."""
    shape = query(request, "format", "json")
    if shape not in ("json", "text"):
        raise ServerError("format: 'json' (the default) or 'text'", "bad_request")
    return shape


async def in_thread(limiter: anyio.CapacityLimiter, call: Callable[[], T]) -> T:
    """``call()``'s result, computed in a new daemon thread while the event loop serves on.

    A daemon thread, not anyio's pool (whose threads the interpreter waits for at exit):
    when the request is cancelled (uvicorn's graceful shutdown timing out), its answer is
    dropped and the process exits without waiting for an agent to finish thinking.
    """
    loop = asyncio.get_running_loop()
    done: asyncio.Future[T] = loop.create_future()

    def settle(answer: Callable[[], None]) -> None:
        if not done.done():  # else the request was cancelled: the answer is dropped
            answer()

    def work() -> None:
        try:
            result = call()
        except BaseException as error:  # every outcome goes back to the request
            answer = functools.partial(done.set_exception, error)
        else:
            answer = functools.partial(done.set_result, result)
        with contextlib.suppress(RuntimeError):  # the loop is closed: the server stopped
            loop.call_soon_threadsafe(settle, answer)

    async with limiter:
        threading.Thread(target=work, name="crabweb table", daemon=True).start()
        try:
            return await done
        except asyncio.CancelledError:
            # Only a stopping server cancels a request (its grace period is over): say so
            # with a 503, rather than uvicorn's bare 500 and a traceback in the log.
            raise ServerError("the server is stopping; try again", "stopping", 503) from None


def table_request(body: object) -> tuple[str, list[str], Any, int | None]:
    """The game, seats, config and seed of a ``POST /api/tables`` body, checked."""
    if not isinstance(body, dict):
        raise ServerError("the body is an object: {game, seats, config?, seed?}", "bad_request")
    unknown = set(body) - {"game", "seats", "config", "seed", "hold", "listed"}
    if unknown:
        raise ServerError(f"unknown field(s) {', '.join(sorted(unknown))}", "bad_request")
    game_id, seats, seed = body.get("game"), body.get("seats"), body.get("seed")
    if not isinstance(game_id, str):
        raise ServerError("game: a game id such as 'crab-stack'", "bad_request")
    game = crabrules.get_game(game_id)
    if not (isinstance(seats, list) and seats and all(isinstance(s, str) for s in seats)):
        raise ServerError("seats: a list of 'human' or 'agent:NAME', one per player", "seats")
    if seed is not None and not (type(seed) is int and 0 <= seed < 2**63):
        raise ServerError("seed: an integer from 0 to 2**63 - 1", "bad_request")
    config = body.get("config")
    if config is not None:
        try:
            config = crabrules.from_dict(config, game.config_type)
        except DeserializationError as error:
            raise DeserializationError(option_words(game_id, str(error))) from None
    return game_id, seats, config, seed


def held_seats(body: dict[str, Any]) -> list[int] | None:
    """A ``POST /api/tables`` body's ``hold``: the human seats its creator keeps (``None``:
    every one), each once."""
    hold = body.get("hold")
    if hold is None:
        return None
    if not (
        isinstance(hold, list)
        and len(hold) <= 64
        and all(type(p) is int and 0 <= p < 64 for p in hold)
        and len(set(hold)) == len(hold)
    ):
        raise ServerError("hold: a list of distinct player numbers, each once", "bad_request")
    return list(hold)


#: Where a refusal of a document says the problem is: `` @ $`` and a path (``$.players``).
_WHERE = re.compile(r" @ \$(?:\.(\w+))?\S*$")


@functools.cache
def _titles(game_id: str) -> dict[str, str]:
    # The schema takes tens of milliseconds to build: once per game (a registered id).
    properties = crabrules.schema(game_id)["Config"]["properties"]
    return {name: str(prop.get("title", name)) for name, prop in properties.items()}


def option_words(game_id: str, message: str) -> str:
    """A refused config's message as the options form says it: each option by its title,
    no document path (`` @ $.first_player``), and ``None`` as the empty box it is.

    >>> option_words("crab-stack", "expected an int, got 'x' @ $.first_player")
    "First player: expected an int, got 'x'"
    >>> option_words("crab-stack", "max_turns: a positive int or None, not -1 @ $")
    'Max turns: a positive int or empty, not -1'
    """
    titles = _titles(game_id)
    said = []
    for part in message.split("; "):
        where = _WHERE.search(part)
        text = part[: where.start()] if where else part
        name, colon, rest = text.partition(": ")
        if colon and name in titles:
            text = f"{titles[name]}: {rest}"
        elif where and where[1] in titles:
            text = f"{titles[where[1]]}: {text}"
        said.append(re.sub(r"\bNone\b", "empty", text))
    return "; ".join(said)


@functools.cache
def games_listing() -> list[dict[str, Any]]:
    """Every registered game: its name, player counts, default configs, players' names
    and dynamics (built once: the schemas take a while)."""
    listed = []
    for game_id, game in sorted(crabrules.GAMES.items()):
        info = game.info
        configs, names = {}, {}
        for n in range(info.min_players, info.max_players + 1):
            try:  # You've Got Crabs seats teams of two: odd counts have no config
                config = game.config_for_players(n)
            except crabrules.InvalidConfigError:
                continue
            configs[n] = crabrules.to_dict(config)
            names[n] = [game.names.player(config, p) for p in range(n)]
        listed.append(
            {
                "id": game_id,
                "name": info.name,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "real_time": info.dynamics.value == "real_time",
                "configs": configs,
                # Each seat by the name the board shows (red, Boater, P2).
                "names": names,
                # The page builds its options form from this (crabrules.schema).
                "config_schema": crabrules.schema(game_id)["Config"],
            }
        )
    return listed


def seat_number(text: str) -> int:
    """A seat's number in a path; anything but ASCII digits (at most nine) is a 404."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise ServerError(f"no player {text[:24]!r} at this table", "no_seat", 404)
    return int(text)


def seat_of(tables: Tables, request: Request) -> tuple[Table, int]:
    """The game and seat a request names, once it showed that seat's token.

    Raises:
        ServerError: no such game (404), no such human seat (404), or a wrong token (403).
    """
    table = tables.get(request.path_params["table"])
    player = seat_number(request.path_params["player"])
    # A browser's EventSource sends no header of its own: the stream takes ?token=.
    token = request.headers.get("x-seat-token") or query(request, "token")
    table.check_token(player, token)
    return table, player


def viewer_of(tables: Tables, request: Request) -> tuple[Table, int | None]:
    """The game a request names and whose view it asks for: a seat's (:func:`seat_of`), or
    ``None`` (a spectator's) when the path names no player."""
    if "player" in request.path_params:
        return seat_of(tables, request)
    return tables.get(request.path_params["table"]), None


def dressed(lobby: Lobby, table: Table, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with what people need besides the rules': the clock (in real time), the
    seats still ``free``, the names ``people`` gave their seats and the rematch
    (``next``)."""
    view["next"] = lobby.next_of(table.id)
    view["free"] = lobby.free_seats(table)
    view["people"] = {str(p): name for p, name in lobby.people(table.id).items()}
    return real_time_info(table, view)


def created(table: Table, free: list[int]) -> dict[str, Any]:
    """The answer to ``POST /api/tables``: the game, the tokens of the seats its creator
    holds, and a link to join each ``free`` seat and to watch."""
    return {
        "id": table.id,
        "game": table.game.info.id,
        "seats": list(table.seats),
        "humans": [p for p, s in enumerate(table.seats) if s == HUMAN],
        "tokens": {str(p): t for p, t in table.tokens.items() if p not in free},
        "join": {str(p): f"/?table={table.id}&join={p}" for p in free},
        "watch": f"/?table={table.id}&watch=1",
    }


def create_app(tables: Tables | None = None) -> Starlette:
    """The app, serving ``tables`` (by default an empty :class:`Tables` in memory, with
    real-time games on the server's clock at :data:`LIVE_SPEED`, and turn-based games of
    agents a move every :data:`AGENT_PACE` seconds).

    While the app runs, a :class:`~crabweb.live.Ticker` plays the agents of the live
    tables on the server's clock.
    """
    tables = Tables(speed=LIVE_SPEED, pace=AGENT_PACE) if tables is None else tables
    ticker = Ticker(tables)
    lobby = Lobby(tables)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        ticker.start()
        try:
            yield
        finally:
            ticker.stop()

    limiter = anyio.CapacityLimiter(MAX_TABLE_THREADS)
    # Requests waiting for a busy table wait here, on the loop, holding no thread; the
    # table's own lock keeps it consistent whatever calls it.
    turns: weakref.WeakKeyDictionary[Table, anyio.Lock] = weakref.WeakKeyDictionary()

    async def on_table(table: Table, call: Callable[[], T]) -> T:
        async with turns.setdefault(table, anyio.Lock()):
            return await in_thread(limiter, call)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def games(request: Request) -> Response:
        return JSONResponse({"games": games_listing(), "agents": AGENTS, "seats": SEAT_CHOICES})

    async def create(request: Request) -> Response:
        body = await read_json(request)
        game_id, seats, config, seed = table_request(body)
        hold = held_seats(body)
        listed = body.get("listed", True)
        if type(listed) is not bool:
            raise ServerError("listed: true (the default) or false", "bad_request")
        table = await in_thread(
            limiter,
            functools.partial(
                lobby.open,
                game_id,
                seats=seats,
                hold=hold,
                config=config,
                seed=seed,
                listed=listed,
            ),
        )
        answer = created(table, lobby.free_seats(table))
        return JSONResponse(answer, status_code=201)

    async def view(request: Request) -> Response:
        table, player = viewer_of(tables, request)
        since = count(query(request, "since", "0"), "since (moves)")
        shown = await on_table(table, functools.partial(table.view, player, since))
        return JSONResponse(dressed(lobby, table, shown))

    async def listing(request: Request) -> Response:
        return JSONResponse({"games": await in_thread(limiter, lobby.listing)})

    async def take(request: Request) -> Response:
        player = seat_number(request.path_params["player"])
        token = lobby.take(request.path_params["table"], player)
        return JSONResponse({"id": request.path_params["table"], "player": player, "token": token})

    async def act(request: Request) -> Response:
        table, player = seat_of(tables, request)
        document = await read_json(request)
        events = await on_table(table, functools.partial(table.act, player, document))
        return JSONResponse({"events": events})

    async def wait(request: Request) -> Response:
        table, player = seat_of(tables, request)
        return JSONResponse(
            {"events": await on_table(table, functools.partial(table.wait, player))}
        )

    async def name(request: Request) -> Response:
        table, player = seat_of(tables, request)
        body = await read_json(request)
        given = body.get("name") if isinstance(body, dict) and set(body) == {"name"} else None
        return JSONResponse({"name": lobby.name(table, player, given)})

    async def again(request: Request) -> Response:
        table, player = seat_of(tables, request)
        rematch, token = await in_thread(limiter, functools.partial(lobby.again, table, player))
        return JSONResponse({"id": rematch.id, "player": player, "token": token})

    streams = Streams()

    async def look(table: Table, player: int | None) -> dict[str, Any]:
        shown = await on_table(table, functools.partial(table.view, player))
        return dressed(lobby, table, shown)

    async def stream(request: Request) -> Response:
        table, player = viewer_of(tables, request)
        return streams.response(request, table, player, look, lobby)

    async def record(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        if record_format(request) == "text":
            return PlainTextResponse(await on_table(table, table.record_text))
        return JSONResponse(await on_table(table, table.record))

    async def replay(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        move = count(query(request, "move", "0"), "move")
        return JSONResponse(await in_thread(limiter, functools.partial(table.replay, move)))

    async def refused(request: Request, error: Exception) -> Response:
        return error_response(error)

    routes = [
        Route("/", index),
        Route("/api/games", games),
        Route("/api/lobby", listing),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}", view),
        Route("/api/tables/{table}/stream", stream),
        Route("/api/tables/{table}/seats/{player}", take, methods=["POST"]),
        Route("/api/tables/{table}/players/{player}/again", again, methods=["POST"]),
        Route("/api/tables/{table}/players/{player}/name", name, methods=["POST"]),
        Route("/api/tables/{table}/players/{player}", view),
        Route("/api/tables/{table}/players/{player}/actions", act, methods=["POST"]),
        Route("/api/tables/{table}/players/{player}/wait", wait, methods=["POST"]),
        Route("/api/tables/{table}/players/{player}/stream", stream),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/replay", replay),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(
        routes=routes, exception_handlers={CrabRulesError: refused}, lifespan=lifespan
    )


app = create_app()
