/**
 * The planner's statistics on embedded PGlite, which has no autovacuum: without them it plans every
 * join for empty tables (the demo school's class-subjects page took 8 ms instead of 1.7). The rule
 * is autovacuum's own: a table is analyzed once its rows changed since its last analyze by more
 * than 50 plus a tenth of its rows (PostgreSQL's defaults), read from pg_stat_user_tables, which
 * PGlite keeps.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { queryRows } from './rows';

/** How often the server looks (the look is one small query; an analyze only where rows changed). */
export const statisticsIntervalMs = 10 * 60 * 1000;

export async function analyzeChangedTables(db: Db): Promise<string[]> {
  const changed = await queryRows<{ name: string }>(
    db,
    sql`select relname as name from pg_stat_user_tables where n_mod_since_analyze > 50 + 0.1 * n_live_tup order by relname`,
  );
  for (const { name } of changed) await db.execute(sql`analyze ${sql.identifier(name)}`);
  return changed.map((table) => table.name);
}
