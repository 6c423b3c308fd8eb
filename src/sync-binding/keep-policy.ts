/**
 * Which files a device keeps for reading offline, within the space the person gives them
 * (docs/decisions.md "Files kept on the device"): the newest first, by the date of the record they
 * belong to, until the space is full, so when it is over the older files go first. Files the
 * person opened or kept on purpose stay until the space runs out; files fetched ahead for them
 * (a parent's children's homework of the last four weeks) go too once they are no longer wanted.
 * Pure: kept-files.ts reads and writes what this decides.
 */

const megabyte = 1024 * 1024;

/** The space a device gives kept files unless the person chooses another (Settings). */
export const defaultFilesBudget = 50 * megabyte;

/** The choices Settings offers. */
export const filesBudgetChoices = [25, 50, 100, 200].map((megabytes) => megabytes * megabyte);

/** Why a file is on the device: opened online, kept on purpose, or fetched ahead. */
export type KeptReason = 'opened' | 'kept' | 'prefetched';

export interface KeptFile {
  /** The file's API path, its key in the kept files' cache. */
  path: string;
  size: number;
  /** The date of the record it belongs to (YYYY-MM-DD; '' when unknown): older go first. */
  date: string;
  keptAt: number;
  reason: KeptReason;
}

/** A file wanted on the device ahead of being opened. */
export interface WantedFile {
  path: string;
  size: number;
  date: string;
  contentType: string;
}

export interface KeepPlan {
  /** Wanted files to fetch, newest first. */
  fetch: WantedFile[];
  /** Kept files to let go (over the space, or fetched ahead and no longer wanted). */
  drop: string[];
  /** The bytes kept once the plan is carried out. */
  bytes: number;
}

/**
 * `wanted` absent: nothing is fetched and no file is found unwanted (only the space is enforced,
 * e.g. after the person gave less of it). Within one date, files chosen by the person come before
 * files fetched ahead. A file larger than the space left is passed over; older, smaller ones may
 * still fit.
 */
export function planKeptFiles({ kept, wanted, budget }: { kept: readonly KeptFile[]; wanted?: readonly WantedFile[]; budget: number }): KeepPlan {
  const wantedPaths = wanted ? new Set(wanted.map((file) => file.path)) : null;
  const keptPaths = new Set(kept.map((file) => file.path));
  const drop: string[] = [];
  const pool: { path: string; size: number; date: string; chosen: boolean; keptAt: number; wanted?: WantedFile }[] = [];
  for (const file of kept) {
    if (wantedPaths && file.reason === 'prefetched' && !wantedPaths.has(file.path)) drop.push(file.path);
    else pool.push({ path: file.path, size: file.size, date: file.date, chosen: file.reason !== 'prefetched', keptAt: file.keptAt });
  }
  for (const file of wanted ?? []) {
    if (!keptPaths.has(file.path)) pool.push({ path: file.path, size: file.size, date: file.date, chosen: false, keptAt: 0, wanted: file });
  }
  pool.sort((a, b) => b.date.localeCompare(a.date) || Number(b.chosen) - Number(a.chosen) || b.keptAt - a.keptAt || a.path.localeCompare(b.path));
  const fetch: WantedFile[] = [];
  let bytes = 0;
  for (const file of pool) {
    if (bytes + file.size <= budget) {
      bytes += file.size;
      if (file.wanted) fetch.push(file.wanted);
    } else if (!file.wanted) {
      drop.push(file.path);
    }
  }
  return { fetch, drop, bytes };
}

/** Bytes as people read them: 820 KB, 12.4 MB. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < megabyte) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = bytes / megabyte;
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}
