// Work that must never slow start-up (the service worker's download of every file, the
// start-up snapshot) waits until the page says it is ready, then for the browser to be idle.
export function whenReady(work) {
  const ready = () => document.body?.dataset.ready === "true";
  if (ready()) return work();
  const observer = new MutationObserver(() => {
    if (ready()) {
      observer.disconnect();
      work();
    }
  });
  observer.observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
}

export function whenIdleAfterReady(work) {
  whenReady(() => (globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 500)))(work, { timeout: 5000 }));
}
