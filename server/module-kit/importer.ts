/**
 * A bulk import, as a module offers it: the columns of its sheet and the work that checks and writes
 * the rows (its `importers` in the descriptor). The imports module serves every module's importer
 * (POST /api/{entity}/upload, its template) from the sandboxed sheet it reads (imports/sandbox.ts,
 * imports/table.ts), so a module that imports needs nothing of it.
 */
import type { z } from 'zod';
import type { ImportEntity, ImportIssue, ImportResult } from '../../contract/imports';
import { messages } from '../../contract/messages';
import type { School } from '../../contract/school';
import type { Db } from '../db/client';

export interface TableRow {
  /** The spreadsheet row number (the header is usually row 1). */
  row: number;
  /** Cell text by column name; only the file's columns are present. No prototype: keys are data. */
  values: Record<string, string>;
}

export interface Table {
  columns: Set<string>;
  rows: TableRow[];
  issues: ImportIssue[];
}

export type ImportOutcome = { issues: ImportIssue[] } | { counts: Omit<ImportResult, 'totalRows'> };

export interface Importer {
  entity: ImportEntity;
  /** The template's columns, in order. */
  templateColumns: readonly string[];
  /** Every accepted column (the template's and optional extra ones). */
  columns: readonly string[];
  required: readonly string[];
  /** One line per column for the template's instructions sheet. */
  instructions: Record<string, string>;
  /** The 200 answer's message. */
  uploaded: string;
  /**
   * Inside one transaction: checks every row (reading what it needs), and only when no row has a
   * problem writes them all. Rows equal to what is stored are left untouched.
   */
  run(tx: Db, school: School, table: Table): Promise<ImportOutcome>;
}

/** Parses one row with a zod schema; its problems become issues of that row. */
export function parseRow<T extends z.ZodType>(schema: T, row: TableRow, issues: ImportIssue[]): z.output<T> | undefined {
  const result = schema.safeParse(row.values);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    issues.push({ row: row.row, column: String(issue.path[0] ?? ''), message: issue.message });
  }
  return undefined;
}

/** Reports the second and later rows with the same key. */
export class DuplicateFinder {
  private readonly seen = new Map<string, number>();
  constructor(
    private readonly column: string,
    private readonly label: string,
  ) {}

  check(key: string, row: number, issues: ImportIssue[]): boolean {
    const first = this.seen.get(key);
    if (first !== undefined) {
      issues.push({ row, column: this.column, message: messages.imports.duplicateInFile(this.label, first) });
      return false;
    }
    this.seen.set(key, row);
    return true;
  }
}
