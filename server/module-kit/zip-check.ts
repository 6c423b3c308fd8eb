/**
 * A zip upload checked before anything opens it (the spreadsheet import's .xlsx, a homework's
 * .docx or .odt): its central directory is read without trusting it (ZIP64, encryption, odd
 * methods, offsets outside the file and bomb-like sizes refused), then every entry is inflated once
 * with zlib, off the event loop and capped at its declared size, so an entry that lies about its
 * size is caught before a parser inflates it. Each caller says which 4xx a refusal is.
 */
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the entries' unpacked sizes. */
  maxUnpackedBytes: number;
  /** Largest unpacked-to-packed ratio of an entry above 1 MB unpacked (a bomb has thousands). */
  maxEntryRatio: number;
}

/** The caller's refusals: a file no zip reader should open, and one that unpacks too large. */
export interface ZipRefusals {
  unreadable: () => Error;
  unpackedTooLarge: () => Error;
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const inflateRawAsync = promisify(inflateRaw);

/** The end-of-central-directory record lies within this many bytes of a zip's end (its comment at most 65,535). */
export const endRecordReach = 22 + 0xffff;

/**
 * The end-of-central-directory record a zip reader would find: the last one whose comment ends
 * the file exactly and whose directory lies before it. Undefined when the bytes hold none.
 * `data` may be the file's last `endRecordReach` bytes only, starting at byte `base` of the file.
 */
export function endOfCentralDirectory(data: Buffer, base = 0): number | undefined {
  const earliest = Math.max(0, data.length - endRecordReach);
  for (let at = data.length - 22; at >= earliest; at -= 1) {
    if (data.readUInt32LE(at) !== 0x06054b50) continue;
    const commentLength = data.readUInt16LE(at + 20);
    const size = data.readUInt32LE(at + 12);
    const offset = data.readUInt32LE(at + 16);
    if (at + 22 + commentLength === data.length && offset + size <= base + at) return at;
  }
  return undefined;
}

export function readZipDirectory(data: Buffer, limits: ZipLimits, refuse: ZipRefusals): ZipEntry[] {
  const end = endOfCentralDirectory(data);
  if (end === undefined) throw refuse.unreadable();
  const count = data.readUInt16LE(end + 10);
  const size = data.readUInt32LE(end + 12);
  const offset = data.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw refuse.unreadable(); // ZIP64: never an upload here
  if (count > limits.maxEntries) throw refuse.unpackedTooLarge();
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || data.readUInt32LE(at) !== 0x02014b50) throw refuse.unreadable();
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const uncompressedSize = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localHeaderOffset = data.readUInt32LE(at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (at > end) throw refuse.unreadable();
    if (flags & 0x1) throw refuse.unreadable(); // encrypted
    if (method !== 0 && method !== 8) throw refuse.unreadable();
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset + 30 > offset) throw refuse.unreadable();
    total += uncompressedSize;
    if (total > limits.maxUnpackedBytes) throw refuse.unpackedTooLarge();
    if (uncompressedSize > 1024 * 1024 && uncompressedSize > compressedSize * limits.maxEntryRatio) throw refuse.unpackedTooLarge();
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
  }
  return entries;
}

/** An entry's bytes as stored (packed when its method is 8). */
export function entryBytes(data: Buffer, entry: ZipEntry, refuse: ZipRefusals): Buffer {
  const at = entry.localHeaderOffset;
  if (data.readUInt32LE(at) !== 0x04034b50) throw refuse.unreadable();
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const stop = start + entry.compressedSize;
  if (stop > data.length) throw refuse.unreadable();
  return data.subarray(start, stop);
}

/** Inflates every entry once (libuv thread pool), never beyond its declared size. */
export async function verifyZipEntries(data: Buffer, entries: readonly ZipEntry[], refuse: ZipRefusals): Promise<void> {
  for (const entry of entries) {
    const packed = entryBytes(data, entry, refuse);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) throw refuse.unreadable();
      continue;
    }
    let unpacked: Buffer;
    try {
      // One byte of slack: more than declared means the entry lies about its size.
      unpacked = await inflateRawAsync(packed, { maxOutputLength: entry.uncompressedSize + 1 });
    } catch (error) {
      if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw refuse.unpackedTooLarge();
      throw refuse.unreadable();
    }
    if (unpacked.length > entry.uncompressedSize) throw refuse.unpackedTooLarge();
    if (unpacked.length < entry.uncompressedSize) throw refuse.unreadable();
  }
}
