"""Start-up time of the app, cold and warm, beside a bare page that only boots Pyodide.

Cold: a new browser context (empty HTTP cache, no service worker), navigation to an interactive
picker. Warm: a reload once the service worker controls the page and the memory snapshot is made
(decision 0085); then the same reload without the snapshot. The bare page boots Pyodide from
the same server and runs one line of Python (its warm run reloads from the HTTP cache). Also: when
the picker was painted (first contentful paint, with the pre-rendered picker already in the page),
and the bytes a first visit takes off the wire, the service worker's precache included, against the
site's size. Bytes are counted by the server. Prints JSON; read the ratios, the machine is noisy.

Where a cold start's time goes (``breakdown_cold_ms``, medians, ms from navigation): the page's
User Timing marks (``parlour:<step>``, set by ``assets/boot.js`` and the bare page) and the Resource
Timing of Python's files, each step's own duration beside. With ``--against DIR`` another built site
(for example main, built apart) is measured in the same run, turn about, and the ratios compared.

    python bench/startup.py [--runs 3] [--against DIR]
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
performance.mark("parlour:module");
const py = await loadPyodide({ indexURL: "./pyodide/" });
performance.mark("parlour:python");
py.runPython("import sys");
performance.mark("parlour:ready");
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


TIMELINE = """() => {
  const at = {};
  const marks = performance.getEntriesByType("mark").filter((m) => m.name.startsWith("parlour:"));
  const imports = marks.filter((m) => m.name === "parlour:import").map((m) => m.startTime);
  for (const m of marks) if (m.name !== "parlour:import" && !(m.name in at)) at[m.name.slice(8)] = m.startTime;
  for (const r of performance.getEntriesByType("resource")) {
    const file = r.name.split("/").pop();
    if (/^(pyodide\\.mjs|pyodide\\.asm\\.mjs|pyodide\\.asm\\.wasm|python_stdlib\\.zip|python_stdlib_pyc\\.zip|parlour-.*\\.whl(\\.gz)?)$/.test(file)) {
      at["fetched " + file.replace(/-[^-]*-py3.*$/, ".whl")] = r.responseEnd;
    }
  }
  const nav = performance.getEntriesByType("navigation")[0];
  at["DOMContentLoaded"] = nav ? nav.domContentLoadedEventEnd : null;
  return { at, imports };
}"""
"""From navigation, in ms: each ``parlour:`` mark's first time, each of Python's files fetched, the
document parsed; and the end of each of the app's import steps (``parlour:import``)."""

STEPS = (
    ("module", "Pyodide's module imported"),
    ("interpreter", "wasm compiled and instantiated, interpreter up"),
    ("stdlib", "the bootstrap's standard library imported in steps (0089)"),
    ("python", "the rest of loadPyodide"),
    ("wheel", "the wheel written"),
    ("imports", "the app's modules imported (compiled from source)"),
    ("ready", "the first screen drawn, the app up"),
)
"""The start's steps in order: each one's duration is its mark less the one before it present."""


