/**
 * Files kept on the device for reading offline (homework's and leave's files): the bytes of a file
 * opened once online, kept on purpose, or fetched ahead (a parent's children's homework of the last
 * four weeks) sit in the Cache Storage under their API path. The cache is the user's own (named
 * after the engine's store, so another account signing in on this browser never reads them), and
 * sign-out deletes it (docs/decisions.md "Homework"). What is kept (size, the record's date, why)
 * is listed in the store's `meta`, within the space the person gives kept files (Settings); when
 * it is over, the older files go first (keep-policy.ts).
 */
import type { KakshaDb, SyncEngine } from '../../sync';
import { defaultFilesBudget, planKeptFiles, type KeptFile, type KeptReason } from './keep-policy';

type HasDb = Pick<SyncEngine, 'db'>;

/** `meta` keys: the list of kept files, and the space given them. */
export const keptFilesKey = 'keptFiles';
export const filesBudgetKey = 'keptFilesBudget';

export function keptFilesName(engine: HasDb): string {
  return `${engine.db.name}-kept-files`;
}

export async function keptFiles(engine: HasDb): Promise<Cache | null> {
  if (typeof caches === 'undefined') return null;
  try {
    return await caches.open(keptFilesName(engine));
  } catch {
    return null;
  }
}

function isKeptFile(value: unknown): value is KeptFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<KeptFile>;
  return typeof file.path === 'string' && typeof file.size === 'number' && typeof file.date === 'string' && typeof file.keptAt === 'number' && typeof file.reason === 'string';
}

/** The kept files as listed (read inside a live query by Settings). */
export async function readKeptList(db: KakshaDb): Promise<KeptFile[]> {
  const value = (await db.meta.get(keptFilesKey))?.value;
  return Array.isArray(value) ? value.filter(isKeptFile) : [];
}

export async function readFilesBudget(db: KakshaDb): Promise<number> {
  const value = (await db.meta.get(filesBudgetKey))?.value;
  return typeof value === 'number' && value > 0 ? value : defaultFilesBudget;
}

/** Applies a change to the list in one transaction (a prefetch and a tap may both be adding). */
async function changeList(db: KakshaDb, change: (files: KeptFile[], budget: number) => { files: KeptFile[]; drop?: string[] }): Promise<string[]> {
  return db.transaction('rw', db.meta, async () => {
    const { files, drop = [] } = change(await readKeptList(db), await readFilesBudget(db));
    const dropped = new Set(drop);
    await db.meta.put({ key: keptFilesKey, value: files.filter((file) => !dropped.has(file.path)) });
    return drop;
  });
}

async function deleteBytes(engine: HasDb, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const cache = await keptFiles(engine);
  for (const path of paths) await cache?.delete(path);
}

/** Lets the files over the space go, older first. */
export async function enforceFilesBudget(engine: HasDb): Promise<void> {
  const drop = await changeList(engine.db, (files, budget) => ({ files, drop: planKeptFiles({ kept: files, budget }).drop }));
  await deleteBytes(engine, drop);
}

/** Sets the space given kept files, and lets what no longer fits go. */
export async function setFilesBudget(engine: HasDb, bytes: number): Promise<void> {
  await engine.db.meta.put({ key: filesBudgetKey, value: bytes });
  await enforceFilesBudget(engine);
}

/**
 * Keeps a file's bytes; answers whether they stayed (a file older than everything the space holds
 * may not fit, and goes at once).
 */
export async function keepFileBytes(engine: HasDb, file: { path: string; date: string; reason: KeptReason }, blob: Blob, contentType: string): Promise<boolean> {
  const cache = await keptFiles(engine);
  if (!cache) return false;
  await cache.put(file.path, new Response(blob, { headers: { 'content-type': contentType } }));
  const entry: KeptFile = { ...file, size: blob.size, keptAt: Date.now() };
  const drop = await changeList(engine.db, (files, budget) => {
    const earlier = files.find((one) => one.path === file.path);
    // Opening a file fetched ahead makes it one the person chose.
    const next = [...files.filter((one) => one.path !== file.path), earlier && file.reason === 'prefetched' ? { ...entry, reason: earlier.reason } : entry];
    return { files: next, drop: planKeptFiles({ kept: next, budget }).drop };
  });
  await deleteBytes(engine, drop);
  return !drop.includes(file.path);
}

/** Lets these files go (fetched ahead and no longer wanted). */
export async function dropKeptFiles(engine: HasDb, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await changeList(engine.db, (files) => ({ files, drop: [...paths] }));
  await deleteBytes(engine, paths);
}

/**
 * Makes the list agree with the cache: files whose bytes are gone leave it (the cache was cleared
 * by the browser under storage pressure), and bytes kept before there was a list join it, as
 * opened files of unknown date (the first to go).
 */
export async function reconcileKeptFiles(engine: HasDb): Promise<void> {
  const cache = await keptFiles(engine);
  if (!cache) return;
  const held = new Map<string, number>();
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    held.set(path, -1);
  }
  const listed = new Set((await readKeptList(engine.db)).map((file) => file.path));
  for (const path of held.keys()) {
    if (listed.has(path)) continue;
    const response = await cache.match(path);
    held.set(path, response ? (await response.blob()).size : 0);
  }
  await changeList(engine.db, (files) => {
    const present = files.filter((file) => held.has(file.path));
    const known = new Set(present.map((file) => file.path));
    const unlisted = [...held].filter(([path, size]) => !known.has(path) && size >= 0).map(([path, size]): KeptFile => ({ path, size, date: '', keptAt: 0, reason: 'opened' }));
    return { files: [...present, ...unlisted] };
  });
}

/** Deletes the user's kept files and their list (sign-out). */
export async function forgetKeptFiles(engine: HasDb): Promise<void> {
  try {
    await engine.db.meta.delete(keptFilesKey);
  } catch {
    // The store is closing: the list is rebuilt from the cache, which goes below.
  }
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(keptFilesName(engine));
  } catch {
    // Nothing kept, or storage unavailable: nothing to delete.
  }
}
