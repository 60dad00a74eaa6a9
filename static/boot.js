// Boot progress: paints before Pyodide is up and follows PyScript's `py:progress`
// events (e.g. "Loading interpreter"). py/main.py hides it once the page is interactive.
// No work here beyond updating two elements (runtime/start.mjs starts Python itself).
import { whenIdleAfterReady } from "./runtime/idle.mjs";

const bar = document.getElementById("boot-progress");
const stage = document.getElementById("boot-stage");
const steps = {
  "Loading Pyodide": 10,
  "Loading Storage": 15,
  "Loaded Storage": 20,
  "Loading interpreter": 25,
  "Loaded interpreter": 80,
  "Loading files": 82,
  "Loaded files": 88,
  "Loaded Pyodide": 92,
};
addEventListener("py:progress", ({ detail }) => {
  const value = steps[detail];
  if (value !== undefined && bar && value > bar.value) bar.value = value;
  if (stage && typeof detail === "string") stage.textContent = `${detail}…`;
});

// Offline after the first visit: the service worker (sw.js) keeps every file of this
// version. Registered once the page is ready and idle, so its download of every file never
// competes with start-up; its updates bypass the HTTP cache (see sw.js).
if ("serviceWorker" in navigator) {
  whenIdleAfterReady(() => {
    navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).catch((error) => console.warn("offline mode unavailable:", error));
  });
}
