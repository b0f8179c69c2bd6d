"""Many embeds on one page: time and memory of a page with 1 and with 10 boop. embeds, with one
Python runtime shared by every embed (a shared worker, what ships) against one runtime per embed
(shared workers hidden from the page, so each embed starts a dedicated worker), and the embed's
warm start against bare Pyodide's.

The worker reports where its start went (Pyodide loaded, wheel unpacked, Parlour imported, the
first embed drawn). Each figure is taken in a fresh browser (memory: the proportional set size of every process of
that browser, summed from /proc, a blank page's subtracted), with the host page on a second
origin as on a real site. Time: navigation until every embed has posted ``parlour:ready``. Warm:
a reload of the same page (HTTP cache). Prints JSON; the machine is noisy, read the ratios.
With ``--against DIR`` (another built site: main before a change) each run measures it too, turn
about with this build's ``dist/``, in the same invocation.

    python bench/embeds.py [--runs 2] [--shared-only] [--against DIR]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import shutil
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent)]

import build  # noqa: E402

from harness import CHROMIUM_ARGS  # noqa: E402

POSITIONS = [
    "moves=k@c3,g:-,k@d4,g:top-c,k@c3",
    "pos=6/6/2o1p1/6/1o4/6 6k0c/7k0c 8/8 -/top-c+0 p place",
    "moves=k@a1,g:-,k@f6,g:-",
    "moves=k@c3,g:left-3",
    "pos=6/6/6/2O3/6/6 7k0c/8k0c 7/8 -/- p place",
    "moves=k@b2,g:-,k@e5,g:-,k@c4",
    "moves=k@d4&step=1",
    "moves=k@c3,g:-,k@d4,g:top-c,k@c3&puzzle=4&step=4",
    "moves=k@e2,g:bottom-d",
    "moves=k@f1,g:-,k@a6",
]
BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare</title><link rel="icon" href="data:,">
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "./pyodide/" });
py.runPython("import sys");
window.got = [{ type: "parlour:ready" }];
</script>"""
HOST_PAGE = """<!doctype html><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,">
<script>window.got = []; addEventListener("message", (e) => window.got.push(e.data));</script>
{frames}"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = build.Handler.extensions_map

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(directory: Path) -> tuple[str, Any]:
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


def pss_of_browser(marker: str) -> int:
    """Bytes of proportional set size of the browser launched with ``marker`` and all its children."""
    procs: dict[int, tuple[int, str]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        procs[int(entry)] = (ppid, cmd)
    roots = {pid for pid, (_, cmd) in procs.items() if marker in cmd}
    family = set(roots)
    grew = True
    while grew:
        grew = False
        for pid, (ppid, _) in procs.items():
            if ppid in family and pid not in family:
                family.add(pid)
                grew = True
    total = 0
    for pid in family:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total


def one_run(p: Any, url: str, count: int, shared: bool) -> dict[str, float]:
    marker = f"--parlour-bench={uuid.uuid4().hex}"
    browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=[*CHROMIUM_ARGS, marker])
    context = browser.new_context()
    if not shared:  # every embed falls back to a dedicated worker: one runtime each
        context.add_init_script("delete window.SharedWorker;")
    page = context.new_page()
    page.goto("about:blank")
    time.sleep(0.5)
    blank = pss_of_browser(marker)
    wait = f"(window.got || []).filter((m) => m.type === 'parlour:ready').length >= {count}"
    start = time.perf_counter()
    page.goto(url, timeout=600_000)  # a busy machine: ten frames' load event can take over 30 s
    page.wait_for_function(wait, timeout=600_000, polling=50)
    cold = time.perf_counter() - start
    time.sleep(1.0)
    memory = pss_of_browser(marker) - blank
    figures = {"cold_s": cold, "memory_mb": memory / 1e6}
    if shared:  # a second start of ten runtimes tells nothing new and takes a minute
        start = time.perf_counter()
        page.reload(timeout=600_000)
        page.wait_for_function(wait, timeout=600_000, polling=50)
        figures["warm_s"] = time.perf_counter() - start
        boot = page.frames[-1].evaluate("window.parlourEmbedBoot || null") if count else None
        if boot:  # where the embed's worker spent its start (ms since it started)
            figures.update(
                {
                    f"worker_{k}_ms": float(v)
                    for k, v in boot.items()
                    if k != "start" and not isinstance(v, bool)
                }
            )
    browser.close()
    return figures


def pages_of(
    built: Path, label: str, shared_only: bool
) -> tuple[dict[str, tuple[str, int, bool]], list[Any]]:
    """A copy of the built site ``built`` and a host page of 1 and of 10 embeds on a second origin,
    each served: the pages to measure (address, embeds, shared runtime) and the servers."""
    site = build.ROOT / ".cache" / f"bench-embeds-site-{label}"
    host = build.ROOT / ".cache" / f"bench-embeds-host-{label}"
    for folder in (site, host):
        shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(built, site)
    (site / "bare.html").write_text(BARE_PAGE)
    host.mkdir(parents=True)
    site_url, site_server = serve(site)
    host_url, host_server = serve(host)
    for n in (1, 10):
        frames = "\n".join(
            f'<iframe width="300" height="420" src="{site_url}embed.html#game=boop&{POSITIONS[i]}&id=e{i}"></iframe>'
            for i in range(n)
        )
        (host / f"{n}.html").write_text(HOST_PAGE.replace("{frames}", frames))
    pages = {
        "bare": (site_url + "bare.html", 1, True),
        "one_shared": (host_url + "1.html", 1, True),
        "ten_shared": (host_url + "10.html", 10, True),
        "one_dedicated": (host_url + "1.html", 1, False),
        "ten_dedicated": (host_url + "10.html", 10, False),
    }
    if shared_only:
        pages = {k: v for k, v in pages.items() if v[2]}
    return pages, [site_server, host_server, site, host]


def measure(runs: int, shared_only: bool = False, against: Path | None = None) -> dict[str, Any]:
    """Every page of each build, ``runs`` times, the builds (``against`` first) turn about."""
    from playwright.sync_api import sync_playwright

    builds = {"this": build.DIST} if against is None else {"against": against, "this": build.DIST}
    served = {label: pages_of(built, label, shared_only) for label, built in builds.items()}
    figures: dict[str, dict[str, dict[str, list[float]]]] = {
        label: {k: {} for k in pages} for label, (pages, _) in served.items()
    }
    with sync_playwright() as p:
        for _ in range(runs):
            for label, (pages, _) in served.items():
                for name, (url, count, shared) in pages.items():
                    for key, value in one_run(p, url, count, shared).items():
                        figures[label][name].setdefault(key, []).append(value)
    for _, (site_server, host_server, site, host) in served.values():
        site_server.shutdown()
        host_server.shutdown()
        shutil.rmtree(site, ignore_errors=True)
        shutil.rmtree(host, ignore_errors=True)
    report = {label: summary(runs, shared_only, f) for label, f in figures.items()}
    return report["this"] if against is None else report


def summary(runs: int, shared_only: bool, figures: dict[str, dict[str, list[float]]]) -> dict[str, Any]:
    """Medians, every figure, and the ratios of one build's pages."""
    med = {name: {k: round(statistics.median(v), 3) for k, v in f.items()} for name, f in figures.items()}

    def ratio(a: str, b: str, key: str) -> float:
        return round(med[a][key] / med[b][key], 3)

    return {
        "runs": runs,
        "median": med,
        "all": {name: {k: [round(x, 3) for x in v] for k, v in f.items()} for name, f in figures.items()},
        "shared_ten_over_one": {
            "cold_time": ratio("ten_shared", "one_shared", "cold_s"),
            "warm_time": ratio("ten_shared", "one_shared", "warm_s"),
            "memory": ratio("ten_shared", "one_shared", "memory_mb"),
        },
        "dedicated_ten_over_one": None
        if shared_only
        else {
            "cold_time": ratio("ten_dedicated", "one_dedicated", "cold_s"),
            "memory": ratio("ten_dedicated", "one_dedicated", "memory_mb"),
        },
        "goal": "ten embeds within 1.5x the time and 2x the memory of one",
        "embed_warm_over_bare_warm": ratio("one_shared", "bare", "warm_s"),
        "embed_cold_over_bare_cold": ratio("one_shared", "bare", "cold_s"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument(
        "--shared-only", action="store_true", help="skip the one-runtime-per-embed pages (the slow minute)"
    )
    parser.add_argument("--against", default="", help="another built site measured too (before)")
    args = parser.parse_args()
    if not (build.DIST / "embed.html").exists():
        build.build()
    against = Path(args.against).resolve() if args.against else None
    print(json.dumps(measure(args.runs, args.shared_only, against), indent=2))


if __name__ == "__main__":
    main()
