/**
 * The migration that fixes what a receipt prints (`*_receipt_fixed_figures`, docs/decisions.md "Money
 * across years, payment dates and receipts fixed when issued"): receipts issued before it take the
 * day the school stored them as their recorded day, an e-mail address under "Received by" becomes
 * the cashier's name (the linked staff record, else the one with that address, else the school
 * office), and their balances stay unknown (embedded PGlite, as a school upgrading its one machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { officeCashier } from '../../contract/fees';
import { allMigrations, migrationsBefore } from '../support/migrations-before';

const before = mkdtempSync(path.join(tmpdir(), 'kaksha-migrations-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));


const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

it('gives receipts issued before it their recorded day and the cashier’s name, and no balance', async () => {
  const client = new PGlite();
  const db = drizzle(client);
  try {
    await migrate(db, { migrationsFolder: migrationsBefore('_receipt_fixed_figures', before) });
    await db.execute(sql`insert into schools (tenant_id, school_name, school_id) values ('green', 'Green', 'GREEN-01')`);
    await db.execute(sql`insert into teachers (id, tenant_id, first_name, last_name, email_id) values
      (${id(1)}, 'green', 'Meera', 'Nair', 'meera@example.in'),
      (${id(2)}, 'green', 'Lakshmi', 'Rao', 'Office@Example.in')`);
    await db.execute(sql`insert into users (id, tenant_id, username, password_hash, role, status, teacher_id) values
      (${id(11)}, 'green', 'linked@example.in', 'x', 'admin', 'active', ${id(1)}),
      (${id(12)}, 'green', 'office@example.in', 'x', 'admin', 'active', null),
      (${id(13)}, 'green', 'accounts@example.in', 'x', 'admin', 'active', null)`);
    await db.execute(sql`insert into students (id, tenant_id, first_name) values (${id(21)}, 'green', 'Asha')`);
    const receipt = (seq: number, userId: string, name: string, paidOn: string, createdAt: string) =>
      sql`(${id(30 + seq)}, 'green', 2026, ${seq}, ${`R${seq}`}, ${id(21)}, 'Asha', 'A1', 'V', ${paidOn}, 'cash', 100, ${userId}, ${name}, ${createdAt})`;
    await db.execute(sql`insert into fee_receipts (id, tenant_id, academic_year, receipt_seq, receipt_number, student_id, student_name, admission_id,
      class_name, paid_on, mode, total, received_by, received_by_name, created_at) values
      ${receipt(1, id(11), 'linked@example.in', '2026-04-09', '2026-04-09T06:00:00Z')},
      ${receipt(2, id(12), 'office@example.in', '2026-04-09', '2026-04-20T06:00:00Z')},
      ${receipt(3, id(13), 'accounts@example.in', '2026-04-10', '2026-04-10T23:30:00Z')},
      ${receipt(4, id(13), 'Anil Kumar', '2026-04-11', '2026-04-11T06:00:00Z')}`);

    await migrate(db, { migrationsFolder: allMigrations });

    const stored = await client.query<Record<string, unknown>>(
      `select receipt_number, paid_on::text, recorded_on::text, received_by_name, backdated_fine::int, balance_due, year_balance from fee_receipts order by receipt_seq`,
    );
    expect(stored.rows).toEqual([
      // The linked staff record's name.
      { receipt_number: 'R1', paid_on: '2026-04-09', recorded_on: '2026-04-09', received_by_name: 'Meera Nair', backdated_fine: 0, balance_due: null, year_balance: null },
      // Stored on the 20th for the 9th: back-dated; the staff record with the account's address.
      { receipt_number: 'R2', paid_on: '2026-04-09', recorded_on: '2026-04-20', received_by_name: 'Lakshmi Rao', backdated_fine: 0, balance_due: null, year_balance: null },
      // No staff record: the office. The day is the school's (UTC) date it was stored.
      { receipt_number: 'R3', paid_on: '2026-04-10', recorded_on: '2026-04-10', received_by_name: officeCashier, backdated_fine: 0, balance_due: null, year_balance: null },
      // A name, not the account's address: kept.
      { receipt_number: 'R4', paid_on: '2026-04-11', recorded_on: '2026-04-11', received_by_name: 'Anil Kumar', backdated_fine: 0, balance_due: null, year_balance: null },
    ]);
  } finally {
    await client.close();
  }
}, 120_000);
