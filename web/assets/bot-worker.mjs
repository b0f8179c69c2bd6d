// A worker with its own Python, started from the same (cached) Pyodide files and wheel as the page,
// where bots search while the page stays live. Messages: first {wheel} (the wheel's address), then
// {id, request} in and {id, reply} or {id, error} out; {ready} or {failed} once Python is up.
// See parlour/web/bots.py.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const site = new URL("../", import.meta.url);
const python = loadPyodide({ indexURL: new URL("pyodide/", site).href });
let boot = null;

const start = async (wheel) => {
  const [py, data] = await Promise.all([python, fetch(new URL(wheel, site)).then((r) => r.arrayBuffer())]);
  py.unpackArchive(data, "zip", { extractDir: py.runPython("import site\nsite.getsitepackages()[0]") });
  return py.pyimport("parlour.web.bots").think;
};

self.onmessage = async (event) => {
  const { id, request, wheel } = event.data;
  if (wheel !== undefined) {
    boot = start(wheel);
    boot.then(() => self.postMessage({ ready: true }), (error) => self.postMessage({ failed: String(error) }));
    return;
  }
  try {
    const think = await boot;
    self.postMessage({ id, reply: think(request) });
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
};
