/**
 * Tombstones are kept for `tombstoneRetentionDays`, then removed for good. Each purge records,
 * per school, the newest transaction whose tombstones went (sync_horizons): a cursor at or before
 * it may have missed a delete, so pull answers `reset` to it. A client that syncs at least once
 * in the retention never sees that (a caught-up cursor moves to the fence on every pull).
 *
 * Which tables: every synced table (tenant_id, txid and deleted_at columns), found in the catalog,
 * so a module that joins sync is purged without a change here. A tombstone that another row still
 * refers to is kept (a deleted student with attendance history, say): the foreign keys pointing at
 * each table, also read from the catalog, become NOT EXISTS conditions. Referencing tables go
 * first, so a run frees what it can; each table is purged in its own statement, so one failing
 * table does not hold up the rest.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

export const tombstoneRetentionDays = 180;

/** Tenant-owned tables with tombstones that are not synced to devices (no horizon needed). */
const notSynced = new Set(['users', 'parent_children']);

interface Reference {
  table: string;
  columns: string[];
  targetColumns: string[];
}

async function syncedTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ table: string }>(
    db,
    sql`select c.table_name as table from information_schema.columns c
        where c.table_schema = current_schema() and c.column_name in ('tenant_id', 'txid', 'deleted_at')
        group by c.table_name having count(*) = 3 order by c.table_name`,
  );
  return rows.map((row) => String(row.table)).filter((table) => !notSynced.has(table));
}

async function referencesTo(db: Db, table: string): Promise<Reference[]> {
  const rows = await queryRows<{ table: string; columns: string[]; target_columns: string[] }>(
    db,
    sql`select r.relname as table,
          array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o)
                join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as columns,
          array(select a.attname::text from unnest(c.confkey) with ordinality k(n, o)
                join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as target_columns
        from pg_constraint c
        join pg_class r on r.oid = c.conrelid
        join pg_class t on t.oid = c.confrelid
        join pg_namespace n on n.oid = t.relnamespace
        where c.contype = 'f' and t.relname = ${table} and n.nspname = current_schema()`,
  );
  return rows.map((row) => ({ table: String(row.table), columns: row.columns, targetColumns: row.target_columns }));
}

/** Tables that refer to others come before the tables they refer to. */
function referencingFirst(tables: string[], references: Map<string, Reference[]>): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const reference of references.get(table) ?? []) if (tables.includes(reference.table)) visit(reference.table);
    visiting.delete(table);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

function unreferenced(references: Reference[]): SQL {
  const conditions = references.map((reference) => {
    const pairs = reference.columns.map(
      (column, index) => sql`r.${sql.identifier(column)} = t.${sql.identifier(reference.targetColumns[index] ?? column)}`,
    );
    return sql`not exists (select 1 from ${sql.identifier(reference.table)} r where ${sql.join(pairs, sql` and `)})`;
  });
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

export interface PurgeReport {
  purged: Record<string, number>;
  failed: string[];
}

export async function purgeTombstones(
  db: Db,
  retentionDays = tombstoneRetentionDays,
  log: (error: unknown, table: string) => void = () => {},
): Promise<PurgeReport> {
  const report: PurgeReport = { purged: {}, failed: [] };
  const tables = await syncedTables(db);
  const references = new Map<string, Reference[]>();
  for (const table of tables) references.set(table, await referencesTo(db, table));

  for (const table of referencingFirst(tables, references)) {
    try {
      const [row] = await queryRows<{ count: number | string }>(
        db,
        sql`with purged as (
              delete from ${sql.identifier(table)} t
              where t.deleted_at < now() - make_interval(days => ${retentionDays})
                and ${unreferenced(references.get(table) ?? [])}
              returning t.tenant_id, t.txid
            ), horizons as (
              insert into sync_horizons (tenant_id, purged_through)
              select tenant_id, max(txid) from purged group by tenant_id
              on conflict (tenant_id) do update
                set purged_through = greatest(sync_horizons.purged_through, excluded.purged_through),
                    updated_at = now()
              returning 1
            )
            select (select count(*) from purged) as count, (select count(*) from horizons) as horizons`,
      );
      report.purged[table] = Number(row?.count ?? 0);
    } catch (error) {
      report.failed.push(table);
      log(error, table);
    }
  }
  return report;
}
