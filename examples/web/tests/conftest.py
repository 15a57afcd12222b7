"""The web example's tests import ``crabweb`` from ``examples/web``, and their helpers
(``casual``, ``serving``) from this folder. The browser tests share Chromium and the
screenshots' folder (fixtures here)."""

from __future__ import annotations

import os
import pathlib
import sys
from collections.abc import Iterator
from typing import Any

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

#: Debian's Chromium, driven by Playwright (never a downloaded browser).
CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """Where the screenshots go: ``CRABWEB_SCREENSHOTS``, or a temporary folder."""
    chosen = os.environ.get("CRABWEB_SCREENSHOTS")
    return pathlib.Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium (Playwright's ``Browser``), for one test module."""
    from playwright.sync_api import sync_playwright  # only the browser tests need it

    # Root cannot use Chromium's sandbox; the page is our own.
    args = ["--no-sandbox"] if os.geteuid() == 0 else []
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=args, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def tables() -> Any:
    """A fresh :class:`crabweb.tables.Tables` in memory (no server clock)."""
    from crabweb.tables import Tables

    return Tables()


@pytest.fixture
def client(tables: Any) -> Any:
    """Starlette's TestClient on an app serving ``tables``."""
    from crabweb.app import create_app
    from starlette.testclient import TestClient

    # Server exceptions become 500 answers, as a browser would see them.
    return TestClient(create_app(tables), raise_server_exceptions=False)
