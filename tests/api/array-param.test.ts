/**
 * server/db/array-param.ts: a list sent as one array parameter reads back the same on both
 * databases, whether it was written as a literal (plain UUIDs, dates, times) or left to the driver
 * (anything else), and a value that is not what its type says is refused, never read as something else.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { arrayParam } from '../../server/db/array-param';
import { queryRows } from '../../server/db/rows';
import { openTestDatabase } from '../support/test-database';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function readBack(values: readonly (string | null)[], type: 'uuid' | 'date' | 'timestamptz'): Promise<(string | null)[]> {
  const rows = await queryRows<{ value: string | null }>(
    database.db,
    sql`select v::text as value from unnest(${arrayParam(values, type)}) with ordinality as u(v, n) order by n`,
  );
  return rows.map((row) => row.value);
}

describe('arrayParam', () => {
  it('reads back UUIDs, dates and times in order, nulls included, and an empty list', async () => {
    const ids = [randomUUID(), randomUUID().toUpperCase(), randomUUID()];
    expect(await readBack(ids, 'uuid')).toEqual(ids.map((id) => id.toLowerCase()));
    expect(await readBack(['2026-11-23', '2027-01-05'], 'date')).toEqual(['2026-11-23', '2027-01-05']);
    const times = await readBack(['2026-11-23T03:30:00.000Z', null, '2026-11-23T09:00:00+05:30'], 'timestamptz');
    expect(times.map((time) => (time === null ? null : new Date(time).toISOString()))).toEqual([
      '2026-11-23T03:30:00.000Z',
      null,
      '2026-11-23T03:30:00.000Z',
    ]);
    expect(await readBack([], 'uuid')).toEqual([]);
  });

  it('refuses a value that is not of its type instead of reading it as other elements or as null', async () => {
    const id = randomUUID();
    for (const hostile of [`${id},${randomUUID()}`, 'NULL', '{}', `"${id}"`, '']) {
      await expect(readBack([id, hostile], 'uuid'), hostile).rejects.toThrow();
    }
    await expect(readBack(['2026-11-23,2026-11-24'], 'date')).rejects.toThrow();
  });
});
