// The start-up snapshot: a gzip of the memory of a freshly booted Pyodide, kept in the
// browser's Cache Storage so a repeat visit restores the interpreter instead of booting it
// again (~0.6 s instead of ~3 s here). It is made once per Pyodide build, in a worker, from
// an interpreter that has run no code of ours, so it holds nothing of the user's. Pyodide
// refuses a snapshot of another build (its build id is in the header) and gzip's CRC
// refuses a damaged one; either way the page boots normally and makes a new one.

// Not an "opening-hand ..." name: sw.js deletes those on a release, and the snapshot belongs
// to the Pyodide build, not to our release. The site's address in the name keeps two sites on
// one origin (user.github.io/a/ and user.github.io/b/) from replacing each other's snapshot.
export const CACHE = `pyodide-snapshot ${new URL("../../", import.meta.url).href}`;

const key = (version) => new URL(`./pyodide-${version}.snapshot.gz`, import.meta.url).href;

// Cache Storage exists only in secure contexts (https and localhost).
export const supported = () =>
  "caches" in globalThis && typeof CompressionStream === "function" && typeof DecompressionStream === "function";

export async function findSnapshot(version) {
  if (!supported()) return null;
  return (await (await caches.open(CACHE)).match(key(version))) ?? null;
}

export async function unpack(response) {
  const plain = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(plain).arrayBuffer());
}

export async function readSnapshot(version) {
  const response = await findSnapshot(version);
  return response && unpack(response);
}

export async function writeSnapshot(version, bytes) {
  const packed = await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).blob();
  const cache = await caches.open(CACHE);
  await cache.put(key(version), new Response(packed, { headers: { "Content-Type": "application/gzip" } }));
  for (const old of await cache.keys()) if (old.url !== key(version)) await cache.delete(old);
  return packed.size;
}

export async function dropSnapshot() {
  if (supported()) await caches.delete(CACHE);
}
