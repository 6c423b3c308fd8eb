/**
 * Before any parser sees an upload: what kind of file it really is (by its first bytes, not its
 * name), and for an .xlsx (a zip) whether its central directory describes something a workbook
 * could be. Then every entry is inflated once with zlib, capped at its declared size (off the
 * event loop), so an entry that lies about its size is caught before the spreadsheet library
 * inflates it. Every refusal is an ImportFileError with its 4xx.
 */
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { messages } from '../../../contract/messages';
import { uploadExtensions } from '../../../contract/imports';
import { AppError } from '../../errors';
import type { ImportLimits } from './limits';

/** xlsx: a zip; xls: an OLE compound file; markup: an HTML or XML 2003 "Excel" export; csv: text. */
export type SheetKind = 'xlsx' | 'xls' | 'markup' | 'csv';

const inflateRawAsync = promisify(inflateRaw);

const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const emptyZipMagic = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const cfbMagic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const wrongType = () => new AppError(415, messages.imports.wrongType);
export const unreadable = () => new AppError(400, messages.imports.unreadable);
export const unpackedTooLarge = () => new AppError(413, messages.imports.unpackedTooLarge);

/** The parser to use, from the content; the name must carry one of the accepted extensions. */
export function detectKind(filename: string, data: Buffer): SheetKind {
  const lower = filename.toLowerCase();
  if (!uploadExtensions.some((extension) => lower.endsWith(extension))) throw wrongType();
  if (data.length === 0) throw new AppError(400, messages.imports.empty);
  if (data.subarray(0, 4).equals(zipMagic) || data.subarray(0, 4).equals(emptyZipMagic)) return 'xlsx';
  if (data.subarray(0, 8).equals(cfbMagic)) return 'xls';
  // Text has next to no control characters other than tab, CR, LF (in the first 64 KiB); a binary
  // file (or UTF-16) is full of them. A stray one in a real CSV is reported at its cell (table.ts).
  const head = data.subarray(0, 64 * 1024);
  let controlBytes = 0;
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) controlBytes += 1;
  }
  if (controlBytes > 1 + head.length / 100) throw wrongType();
  // Many school systems "export to Excel" as an HTML table or XML 2003 saved as .xls.
  if (!lower.endsWith('.csv')) {
    if (/^\s*</.test(head.toString('utf8', 0, Math.min(head.length, 1024)).replace(/^\uFEFF/, ''))) return 'markup';
    throw wrongType();
  }
  return 'csv';
}

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

function findEndOfCentralDirectory(data: Buffer): number {
  const earliest = Math.max(0, data.length - (22 + 0xffff));
  for (let at = data.length - 22; at >= earliest; at -= 1) {
    if (data.readUInt32LE(at) === 0x06054b50) return at;
  }
  throw unreadable();
}

/** Reads the central directory; refuses ZIP64, encryption, odd methods and bomb-like sizes. */
export function readZipDirectory(data: Buffer, limits: ImportLimits): ZipEntry[] {
  if (data.length < 22) throw unreadable();
  const end = findEndOfCentralDirectory(data);
  const count = data.readUInt16LE(end + 10);
  const size = data.readUInt32LE(end + 12);
  const offset = data.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw unreadable(); // ZIP64: never a sane workbook here
  if (count > limits.maxZipEntries) throw unpackedTooLarge();
  if (offset + size > end) throw unreadable();
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || data.readUInt32LE(at) !== 0x02014b50) throw unreadable();
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
    if (at > end) throw unreadable();
    if (flags & 0x1) throw unreadable(); // encrypted
    if (method !== 0 && method !== 8) throw unreadable();
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) throw unreadable();
    if (localHeaderOffset + 30 > offset) throw unreadable();
    total += uncompressedSize;
    if (total > limits.maxUnpackedBytes) throw unpackedTooLarge();
    if (uncompressedSize > 1024 * 1024 && uncompressedSize > compressedSize * limits.maxEntryRatio) throw unpackedTooLarge();
    entries.push({ name, method, flags, compressedSize, uncompressedSize, localHeaderOffset });
  }
  if (!entries.some((entry) => entry.name === 'xl/workbook.xml' || entry.name === 'xl/workbook.bin')) throw wrongType();
  return entries;
}

/** Inflates every entry once (libuv thread pool), never beyond its declared size. */
export async function verifyZipEntries(data: Buffer, entries: ZipEntry[]): Promise<void> {
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    if (data.readUInt32LE(at) !== 0x04034b50) throw unreadable();
    const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    const stop = start + entry.compressedSize;
    if (stop > data.length) throw unreadable();
    const packed = data.subarray(start, stop);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) throw unreadable();
      continue;
    }
    let unpacked: Buffer;
    try {
      // One byte of slack: more than declared means the entry lies about its size.
      unpacked = await inflateRawAsync(packed, { maxOutputLength: entry.uncompressedSize + 1 });
    } catch (error) {
      if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw unpackedTooLarge();
      throw unreadable();
    }
    if (unpacked.length > entry.uncompressedSize) throw unpackedTooLarge();
    if (unpacked.length < entry.uncompressedSize) throw unreadable();
  }
}
