// The start-up snapshot: a gzip of the memory of a freshly booted Pyodide, kept in the
// browser's Cache Storage so a repeat visit restores the interpreter instead of booting it
// again (~0.6 s instead of ~3 s here). It is made once per Pyodide build, in a worker, from
// an interpreter that has run no code of ours (it only imported standard-library modules
// the page needs, see snapshot-worker.mjs), so it holds nothing of the user's. Pyodide
// refuses a snapshot of another build (its build id is in the header) and gzip's CRC
// refuses a damaged one; either way the page boots normally and makes a new one.
//
// Neither check sees memory that was damaged before it was packed: such a snapshot restores,
// then Python dies. So the worker stores only a snapshot it restored and ran Python with, and
// a page trusts one only once a page restored from it got ready (the trial, below).

// Not an "opening-hand ..." name: sw.js deletes those on a release, and the snapshot belongs
// to the Pyodide build, not to our release. The site's address in the name keeps two sites on
// one origin (user.github.io/a/ and user.github.io/b/) from replacing each other's snapshot.
const site = new URL("../../", import.meta.url).href;
export const CACHE = `pyodide-snapshot ${site}`;

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
  // A new id for each snapshot, so a trial (below) never blames one for another.
  const headers = { "Content-Type": "application/gzip", "X-Snapshot-Id": crypto.randomUUID() };
  await cache.put(key(version), new Response(packed, { headers }));
  for (const old of await cache.keys()) if (old.url !== key(version)) await cache.delete(old);
  return packed.size;
}

export async function dropSnapshot() {
  if (supported()) await caches.delete(CACHE);
}

// The trial: before a restore, the snapshot's id goes into localStorage; the page clears it
// once ready. If the next visit still finds it there, that restore never got ready (Python
// died after it), and the snapshot is dropped - so a bad one costs one visit, not all of them.
// (A tab opened while another is still starting takes that trial for a failed one: a full
// boot and a new snapshot, no worse.) Per site, like CACHE. Storage may be off or throw: then
// there is no trial, as before.
const TRIAL = `opening-hand/snapshot-trial ${site}`;

function storage(use) {
  try {
    return use(globalThis.localStorage);
  } catch {
    return null;
  }
}

export const snapshotId = (response) => response.headers.get("X-Snapshot-Id") ?? "unnamed"; // older ones have none
export const startTrial = (id) => storage((s) => s.setItem(TRIAL, id));
// At start-up: a page restored from this snapshot and never got ready.
export const stillOnTrial = (id) => storage((s) => s.getItem(TRIAL)) === id;
// Only the trial of snapshot `id`: another tab may have started one of a newer snapshot.
export const endTrial = (id) => storage((s) => s.getItem(TRIAL) === id && s.removeItem(TRIAL));
