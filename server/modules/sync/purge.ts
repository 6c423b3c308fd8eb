/**
 * Tombstones are kept for `tombstoneRetentionDays`, then removed for good. Each purge records,
 * per school, the newest transaction whose tombstones went (sync_horizons): a cursor at or before
 * it may have missed a delete, so pull answers `reset` to it. A client that syncs at least once
 * in the retention never sees that (a caught-up cursor moves to the fence on every pull).
 *
 * Rows still referenced by another row are kept (a deleted student with attendance history, say);
 * each table is purged in its own transaction, so one failing table does not hold up the rest.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

export const tombstoneRetentionDays = 180;

interface PurgeTarget {
  table: string;
  /** Conditions (on alias `t`) that keep a tombstone still referenced elsewhere. */
  unreferenced: SQL;
}

const targets: PurgeTarget[] = [
  { table: 'attendance', unreferenced: sql`true` },
  {
    table: 'students',
    unreferenced: sql`not exists (select 1 from attendance a where a.tenant_id = t.tenant_id and a.student_id = t.id)
      and not exists (select 1 from users u where u.tenant_id = t.tenant_id and u.student_id = t.id)
      and not exists (select 1 from parent_children p where p.tenant_id = t.tenant_id and p.student_id = t.id)`,
  },
  {
    table: 'classes',
    unreferenced: sql`not exists (select 1 from students s where s.tenant_id = t.tenant_id and s.class_id = t.id)
      and not exists (select 1 from attendance a where a.tenant_id = t.tenant_id and a.class_id = t.id)`,
  },
  {
    table: 'teachers',
    unreferenced: sql`not exists (select 1 from users u where u.tenant_id = t.tenant_id and u.teacher_id = t.id)`,
  },
];

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
  for (const target of targets) {
    try {
      const [row] = await queryRows<{ count: number | string }>(
        db,
        sql`with purged as (
              delete from ${sql.identifier(target.table)} t
              where t.deleted_at < now() - make_interval(days => ${retentionDays}) and ${target.unreferenced}
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
      report.purged[target.table] = Number(row?.count ?? 0);
    } catch (error) {
      report.failed.push(target.table);
      log(error, target.table);
    }
  }
  return report;
}
