/**
 * What an attached file really is, from its bytes, never its name (docs/decisions.md "Homework"),
 * for every module that takes files (uploads.ts; homework's attachments, a leave's certificate):
 * PDF, PNG, JPEG, WebP, GIF by their signatures; .docx/.xlsx/.pptx as a zip with
 * [Content_Types].xml and the format's main part; .odt as a zip whose first entry names its type;
 * .doc/.xls/.ppt as an OLE compound file holding the format's main stream; plain text as UTF-8
 * without control characters. A zip goes through module-kit/zip-check.ts (as the spreadsheet
 * import's does), so a document that lies about its size is refused before anyone opens it. A file that is also
 * something else (a zip hidden behind a PDF or an image, HTML in an image's header) is refused.
 */
import { open, readFile } from 'node:fs/promises';
import { type AttachmentType, attachmentTypes, homeworkMessages } from '../../contract/homework';
import { AppError } from '../errors';
import { endOfCentralDirectory, endRecordReach, entryBytes, readZipDirectory, verifyZipEntries, type ZipLimits, type ZipRefusals } from '../module-kit/zip-check';

export const attachmentZipLimits: ZipLimits = { maxEntries: 2_000, maxUnpackedBytes: 100 * 1024 * 1024, maxEntryRatio: 250 };

export const wrongType = () => new AppError(415, homeworkMessages.attachmentWrongType);
const refuse: ZipRefusals = {
  unreadable: () => new AppError(400, homeworkMessages.attachmentUnreadable),
  unpackedTooLarge: () => new AppError(413, homeworkMessages.attachmentUnpackedTooLarge),
};

const startsWith = (data: Buffer, bytes: number[] | string, at = 0) => {
  const sig = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return data.length >= at + sig.length && data.subarray(at, at + sig.length).equals(sig);
};

const odtType = 'application/vnd.oasis.opendocument.text';
const ooxmlMainParts: [string, AttachmentType][] = [
  ['word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
];

async function zipDocumentType(data: Buffer, limits: ZipLimits): Promise<AttachmentType> {
  const entries = readZipDirectory(data, limits, refuse);
  const names = new Set(entries.map((entry) => entry.name));
  let type: AttachmentType | undefined;
  const first = entries[0];
  if (first?.name === 'mimetype' && first.method === 0 && entryBytes(data, first, refuse).toString('latin1') === odtType) type = odtType;
  else if (names.has('[Content_Types].xml')) type = ooxmlMainParts.find(([part]) => names.has(part))?.[1];
  if (!type) throw wrongType();
  await verifyZipEntries(data, entries, refuse);
  return type;
}

/** An OLE compound file is a Word, Excel or PowerPoint 97-2003 file when it holds that program's main stream. */
function compoundDocumentType(data: Buffer): AttachmentType {
  const holds = (stream: string) => data.includes(Buffer.from(`${stream}\0`, 'utf16le'));
  if (holds('WordDocument')) return 'application/msword';
  if (holds('Workbook') || holds('Book')) return 'application/vnd.ms-excel';
  if (holds('PowerPoint Document')) return 'application/vnd.ms-powerpoint';
  throw wrongType();
}

function isPlainText(data: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // Tab, LF, FF and CR only; anything else below space (or DEL) means a binary file.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/** Markup a browser would act on, in the head of a file that claims to be an image or a PDF. */
const markupInHead = /<\s*(script|html|body|svg|iframe|object|embed|!doctype)\b/i;

/** A PDF or an image, by the signature its first bytes carry. */
function signedType(data: Buffer): AttachmentType | undefined {
  if (startsWith(data, '%PDF-')) return 'application/pdf';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, 'GIF87a') || startsWith(data, 'GIF89a')) return 'image/gif';
  if (startsWith(data, 'RIFF') && startsWith(data, 'WEBP', 8)) return 'image/webp';
  return undefined;
}

const headBytes = 1024;
const hasMarkupInHead = (data: Buffer) => markupInHead.test(data.toString('latin1', 0, Math.min(data.length, headBytes)));

function singleType(data: Buffer): AttachmentType | 'zip' | 'cfb' | undefined {
  const signed = signedType(data);
  if (signed) return signed;
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'cfb';
  if (isPlainText(data)) return 'text/plain';
  return undefined;
}

/** The accepted type of the file's content, or the 4xx saying why it is refused. */
export async function detectAttachmentType(data: Buffer, limits: ZipLimits = attachmentZipLimits): Promise<AttachmentType> {
  if (data.length === 0) throw new AppError(400, homeworkMessages.attachmentEmpty);
  const kind = singleType(data);
  if (kind === undefined) throw wrongType();
  if (kind === 'zip') return zipDocumentType(data, limits);
  // Anything else that a zip reader would also open is two files in one.
  if (endOfCentralDirectory(data) !== undefined) throw wrongType();
  if (kind === 'cfb') return compoundDocumentType(data);
  if (kind !== 'text/plain' && hasMarkupInHead(data)) throw wrongType();
  return kind;
}

/**
 * detectAttachmentType of a received file, with the same answers. A PDF or an image, most of what
 * is attached and the largest, is judged by its first kilobyte and the last 64 KiB (where a zip's end
 * record would be), without reading its megabytes into memory; anything else is read whole.
 */
export async function detectAttachmentFileType(file: string, size: number, limits: ZipLimits = attachmentZipLimits): Promise<AttachmentType> {
  if (size > 0) {
    const handle = await open(file, 'r');
    try {
      const head = Buffer.alloc(Math.min(size, headBytes));
      await handle.read(head, 0, head.length, 0);
      const signed = signedType(head);
      if (signed) {
        const tailStart = Math.max(0, size - endRecordReach);
        const tail = Buffer.alloc(size - tailStart);
        await handle.read(tail, 0, tail.length, tailStart);
        if (endOfCentralDirectory(tail, tailStart) !== undefined || hasMarkupInHead(head)) throw wrongType();
        return signed;
      }
    } finally {
      await handle.close();
    }
  }
  return detectAttachmentType(await readFile(file), limits);
}

/**
 * The name to store and offer on download: the last path segment, without characters file
 * systems or headers choke on, at most 120 characters, ending in an extension of the detected type
 * (a photo named .pdf is offered as .jpg).
 */
export function safeFileName(name: string, type: AttachmentType): string {
  const extensions: readonly string[] = attachmentTypes[type];
  const base =
    (name.split(/[/\\]/).pop() ?? '')
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, '') || 'attachment';
  const lower = base.toLowerCase();
  const kept = extensions.find((extension) => lower.endsWith(extension));
  const stem = kept ? base.slice(0, base.length - kept.length) : base.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const extension = kept ? base.slice(base.length - kept.length) : (extensions[0] ?? '');
  return `${[...(stem || 'attachment')].slice(0, 120 - extension.length).join('').trim()}${extension}`;
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266, 8187). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
