"""Start-up as a person sees it: the picker is there before Python is, in their language, the
loading words name what is happening, and a tap made while Python starts is acted on."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import build
import pytest

from browser.conftest import BOOT_TIMEOUT_MS, watch


class GatedHandler(build.Handler):
    """Holds back every file of Pyodide until the test opens the gate: Python cannot start."""

    gate = threading.Event()

    def do_GET(self) -> None:
        if "/pyodide/" in self.path:
            self.gate.wait(BOOT_TIMEOUT_MS / 1000)
        super().do_GET()


@pytest.fixture
def gated_site(dist: Path) -> Iterator[str]:
    GatedHandler.gate.clear()
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(GatedHandler, directory=str(dist))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    GatedHandler.gate.set()
    server.shutdown()


def test_picker_in_the_saved_language_before_python_and_a_tap_on_play_is_kept(browser: Any, gated_site: str):
    # An English browser whose person chose Ukrainian in the settings on an earlier visit.
    context = browser.new_context(locale="en-US")
    context.add_init_script(
        "localStorage.setItem('parlour.settings', JSON.stringify({lang: 'uk', animations: 'system'}))"
    )
    page = context.new_page()
    w = watch(page)
    page.goto(gated_site, wait_until="commit")
    page.wait_for_selector(".picker .card h2", timeout=10_000)
    assert page.locator("body[data-ready='1']").count() == 0, "Python cannot be up: its files are held back"
    assert page.locator(".picker .card h2").all_inner_texts() == [
        "boop.",
        "Boo!",
        "Wooly Bully",
        "Ghosts Galore",
    ]
    assert page.locator("html").get_attribute("lang") == "uk"
    assert page.locator(".picker .card[data-game=boop] a.primary").inner_text() == "Грати"
    assert page.locator(".picker .card .soon").first.inner_text() == "Незабаром"
    # No saved match: no resume link, as the app itself would draw it.
    assert page.locator(".picker a[href$='/play']").count() == 0
    assert page.locator("#loading-text").inner_text().startswith("Завантажуємо Python: 0,0 з ")

    page.click(".picker .card[data-game=boop] a.primary")
    assert page.locator(".picker").count() == 0, "the tap shows that the game is on its way"
    assert page.locator("#loading-next").inner_text() == "Відкриємо boop., щойно Python буде готовий…"

    GatedHandler.gate.set()
    # The phases follow one another in Ukrainian, then the setup of the tapped game opens.
    page.wait_for_function(
        "(document.getElementById('loading-text') || {textContent: 'Запускаємо'}).textContent"
        ".startsWith('Запускаємо Python')",
        timeout=BOOT_TIMEOUT_MS,
    )
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("main").get_attribute("data-screen") == "setup"
    assert page.url.endswith("#/boop")
    assert page.locator("html").get_attribute("lang") == "uk"
    w.assert_clean()
    context.close()
