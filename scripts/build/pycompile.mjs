// Compiles the page's Python modules to bytecode with the vendored Pyodide's own Python
// (the browser's 3.14; the machine's CPython may be any version), for scripts/build/pybundle.py.
// Reads {"sources": {"path": "source", ...}, "pyscript": {...}} as JSON on stdin; writes
// {"page/app.pyc": base64, "pyscript/__pycache__/...pyc": base64, ...}, and the table of the
// engine's dataclass code (py/page/services/class_code.py).
// The page's own modules become "sourceless" .pyc files in their folders, which Python runs
// without their sources (those come later, for tracebacks: static/runtime/pyodide.mjs). PyScript
// writes its package's sources itself, so its .pyc files are "checked-hash" ones (PEP 552) in
// __pycache__: Python compares the hash of the source beside them on every import and compiles
// the source itself when they differ, so a different PyScript never runs a stale one.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

let input = "";
for await (const chunk of process.stdin) input += chunk;
// Without column positions (PYTHONNODEBUGRANGES): smaller files; tracebacks keep file and line.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.globals.set("request", input);
// Without docstrings: scripts/build/pyc_lean.py.
pyodide.runPython(readFileSync(new URL("./pyc_lean.py", import.meta.url), "utf8"));
const output = pyodide.runPython(`
import base64, importlib.util, json, os, sys
compiled = {}
request = json.loads(request)
files = request["sources"]
for path, text in files.items():
    if path.endswith(".py"):  # named as in the folder the page writes it to: "page/app.py"
        pyc = lean_pyc(text.encode("utf-8"), path, checked=False)
        compiled[path[:-3] + ".pyc"] = base64.b64encode(pyc).decode("ascii")
for path, text in request["pyscript"].items():
    pyc = lean_pyc(text.encode("utf-8"), path, checked=True)
    compiled[importlib.util.cache_from_source(path)] = base64.b64encode(pyc).decode("ascii")

# The code of the engine's dataclasses, made now instead of on the player's first Deal
# (py/page/services/class_code.py): the engine imported here, with the page's recorder.
if "page/services/class_code.py" in files:
    for path, text in files.items():
        os.makedirs(os.path.dirname(f"/tmp/page/{path}"), exist_ok=True)
        with open(f"/tmp/page/{path}", "w", encoding="utf-8") as f:
            f.write(text)
    sys.path.insert(0, "/tmp/page")
    from page.services import class_code
    engine = sorted(p.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
                    for p in files if p.startswith("opening_hand/") and p.endswith(".py"))
    compiled[class_code.TABLE] = base64.b64encode(class_code.record(engine)).decode("ascii")
json.dumps(compiled, sort_keys=True)
`);
process.stdout.write(output);
