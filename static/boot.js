// Boot progress: paints before Pyodide is up and follows PyScript's `py:progress`
// events (e.g. "Loading interpreter"). py/main.py hides it once the page is interactive.
// No work here beyond updating two elements and one flag (runtime/start.mjs starts Python itself).
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

// The setup and deck panels work before Python listens: the first change in them sets
// body[data-touched], and page.start's early_choices then looks for what changed and runs its
// handlers (untouched, it reads nothing at start-up). Only the flag is kept here.
const TOUCH = ["input", "change"];
const touched = ({ target }) => {
  if (!(target instanceof Element) || !target.closest("#setup-panel, #deck-panel")) return;
  document.body.dataset.touched = "";
  for (const type of TOUCH) removeEventListener(type, touched, true);
};
for (const type of TOUCH) addEventListener(type, touched, true);

// Offline after the first visit: the service worker (sw.js) keeps every file of this
// version. Registered once the page is ready and idle, so its download of every file never
// competes with start-up; its updates bypass the HTTP cache (see sw.js).
if ("serviceWorker" in navigator) {
  whenIdleAfterReady(() => {
    navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).catch((error) => console.warn("offline mode unavailable:", error));
  });
}
