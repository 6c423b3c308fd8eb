/**
 * The exact number of a school's live rows in its long lists, without counting them: triggers keep
 * deltas in `live_row_counts` (migration 0033), a page selects their sum beside its 20 rows (one
 * query, one snapshot), and a loop folds each school's deltas into one row now and then
 * (docs/decisions.md "Lists as cheap as the classes page"). Only a list's unfiltered set has a kept
 * count: a filtered or searched page still counts what it matched.
 */
import { sql, type Placeholder } from 'drizzle-orm';
import type { Db } from './client';
import { qualified as q } from './qualified';
import { liveRowCounts } from './service-tables';

/** The tables migration 0033 counts, by their SQL name; admissions count every row, the rest live ones. */
export type CountedTable = 'students' | 'admissions' | 'homework' | 'class_subjects' | 'fee_receipts';

/** How often the deltas are folded: a busy school day adds a few hundred rows at most between folds. */
export const liveCountsFoldIntervalMs = 5 * 60 * 1000;

/** The school's live row count of `table`, as a column of a page query (`total`). */
export function liveCount(tenantId: string | Placeholder, table: CountedTable) {
  return sql<number>`(select coalesce(sum(${q(liveRowCounts.delta)}), 0) from ${liveRowCounts} where ${q(liveRowCounts.tenantId)} = ${tenantId} and ${q(liveRowCounts.tableName)} = ${table})`.mapWith(
    Number,
  );
}

/**
 * Replaces every school's deltas of a table by their sum, in one statement: rows a writer adds
 * meanwhile are not in its snapshot and stay; two folds at once each move only rows the other did
 * not (a deleted row is skipped by the second).
 */
export async function foldLiveCounts(db: Db): Promise<void> {
  await db.execute(sql`
    with moved as (delete from ${liveRowCounts} returning tenant_id, table_name, delta)
    insert into ${liveRowCounts} (tenant_id, table_name, delta)
    select tenant_id, table_name, sum(delta) from moved group by tenant_id, table_name`);
}
