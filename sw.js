// Opening Hand's service worker: after the first visit the page opens and works offline.
//
// static/precache.js (written by scripts/build/vendor.py from the pinned runtime and the page's
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
// Scryfall's card images, when the player shows them: the most recent are kept here, apart
// from the release caches (a new release keeps them), so a deck practised once online shows
// its real images offline. Cross-origin <img> loads are opaque (no status, no size): they
// count by number; the others by number and bytes too.
const IMAGES = PREFIX + "images";
const MAX_IMAGES = 500;
const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
const SIZE_HEADER = "x-opening-hand-bytes";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(files.map((file) => new Request(file, { cache: "reload" })))),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE && k !== IMAGES).map((k) => caches.delete(k)),
      ))
      .then(() => self.clients.claim()),
  );
});

// Card images come only from Scryfall's image host (the card data's image_uris), never the API.
function isCardImage(url) {
  return url.origin === "https://cards.scryfall.io";
}

// One change of the image cache at a time: storing and trimming never interleave.
let imageQueue = Promise.resolve();
function queued(work) {
  imageQueue = imageQueue.then(work).catch(() => {});  // a full disk: the image is simply not kept
  return imageQueue;
}

async function keepImage(request, response) {
  let stored = response;
  if (response.type !== "opaque") {  // a readable response: note its size for the byte budget
    const body = await response.blob();
    const headers = new Headers(response.headers);
    headers.set(SIZE_HEADER, String(body.size));
    stored = new Response(body, { status: response.status, statusText: response.statusText, headers });
  }
  const cache = await caches.open(IMAGES);
  await cache.delete(request);  // a stored image shown again becomes the most recent
  await cache.put(request, stored);
  const keys = await cache.keys();  // oldest first: the order they were stored in
  const sizes = (await cache.matchAll()).map((kept) => Number(kept.headers.get(SIZE_HEADER)) || 0);  // same order
  let count = keys.length;
  let bytes = sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; i < keys.length - 1 && (count > MAX_IMAGES || bytes > MAX_IMAGE_BYTES); i++) {
    await cache.delete(keys[i]);
    count -= 1;
    bytes -= sizes[i];
  }
}

// Network first; a successful (or opaque) answer is kept; the kept copy answers offline.
async function cardImage(event) {
  const request = event.request;
  try {
    const response = await fetch(request);
    if (response.ok || response.type === "opaque") {
      const copy = response.clone();  // now: the page reads the response's body
      event.waitUntil(queued(() => keepImage(request, copy)));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(IMAGES);
    return (await cache.match(request)) || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (isCardImage(url)) {
    event.respondWith(cardImage(event));
    return;
  }
  if (url.origin !== self.location.origin) return;
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
