// A worker with its own Python, started from the same (cached) Pyodide files and wheel as the page,
// where bots search while the page stays live. Messages: first {wheel, snapshot, stdlib} (the wheel's
// address, the page's memory snapshot, the standard library's bytecode: 0111), then
// {id, request} in and {id, reply} or {id, error} out; {ready, snapshot, bytecode} or {failed} once
// Python is up.
// See parlour/web/bots.py.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { loadPython } from "./bytecode.mjs";
import { fetchWheel } from "./wheel.mjs";

const site = new URL("../", import.meta.url);
const indexURL = new URL("pyodide/", site).href;
let boot = null;
let restored = false;
let bytecode = false;

// From the page's memory snapshot when there is one (decision 0085: bots imported, wheel as a zip).
const restore = async ({ key, cache, path }, data) => {
  const hit = key && (await (await caches.open(cache)).match(key));
  if (!hit) return null;
  const py = await loadPyodide({ indexURL, _loadSnapshot: new Uint8Array(await hit.arrayBuffer()) });
  py.FS.writeFile(path, new Uint8Array(await data));
  py.runPython("from parlour.web.boot import restored\nrestored()");
  return py;
};

const start = async (wheel, snapshot, stdlib) => {
  const data = fetchWheel(new URL(wheel, site));
  let py = null;
  try {
    py = await restore(snapshot || {}, data);
  } catch (error) {
    console.warn("bot worker: snapshot not restored", error);
  }
  restored = py !== null;
  if (!py) {
    ({ py, bytecode } = await loadPython(loadPyodide, { indexURL }, stdlib && new URL(stdlib, site)));
    py.unpackArchive(await data, "zip", { extractDir: py.runPython("import site\nsite.getsitepackages()[0]") });
  }
  return py.pyimport("parlour.web.bots").think;
};

self.onmessage = async (event) => {
  const { id, request, wheel, snapshot, stdlib } = event.data;
  if (wheel !== undefined) {
    boot = start(wheel, snapshot, stdlib);
    boot.then(() => self.postMessage({ ready: true, snapshot: restored, bytecode }), (error) => self.postMessage({ failed: String(error) }));
    return;
  }
  try {
    const think = await boot;
    self.postMessage({ id, reply: think(request) });
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
};
