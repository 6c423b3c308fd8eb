/**
 * Bulk inserts for the demo seed. A multi-row INSERT binds one parameter per value, and on PGlite
 * binding thousands of them took longer than writing the rows; here each batch travels as one JSON
 * parameter that json_to_recordset turns back into typed rows. Defaults and triggers apply as usual.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** Rows per statement: a few MB of JSON at most. */
const rowsPerStatement = 5_000;

/**
 * Inserts `rows` (the table's insert shape) into `table`; a key no row has leaves the column's default.
 * `computed` adds columns whose value SQL computes per row (e.g. `nextval(...)`).
 */
export async function insertAsJson<T extends PgTable>(
  tx: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  computed: Record<string, SQL> = {},
): Promise<void> {
  if (rows.length === 0) return;
  const byKey = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => byKey[key] && !(key in computed));
  const columnsOf = (list: string[]) => list.map((key) => byKey[key]?.name ?? key);
  const names = sql.raw(columnsOf(keys).map((name) => `"${name}"`).join(', '));
  const typed = sql.raw(keys.map((key) => `"${byKey[key]?.name}" ${byKey[key]?.getSQLType()}`).join(', '));
  const computedNames = Object.keys(computed).map((key) => sql.raw(`, "${byKey[key]?.name ?? key}"`));
  const computedValues = Object.values(computed).map((value) => sql`, ${value}`);
  for (let i = 0; i < rows.length; i += rowsPerStatement) {
    const batch = rows.slice(i, i + rowsPerStatement).map((row) => {
      const record: Record<string, unknown> = {};
      for (const key of keys) record[byKey[key]?.name ?? key] = (row as Record<string, unknown>)[key] ?? null;
      return record;
    });
    await tx.execute(sql`
      insert into ${table} (${names}${sql.join(computedNames)})
      select ${names}${sql.join(computedValues)} from json_to_recordset(${JSON.stringify(batch)}::json) as r(${typed})`);
  }
}
