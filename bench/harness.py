"""Run a benchmark's ``measure()`` in CPython and in Pyodide (headless Chromium, the built dist/),
in one run, and print both with their ratios as JSON.

A benchmark module lives in ``bench/``, imports only the stdlib and ``parlour``, and defines
``measure() -> dict[str, float]``. Figures are noisy on a shared 2-core machine: read the ratios.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
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


class StepMissed(RuntimeError):
    """A bench's step in a page that did not happen in its time: the message names the step."""


@contextlib.contextmanager
def step(what: str) -> Iterator[None]:
    """A step of a bench in a page (``what`` a person would see happen): a wait in it that times
    out raises :class:`StepMissed` naming the step, instead of Playwright's bare timeout."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        yield
    except PlaywrightTimeout as exc:
        first = str(exc).splitlines()[0] if str(exc) else ""
        raise StepMissed(f"{what}: did not happen in time ({first})") from None


BOOT_MS = 180_000
"""A page's start (cold, at load, in a network namespace) to a network screen."""
NET_MS = 60_000
"""A network step: an invite made, an answer code made, a guest let in."""


def open_invite(host: Any, context: Any) -> tuple[Any, str]:
    """A guest opens the invite link the table ``host`` shows, in ``context`` (its own browser):
    its page, up on the join screen, and the link. Every wait is bounded and named (:func:`step`)."""
    with step("the host's invite link (#invite-link)"):
        host.wait_for_selector("#invite-link", timeout=NET_MS)
    link = str(host.input_value("#invite-link"))
    guest = context.new_page()
    guest.goto(link)
    with step("the guest's page up on the invite (body[data-ready], #net-answer)"):
        guest.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_MS)
        guest.wait_for_selector("#net-answer", timeout=NET_MS)
    return guest, link


def answer_invite(host: Any, guest: Any, want: str = "play", name: str = "Bench") -> dict[str, Any]:
    """The guest, on the join screen, names itself, chooses ``want`` ("play" or "watch") and makes
    its answer code; the host pastes it and lets the guest in (manual signalling, as the tests'
    ``join``). Returns the ``code`` and ``paste_to_joined_s``."""
    guest.fill("#net-name", name)
    guest.select_option("#net-want", want)
    guest.click("#net-answer")
    with step("the guest's answer code (#answer-out)"):
        guest.wait_for_selector("#answer-out", timeout=NET_MS)
    code = str(guest.input_value("#answer-out"))
    start = time.perf_counter()
    host.fill("#answer-code", code)
    host.click("#net-accept")
    with step("the guest let in: its lobby (data-screen=net-guest)"):
        guest.wait_for_selector("[data-screen=net-guest]", timeout=NET_MS)
    return {"code": code, "paste_to_joined_s": time.perf_counter() - start}


def join_table(host: Any, context: Any, want: str = "play", name: str = "Bench") -> dict[str, Any]:
    """A guest joins the table ``host`` shows, in ``context``, as a person does: :func:`open_invite`
    then :func:`answer_invite`. Returns ``guest`` (its page in the lobby), ``link``, ``code`` and
    ``paste_to_joined_s``."""
    guest, link = open_invite(host, context)
    return {"guest": guest, "link": link, **answer_invite(host, guest, want, name)}
