// Compile, with Pyodide's own Python, the standard-library modules Pyodide's bootstrap imports and
// those Parlour's package imports, and write their bytecode as a zip (decisions 0105, 0111). Run by
// build.py under node:
//     node scripts/stdlib_bytecode.mjs <dir of the site's pyodide files> <out.zip> [module...]
// The loader must carry build.py's hook (0089): the modules Python imported before it (its own
// start: encodings, os, site...) are left out; those the bootstrap imports after it, and the given
// modules (a name that is none is skipped) with what they import, are compiled from python_stdlib.zip's sources, each with the file
// name it has there (tracebacks name the same files), and stored as .pyc with no source: zipimport
// loads such a .pyc without comparing times.
import path from "node:path";
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [dir, out] = process.argv.slice(2, 4).map((p) => path.resolve(p));
const modules = process.argv.slice(4);
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
let before = null;
const py = await loadPyodide({
  indexURL: dir + "/",
  // Line numbers without columns (0111): a traceback through these modules shows no source line
  // (the zip holds none), so it never draws the columns' carets; 27% less to download and load.
  env: { PYTHONNODEBUGRANGES: "1" },
  _beforeBootstrap: async (_snapshot, api) => {
    before = true;
    api.rawRun("import sys\nsys.modules['__main__'].BEFORE = frozenset(sys.modules)");
  },
});
if (!before) throw new Error("the loader has no _beforeBootstrap hook: build.py patches it");
const count = py.runPython(`
import importlib, importlib.util, marshal, sys, zipfile
for name in ${JSON.stringify(modules)}:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:  # only a name that is no module is skipped (typing.Any)
            raise
stdlib = next(p for p in sys.path if p.endswith(".zip"))
source = zipfile.ZipFile(stdlib)
loaded = {getattr(sys.modules[name], "__file__", None) for name in BEFORE}
files = {}
for name, module in sys.modules.items():
    where = getattr(module, "__file__", None) or ""
    if where in loaded or not where.startswith(stdlib + "/") or not where.endswith(".py"):
        continue
    if name.rpartition(".")[0] in BEFORE:  # found through its package's path: the sources' alone
        continue
    inner = where[len(stdlib) + 1 :]
    code = compile(source.read(inner), where, "exec", dont_inherit=True)
    # A .pyc header: magic, flags 0 (checked by time; with no source beside it, never checked).
    files[inner[:-3] + ".pyc"] = importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)
with zipfile.ZipFile("/tmp/stdlib_bytecode.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for inner in sorted(files):
        z.writestr(zipfile.ZipInfo(inner, (1980, 1, 1, 0, 0, 0)), files[inner], zipfile.ZIP_DEFLATED, 9)
len(files)
`);
writeFileSync(out, py.FS.readFile("/tmp/stdlib_bytecode.zip"));
console.log(`${count} modules compiled`);