def breakdown(timelines: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians over runs: when each mark and file came (ms from navigation), how long each step
    took, and each app import step's own time (named by :data:`parlour.web.boot.LOADING_STEPS` when
    the site has as many steps as this tree, else numbered)."""
    from parlour.web.boot import LOADING_STEPS

    def med(values: list[float]) -> float:
        return round(statistics.median(values), 1)

    names = sorted({k for t in timelines for k in t["at"] if t["at"][k] is not None})
    at = {k: med([t["at"][k] for t in timelines if t["at"].get(k) is not None]) for k in names}
    steps: dict[str, list[float]] = {}
    for t in timelines:
        before = 0.0
        for key, _ in STEPS:
            if t["at"].get(key) is not None:
                steps.setdefault(key, []).append(t["at"][key] - before)
                before = t["at"][key]
    out: dict[str, Any] = {
        "at": dict(sorted(at.items(), key=lambda kv: kv[1])),
        "steps": {f"{key}: {what}": med(steps[key]) for key, what in STEPS if key in steps},
    }
    imports = [(t["imports"], t["at"]["wheel"]) for t in timelines if t["imports"]]
    count = len(imports[0][0]) if imports else 0
    if count and all(len(i) == count for i, _ in imports):
        labels = (
            LOADING_STEPS if count == len(LOADING_STEPS) else tuple(f"step {n + 1}" for n in range(count))
        )
        out["app_import_steps"] = {
            label: med([i[n] - (i[n - 1] if n else begin) for i, begin in imports])
            for n, label in enumerate(labels)
        }
    return out


def serve(directory: Path) -> tuple[str, Any, Path]:
    """A copy of the built site at ``directory`` with the bare page, on a counting server."""
    import functools
    import http.server

    site = Path(build.ROOT / ".cache" / f"bench-site-{abs(hash(str(directory)))}")
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(directory, site)
    (site / "bare.html").write_text(BARE_PAGE)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(site))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server, site


def measure(runs: int, against: Path | None = None) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    sites = {"this": (build.DIST, *serve(build.DIST))}
    if against is not None:
        sites = {"against": (against, *serve(against)), **sites}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS)
        state = {name: new_figures() for name in sites}
        for _ in range(runs):
            for name, (_, url, _, _) in sites.items():
                one_run(browser, url, state[name])
        out = {}
        for name, (directory, url, server, site) in sites.items():
            # The page's own download, without the worker's precache (which on loopback finishes
            # before the page is seen ready, so it lands in app_cold_bytes).
            context = browser.new_context(service_workers="block")
            _, state[name]["sizes"]["app_cold_page_only_bytes"] = timed_load(context.new_page(), url)
            context.close()
            server.shutdown()
            shutil.rmtree(site, ignore_errors=True)
            out[name] = summary(runs, state[name], directory)
        browser.close()
    if against is None:
        return out["this"]
    ratios = ("ratio_cold_app_over_bare", "ratio_warm_app_over_bare")
    return {
        "this": out["this"],
        "against": out["against"],
        "compared": {r: {"against": out["against"][r], "this": out["this"][r]} for r in ratios},
    }


def new_figures() -> dict[str, Any]:
    keys = ("app_cold", "app_warm", "app_warm_no_snapshot", "bare_cold", "bare_warm")
    figures: dict[str, list[float]] = {k: [] for k in (*keys, "picker_painted_cold", "picker_painted_warm")}
    return {
        "figures": figures,
        "snapshots": [],
        "restored": [],
        "sizes": {},
        "timelines": {"app": [], "bare": []},
    }


def one_run(browser: Any, url: str, state: dict[str, Any]) -> None:
    """A cold and a warm start of the bare page, then of the app (and its warm start without the
    snapshot), each in a new browser context, added to ``state``."""
    figures, snapshots, restored, sizes = (
        state["figures"],
        state["snapshots"],
        state["restored"],
        state["sizes"],
    )
    for name, page_url in (("bare", url + "bare.html"), ("app", url)):
        context = browser.new_context()
        page = context.new_page()
        cold, cold_bytes = timed_load(page, page_url)
        state["timelines"][name].append(page.evaluate(TIMELINE))
        if name == "app":
            figures["picker_painted_cold"].append(page.evaluate(PAINT) or float("nan"))
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
            # The worker's precache is part of a first visit: count it too.
            page.wait_for_function("caches.keys().then((k) => !k.includes('parlour-boot'))", timeout=180_000)
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


def summary(runs: int, state: dict[str, Any], dist: Path) -> dict[str, Any]:
    figures, snapshots, restored, sizes = (
        state["figures"],
        state["snapshots"],
        state["restored"],
        state["sizes"],
    )
    med = {k: round(statistics.median(v), 3) for k, v in figures.items()}
    files = [f for f in dist.rglob("*") if f.is_file()]
    own = sum(f.stat().st_size for f in files if "pyodide" not in f.relative_to(dist).parts)
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
        "breakdown_cold_ms": {name: breakdown(t) for name, t in state["timelines"].items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", default="", help="another built site measured in the same run (before)")
    args = parser.parse_args()
    if not (build.DIST / "index.html").exists():
        build.build()
    against = Path(args.against).resolve() if args.against else None
    print(json.dumps(measure(args.runs, against), indent=2))


if __name__ == "__main__":
    main()
