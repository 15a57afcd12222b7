"""Server-Sent Events: a seat's (or a spectator's) view pushed each time its game moves on.

A stream polls its game every :data:`STREAM_SECONDS` and sends the view when the game
moved on or a seat was taken or named; once the game is over it looks for the rematch every
:data:`AGAIN_SECONDS`, sends an ``again`` event naming it, and ends. It ends too when
the client goes away. A client that stops reading holds only its own stream (the server
writes to it no faster than it reads). At most :data:`MAX_STREAMS` are open at once.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from crabweb.lobby import Lobby
from crabweb.seats import ServerError
from crabweb.tables import Table

__all__ = ["AGAIN_SECONDS", "MAX_STREAMS", "STREAM_SECONDS", "Streams"]

#: How often a stream looks for a new move, in seconds.
STREAM_SECONDS = 0.1

#: How often a stream of a game over looks for its rematch, in seconds.
AGAIN_SECONDS = 0.5

#: The most event streams open at once (each a task polling its game).
MAX_STREAMS = 256

#: A view of ``table`` for a seat (``None``: a spectator), as the server answers it.
Look = Callable[[Table, "int | None"], Awaitable[dict[str, Any]]]


class Streams:
    """The open event streams of one app, counted."""

    def __init__(self) -> None:
        self.open = 0

    def response(
        self,
        request: Request,
        table: Table,
        player: int | None,
        look: Look,
        lobby: Lobby,
    ) -> Response:
        """The stream of ``player``'s views of ``table`` (``look`` builds each one), each
        time it moves on or a seat is taken (``lobby``), then its rematch.

        Raises:
            ServerError: :data:`MAX_STREAMS` streams are open (503 ``busy``).
        """
        if self.open >= MAX_STREAMS:
            raise ServerError("too many open streams; try again soon", "busy", 503)
        self.open += 1

        async def views() -> AsyncIterator[str]:
            try:
                shown: object = None
                over = False
                while not await request.is_disconnected():
                    now = (table.moves, lobby.changes(table.id))
                    if now != shown:
                        view = await look(table, player)
                        shown, over = now, view["terminal"]
                        yield f"event: view\ndata: {json.dumps(view)}\n\n"
                    rematch = lobby.next_of(table.id) if over else None
                    if rematch is not None:
                        yield f"event: again\ndata: {json.dumps({'id': rematch})}\n\n"
                        return
                    await asyncio.sleep(AGAIN_SECONDS if over else STREAM_SECONDS)
            finally:
                self.open -= 1

        headers = {"Cache-Control": "no-store"}
        return StreamingResponse(views(), media_type="text/event-stream", headers=headers)
