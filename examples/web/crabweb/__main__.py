"""``python -m crabweb [--host H] [--port P]``: serve the games (127.0.0.1:8000 by default)."""

from __future__ import annotations

import argparse

import uvicorn


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m crabweb", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="the port to listen on")
    args = parser.parse_args()
    print(f"crabweb: games are kept in memory only; open http://{args.host}:{args.port}/")
    uvicorn.run("crabweb.app:app", host=args.host, port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
