"""Run a benchmark's ``measure()`` in CPython and in Pyodide (headless Chromium, the built dist/),
in one run, and print both with their ratios as JSON.

A benchmark module lives in ``bench/``, imports only the stdlib and ``parlour``, and defines
``measure() -> dict[str, float]``. Figures are noisy on a shared 2-core machine: read the ratios.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "pysrc")]

import build  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-default-apps",
]  # fmt: skip

PYODIDE_PAGE = """<!doctype html><meta charset="utf-8"><title>bench</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
window.bench = async (wheel, source) => {
  const py = await loadPyodide({ indexURL: "./pyodide/" });
  const data = await (await import("./assets/wheel.mjs")).fetchWheel(wheel);  // gzipped whole (0113)
  py.unpackArchive(data, "zip");
  py.globals.set("SOURCE", source);
  return py.runPython("ns = {'__name__': 'bench'}\\nexec(SOURCE, ns)\\nimport json\\njson.dumps(ns['measure']())");
};
window.benchReady = true;
</script>"""


def in_network_namespace(script: str, what: str) -> None:
    """Run ``script`` again, with this process's arguments and ``--inside``, in a network namespace
    of its own (``unshare -n``, as root; ``NETNS_SETUP`` in build.py), and exit with its code;
    return at once if this process is already in one (``PARLOUR_NETNS``). WebRTC needs an ICE
    candidate, which the namespace's own address gives, as the network browser tests do."""
    if os.environ.get("PARLOUR_NETNS"):
        return
    if not build.netns_available():
        raise SystemExit(f"{what} needs a network namespace (run as root with unshare) for ICE candidates")
    again = " ".join(f"'{a}'" for a in sys.argv[1:])
    inner = f"{build.NETNS_SETUP} && exec '{sys.executable}' '{script}' --inside {again}"
    raise SystemExit(subprocess.run(["unshare", "-n", "sh", "-c", inner]).returncode)


def serve_dist() -> tuple[str, Any]:
    if not (build.DIST / "index.html").exists():
        build.build()
    (build.DIST / "bench.html").write_text(PYODIDE_PAGE)
    os.environ.setdefault("PARLOUR_QUIET", "1")
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


def in_pyodide(source: str, timeout_ms: int = 600_000) -> dict[str, float]:
    """Run ``source`` (a module defining ``measure``) in Pyodide in Chromium; its result."""
    from playwright.sync_api import sync_playwright

    url, server = serve_dist()
    wheel = next(p.name for p in build.DIST.glob("parlour-*.whl.gz"))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.set_default_timeout(timeout_ms)
            page.goto(url + "bench.html")
            page.wait_for_function("window.benchReady === true")
            result = json.loads(page.evaluate("([w, s]) => window.bench(w, s)", [wheel, source]))
            browser.close()
    finally:
        server.shutdown()
        (build.DIST / "bench.html").unlink(missing_ok=True)
    return dict(result)


def run_both(path: str) -> dict[str, Any]:
    """Measure the module at ``path`` in CPython, then in Pyodide, and print the comparison."""
    source = Path(path).read_text()
    ns: dict[str, Any] = {"__name__": "bench"}
    exec(compile(source, path, "exec"), ns)
    cpython = ns["measure"]()
    report: dict[str, Any] = {"benchmark": Path(path).stem, "cpython": cpython}
    try:
        pyodide = in_pyodide(source)
    except Exception as exc:  # no Chromium or no build: CPython figures are still worth printing
        report["pyodide_error"] = str(exc)[:500]
    else:
        report["pyodide"] = pyodide
        report["pyodide_over_cpython"] = {
            k: round(pyodide[k] / cpython[k], 2)
            for k in cpython
            if isinstance(cpython.get(k), (int, float))
            and isinstance(pyodide.get(k), (int, float))
            and cpython[k]
        }
    print(json.dumps(report, indent=2))
    return report


def serve(directory: Path) -> tuple[str, Any]:
    """Serve a built site (``--against``: another build measured in the same run) on a port of its
    own; its URL and server."""
    server = build.make_server(0, directory)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server
