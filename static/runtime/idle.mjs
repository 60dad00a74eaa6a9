// Work that must never slow start-up (the service worker's download of every file, the
// start-up snapshot) waits until the page says it is ready, then for the browser to be idle.
export function whenIdleAfterReady(work) {
  const idle = () => (globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 500)))(work, { timeout: 5000 });
  const ready = () => document.body?.dataset.ready === "true";
  if (ready()) return idle();
  const observer = new MutationObserver(() => {
    if (ready()) {
      observer.disconnect();
      idle();
    }
  });
  observer.observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
}
