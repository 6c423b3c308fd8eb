/**
 * A fee-paying school of `classCount` classes of `perClass` students, written straight into a
 * database before the server opens it: the burst school's classes, teachers and students, an admin
 * who signs in with the demo password, and the demo seed's fees for this academic year
 * (`generateFees`: three heads, a structure per class with quarterly tuition, a yearly transport
 * fee and a termly examination fee, ₹10 a working day late up to ₹500; sibling, staff-child and
 * scholarship concessions; receipts for the installments due by today, some paid late with the
 * fine, about a tenth of the families in arrears).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../server/db/client';
import { openScratchDatabase } from '../../tests/support/test-database';
import { startBenchServer, type BenchServer } from './server';
import type { Db } from '../../server/db/client';
import { users } from '../../server/db/core-tables';
import { feeConcessions, feeHeads, feeInstallments, feeReceiptCounters, feeReceiptItems, feeReceipts, feeStructures } from '../../server/modules/fees/tables';
import { hashPassword } from '../../server/module-kit/passwords';
import { demoPassword } from '../../server/seed/accounts';
import { insertAsJson } from '../../server/seed/bulk-insert';
import { generateFees } from '../../server/seed/fees';
import { createBurstSchool } from './burst-school';

export interface FeeSchool {
  tenantId: string;
  admin: string;
  students: number;
  receipts: number;
  concessions: number;
  /** The school's receipt counter for the year after the seed. */
  lastNumber: number;
}

export async function createFeeSchool(db: Db, tenantId: string, classCount: number, perClass: number, today: string): Promise<FeeSchool> {
  const classes = await createBurstSchool(db, tenantId, classCount, perClass);
  const admin = { id: randomUUID(), username: `admin@${tenantId}.in` };
  await db.insert(users).values({ ...admin, tenantId, passwordHash: await hashPassword(demoPassword), role: 'admin', status: 'active' });
  const roman = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
  const fees = generateFees(
    {
      tenantId,
      classes: classes.map((klass, c) => ({ id: klass.classId, className: roman[c % 12]!, classSection: `S${Math.floor(c / 12)}`, levelIndex: c % 12 })),
      students: classes.flatMap((klass, c) =>
        klass.studentIds.map((id, s) => ({ id, classId: klass.classId, firstName: 'Student', lastName: `${c}-${s}`, admissionId: `B-${c}-${s}` })),
      ),
      demoIds: [],
      cashier: { id: admin.id, name: admin.username },
      holidays: [],
    },
    today,
  );
  await db.transaction(async (tx) => {
    await tx.insert(feeHeads).values(fees.heads);
    await insertAsJson(tx, feeStructures, fees.structures);
    await insertAsJson(tx, feeInstallments, fees.installments);
    await insertAsJson(tx, feeConcessions, fees.concessions);
    await insertAsJson(tx, feeReceipts, fees.receipts);
    await insertAsJson(tx, feeReceiptItems, fees.items);
    if (fees.counters.length > 0) await tx.insert(feeReceiptCounters).values(fees.counters);
  });
  return {
    tenantId,
    admin: admin.username,
    students: classCount * perClass,
    receipts: fees.receipts.length,
    concessions: fees.concessions.length,
    lastNumber: fees.counters[0]?.lastNumber ?? 0,
  };
}

export interface ServedFeeSchool {
  school: FeeSchool;
  server: BenchServer;
  /** PostgreSQL (a scratch database) when a URL was given, else embedded PGlite. */
  onPostgres: boolean;
  /** Stops the server and drops what the school was written to. */
  close(): Promise<void>;
}

/**
 * A fee school written into a scratch database on PostgreSQL (`databaseUrl`) or a fresh PGlite
 * folder, and the real server started over it (PGlite belongs to one process: the server opens it
 * once the school is written).
 */
export async function serveFeeSchool(
  databaseUrl: string | undefined,
  tenantId: string,
  classCount: number,
  perClass: number,
  today: string,
  env: Record<string, string> = {},
): Promise<ServedFeeSchool> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `kaksha-bench-${tenantId}-`));
  const scratch = databaseUrl ? await openScratchDatabase(databaseUrl, `bench_${tenantId}`) : undefined;
  const database: Database = scratch ?? (await openDatabase({ dataDir }));
  const school = await createFeeSchool(database.db, tenantId, classCount, perClass, today);
  if (!scratch) await database.close();
  const server = await startBenchServer({ ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir }), SEED_DEMO: '0', ...env });
  return {
    school,
    server,
    onPostgres: Boolean(scratch),
    async close() {
      await server.stop();
      if (scratch) await scratch.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
