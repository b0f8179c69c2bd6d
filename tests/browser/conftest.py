"""Fixtures for tests in real Chromium: the built site served on 127.0.0.1, and a page that fails
the test on any request leaving the machine, any failed request and any console error."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import build
import pytest
from playwright.sync_api import Error as PlaywrightError

os.environ.setdefault("PARLOUR_QUIET", "1")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
]
BOOT_TIMEOUT_MS = 90_000
"""Cold start is 4–12 s on this 2-core machine; generous, since a loaded CI machine is slower."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("webrtc") is not None:
            # Several browsers exchanging live messages on a loaded 2-core machine now and then
            # miss a step by timing alone (seen: about 1 run in 10 of the spectator test, only
            # after other WebRTC tests in the same browser); a real failure fails every try.
            # pytest-rerunfailures reports each rerun (-rR lists them).
            item.add_marker(pytest.mark.flaky(reruns=2, reruns_delay=2))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not build.CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (python build.py test installs it)")
    return {**browser_type_launch_args, "executable_path": str(build.CHROMIUM), "args": CHROMIUM_ARGS}


def serve(directory: Path) -> tuple[str, Any]:
    server = build.make_server(0, directory)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site; built once here when missing (``python build.py test`` builds it first)."""
    if not (build.DIST / "index.html").exists():
        build.build()
    return build.DIST


@pytest.fixture(scope="session")
def site_url(dist: Path) -> Iterator[str]:
    url, server = serve(dist)
    yield url
    server.shutdown()


@dataclass
class Watch:
    """What went wrong on a page: requests to other hosts, failed requests, console errors."""

    external: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def assert_clean(self) -> None:
        assert self.external == [], f"requests left the site: {self.external}"
        assert self.failed == [], f"failed requests: {self.failed}"
        assert self.errors == [], f"console errors: {self.errors}"


def watch(page: Any) -> Watch:
    w = Watch()

    def route(r: Any) -> None:
        if r.request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
            r.continue_()
        else:
            w.external.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    # ERR_ABORTED is the page itself dropping a request it no longer needs (a reload or navigation
    # while the favicon loads); a missing or unreachable file fails otherwise (404, ERR_FAILED, ...).
    page.on(
        "requestfailed", lambda r: r.failure != "net::ERR_ABORTED" and w.failed.append(f"{r.url} {r.failure}")
    )
    page.on("response", lambda r: r.status >= 400 and w.failed.append(f"{r.url} {r.status}"))
    page.on("console", lambda m: m.type == "error" and w.errors.append(m.text[:2000]))
    page.on("pageerror", lambda e: w.errors.append(str(e)[:2000]))
    return w


@pytest.fixture
def watched(page: Any) -> Iterator[Watch]:
    """The page is watched; the test fails if anything went wrong on it."""
    w = watch(page)
    yield w
    w.assert_clean()


SNAPSHOT_MADE = (
    "() => { const b = window.parlourBoot;"
    " return !b || b.timings.snapshot !== false || b.snapshot !== undefined; }"
)
"""True unless the page's Python started without a memory snapshot (decision 0085) and the worker
making one for the next start has not finished yet."""


@pytest.fixture(scope="module")
def module_context(browser: Any, browser_context_args: dict[str, Any]) -> Iterator[Any]:
    """One browser context for a test file's pages, made as pytest-playwright makes ``context``: a
    file opts in by defining its ``page`` fixture as ``shared_page`` (decision 0008)."""
    context = browser.new_context(**browser_context_args)
    yield context
    context.close()


@pytest.fixture
def shared_page(module_context: Any, site_url: str) -> Iterator[Any]:
    """A new tab in the file's browser (``tab``)."""
    yield from tab(module_context, site_url)


def tab(context: Any, site_url: str) -> Iterator[Any]:
    """A new tab in a browser a test file keeps: its first test is a first visit (cold start, the
    service worker installed, the memory snapshot made), every later one a player coming back (Python
    restored from the snapshot: seconds less a test, and no snapshot worker competing for the CPU).
    What a player keeps between visits is cleared after each test (``forget``), so no test sees
    another's."""
    page = context.new_page()
    yield page
    leave(page)
    forget(context, site_url)


def leave(page: Any) -> None:
    """Close a tab of a kept browser. A cold start makes the snapshot for the next start: wait for it
    first (bounded), so the browser's next tab starts warm."""
    if not page.is_closed():
        with contextlib.suppress(PlaywrightError):
            page.wait_for_function(SNAPSHOT_MADE, polling=250, timeout=BOOT_TIMEOUT_MS)
    page.close()


FORGET = """async () => {
  localStorage.clear();
  await new Promise((done) => {
    const req = indexedDB.deleteDatabase("parlour-rtc");
    req.onsuccess = req.onerror = req.onblocked = done;
  });
}"""
"""What a player keeps between visits, but not the site itself (its service worker and caches, the
memory snapshot): saves, settings, seat tokens and invites (local storage), the host's WebRTC
certificate (IndexedDB)."""


def forget(context: Any, site_url: str) -> None:
    """Clear what a kept browser's player kept (``FORGET``), from a page of the site's origin that
    does not start the app."""
    blank = context.new_page()
    blank.goto(site_url + "manifest.webmanifest")
    blank.evaluate(FORGET)
    blank.close()


@pytest.fixture(scope="session")
def kept_browsers(browser: Any) -> Iterator[dict[bool, list[Any]]]:
    """Browsers (contexts) of people at a network table, lent to each test in turn (the net tests'
    ``people``), without and with a touch screen: a person's first visit in the run starts cold, a
    later test's person warm, as a player coming back (decision 0008). Between tests their tabs are
    closed and ``forget`` run."""
    kept: dict[bool, list[Any]] = {False: [], True: []}
    yield kept
    for contexts in kept.values():
        for context in contexts:
            context.close()


def open_app(page: Any, url: str, fragment: str = "") -> None:
    page.goto(url + fragment)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
