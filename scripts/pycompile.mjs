// Compiles the page's Python modules to bytecode with the vendored Pyodide's own Python
// (the browser's 3.14; the machine's CPython may be any version), for scripts/pybundle.py.
// Reads {"path": "source", ...} as JSON on stdin; writes {"__pycache__/...pyc": base64, ...}.
// The .pyc files are "checked-hash" ones (PEP 552): Python compares the hash of the source
// beside it on every import and compiles the source itself when they differ, so a stale .pyc
// is never run.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

let input = "";
for await (const chunk of process.stdin) input += chunk;
// Without column positions (PYTHONNODEBUGRANGES): smaller files; tracebacks keep file and line.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.globals.set("sources", input);
// Without docstrings: scripts/pyc_lean.py.
pyodide.runPython(readFileSync(new URL("./pyc_lean.py", import.meta.url), "utf8"));
const output = pyodide.runPython(`
import base64, importlib.util, json
compiled = {}
for path, text in json.loads(sources).items():
    if not path.endswith(".py"):
        continue
    pyc = lean_pyc(text.encode("utf-8"), path, checked=True)
    compiled[importlib.util.cache_from_source(path)] = base64.b64encode(pyc).decode("ascii")
json.dumps(compiled, sort_keys=True)
`);
process.stdout.write(output);
