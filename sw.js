// Opening Hand's service worker: after the first visit the page opens and works offline.
//
// static/precache.js (written by scripts/vendor.py from the pinned runtime and the page's
// files) sets self.PRECACHE = { version, files }. The version is a hash of every file, so a
// new release is a new cache: it is filled completely while the old one still serves, and
// the old one is deleted only when the new worker takes over - never a mix of versions.
//
// GitHub Pages sends `Cache-Control: max-age=600`, so the browser's HTTP cache may hold the
// previous release's files for ten minutes. Every download here therefore skips it
// (`cache: "reload"`) or revalidates with the server (`cache: "no-cache"`), and boot.js
// registers this worker with `updateViaCache: "none"` so precache.js is never stale either.
importScripts("static/precache.js");

const { version, files } = self.PRECACHE;
// Several sites can share one origin (user.github.io/repo-a/, user.github.io/repo-b/), and
// Cache Storage is per origin: the scope in the name keeps each site to its own caches.
// A space cannot occur in a URL, so it separates the parts without ambiguity.
const PREFIX = `opening-hand ${self.registration.scope} `;
const CACHE = PREFIX + version;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(files.map((file) => new Request(file, { cache: "reload" })))),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  // Network first, so an online visit always gets one consistent, current set of files
  // (revalidated, so an unchanged file costs a 304 and no download); the cache of this
  // version answers only when the network cannot - offline.
  event.respondWith(fetch(request, { cache: "no-cache" }).catch(async () => {
    const cache = await caches.open(CACHE);
    // The page itself, whatever its #fragment or ?query: the cached index.html.
    const key = request.mode === "navigate" ? new URL("index.html", self.registration.scope).href : request;
    const cached = await cache.match(key, { ignoreSearch: true });
    return cached || Response.error();
  }));
});
