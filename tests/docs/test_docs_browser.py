"""The built documentation in a real browser: Debian's Chromium, headless, via Playwright.

``nox -s docs`` builds the site and then runs this module with ``CRABRULES_DOCS_HTML`` set
to the built HTML; without it (or without Playwright and Chromium) the module is skipped.
A server in this process serves the site on 127.0.0.1, and every page is opened: none may
log a console error or raise, every image must load, and every link inside the site must
reach a page that exists, at an anchor that exists (on the source pages Sphinx's viewcode
writes, ``_modules/``, only the page is checked: their "[docs]" links name an object by
the path it was imported from). Screenshots of the index, a game page
and the gallery go to ``CRABRULES_DOCS_SCREENSHOTS`` when it is set, to be looked at.
"""

from __future__ import annotations

import functools
import http.server
import os
import pathlib
import threading
import urllib.parse
from collections.abc import Iterator

import pytest

HTML = os.environ.get("CRABRULES_DOCS_HTML")
CHROMIUM = pathlib.Path("/usr/bin/chromium")
if not HTML or not CHROMIUM.exists():
    pytest.skip("run by nox -s docs, with Chromium installed", allow_module_level=True)
pytest.importorskip("playwright")

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

SITE = pathlib.Path(HTML).resolve()
#: The pages whose screenshots the docs session keeps, to be looked at.
SCREENSHOTS = ("index.html", "games/oh-crab.html", "gallery.html")


def site_pages() -> list[str]:
    """Every HTML page of the site, as paths relative to its root."""
    return sorted(str(path.relative_to(SITE)) for path in SITE.rglob("*.html"))


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """Keep the test output to the test's own."""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(SITE))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    # Root cannot use Chromium's sandbox; the pages are our own.
    args = ["--no-sandbox"] if os.geteuid() == 0 else []
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=args, headless=True
        )
        yield launched
        launched.close()


def test_the_site_has_every_guide_page() -> None:
    pages = set(site_pages())
    for page in ("index.html", "gallery.html", "speed.html", "architecture.html", "rl.html"):
        assert page in pages


def _internal_targets(page: Page, base: str) -> set[str]:
    """The links of ``page`` that stay inside the site, resolved (fragments kept)."""
    hrefs: list[str] = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
    return {href for href in hrefs if href.startswith(base)}


@pytest.mark.parametrize("name", site_pages())
def test_a_page_opens_cleanly(
    name: str, server: str, browser: Browser, tmp_path: pathlib.Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    problems: list[str] = []
    # A missing resource is reported by its response, with its address; the browser's own
    # favicon request is not the site's.
    page.on(
        "console",
        lambda m: (
            problems.append(m.text)
            if m.type == "error" and not m.text.startswith("Failed to load resource")
            else None
        ),
    )
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("requestfailed", lambda request: problems.append(f"failed: {request.url}"))
    page.on(
        "response",
        lambda r: (
            problems.append(f"{r.status}: {r.url}")
            if r.status >= 400 and not r.url.endswith("/favicon.ico")
            else None
        ),
    )
    response = page.goto(server + name, wait_until="load")
    assert response is not None, name
    assert response.ok, name
    broken = page.eval_on_selector_all(
        "img", "els => els.filter(e => !e.complete || e.naturalWidth === 0).map(e => e.src)"
    )
    assert broken == [], f"{name}: images that did not load: {broken}"
    assert problems == [], f"{name}: {problems}"
    for target in sorted(_internal_targets(page, server)):
        url, _, anchor = target.partition("#")
        path = SITE / urllib.parse.unquote(url[len(server) :] or "index.html")
        if path.is_dir():
            path = path / "index.html"
        assert path.is_file(), f"{name} links to a missing page: {target}"
        if anchor and path.suffix == ".html" and not name.startswith("_modules/"):
            text = path.read_text(encoding="utf-8")
            assert f'id="{anchor}"' in text, f"{name} links to a missing anchor: {target}"
    shots = os.environ.get("CRABRULES_DOCS_SCREENSHOTS")
    if shots and name in SCREENSHOTS:
        out = pathlib.Path(shots) / name.replace("/", "-").replace(".html", ".png")
        out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out), full_page=False)
    page.close()
