"""``python -m crabweb [--host H] [--port P]``: serve the games (127.0.0.1:8000 by default).

On SIGTERM or Ctrl-C the server stops taking requests, gives those under way
:data:`SHUTDOWN_SECONDS` to finish, then exits (agents still thinking are dropped).
"""

from __future__ import annotations

import argparse

import uvicorn

#: How long a stopping server waits for the requests under way (an agent's game may not end).
SHUTDOWN_SECONDS = 3


def main() -> None:
    """Parse the command line and run the server until it is stopped."""
    parser = argparse.ArgumentParser(prog="python -m crabweb", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="the port to listen on")
    args = parser.parse_args()
    print(f"crabweb: games are kept in memory only; open http://{args.host}:{args.port}/")
    uvicorn.run(
        "crabweb.app:app",
        host=args.host,
        port=args.port,
        log_level="warning",
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )


if __name__ == "__main__":
    main()
