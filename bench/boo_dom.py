"""Where the page's own DOM time goes at a Boo! table of 1 person and 5 hard bots in Chromium (the
built site): every ``outerHTML``/``innerHTML`` set, ``insertAdjacentHTML``, ``setAttribute``,
``remove``, ``replaceWith``, ``focus`` and every read or write of ``scrollTop``/``scrollHeight``/
``clientHeight`` the app makes, timed by JavaScript wrappers and summed by call and target element.
A read of a scroll offset forces the style and layout the changes before it left pending, so those
lines hold the layout the redraws cost. Prints the 30 largest sums.

    python bench/boo_dom.py [--seconds 40]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent / "pysrc")]

from harness import CHROMIUM_ARGS, build, serve_dist  # noqa: E402

WRAP = """
window.benchDom = {};
const note = (key, ms) => { const e = window.benchDom[key] || (window.benchDom[key] = [0, 0]); e[0] += ms; e[1] += 1; };
const timed = (key, fn) => { const t0 = performance.now(); const out = fn(); note(key, performance.now() - t0); return out; };
for (const prop of ["outerHTML", "innerHTML"]) {
  const d = Object.getOwnPropertyDescriptor(Element.prototype, prop);
  Object.defineProperty(Element.prototype, prop, { ...d, set(v) { timed(prop + " " + (this.id || this.tagName), () => d.set.call(this, v)); } });
}
for (const m of ["insertAdjacentHTML", "setAttribute", "removeAttribute", "remove", "replaceWith"]) {
  const f = Element.prototype[m];
  Element.prototype[m] = function (...a) { return timed(m + " " + (this.id || this.tagName), () => f.apply(this, a)); };
}
for (const proto of [HTMLElement.prototype, SVGElement.prototype]) {
  const f = proto.focus;
  proto.focus = function (...a) { return timed("focus", () => f.apply(this, a)); };
}
for (const p of ["scrollTop", "scrollHeight", "clientHeight"]) {
  const d = Object.getOwnPropertyDescriptor(Element.prototype, p);
  Object.defineProperty(Element.prototype, p, { ...d,
    get() { return timed("read " + p, () => d.get.call(this)); },
    set: d.set && function (v) { timed("write " + p, () => d.set.call(this, v)); } });
}
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=40)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    url, server = serve_dist()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(WRAP)
            page = context.new_page()
            page.goto(url + "#/boo")
            page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
            page.select_option("#player-count", "6")
            for seat in range(1, 6):
                page.select_option(f"#seat-{seat}", "hard")
            page.click("#start")
            page.wait_for_selector("svg.boo-castle")
            page.evaluate("window.benchDom = {}")  # the table's play, not its first drawing
            page.wait_for_timeout(int(args.seconds * 1000))
            sums: dict[str, list[float]] = page.evaluate("window.benchDom")
            print("plies", page.locator("#move-log > li").count())
            for key, (ms, n) in sorted(sums.items(), key=lambda kv: -kv[1][0])[:30]:
                print(f"{ms:8.1f} ms {int(n):5d}x  {key}")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
