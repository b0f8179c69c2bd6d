// One Python runtime for every embed of the page (a shared worker; a dedicated worker where
// shared ones do not exist). Loads Pyodide and Parlour's wheel from this site only, then answers
// each embed's JSON messages with parlour.web.embed.Host.handle. build.py fills in the wheel and the
// standard library's bytecode.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { loadPython } from "./assets/bytecode.mjs";
import { fetchWheel } from "./assets/wheel.mjs";

const WHEEL = "./__PARLOUR_WHEEL__";
const STDLIB = "__PARLOUR_STDLIB__";  // the standard library's bytecode (0105, 0111), "" if not built
const boot = { start: performance.timeOrigin };  // milliseconds since the worker started, per phase
const started = (async () => {
  const wheelBytes = fetchWheel(new URL(WHEEL, import.meta.url));
  const indexURL = new URL("./pyodide/", import.meta.url).href;
  const { py, bytecode } = await loadPython(loadPyodide, { indexURL }, STDLIB && new URL(STDLIB, import.meta.url));
  boot.pyodide = Math.round(performance.now());
  boot.bytecode = bytecode;
  const site = py.runPython("import site; site.getsitepackages()[0]");
  py.unpackArchive(await wheelBytes, "zip", { extractDir: site });
  boot.wheel = Math.round(performance.now());
  py.runPython("import parlour.web.embed as embed\nhost = embed.Host()");
  boot.imported = Math.round(performance.now());
  return py.globals.get("host").handle;
})();

function serve(port) {
  port.onmessage = async (event) => {
    let handle;
    try {
      handle = await started;
    } catch (error) {
      port.postMessage({ id: event.data && event.data.id, fatal: String(error) });
      return;
    }
    const t0 = performance.now();
    const reply = JSON.parse(handle(JSON.stringify(event.data)));
    reply.boot = { ...boot, handled_ms: Math.round(performance.now() - t0) };
    port.postMessage(reply);
  };
}

if (typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope) {
  self.onconnect = (event) => { const port = event.ports[0]; serve(port); port.start(); };
} else {
  serve(self);
}
