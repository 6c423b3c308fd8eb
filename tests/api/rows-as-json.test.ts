/**
 * server/db/rows-as-json.ts: rows read as one JSON text equal what Drizzle's `select()` reads, on
 * both databases, for every column type a synced table has, with the values that trip a JSON
 * round trip (nulls, quotes, backslashes, Devanagari, fractions, milliseconds and offsets, nested
 * jsonb); a column named as its table (marks.marks) still reads the whole row. A synced table with
 * a column type not covered here fails until it is.
 */
import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { xid8 } from '../../server/db/columns';
import { selectRowsAsJson } from '../../server/db/rows-as-json';
import { serverModules } from '../../server/modules/index';
import { openTestDatabase } from '../support/test-database';

const probe = pgTable('probe', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  probe: text('probe'),
  rev: bigint('rev', { mode: 'number' }),
  txid: xid8('txid'),
  at: timestamp('at', { withTimezone: true }),
  count: integer('count'),
  day: date('day', { mode: 'string' }),
  details: jsonb('details'),
  done: boolean('done'),
  ids: uuid('ids').array(),
  position: smallint('position'),
  days: numeric('days', { precision: 5, scale: 1, mode: 'number' }),
  percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }),
  roles: text('roles').array(),
});

/** The SQL types the probe covers, as Drizzle names them (numeric precisions apart). */
const coveredTypes = new Set(Object.values(getTableColumns(probe)).map((column) => column.getSQLType().replace(/\(.*\)$/, '')));

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`
    create table probe (
      id uuid primary key, tenant_id text not null, probe text, rev bigint, txid xid8, at timestamptz,
      count integer, day date, details jsonb, done boolean, ids uuid[], position smallint,
      days numeric(5, 1), percentage numeric(5, 2), roles text[]
    )`);
});
afterAll(async () => {
  await database.close();
});

describe('selectRowsAsJson', () => {
  it('reads every value as select() does, nulls included', async () => {
    const rows: (typeof probe.$inferInsert)[] = [
      {
        id: randomUUID(),
        tenantId: 'green',
        probe: 'He said "ok" \\ then left\nनमस्ते, हजेरी 😀',
        rev: 9_007_199_254_740_991,
        at: new Date('2026-11-23T04:05:06.789Z'),
        count: -2_147_483_648,
        day: '2026-02-28',
        details: { nested: { text: 'a "quote" \\', list: [1, 2.5, null, true] }, date: '2026-11-23' },
        done: false,
        ids: [randomUUID(), randomUUID()],
        position: 7,
        days: 0.5,
        percentage: 99.99,
        roles: ['staff', 'with,comma', 'with "quote"', 'NULL'],
      },
      { id: randomUUID(), tenantId: 'green' },
      { id: randomUUID(), tenantId: 'green', details: 'a string', ids: [], roles: [], days: 12, percentage: 0, at: new Date('2026-03-31T18:30:00.000Z') },
      { id: randomUUID(), tenantId: 'blue', probe: 'another school' },
    ];
    await database.db.insert(probe).values(rows);
    await database.db.execute(sql`update probe set txid = pg_current_xact_id() where probe is not null`);

    const where = eq(probe.tenantId, 'green');
    const expected = await database.db.select().from(probe).where(where);
    const read = await selectRowsAsJson(database.db, probe, where);
    const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    expect(read).toHaveLength(3);
    expect(byId(read)).toEqual(byId(expected));
    expect(read.find((row) => row.probe?.startsWith('He said'))?.at).toEqual(new Date('2026-11-23T04:05:06.789Z'));
  });

  it('reads the whole row of a table that has a column of its own name, and an empty list', async () => {
    const read = await selectRowsAsJson(database.db, probe, eq(probe.tenantId, 'blue'));
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ tenantId: 'blue', probe: 'another school' });
    expect(await selectRowsAsJson(database.db, probe, eq(probe.tenantId, 'nobody'))).toEqual([]);
  });

  it('covers every column type of every synced table', () => {
    const used = new Map<string, string>();
    for (const source of serverModules.flatMap((module) => module.syncSources ?? [])) {
      for (const [key, column] of Object.entries(getTableColumns(source.table))) {
        used.set(column.getSQLType().replace(/\(.*\)$/, ''), `${source.entity}.${key}`);
      }
    }
    const uncovered = [...used].filter(([type]) => !coveredTypes.has(type)).map(([type, where]) => `${type} (${where})`);
    expect(uncovered).toEqual([]);
  });
});
