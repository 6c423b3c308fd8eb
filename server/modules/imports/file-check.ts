/**
 * Before any parser sees an upload: what kind of file it really is (by its first bytes, not its
 * name), and for an .xlsx (a zip) whether its central directory describes something a workbook
 * could be, with every entry inflated once, capped at its declared size (module-kit/zip-check.ts),
 * so an entry that lies about its size is caught before the spreadsheet library inflates it.
 * Every refusal is an AppError with its 4xx.
 */
import { messages } from '../../../contract/messages';
import { uploadExtensions } from '../../../contract/imports';
import { AppError } from '../../errors';
import { readZipDirectory, verifyZipEntries, type ZipRefusals } from '../../module-kit/zip-check';
import type { ImportLimits } from './limits';

/** xlsx: a zip; xls: an OLE compound file; markup: an HTML or XML 2003 "Excel" export; csv: text. */
export type SheetKind = 'xlsx' | 'xls' | 'markup' | 'csv';

const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const emptyZipMagic = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const cfbMagic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const wrongType = () => new AppError(415, messages.imports.wrongType);
export const unreadable = () => new AppError(400, messages.imports.unreadable);
export const unpackedTooLarge = () => new AppError(413, messages.imports.unpackedTooLarge);
const refuse: ZipRefusals = { unreadable, unpackedTooLarge };

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

/**
 * An .xlsx's zip, checked (module-kit/zip-check.ts) and inflated once before the spreadsheet
 * library sees it; a zip without a workbook part is no workbook.
 */
export async function checkWorkbookZip(data: Buffer, limits: ImportLimits): Promise<void> {
  const entries = readZipDirectory(
    data,
    { maxEntries: limits.maxZipEntries, maxUnpackedBytes: limits.maxUnpackedBytes, maxEntryRatio: limits.maxEntryRatio },
    refuse,
  );
  if (!entries.some((entry) => entry.name === 'xl/workbook.xml' || entry.name === 'xl/workbook.bin')) throw wrongType();
  await verifyZipEntries(data, entries, refuse);
}
