// Opening Hand's service worker: after the first visit the page opens and works offline.
//
// static/precache.js (written by scripts/vendor.py from the pinned runtime and the page's
// files) sets self.PRECACHE = { version, files }. The version is a hash of every file, so a
// new release is a new cache: it is filled completely while the old one still serves, and
// the old one is deleted only when the new worker takes over - never a mix of versions.
importScripts("static/precache.js");

const { version, files } = self.PRECACHE;
const CACHE = `opening-hand-${version}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(files)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("opening-hand-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  // Network first, so an online visit always gets one consistent, current set of files (and
  // the browser's HTTP cache still saves the downloads); the cache of this version answers
  // only when the network cannot - offline.
  event.respondWith(fetch(request).catch(async () => {
    const cache = await caches.open(CACHE);
    // The page itself, whatever its #fragment or ?query: the cached index.html.
    const key = request.mode === "navigate" ? new URL("index.html", self.registration.scope).href : request;
    const cached = await cache.match(key, { ignoreSearch: true });
    return cached || Response.error();
  }));
});
