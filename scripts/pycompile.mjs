// Compiles the page's Python modules to bytecode with the vendored Pyodide's own Python
// (the browser's 3.14; the machine's CPython may be any version), for scripts/pybundle.py.
// Reads {"path": "source", ...} as JSON on stdin; writes {"__pycache__/...pyc": base64, ...}.
// The .pyc files are "checked-hash" ones (PEP 552): Python compares the hash of the source
// beside it on every import and compiles the source itself when they differ, so a stale .pyc
// is never run.
import { loadPyodide } from "pyodide";

let input = "";
for await (const chunk of process.stdin) input += chunk;
// Without column positions (PYTHONNODEBUGRANGES): smaller files; tracebacks keep file and line.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.globals.set("sources", input);
const output = pyodide.runPython(`
import base64, importlib.util, json, os, py_compile
compiled = {}
os.chdir("/tmp")
for path, text in json.loads(sources).items():
    if not path.endswith(".py"):
        continue
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    cfile = importlib.util.cache_from_source(path)
    py_compile.compile(path, cfile=cfile, doraise=True, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    with open(cfile, "rb") as f:
        compiled[cfile] = base64.b64encode(f.read()).decode("ascii")
json.dumps(compiled, sort_keys=True)
`);
process.stdout.write(output);
