/**
 * The demo seed: two schools (greenvalley, riverside) of realistic size with the four demo accounts
 * each, and what use leaves behind (who teaches what, a month of attendance, the admission register,
 * a few certificates), written into an empty database in one transaction. Deterministic: the rows,
 * ids included, are the same on every run of the same day (see generate.ts; attendance and
 * certificates are dated back from today); only the password hashes differ (argon2 salts).
 */
import { count, sql } from 'drizzle-orm';
import { todayIso } from '../../contract/record-formats';
import type { Db } from '../db/client';
import { classSubjects, classes, parentChildren, schoolYears, schools, studentYears, students, subjects, teachers, users } from '../db/core-tables';
import { admissionCounters, admissions } from '../modules/admissions/tables';
import { attendance } from '../modules/attendance/tables';
import { certificateCounters, certificates } from '../modules/certificates/tables';
import { events } from '../modules/events/tables';
import { absenceAlerts, notificationReads, notifications } from '../modules/notifications/tables';
import { messageDeliveries, messagingSettings } from '../modules/messaging/tables';
import { teacherAttendance } from '../modules/teacher-attendance/tables';
import { timetableEntries, timetablePeriods, timetableSubjectLimits, timetableSubstitutions } from '../modules/timetable/tables';
import { feeConcessions, feeHeads, feeInstallments, feeReceiptCounters, feeReceiptItems, feeReceipts, feeStructures } from '../modules/fees/tables';
import { gatewayPayments, paymentOrders, paymentSettings } from '../modules/payments/tables';
import { leaveApplications } from '../modules/leave/tables';
import { exams, marks, results } from '../modules/exams/tables';
import { attachmentBlobs } from '../files/tables';
import { homework, homeworkAttachments, homeworkDone } from '../modules/homework/tables';
import { hashPassword } from '../module-kit/passwords';
import { demoPassword } from './accounts';
import type { AttendanceRow } from './attendance';
import { insertAsJson } from './bulk-insert';
import { generateSchoolSeed, type SchoolSeed } from './generate';
import { demoSchoolDefinitions } from './schools';

export { demoAccounts, demoPassword } from './accounts';

/**
 * The rows of both demo schools, without touching a database (tests and tools read them).
 * `today` (YYYY-MM-DD) dates the attendance and certificates: the school days before it.
 */
export function demoSchoolSeeds(today: string = todayIso()): SchoolSeed[] {
  return demoSchoolDefinitions.map((def) => generateSchoolSeed(def, today));
}

/**
 * Attendance is most of the seed (about 32,000 rows), and checking three foreign keys per row was
 * most of its cost on PGlite. The rows come from the same generator as the students, classes and
 * accounts inserted just before (tests/api/seed.test.ts checks every reference), so where the
 * database allows it (a superuser: PGlite, a local PostgreSQL) they are loaded the way a replica
 * loads rows, without triggers, carrying the rev and txid the rev trigger would give them. Where the
 * SET is refused it fails inside its savepoint, and the triggers and checks run as usual.
 */
async function insertAttendance(tx: Db, rows: readonly AttendanceRow[]): Promise<void> {
  const withoutTriggers = await tx
    .transaction(async (savepoint) => {
      await savepoint.execute(sql`set local session_replication_role = replica`);
    })
    .then(
      () => true,
      () => false,
    );
  await insertAsJson(tx, attendance, rows, { txid: sql`pg_current_xact_id()`, rev: sql`nextval('kaksha_rev_seq')` });
  if (withoutTriggers) await tx.execute(sql`set local session_replication_role = origin`);
}

async function hasSchools(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(schools);
  return (row?.value ?? 0) > 0;
}

/**
 * Seeds the demo schools when the `schools` table is empty; returns whether it did. `today` is the
 * server's today unless a test fixes it. All or nothing: a failure (or a concurrent seeder) leaves
 * the database as it was.
 */
