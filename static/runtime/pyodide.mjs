// The interpreter module PyScript loads (pyscript.toml `interpreter`): the vendored Pyodide,
// restored from the start-up snapshot (snapshot.mjs) when this browser has one, booted in
// full otherwise - and then a snapshot is made for next time, once the page is idle.
//
// start() begins at once: static/runtime/start.mjs calls it as the page is parsed, so Pyodide boots
// while PyScript's own modules and config load (as on a page that only boots Pyodide), and
// the page's Python files (static/python.json, scripts/build/pybundle.py) download alongside.
// PyScript's later loadPyodide() gets that same interpreter, with those files written into
// its file system (the current folder, where pyscript.toml's [files] would put them).
//
// <html data-boot> says which path ran: "snapshot", or "full" (with data-snapshot "saved" or
// "failed" once the worker reports); data-snapshot-dropped, why a full boot threw the saved
// snapshot away: "failed" (restoring it threw) or "unproven" (the last page restored from it
// never got ready: the trial in snapshot.mjs). Setting `globalThis.openingHandSnapshot = false`
// before start-up turns snapshots off (the browser tests do, except those about start-up, so that
// a background boot does not compete with the test for the CPU).
import { loadPyodide as boot, version } from "../vendor/pyodide/pyodide.mjs";
import {
  dropSnapshot,
  endTrial,
  findSnapshot,
  snapshotId,
  startTrial,
  stillOnTrial,
  supported,
  unpack,
} from "./snapshot.mjs";
import { whenIdleAfterReady, whenReady } from "./idle.mjs";

export { version };

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const root = document.documentElement;
// Python's standard library, as bytecode (static/stdlib.zip, scripts/build/stdlib_bytecode.mjs): what
// Pyodide's boot imports and every standard-library module an import statement of the page or
// of PyScript names, as "sourceless" .pyc files, given to Pyodide in place of the sources it
// ships (python_stdlib.zip, 2.5 MB), so one standard library travels, and no import compiles.
// Refused or missing, Python starts again on the sources. A module the archive lacks (one only
// a standard-library function imports, in a rare path) is found in those sources, fetched then:
// see SOURCES_FINDER.
const stdLibURL = new URL("../stdlib.zip", import.meta.url).href;
const SOURCES = "/lib/python314-sources.zip";

let started = null;

/** The interpreter with the page's Python files written, booted once however often asked. */
export function start() {
  if (!started) {
    const booted = bootPython();
    const files = runtimeArrived(booted).then(fetchFiles);
    files.catch(() => {}); // reported when awaited below, not as an unhandled rejection
    started = booted.then(async (pyodide) => {
      writeFiles(pyodide, await files);
      performance.mark("oh:files-written");
      return pyodide;
    });
    started.catch(() => {}); // PyScript's loadPyodide() reports it
  }
  return started;
}

