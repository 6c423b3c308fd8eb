/**
 * Files for the upload tests, made in the test (no binaries in the repository): spreadsheets in the
 * three accepted formats, multipart bodies for inject, and hand-built zips for hostile cases
 * (entries that lie about their size, bombs, corrupt directories).
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import XLSX from 'xlsx';

export type Cell = string | number | Date | null;

/** A workbook with one sheet of these rows (the first is the header), in the given format. */
export function sheetFile(rows: Cell[][], format: 'xlsx' | 'xls' | 'csv' = 'xlsx'): Buffer {
  if (format === 'csv') {
    const show = (cell: Cell) => (cell === null ? '' : cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell));
    const text = rows
      .map((row) => row.map((cell) => (/[",\n]/.test(show(cell)) ? `"${show(cell).replace(/"/g, '""')}"` : show(cell))).join(','))
      .join('\r\n');
    return Buffer.from(text, 'utf8');
  }
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: format === 'xls' ? 'biff8' : 'xlsx' }) as Buffer;
}

/** A multipart/form-data body with one file part (field `file` unless told otherwise). */
export function multipart(
  filename: string,
  data: Buffer,
  options: { field?: string; contentType?: string; extraFields?: Record<string, string> } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kaksha${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(options.extraFields ?? {})) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${filename}"\r\n` +
        `Content-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * As multipart(), the body sent as a stream of two chunks that part right after the file's first
 * `fileBytes` bytes. A size limit of exactly `fileBytes` then falls at a chunk's end, where the
 * parser cuts the file without handing on another chunk: a file just over the limit went through
 * cut short that way.
 */
export function multipartInTwoChunks(filename: string, data: Buffer, fileBytes: number): { payload: Readable; headers: Record<string, string> } {
  const body = multipart(filename, data);
  const fileStart = body.payload.indexOf(data.subarray(0, 64));
  if (fileStart < 0) throw new Error('the file is not in the body');
  const at = fileStart + fileBytes;
  return { payload: Readable.from([body.payload.subarray(0, at), body.payload.subarray(at)], { objectMode: false }), headers: body.headers };
}

export interface ZipEntrySpec {
  name: string;
  data: Buffer;
  /** Store (0) or deflate (8); deflate by default. */
  method?: 0 | 8;
  /** Sizes written into the headers instead of the true ones (a lying entry). */
  declaredSize?: number;
}

/** A zip file from entries, with central directory; sizes may be made to lie. */
export function zipFile(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const packed = method === 8 ? deflateRawSync(entry.data) : entry.data;
    const name = Buffer.from(entry.name, 'utf8');
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc32(entry.data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The XML of a worksheet whose cells are inline strings (row by row). */
export function sheetXml(rows: string[][], extraCellXml = ''): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = rows
    .map((row, r) => `<row r="${r + 1}">${row.map((text, c) => `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${escape(text)}</t></is></c>`).join('')}</row>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}${extraCellXml}</sheetData></worksheet>`;
}

/** The parts of a minimal .xlsx workbook with one sheet (the sheet's entry may be replaced). */
export function minimalXlsxEntries(sheet: string | Buffer, sheetEntry: Partial<ZipEntrySpec> = {}): ZipEntrySpec[] {
  const text = (value: string) => Buffer.from(value, 'utf8');
  return [
    {
      name: '[Content_Types].xml',
      data: text(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: text(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: text(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
          'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: text(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: typeof sheet === 'string' ? text(sheet) : sheet, ...sheetEntry },
  ];
}
