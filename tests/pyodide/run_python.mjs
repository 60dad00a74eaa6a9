// Run a piece of Python inside real Pyodide under Node, with the engine on its path, and print
// what it returns (a string): for tests that compare a figure in CPython and in Pyodide.
//
//   node tests/pyodide/run_python.mjs < code.py
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
let code = "";
for await (const chunk of process.stdin) code += chunk;
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/repo/py");
pyodide.mountNodeFS("/repo/py", resolve(root, "py"));
pyodide.runPython('import sys; sys.dont_write_bytecode = True; sys.path.insert(0, "/repo/py")');
process.stdout.write(String(pyodide.runPython(code)));
