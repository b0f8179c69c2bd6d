// Makes the memory snapshot the page's next start restores (decision 0085): Pyodide started with
// snapshots on, Parlour's wheel put on sys.path as a zip at the path the page uses, the app and every
// game imported and the catalogues read (parlour.web.boot.prepare, which touches nothing of the
// page), then Pyodide's memory saved in the "python-snapshot" cache under the build's key. Made in
// a worker because a page started with snapshots on cannot set a DOM property (Illegal invocation).
// Message in: {wheel, key}; out: {saved: bytes} or {failed: reason}.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { fetchWheel } from "./wheel.mjs";

const site = new URL("../", import.meta.url);

self.onmessage = async (event) => {
  const { wheel, key, path, cache } = event.data;
  try {
    const [py, data] = await Promise.all([
      loadPyodide({ indexURL: new URL("pyodide/", site).href, _makeSnapshot: true }),
      fetchWheel(new URL(wheel, site)),
    ]);
    py.FS.writeFile(path, new Uint8Array(data));
    py.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(path)})\nfrom parlour.web.boot import prepare\nprepare()`);
    const snapshot = py.makeMemorySnapshot();
    const store = await caches.open(cache);
    for (const old of await store.keys()) await store.delete(old);
    await store.put(key, new Response(snapshot, { headers: { "content-type": "application/octet-stream" } }));
    self.postMessage({ saved: snapshot.length });
  } catch (error) {
    self.postMessage({ failed: String((error && error.message) || error) });
  }
};
