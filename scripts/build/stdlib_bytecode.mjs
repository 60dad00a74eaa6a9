// The standard-library bytecode archive (scripts/build/pybundle.py): Pyodide ships its standard
// library as Python sources only (python_stdlib.zip), so every start compiles each module it
// imports - ~130 at Pyodide's own boot, most of the boot's time. This compiles, with the
// vendored Pyodide's own Python, every standard-library module that the boot, the page's
// engine and the names asked for (every import statement of the page and of PyScript's
// package) import, into one zip of "sourceless" .pyc files, which static/runtime/pyodide.mjs
// gives Pyodide as its standard library (stdLibURL) in place of python_stdlib.zip's sources.
//
// Reads {"sources": {"opening_hand/<module>.py": text, ...}, "import": [module, ...], "extra": [...]}
// on stdin; writes the zip to the path given as the argument. Deterministic: sorted entries,
// fixed dates. Each .pyc holds the hash of the source it was compiled from (PEP 552), so a
// test can check it against the vendored python_stdlib.zip; tracebacks name the original path.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const out = process.argv[2];
if (!out) throw new Error("usage: node scripts/build/stdlib_bytecode.mjs OUT.zip < request.json");
let input = "";
for await (const chunk of process.stdin) input += chunk;
// Without column positions (PYTHONNODEBUGRANGES): smaller files; tracebacks keep file and line.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.globals.set("request", input);
// Without docstrings: scripts/build/pyc_lean.py.
pyodide.runPython(readFileSync(new URL("./pyc_lean.py", import.meta.url), "utf8"));
const archive = pyodide.runPython(`
import base64, importlib, io, json, os, sys, zipfile

request = json.loads(request)
os.makedirs("/tmp/page", exist_ok=True)
for path, text in request["sources"].items():
    os.makedirs(os.path.dirname(f"/tmp/page/{path}"), exist_ok=True)
    with open(f"/tmp/page/{path}", "w", encoding="utf-8") as f:
        f.write(text)
sys.path.insert(0, "/tmp/page")
for name in request["import"]:
    importlib.import_module(name)
# Every other name an import statement of the page or of PyScript's package gives: those of
# the standard library (and Pyodide's own package) are imported, so they and what they
# import go in. Others (the page's own, js, pyscript) are not looked for; one that cannot be
# imported here (it needs a browser) is skipped, with what it had imported by then.
OWN = set(sys.stdlib_module_names) | {"pyodide", "_pyodide"}
for name in request["extra"]:
    if name.partition(".")[0] not in OWN:
        continue
    try:
        importlib.import_module(name)
    except Exception:
        pass

STDLIB = "/lib/python314.zip/"
stdlib = zipfile.ZipFile(STDLIB.rstrip("/"))
paths = sorted({module.__file__[len(STDLIB):] for module in list(sys.modules.values())
                if (getattr(module, "__file__", None) or "").startswith(STDLIB) and module.__file__.endswith(".py")})
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w") as bundle:
    for path in paths:
        entry = zipfile.ZipInfo(path + "c", (1980, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        entry.external_attr = 0o644 << 16
        bundle.writestr(entry, lean_pyc(stdlib.read(path), STDLIB + path, checked=False))
    # The modules left to the sources (static/runtime/pyodide.mjs fetches them for one of these
    # only, never for a name the standard library does not have here, such as _hashlib).
    left = sorted({name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
                   for name in stdlib.namelist() if name.endswith(".py") and name not in paths})
    entry = zipfile.ZipInfo("opening-hand-sources.txt", (1980, 1, 1, 0, 0, 0))
    entry.compress_type = zipfile.ZIP_DEFLATED
    entry.external_attr = 0o644 << 16
    bundle.writestr(entry, "\\n".join(left) + "\\n")
base64.b64encode(buffer.getvalue()).decode("ascii")
`);
writeFileSync(out, Buffer.from(archive, "base64"));
