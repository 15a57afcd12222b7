"""``python -m crabweb [--host H] [--port P] [--database PATH] [--pace S]``: serve the games.

By default on 127.0.0.1:8000, the games saved in ``crabweb.sqlite3`` in the working
directory: a server started again on the same database resumes them.

On SIGTERM or Ctrl-C the server stops taking requests, gives those under way
:data:`SHUTDOWN_SECONDS` to finish, then exits (agents still thinking are dropped).
"""

from __future__ import annotations

import argparse

import uvicorn

from crabweb.app import AGENT_PACE, LIVE_SPEED, create_app
from crabweb.tables import Tables

#: Where the games are saved unless ``--database`` says.
DATABASE = "crabweb.sqlite3"

#: How long a stopping server waits for the requests under way (an agent's game may not end).
SHUTDOWN_SECONDS = 3


def main() -> None:
    """Parse the command line and run the server until it is stopped."""
    parser = argparse.ArgumentParser(prog="python -m crabweb", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="the port to listen on")
    parser.add_argument(
        "--database", default=DATABASE, help=f"the SQLite file of the games ({DATABASE})"
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=AGENT_PACE,
        help=f"seconds between the moves of a turn-based game of agents only ({AGENT_PACE};"
        " 0: played to the end as it is created)",
    )
    args = parser.parse_args()
    if not 0 <= args.pace <= 60:
        parser.error("--pace: seconds from 0 to 60")
    try:
        tables = Tables(args.database, speed=LIVE_SPEED, pace=args.pace or None)
    except ValueError as error:  # no database of games: said in a line, not a traceback
        parser.error(str(error))
    print(f"crabweb: games saved in {args.database}; open http://{args.host}:{args.port}/")
    uvicorn.run(
        create_app(tables),
        host=args.host,
        port=args.port,
        log_level="warning",
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )


if __name__ == "__main__":
    main()
