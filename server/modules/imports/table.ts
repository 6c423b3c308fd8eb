/**
 * From parsed sheet rows to named values: the first row with content is the header; its names are
 * matched (ignoring case and spaces) against the columns an entity accepts. Every problem becomes
 * an issue with the spreadsheet row and the column, so the report can point at the exact cell.
 */
import type { ImportIssue } from '../../../contract/imports';
import { messages } from '../../../contract/messages';
import { AppError } from '../../errors';
import { isUnstorableText } from '../../plugins/input-guards';
import type { Table } from '../../module-kit/importer';
import type { SheetRow } from './sandbox';

export interface TableSpec {
  /** Every accepted column, as named in the template. */
  columns: readonly string[];
  required: readonly string[];
  maxCellLength: number;
}

function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const squeeze = (name: string) => name.replace(/[\s_]/g, '').toLowerCase();

export function readTable(sheet: SheetRow[], spec: TableSpec): Table {
  const [header, ...data] = sheet;
  if (!header || data.length === 0) throw new AppError(400, messages.imports.empty);
  const known = new Map(spec.columns.map((name) => [squeeze(name), name]));
  const issues: ImportIssue[] = [];
  const byIndex: (string | undefined)[] = [];
  const columns = new Set<string>();
  const width = Math.max(header.cells.length, ...data.map((row) => row.cells.length));
  for (let index = 0; index < width; index += 1) {
    const title = (header.cells[index] ?? '').trim();
    if (title === '') {
      if (data.some((row) => (row.cells[index] ?? '').trim() !== '')) {
        issues.push({ row: header.r, column: `Column ${columnLetter(index)}`, message: messages.imports.unnamedColumn });
      }
      continue;
    }
    const name = known.get(squeeze(title));
    if (!name) {
      issues.push({ row: header.r, column: title, message: messages.imports.unknownColumn(title) });
    } else if (columns.has(name)) {
      issues.push({ row: header.r, column: name, message: messages.imports.duplicateColumn(name) });
    } else {
      columns.add(name);
      byIndex[index] = name;
    }
  }
  for (const name of spec.required) {
    if (!columns.has(name)) issues.push({ row: header.r, column: name, message: messages.imports.missingColumn(name) });
  }
  const rows = data.map((line) => {
    const values: Record<string, string> = Object.create(null);
    line.cells.forEach((cell, index) => {
      const name = byIndex[index];
      if (!name) return;
      if (cell.length > spec.maxCellLength) {
        issues.push({ row: line.r, column: name, message: messages.imports.cellTooLong(spec.maxCellLength) });
        return;
      }
      if (isUnstorableText(cell)) {
        issues.push({ row: line.r, column: name, message: messages.imports.unstorableCell });
        return;
      }
      values[name] = cell;
    });
    return { row: line.r, values };
  });
  return { columns, rows, issues };
}
