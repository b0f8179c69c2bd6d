"""Start-up time of the app, cold and warm, beside a bare page that only boots Pyodide.

Cold: a new browser context (empty HTTP cache, no service worker), navigation to an interactive
picker. Warm: a reload once the service worker controls the page and the memory snapshot is made
(decision 0085); then the same reload without the snapshot. The bare page boots Pyodide from
the same server and runs one line of Python (its warm run reloads from the HTTP cache). Also: when
the picker was painted (first contentful paint, with the pre-rendered picker already in the page),
and the bytes a first visit takes off the wire, the service worker's precache included, against the
site's size. Bytes are counted by the server. Prints JSON; read the ratios, the machine is noisy.

    python bench/startup.py [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent)]

import build  # noqa: E402

from harness import CHROMIUM_ARGS  # noqa: E402

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare</title><link rel="icon" href="data:,">
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "./pyodide/" });
py.runPython("import sys");
document.body.dataset.ready = "1";
</script><body>"""


class CountingHandler(build.Handler):
    sent = 0

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        CountingHandler.sent += len(data)
        outputfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


def timed_load(page: Any, url: str, reload: bool = False) -> tuple[float, int]:
    CountingHandler.sent = 0
    start = time.perf_counter()
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=180_000)
    return time.perf_counter() - start, CountingHandler.sent


PAINT = """() => {
  const fcp = performance.getEntriesByType("paint").find((e) => e.name === "first-contentful-paint");
  const t = (window.parlourBoot || {}).timings || {};
  // The picker counts as painted at the first paint only if it was in the page by then.
  return fcp && t.picker !== undefined && t.picker <= fcp.startTime ? fcp.startTime / 1000 : null;
}"""


def measure(runs: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    site = Path(build.ROOT / ".cache" / "bench-site")
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(build.DIST, site)
    (site / "bare.html").write_text(BARE_PAGE)
    import functools
    import http.server

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(site))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    keys = ("app_cold", "app_warm", "app_warm_no_snapshot", "bare_cold", "bare_warm")
    figures: dict[str, list[float]] = {k: [] for k in (*keys, "picker_painted_cold", "picker_painted_warm")}
    snapshots: list[Any] = []
    restored: list[Any] = []
    sizes: dict[str, int] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS)
        for _ in range(runs):
            for name, page_url in (("bare", url + "bare.html"), ("app", url)):
                context = browser.new_context()
                page = context.new_page()
                cold, cold_bytes = timed_load(page, page_url)
                if name == "app":
                    figures["picker_painted_cold"].append(page.evaluate(PAINT) or float("nan"))
                    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
                    # The worker's precache is part of a first visit: count it too.
                    page.wait_for_function(
                        "caches.keys().then((k) => !k.includes('parlour-boot'))", timeout=180_000
                    )
                    cold_bytes = CountingHandler.sent
                    # The memory snapshot the next start restores is made in a worker once the app is up.
                    page.wait_for_function("window.parlourBoot.snapshot !== undefined", timeout=180_000)
                    snapshots.append(page.evaluate("window.parlourBoot.snapshot"))
                warm, warm_bytes = timed_load(page, page_url, reload=True)
                if name == "app":
                    figures["picker_painted_warm"].append(page.evaluate(PAINT) or float("nan"))
                    restored.append(page.evaluate("window.parlourBoot.timings.snapshot"))
                    # The same warm start without the snapshot: what it gains (decision 0085).
                    page.evaluate("caches.delete('python-snapshot')")
                    figures["app_warm_no_snapshot"].append(timed_load(page, page_url, reload=True)[0])
                figures[f"{name}_cold"].append(cold)
                figures[f"{name}_warm"].append(warm)
                sizes[f"{name}_cold_bytes"], sizes[f"{name}_warm_bytes"] = cold_bytes, warm_bytes
                context.close()
        # The page's own download, without the worker's precache (which on loopback finishes before
        # the page is seen ready, so it lands in app_cold_bytes).
        context = browser.new_context(service_workers="block")
        _, sizes["app_cold_page_only_bytes"] = timed_load(context.new_page(), url)
        context.close()
        browser.close()
    server.shutdown()
    shutil.rmtree(site, ignore_errors=True)
    med = {k: round(statistics.median(v), 3) for k, v in figures.items()}
    files = [f for f in build.DIST.rglob("*") if f.is_file()]
    own = sum(f.stat().st_size for f in files if "pyodide" not in f.relative_to(build.DIST).parts)
    site = sum(f.stat().st_size for f in files)
    return {
        "runs": runs,
        "seconds_median": med,
        "seconds_all": {k: [round(x, 3) for x in v] for k, v in figures.items()},
        "ratio_warm_app_over_bare": round(med["app_warm"] / med["bare_warm"], 3),
        "ratio_cold_app_over_bare": round(med["app_cold"] / med["bare_cold"], 3),
        "ratio_warm_app_without_snapshot_over_bare": round(med["app_warm_no_snapshot"] / med["bare_warm"], 3),
        "snapshot_made": snapshots,
        "warm_start_restored_the_snapshot": restored,
        "bytes_transferred": sizes,
        "site_bytes": site,
        "ratio_first_visit_bytes_over_site": round(sizes["app_cold_bytes"] / site, 3),
        "site_own_files_bytes": own,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not (build.DIST / "index.html").exists():
        build.build()
    print(json.dumps(measure(args.runs), indent=2))


if __name__ == "__main__":
    main()