export async function seedDemoSchools(db: Db, today: string = todayIso()): Promise<boolean> {
  if (await hasSchools(db)) return false;
  // One argon2id hash per account (each with its own salt), computed before the transaction opens.
  const seeds = await Promise.all(
    demoSchoolSeeds(today).map(async (seed) => ({
      ...seed,
      accounts: await Promise.all(
        seed.accounts.map(async (account) => ({ ...account, passwordHash: await hashPassword(demoPassword) })),
      ),
    })),
  );

  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ tenantId: schools.tenantId }).from(schools).limit(1);
    if (existing) return false;
    for (const seed of seeds) {
      const tenantId = seed.school.tenantId;
      await tx.insert(schools).values(seed.school);
      // Teachers before classes: a class names its class teacher.
      await insertAsJson(tx, teachers, seed.teachers);
      await insertAsJson(tx, classes, seed.classes);
      await insertAsJson(tx, students, seed.students);
      await insertAsJson(tx, subjects, seed.subjects);
      await insertAsJson(tx, classSubjects, seed.classSubjects);
      await tx.insert(users).values(
        seed.accounts.map((account) => ({
          id: account.id,
          tenantId,
          username: account.username,
          passwordHash: account.passwordHash,
          role: account.role,
          status: 'active' as const,
          studentId: account.studentId,
          teacherId: account.teacherId,
        })),
      );
      const links = seed.accounts.flatMap((account) =>
        account.childIds.map((studentId) => ({ tenantId, userId: account.id, studentId })),
      );
      if (links.length > 0) await tx.insert(parentChildren).values(links);
      // The register, attendance and certificates name students, classes and the accounts above.
      await insertAsJson(tx, admissions, seed.admissions);
      await tx.insert(admissionCounters).values(seed.admissionCounters);
      await insertAttendance(tx, seed.attendance);
      await tx.insert(certificates).values(seed.certificates);
      await tx.insert(certificateCounters).values(seed.certificateCounters);
      await insertAsJson(tx, homework, seed.homework.homework);
      await insertAsJson(tx, homeworkDone, seed.homework.done);
      if (seed.homework.attachments.length > 0) await tx.insert(homeworkAttachments).values(seed.homework.attachments);
      if (seed.homework.blobs.length > 0) await tx.insert(attachmentBlobs).values(seed.homework.blobs).onConflictDoNothing();
      await tx.insert(feeHeads).values(seed.fees.heads);
      await insertAsJson(tx, feeStructures, seed.fees.structures);
      await insertAsJson(tx, feeInstallments, seed.fees.installments);
      if (seed.fees.concessions.length > 0) await tx.insert(feeConcessions).values(seed.fees.concessions);
      await insertAsJson(tx, feeReceipts, seed.fees.receipts);
      await insertAsJson(tx, feeReceiptItems, seed.fees.items);
      if (seed.fees.counters.length > 0) await tx.insert(feeReceiptCounters).values(seed.fees.counters);
      await tx.insert(paymentSettings).values(seed.payments.settings);
      if (seed.payments.orders.length > 0) await insertAsJson(tx, paymentOrders, seed.payments.orders);
      if (seed.payments.payments.length > 0) await tx.insert(gatewayPayments).values(seed.payments.payments);
      if (seed.notifications.notifications.length > 0) await tx.insert(notifications).values(seed.notifications.notifications);
      if (seed.notifications.reads.length > 0) await tx.insert(notificationReads).values(seed.notifications.reads);
      await tx.insert(messagingSettings).values(seed.messaging.settings);
      if (seed.messaging.notifications.length > 0) await tx.insert(notifications).values(seed.messaging.notifications);
      if (seed.messaging.alerts.length > 0) await tx.insert(absenceAlerts).values(seed.messaging.alerts);
      if (seed.messaging.deliveries.length > 0) await tx.insert(messageDeliveries).values(seed.messaging.deliveries);
      if (seed.events.length > 0) await tx.insert(events).values(seed.events);
      // Periods before the entries that name them, entries before their substitutions.
      await tx.insert(timetablePeriods).values(seed.timetable.periods);
      await insertAsJson(tx, timetableEntries, seed.timetable.entries);
      if (seed.timetable.limits.length > 0) await tx.insert(timetableSubjectLimits).values(seed.timetable.limits);
      if (seed.timetable.substitutions.length > 0) await tx.insert(timetableSubstitutions).values(seed.timetable.substitutions);
      await insertAsJson(tx, teacherAttendance, [...seed.teacherAttendance, ...seed.leave.registerMarks]);
      await tx.insert(exams).values(seed.exams.exams);
      await insertAsJson(tx, marks, seed.exams.marks);
      await insertAsJson(tx, results, seed.exams.results);
      await tx.insert(schoolYears).values(seed.years.schoolYears);
      await insertAsJson(tx, studentYears, seed.years.studentYears);
      if (seed.leave.applications.length > 0) await insertAsJson(tx, leaveApplications, seed.leave.applications);
    }
    return true;
  });
}
