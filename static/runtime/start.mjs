// Loaded with `async` in index.html's <head>: runs as soon as its modules arrive, without
// waiting for the document to be parsed, and starts Python (pyodide.mjs); PyScript asks for
// the same interpreter later.
import { start } from "./pyodide.mjs";

start();
