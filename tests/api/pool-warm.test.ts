/**
 * A server process's PostgreSQL pool (server/db/client.ts, docs/deployment.md "Connections"): every
 * connection open before the process listens, and still open after a quiet spell longer than the
 * pool's idle timeout (10 s), so the 9 am burst never waits for new backends.
 * Needs PostgreSQL: skipped without TEST_DATABASE_URL (.ci/run sets it when PostgreSQL answers).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openScratchDatabase } from '../support/test-database';

const serverUrl = process.env.TEST_DATABASE_URL;

async function otherConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)("a server process's PostgreSQL pool", () => {
  it('opens all ten connections when warmed and keeps them through 11 quiet seconds', async () => {
    const database = await openScratchDatabase(serverUrl!, 'kaksha_pool');
    try {
      expect(await otherConnections(database.url)).toBe(0);
      await database.warm();
      expect(await otherConnections(database.url)).toBe(10);
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(await otherConnections(database.url)).toBe(10);
    } finally {
      await database.close();
    }
  }, 30_000);
});
