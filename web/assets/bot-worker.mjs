// A worker with its own Python, started from the same (cached) Pyodide files and wheel as the page,
// where bots search while the page stays live. Messages: {id, request} in, {id, reply} or
// {id, error} out; {ready} or {failed} once Python is up. See parlour/web/bots.py.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const site = new URL("../", import.meta.url);
const boot = (async () => {
  const config = await (await fetch(new URL("pyscript.json", site))).json();
  const wheel = Object.keys(config.files).find((name) => name.endsWith(".whl"));
  const [py, data] = await Promise.all([
    loadPyodide({ indexURL: new URL("pyodide/", site).href }),
    fetch(new URL(wheel, site)).then((r) => r.arrayBuffer()),
  ]);
  py.unpackArchive(data, "zip");
  return py.pyimport("parlour.web.bots").think;
})();

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    const think = await boot;
    self.postMessage({ id, reply: think(request) });
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
};
boot.then(() => self.postMessage({ ready: true }), (error) => self.postMessage({ failed: String(error) }));
