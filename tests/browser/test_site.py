"""The built site in real Chromium: loads from its own origin only, works offline after one visit,
is installable, announces a new version, speaks three languages."""

from __future__ import annotations

import json
import shutil
import struct
from pathlib import Path
from typing import Any

from browser.conftest import BOOT_TIMEOUT_MS, open_app, serve, watch

GAME_NAMES = ["boop.", "Boo!", "Wooly Bully", "Ghosts Galore"]


def wait_for_worker(page: Any) -> None:
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)


def test_picker_loads_from_the_site_alone_with_no_error(page, site_url, watched):
    open_app(page, site_url)
    cards = page.locator(".picker .card h2")
    assert cards.all_inner_texts() == GAME_NAMES
    assert page.locator("#loading").count() == 0, "the loading screen is gone once the app is up"


def test_after_one_visit_the_app_starts_offline(page, context, site_url, watched):
    open_app(page, site_url)
    wait_for_worker(page)
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator(".picker .card h2").all_inner_texts() == GAME_NAMES
    context.set_offline(False)


def test_offline_start_in_a_new_page_with_the_server_gone(browser, dist, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    url, server = serve(site)
    context = browser.new_context()
    page = context.new_page()
    open_app(page, url)
    wait_for_worker(page)
    page.close()
    server.shutdown()
    server.server_close()
    again = context.new_page()
    open_app(again, url, "#/settings")
    assert again.locator("[data-screen='settings']").count() == 1
    context.close()


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_has_what_installing_needs_and_the_worker_controls_the_page(page, site_url, dist, watched):
    open_app(page, site_url)
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = json.loads(page.request.get(site_url + href.lstrip("./")).text())
    assert manifest["name"] and manifest["short_name"]
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    assert manifest["start_url"] and manifest["scope"]
    sizes = set()
    for icon in manifest["icons"]:
        body = page.request.get(site_url + icon["src"].lstrip("./"))
        assert body.ok, icon
        if icon["type"] == "image/png":
            w, h = png_size(body.body())
            assert icon["sizes"] == f"{w}x{h}"
            sizes.add(w)
    assert {192, 512} <= sizes
    wait_for_worker(page)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")
    # The worker precaches every file of the site: each one is in its cache.
    cached = page.evaluate(
        """async () => { const names = await caches.keys();
           const cache = await caches.open(names.find(n => n.startsWith('parlour-')));
           return (await cache.keys()).map(r => new URL(r.url).pathname); }"""
    )
    files = {"/" + p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    assert files - {"/sw.js"} <= set(cached)


def test_a_new_version_is_announced_and_taken_on_reload(browser, dist, tmp_path: Path):
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    url, server = serve(site)
    context = browser.new_context()
    page = context.new_page()
    w = watch(page)
    open_app(page, url)
    wait_for_worker(page)
    # A new build: a changed page and a worker whose bytes differ.
    index = site / "index.html"
    index.write_text(index.read_text().replace("<body>", '<body data-build="2">'))
    (site / "sw.js").write_text((site / "sw.js").read_text() + "\n// build 2\n")
    page.reload()
    page.wait_for_selector("#update-banner", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("body[data-build='2']").count() == 0, "the old version runs until the player reloads"
    page.locator("#update-banner button").click()
    page.wait_for_selector("body[data-build='2'][data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    w.assert_clean()
    context.close()
    server.shutdown()


def test_language_follows_the_browser_and_can_be_switched(browser, site_url):
    context = browser.new_context(locale="uk-UA")
    page = context.new_page()
    w = watch(page)
    open_app(page, site_url)
    assert page.locator("html").get_attribute("lang") == "uk"
    assert (
        "Незабаром" in page.locator(".picker").inner_text() or "Грати" in page.locator(".picker").inner_text()
    )
    page.goto(site_url + "#/settings")
    page.select_option("#lang", "ru")
    page.wait_for_function("document.documentElement.lang === 'ru'")
    assert page.locator("label[for], .field span").first.inner_text() == "Язык"
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("html").get_attribute("lang") == "ru", "the choice is remembered"
    page.select_option("#lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    w.assert_clean()
    context.close()


def test_an_unknown_address_says_so_and_links_home(page, site_url, watched):
    open_app(page, site_url, "#/chess/play")
    assert page.locator("[data-screen='missing']").count() == 1
    page.locator("[data-screen='missing'] a.button").click()
    page.wait_for_selector("[data-screen='picker']")
