// The standard library's bytecode (decision 0105) for a Python being started without a memory
// snapshot: the page's first start, the bots' worker's and the embeds' worker's (0111). Compiled at
// build time by Pyodide's own Python; loaded, not compiled, the bootstrap's modules take a fifth of
// the time. Never the snapshot worker's: a snapshot's modules would name a zip that is not in the
// file system of the start that restores it.
export const PATH = "/lib/python_stdlib_pyc.zip";

export const fetchBytecode = (url) => fetch(url).then((r) => {
  if (!r.ok) throw new Error(r.status + " " + r.url);
  return r.arrayBuffer();
});

// In loadPyodide's hook (0089), before the bootstrap: the zip in Python's files, first on sys.path.
// A package found in it looks for its submodules there and in the sources' folder (importlib.resources,
// email...: the rest of the standard library), through a path hook: also those imported later.
export const use = (module, api, bytes) => {
  module.FS.writeFile(PATH, new Uint8Array(bytes));
  api.rawRun(`def bytecode():
    import sys, zipimport
    stdlib = next(p for p in sys.path if p.endswith(".zip"))
    class Wide(zipimport.zipimporter):
        def find_spec(self, name, target=None):
            spec = super().find_spec(name, target)
            where = spec and spec.submodule_search_locations
            if where and len(where) == 1:
                where.append(stdlib + where[0][${PATH.length}:])
            return spec
    def hook(path):
        if path.startswith(${JSON.stringify(PATH)}):
            return Wide(path)
        raise ImportError(path)
    sys.path_hooks.insert(0, hook)
    sys.path.insert(0, ${JSON.stringify(PATH)})
bytecode()
del bytecode`);
};

// A worker's Python, {py, bytecode}: with the bytecode at ``url`` when the build made it, else (no
// url, or the start with it failed) from the sources as before, which is slower and the same.
export const loadPython = async (loadPyodide, options, url) => {
  if (url) {
    const bytes = fetchBytecode(url);
    bytes.catch(() => {});  // told below, where it is awaited
    try {
      const py = await loadPyodide({ ...options, _beforeBootstrap: async (_s, api, module) => use(module, api, await bytes) });
      return { py, bytecode: true };
    } catch (e) {
      console.warn("the standard library compiles from source", e);
    }
  }
  return { py: await loadPyodide(options), bytecode: false };
};