// PyScript's hook. Its options are its output handlers (and an indexURL we replace: the
// runtime lives in vendor/pyodide/), so they are set on the interpreter start() made.
export async function loadPyodide(options = {}) {
  const pyodide = await start();
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

// Pyodide's WebAssembly (3.5 MB of the 5.5 a first visit fetches) is what Python's boot waits
// for longest, so the page's Python files do not share the link with it: they are fetched once
// it has arrived and is instantiated (Pyodide's `fsInit` hook, called then), while Python's own
// start runs (~0.4 s), which does not need them. A 20 Mbit/s link brings Python up ~0.2 s sooner
// that way (scripts/bench/bench_network.py). Should the hook not be called (a boot that fails), the
// files are fetched when the boot ends.
let runtimeHere;
const runtimeArrival = new Promise((resolve) => {
  runtimeHere = resolve;
});

function runtimeArrived(booted) {
  booted.then(runtimeHere, runtimeHere);
  return runtimeArrival;
}

// Fetched, checked and turned into bytes while Pyodide boots, so that once it is up only
// the file system writes remain (Emscripten's own string-to-UTF-8 loop took ~15 ms). The page's
// modules come as bytecode that runs without their sources (scripts/build/pybundle.py), and the
// sources (python.json, 0.2 MB) follow once the page is idle, for a traceback's lines: they do
// not travel before the first hand. Without usable bytecode of the modules (missing, damaged,
// a browser without DecompressionStream, or dropped by scripts/build/serve.py after an edit), the
// sources are fetched at once instead, and Python compiles them.
async function fetchFiles() {
  const bytecode = await fetchBytecode();
  if (bytecode.some(([path]) => SOURCELESS.test(path))) {
    root.dataset.pythonSources = "later";
    whenIdleAfterReady(sourceLinesLater);
    return bytecode;
  }
  root.dataset.pythonSources = "now";
  const encoder = new TextEncoder();
  const sources = (await fetchSources()).map(([path, text]) => [path, encoder.encode(text)]);
  return [...bytecode, ...sources];
}

async function fetchSources() {
  const response = await fetch(new URL("../python.json", import.meta.url));
  if (!response.ok) throw new Error(`the page's Python files: HTTP ${response.status}`);
  const bundle = await response.json();
  if (bundle?.format !== "opening-hand-python" || typeof bundle.files !== "object") {
    throw new Error("the page's Python files: not a bundle of scripts/build/pybundle.py");
  }
  return Object.entries(bundle.files).map(([path, text]) => {
    if (typeof text !== "string") throw new Error(`the page's Python files: a bad entry ${quoted(path)}`);
    return [checkedPath(path), text];
  });
}

// The sources go into linecache (where tracebacks read lines), under the name each module's
// bytecode gives its code ("page/app.py"), never into the file system: a .py file beside a
// module's .pyc would make Python compile it for any module imported after this.
// (No modification time: linecache.checkcache keeps such entries.)
const SOURCE_LINES = `
import linecache
for path, text in sources.items():
    if path.endswith(".py"):
        linecache.cache[path] = (len(text), None, text.splitlines(True), path)
`;

function sourceLinesLater() {
  Promise.all([started, fetchSources()]).then(
    ([pyodide, sources]) => {
      const globals = pyodide.toPy({ sources: Object.fromEntries(sources) });
      try {
        pyodide.runPython(SOURCE_LINES, { globals });
      } finally {
        globals.destroy();
      }
      root.dataset.pythonSources = "read";
    },
    (error) => console.warn("The page's Python sources could not be fetched, so tracebacks show no lines:", error),
  );
}

function checkedPath(path) {
  if (!/^[\w.-]+(\/[\w.-]+)*$/.test(path) || path.split("/").includes("..")) {
    throw new Error(`the page's Python files: a bad entry ${quoted(path)}`);
  }
  return path;
}

const quoted = (path) => JSON.stringify(String(path)).slice(0, 80);
const BYTECODE_MAGIC = "opening-hand-bytecode 1\n";
// What it may write: .pyc files (the page's modules in their folders, PyScript's in
// __pycache__), the data files of py/ (.txt) and the dataclass code table; never a source.
const BYTECODE_PATH = /^(([\w.-]+\/)*[\w.-]+\.(pyc|txt)|dataclass-code\.marshal)$/;
const SOURCELESS = /^(?!(.*\/)?__pycache__\/).*\.pyc$/; // a module of the page's, run without its source

// The modules' bytecode (static/python-bytecode.gz, scripts/build/pybundle.py's pack_bytecode).
// Without it (missing, damaged, or a browser without DecompressionStream) Python compiles
// the sources: slower, never wrong, so it is only a warning.
async function fetchBytecode() {
  try {
    if (typeof DecompressionStream !== "function") return [];
    const response = await fetch(new URL("../python-bytecode.gz", import.meta.url));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
    return unpackBytecode(new Uint8Array(await new Response(stream).arrayBuffer()));
  } catch (error) {
    console.warn("The page's bytecode could not be used, so Python compiles its modules:", error);
    return [];
  }
}

function unpackBytecode(data) {
  const magic = new TextEncoder().encode(BYTECODE_MAGIC);
  if (data.length < magic.length || magic.some((byte, i) => data[i] !== byte)) throw new Error("not a bytecode file");
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const files = [];
  let at = magic.length;
  while (at < data.length) {
    if (at + 2 > data.length) throw new Error("a truncated bytecode file");
    const nameEnd = at + 2 + view.getUint16(at, true);
    if (nameEnd + 4 > data.length) throw new Error("a truncated bytecode file");
    const path = checkedPath(decoder.decode(data.subarray(at + 2, nameEnd)));
    if (!BYTECODE_PATH.test(path)) throw new Error(`not a bytecode file's entry: ${quoted(path)}`); // never a source
    const end = nameEnd + 4 + view.getUint32(nameEnd, true);
    if (end > data.length) throw new Error("a truncated bytecode file");
    files.push([path, data.subarray(nameEnd + 4, end)]);
    at = end;
  }
  return files;
}

function writeFiles(pyodide, entries) {
  const { FS } = pyodide;
  const made = new Set();
  for (const [path, data] of entries) {
    const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    if (folder && !made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(path, data);
  }
}

// The standard library's sources, fetched (synchronously: an import is waiting) the first time
// Python looks for a standard-library module the bytecode archive lacks; never on a normal
// start. A finder at the end of Python's search (sys.meta_path) asks for them.
function sourcesLoader(pyodide) {
  return () => {
    try {
      const request = new XMLHttpRequest();
      request.open("GET", new URL("python_stdlib.zip", indexURL), false); // what a bare Pyodide fetches
      request.overrideMimeType("text/plain; charset=x-user-defined"); // bytes, in a synchronous request
      request.send();
      if (request.status !== 200) throw new Error(`HTTP ${request.status}`);
      const text = request.responseText;
      const data = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) data[i] = text.charCodeAt(i) & 0xff;
      pyodide.FS.writeFile(SOURCES, data);
      root.dataset.stdlibSources = "loaded";
      return true;
    } catch (error) {
      root.dataset.stdlibSources = "failed";
      console.warn("The standard library's sources could not be fetched:", error);
      return false;
    }
  };
}

const SOURCES_FINDER = `
import sys, zipimport

class StandardLibrarySources:
    """The last place Python looks: a standard-library module the bytecode archive lacks,
    from Pyodide's own sources, fetched the first time one is wanted."""

    def __init__(self):
        self.fetched = None
        self.left = None  # the modules only the sources have (the archive lists them)

    def find_spec(self, name, path=None, target=None):
        if self.left is None:
            try:
                listed = zipimport.zipimporter("/lib/python314.zip").get_data("opening-hand-sources.txt")
                self.left = frozenset(listed.decode().split())
            except (ImportError, OSError):
                self.left = frozenset()
        if name not in self.left:
            return None  # not the standard library's, or not here at all (an optional import)
        if self.fetched is None:
            import _opening_hand_stdlib
            self.fetched = bool(_opening_hand_stdlib.load())
        if not self.fetched:
            return None
        folder = "/".join(name.split(".")[:-1])
        try:
            return zipimport.zipimporter("${SOURCES}" + ("/" + folder if folder else "")).find_spec(name)
        except (ImportError, OSError):
            return None

sys.meta_path.append(StandardLibrarySources())
del StandardLibrarySources
`;

// Each zip on Python's path reads its table of contents again (importlib.invalidate_caches()
// would too, but it imports importlib.metadata, which the archive does not hold).
const FRESH_TABLES = `
import sys
for finder in list(sys.path_importer_cache.values()):
    if type(finder).__name__ == "zipimporter":
        finder.invalidate_caches()
`;

// On an interpreter running the bytecode archive: the finder above, and (restored from a
// snapshot made with another archive, an older release's) the archive's table read afresh.
function withSources(pyodide, restored) {
  pyodide.registerJsModule("_opening_hand_stdlib", { load: sourcesLoader(pyodide) });
  pyodide.runPython(restored ? `${FRESH_TABLES}\n${SOURCES_FINDER}` : SOURCES_FINDER);
  return pyodide;
}

async function bootPython() {
  const settings = { indexURL, fsInit: async () => runtimeHere() };
  const enabled = globalThis.openingHandSnapshot !== false && supported();
  if (enabled) {
    let id;
    try {
      const found = await findSnapshot(version);
      id = found && snapshotId(found);
      if (found && stillOnTrial(id)) {
        // Nothing threw that we could catch: Python died after the restore, on that visit.
        const why = "the last page restored from it never got ready";
        console.warn(`The saved start-up snapshot was dropped, so Python starts in full: ${why}.`);
        root.dataset.snapshotDropped = "unproven";
        await dropSnapshot().then(() => endTrial(id), () => {}); // or the next visit drops it
      } else if (found) {
        startTrial(id);
        // Unpacked while Pyodide fetches and compiles its files: it awaits the promise
        // only when it sizes the memory. A damaged gzip rejects it, and boot() with it.
        const snapshot = unpack(found);
        snapshot.catch(() => {}); // boot() reports the failure; no unhandled rejection
        const pyodide = withSources(await boot({ ...settings, stdLibURL, _loadSnapshot: snapshot }), true);
        performance.mark("oh:interpreter"); // start-up figures for `make bench`
        root.dataset.boot = "snapshot";
        whenReady(() => endTrial(id)); // it got the page ready: trusted from now on
        return pyodide;
      }
    } catch (error) {
      console.warn("The saved start-up snapshot could not be used, so Python starts in full:", error);
      if (id) root.dataset.snapshotDropped = "failed";
      await dropSnapshot().then(() => endTrial(id), () => {});
    }
  }
  let pyodide;
  try {
    pyodide = withSources(await boot({ ...settings, stdLibURL }), false);
  } catch (error) {
    console.warn("Python did not start with the standard library's bytecode, so it starts on its sources:", error);
    root.dataset.bytecode = "refused";
    pyodide = await boot(settings);
  }
  performance.mark("oh:interpreter");
  root.dataset.boot = "full";
  if (enabled) whenIdleAfterReady(makeSnapshot);
  return pyodide;
}

function makeSnapshot() {
  // The snapshot's Python runs the standard library this page runs (refused: the sources).
  const url = new URL("./snapshot-worker.mjs", import.meta.url);
  if (root.dataset.bytecode === "refused") url.searchParams.set("stdlib", "sources");
  const worker = new Worker(url, { type: "module" });
  worker.onmessage = ({ data }) => {
    worker.terminate();
    root.dataset.snapshot = data.ok ? "saved" : "failed";
    if (data.ok) root.dataset.snapshotMs = String(Math.round(data.ms));
    else console.warn("No start-up snapshot was saved:", data.error);
  };
  worker.onerror = (event) => {
    worker.terminate();
    root.dataset.snapshot = "failed";
    console.warn("No start-up snapshot was saved:", event.message);
  };
}
