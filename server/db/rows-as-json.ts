/**
 * A table's rows read as ONE JSON text (`json_agg` of the whole rows) and mapped to the objects a
 * Drizzle `select()` gives: each column under its Drizzle key, through the column's own
 * `mapFromDriverValue`. The driver hands back one field instead of a field per column and row; a
 * pull page of 750 attendance rows read this way cost 17 ms against 37 ms through `select()` on
 * PGlite, where every field is its own copy and decode (docs/sync-server.md "Page cost").
 *
 * PostgreSQL's JSON forms are the ones the columns map from: timestamps as ISO 8601 with their
 * offset, dates as `YYYY-MM-DD`, numbers as numbers, jsonb as itself, arrays as arrays, and a type
 * JSON does not know (xid8) as its text. tests/api/rows-as-json.test.ts holds every synced table
 * read both ways to the same rows.
 */
import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { queryRows } from './rows';

type ColumnsByName = ReadonlyMap<string, { key: string; column: Column }>;

const columnsOf = new WeakMap<PgTable, ColumnsByName>();

function columnsByName(table: PgTable): ColumnsByName {
  let known = columnsOf.get(table);
  if (!known) {
    known = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, { key, column }]));
    columnsOf.set(table, known);
  }
  return known;
}

/** One row of PostgreSQL's JSON as `select()` maps it (columns Drizzle does not know are left out). */
function rowFromJson<T>(table: PgTable, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [name, { key, column }] of columnsByName(table)) {
    const value = json[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

/** `select * from table where …` as `db.select().from(table).where(…)` answers it, in one field. */
export async function selectRowsAsJson<T extends PgTable>(db: Db, table: T, where: SQL | undefined): Promise<T['$inferSelect'][]> {
  const [answer] = await queryRows<{ rows: string | null }>(
    db,
    sql`select coalesce(json_agg(${table}.*), '[]')::text as rows from ${table}${where ? sql` where ${where}` : sql``}`,
  );
  const parsed = JSON.parse(answer?.rows ?? '[]') as Record<string, unknown>[];
  return parsed.map((json) => rowFromJson<T['$inferSelect']>(table, json));
}
