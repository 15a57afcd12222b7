"""The web tests' real server: uvicorn on 127.0.0.1, a free port, in a daemon thread."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(app: Any, **options: Any) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 while the block runs; yields its base URL.

    ``options`` go to ``uvicorn.Config``. The test fails if the server does not start
    within 20 s.
    """
    config = uvicorn.Config(
        app, host="127.0.0.1", port=free_port(), log_level="warning", **options
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{config.port}"
    finally:
        running.should_exit = True
        thread.join(timeout=10)
