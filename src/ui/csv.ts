/**
 * CSV export of the rows a list shows. papaparse is loaded on the first export only. A cell a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) gets a
 * leading apostrophe.
 */
import type { Column } from './columns';

const formulaStart = /^[=+\-@\t\r]/;

export async function recordsCsv<T>(columns: readonly Column<T>[], rows: readonly T[]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(
    { fields: columns.map((column) => column.header), data: rows.map((row) => columns.map((column) => column.text(row))) },
    // A RegExp, not `true`: papaparse's own pattern misses cells with line breaks.
    { escapeFormulae: formulaStart, newline: '\r\n' },
  );
}

/** Saves `content` as a download; `type` defaults to CSV, which gets a BOM so Excel reads UTF-8. */
export function saveFile(content: Blob | string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const blob = typeof content === 'string' ? new Blob(['\ufeff', content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
