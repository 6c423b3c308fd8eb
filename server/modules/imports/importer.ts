/** What an entity's bulk import provides to the upload route (routes.ts). */
import type { ImportEntity, ImportIssue, ImportResult } from '../../../contract/imports';
import type { School } from '../../../contract/school';
import type { Db } from '../../db/client';
import type { Table } from './table';

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
