"""The HTTP and JSON interface: a Starlette app over :class:`crabweb.tables.Tables`.

Routes (every body and answer is JSON; errors are ``{"error", "reason", "message"}``
with status 400, or 403/404/409 as said):

- ``GET /``: the page (``static/index.html``); ``GET /api/games``: the games, their
  player counts, default configs and the agents a seat may have.
- ``POST /api/tables``: ``{"game", "seats", "config"?, "seed"?}`` creates a game; the
  answer gives its ``id`` and one ``tokens[player]`` per human seat.
- ``GET /api/tables/{id}/players/{p}``: player ``p``'s view (header ``X-Seat-Token``):
  observation, SVG, described legal actions with their clicks, events seen so far
  (``?since=N``: those of moves after the N-th).
- ``POST /api/tables/{id}/players/{p}/actions``: the action as plain JSON; the answer is
  ``{"events": [...]}``, what ``p`` saw of it and of the agents' answers.
- ``POST /api/tables/{id}/players/{p}/wait``: in real-time play, let the agents act.
- ``GET /api/tables/{id}/record``: the GameRecord (hidden-information games: at the end).

Games live in this process's memory only; restarting the server forgets them.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import crabrules
from crabrules.agents import AGENTS
from crabrules.core import CrabRulesError
from crabweb.tables import HUMAN, ServerError, Table, Tables

__all__ = ["STATIC", "app", "create_app"]

STATIC = pathlib.Path(__file__).parent / "static"

#: The largest body accepted, in bytes (an action is a few dozen).
MAX_BODY = 64_000


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
    """The request's body as JSON; a 400 :class:`ServerError` if it is not JSON."""
    body = await request.body()
    if len(body) > MAX_BODY:
        raise ServerError(f"the body is larger than {MAX_BODY} bytes", "too_large")
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as error:
        raise ServerError(f"the body is not JSON: {error}", "not_json") from error


def create_app(tables: Tables | None = None) -> Starlette:
    """The app, serving ``tables`` (a fresh, empty :class:`Tables` by default)."""
    tables = Tables() if tables is None else tables

    def seat(request: Request) -> tuple[Table, int]:
        table = tables.get(request.path_params["table"])
        player = request.path_params["player"]
        table.check_token(player, request.headers.get("x-seat-token"))
        return table, player

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def games(request: Request) -> Response:
        listed = []
        for game_id, game in sorted(crabrules.GAMES.items()):
            info = game.info
            configs = {}
            for n in range(info.min_players, info.max_players + 1):
                try:  # You've Got Crabs seats teams of two: odd counts have no config
                    configs[n] = crabrules.to_dict(game.config_for_players(n))
                except crabrules.InvalidConfigError:
                    continue
            listed.append(
                {
                    "id": game_id,
                    "name": info.name,
                    "min_players": info.min_players,
                    "max_players": info.max_players,
                    "real_time": info.dynamics.value == "real_time",
                    "configs": configs,
                }
            )
        return JSONResponse({"games": listed, "agents": AGENTS, "memory_only": True})

    async def create(request: Request) -> Response:
        body = await read_json(request)
        if not isinstance(body, dict):
            raise ServerError(
                "the body is an object: {game, seats, config?, seed?}", "bad_request"
            )
        unknown = set(body) - {"game", "seats", "config", "seed"}
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
            config = crabrules.from_dict(config, game.config_type)
        table = tables.create(game_id, seats=seats, config=config, seed=seed)
        answer = {
            "id": table.id,
            "game": game_id,
            "seats": list(table.seats),
            "humans": [p for p, s in enumerate(table.seats) if s == HUMAN],
            "tokens": {str(p): token for p, token in table.tokens.items()},
        }
        return JSONResponse(answer, status_code=201)

    async def view(request: Request) -> Response:
        table, player = seat(request)
        since = request.query_params.get("since", "0")
        if not since.isdigit():
            raise ServerError("since: a number of moves", "bad_request")
        return JSONResponse(table.view(player, int(since)))

    async def act(request: Request) -> Response:
        table, player = seat(request)
        document = await read_json(request)
        return JSONResponse({"events": table.act(player, document)})

    async def wait(request: Request) -> Response:
        table, player = seat(request)
        return JSONResponse({"events": table.wait(player)})

    async def record(request: Request) -> Response:
        return JSONResponse(tables.get(request.path_params["table"]).record())

    async def refused(request: Request, error: Exception) -> Response:
        return error_response(error)

    routes = [
        Route("/", index),
        Route("/api/games", games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}/players/{player:int}", view),
        Route("/api/tables/{table}/players/{player:int}/actions", act, methods=["POST"]),
        Route("/api/tables/{table}/players/{player:int}/wait", wait, methods=["POST"]),
        Route("/api/tables/{table}/record", record),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers={CrabRulesError: refused})


app = create_app()
