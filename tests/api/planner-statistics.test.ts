/**
 * PGlite's planner statistics (server/db/statistics.ts): tables whose rows changed past
 * autovacuum's threshold are analyzed, the others are left, and a second look finds nothing to do.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { schools, subjects } from '../../server/db/core-tables';
import { queryRows } from '../../server/db/rows';
import { analyzeChangedTables } from '../../server/db/statistics';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ memory: true });
});
afterAll(() => database?.close());

// The counters reach pg_stat_user_tables when the session reports them (at most once a second unless forced).
const changedSince = async (table: string) => {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  return (await queryRows<{ changed: number }>(database.db, sql`select n_mod_since_analyze::int as changed from pg_stat_user_tables where relname = ${table}`))[0]?.changed;
};

it('analyzes the tables changed past the threshold, once', async () => {
  await analyzeChangedTables(database.db);
  await database.db.insert(schools).values({ tenantId: 'stats', schoolName: 'Statistics School', schoolId: 'STATS-01' });
  await database.db.insert(subjects).values(Array.from({ length: 120 }, (_, index) => ({ id: randomUUID(), tenantId: 'stats', subjectName: `Subject ${index}` })));
  expect(await changedSince('subjects')).toBe(120);
  const analyzed = await analyzeChangedTables(database.db);
  expect(analyzed).toContain('subjects');
  // One school row is under the threshold (50 + a tenth): left for later.
  expect(analyzed).not.toContain('schools');
  expect(await changedSince('subjects')).toBe(0);
  expect(await analyzeChangedTables(database.db)).toEqual([]);
});
