/**
 * Fee reminders (docs/decisions.md "Fees" and "WhatsApp and SMS"): "Remind" on the defaulters
 * list, and the school's days from a due date (-3, 0, 7 ...) on which reminders go by themselves
 * while an installment is unpaid. One published notification per student, addressed to that
 * student's account and their parents' (inbox, and push through the notifications module's
 * outbox), and the parents' WhatsApp and SMS as the school's chain says (the messaging queue),
 * all in the same transaction.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { academicYearOf } from '../../../contract/admission';
import { formatRupees } from '../../../contract/money';
import { schoolTodayIso, todayIso } from '../../../contract/record-formats';
import type { StudentDues } from '../../../contract/fees';
import { arrayParam } from '../../db/array-param';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { parentChildren, students, users } from '../../db/core-tables';
import { notifyPeople } from '../notifications/to-people';
import { queueMessages } from '../messaging/queue';
import { serverTexts } from '../../i18n/catalogs';
import { translationsOf } from '../../i18n/notice-translations';
import { currentYearOf } from '../years/current-year';
import { duesOfStudents } from './dues';
import { feeMessages, indianDate } from '../../../contract/fees';
import { feeReminderRuns, feeRemindersSent } from './tables';

/** Where the notification opens: the family's fees. */
export const feesLink = '/student/fees';

interface Owing {
  studentId: string;
  firstName: string;
  name: string;
  /** Paise. */
  amount: number;
  /** yyyy-mm-dd: since when it is overdue, or when it falls due. */
  date: string;
  overdue: boolean;
}

/** Tells each student's family; answers the notifications' ids, in order (none for a student with no account linked). */
async function tellFamilies(tx: Db, tenantId: string, owing: readonly Owing[], sentBy: string | null): Promise<(string | undefined)[]> {
  if (owing.length === 0) return [];
  const ids = owing.map((one) => one.studentId);
  const parents = await tx
    .select({ studentId: parentChildren.studentId, userId: parentChildren.userId })
    .from(parentChildren)
    .innerJoin(users, and(eq(users.tenantId, parentChildren.tenantId), eq(users.id, parentChildren.userId)))
    .where(
      and(eq(parentChildren.tenantId, tenantId), inArray(parentChildren.studentId, ids), isNull(parentChildren.deletedAt), eq(users.status, 'active'), isNull(users.deletedAt)),
    );
  const own = await tx
    .select({ studentId: users.studentId, userId: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.studentId, ids), eq(users.status, 'active'), isNull(users.deletedAt)));
  const told = owing.flatMap((one) => {
    const parentIds = [...new Set(parents.filter((link) => link.studentId === one.studentId).map((link) => link.userId))];
    const userIds = [...new Set([...parentIds, ...own.filter((link) => link.studentId === one.studentId).map((link) => link.userId!)])];
    return userIds.length ? [{ one, parentIds, userIds }] : [];
  });
  const notices = told.map(({ one, userIds }) => {
    const values = { student: one.name, amount: formatRupees(one.amount), since: indianDate(one.date), due: indianDate(one.date) };
    const words = one.overdue
      ? (say: ReturnType<typeof serverTexts>) => ({ title: say('notices.feeReminder.title'), message: say('notices.feeReminder.message', values) })
      : (say: ReturnType<typeof serverTexts>) => ({ title: say('notices.feeDue.title'), message: say('notices.feeDue.message', values) });
    const english = one.overdue
      ? { title: feeMessages.reminderTitle, message: feeMessages.reminderMessage(values.student, values.amount, values.since) }
      : words(serverTexts('en'));
    return { userIds, ...english, translations: translationsOf(words) };
  });
  const notificationIds = await notifyPeople(tx, tenantId, notices, feesLink, sentBy);
  await queueMessages(
    tx,
    tenantId,
    'feeReminder',
    told.map(({ one, parentIds }, index) => ({
      notificationId: notificationIds[index]!,
      userIds: parentIds,
      studentId: one.studentId,
      values: { names: [one.firstName], amount: formatRupees(one.amount), date: one.date, path: feesLink },
    })),
  );
  const byStudent = new Map(told.map(({ one }, index) => [one.studentId, notificationIds[index]]));
  return owing.map((one) => byStudent.get(one.studentId));
}

/** "Remind" on the defaulters list: every student of the class with fees overdue today. */
export async function remindDefaulters(tx: Db, tenantId: string, senderId: string, classId: string): Promise<number> {
  const today = todayIso();
  const inClass = await tx
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(and(eq(students.tenantId, tenantId), eq(students.classId, classId), isNull(students.deletedAt)));
  const dues = await duesOfStudents(tx, tenantId, inClass.map((row) => row.id), academicYearOf(today), today);
  const owing = dues
    .filter((one) => one.overdue > 0)
    .map((one) => {
      const student = inClass.find((row) => row.id === one.studentId)!;
      const since = one.installments.find((line) => line.dueDate <= today && line.outstanding > 0)?.dueDate ?? today;
      return { studentId: one.studentId, firstName: student.firstName, name: `${student.firstName} ${student.lastName}`.trim(), amount: one.overdue, date: since, overdue: true };
    });
  return (await tellFamilies(tx, tenantId, owing, senderId)).filter(Boolean).length;
}

const dayMs = 86_400_000;
/** Days from `dueDate` to `today` (negative before it). */
const daysFrom = (dueDate: string, today: string) => Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / dayMs);

/** The installments each student is reminded of today, for the school's days. */
function dueToday(dues: readonly StudentDues[], days: readonly number[], today: string) {
  return dues.flatMap((one) =>
    one.installments
      .filter((line) => line.outstanding > 0 && days.includes(daysFrom(line.dueDate, today)))
      .map((line) => ({ studentId: one.studentId, installmentId: line.installmentId, days: daysFrom(line.dueDate, today), line })),
  );
}

/** When in the school's day the schedule runs: parents read a reminder in the morning. */
export const reminderTime = '09:00';

/**
 * The day's scheduled reminders of one school, once (the day's run row is claimed first; a second
 * process, or a second tick, finds it taken). Each student, installment and day-offset is told once
 * (fee_reminders_sent), one notification per student naming what is due. Answers how many
 * students were reminded.
 */
export async function remindOnSchedule(db: Db, tenantId: string, days: readonly number[], now: Date = new Date()): Promise<number> {
  const today = schoolTodayIso(now);
  return db.transaction(async (tx) => {
    const [run] = await tx.insert(feeReminderRuns).values({ tenantId, day: today }).onConflictDoNothing().returning({ day: feeReminderRuns.day });
    if (!run || days.length === 0) return 0;
    const year = await currentYearOf(tx, tenantId, today);
    const roll = await tx
      .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
      .from(students)
      .where(and(eq(students.tenantId, tenantId), isNull(students.deletedAt), sql`${students.classId} is not null`));
    const candidates = dueToday(await duesOfStudents(tx, tenantId, roll.map((row) => row.id), year, today), days, today);
    if (candidates.length === 0) return 0;
    const claimed = await queryRows<{ studentId: string; installmentId: string; days: number }>(
      tx,
      sql`insert into ${feeRemindersSent} (tenant_id, student_id, installment_id, days)
          select ${tenantId}, v.student_id, v.installment_id, v.days
          from unnest(${arrayParam(candidates.map((one) => one.studentId), 'uuid')}, ${arrayParam(candidates.map((one) => one.installmentId), 'uuid')},
            ${sql.param(candidates.map((one) => one.days))}::int[]) as v(student_id, installment_id, days)
          on conflict do nothing
          returning student_id as "studentId", installment_id as "installmentId", days`,
    );
    const fresh = new Set(claimed.map((row) => `${row.studentId}|${row.installmentId}|${row.days}`));
    const byStudent = new Map<string, typeof candidates>();
    for (const one of candidates) {
      if (!fresh.has(`${one.studentId}|${one.installmentId}|${one.days}`)) continue;
      byStudent.set(one.studentId, [...(byStudent.get(one.studentId) ?? []), one]);
    }
    const owing: Owing[] = [...byStudent].map(([studentId, lines]) => {
      const student = roll.find((row) => row.id === studentId)!;
      const earliest = lines.reduce((first, one) => (one.line.dueDate < first.line.dueDate ? one : first));
      return {
        studentId,
        firstName: student.firstName,
        name: `${student.firstName} ${student.lastName}`.trim(),
        amount: lines.reduce((sum, one) => sum + one.line.outstanding + one.line.fine, 0),
        date: earliest.line.dueDate,
        overdue: earliest.days > 0,
      };
    });
    const notificationIds = await tellFamilies(tx, tenantId, owing, null);
    for (const [index, one] of owing.entries()) {
      const notificationId = notificationIds[index];
      if (!notificationId) continue;
      await tx
        .update(feeRemindersSent)
        .set({ notificationId })
        .where(and(eq(feeRemindersSent.tenantId, tenantId), eq(feeRemindersSent.studentId, one.studentId), isNull(feeRemindersSent.notificationId)));
    }
    const reminded = notificationIds.filter(Boolean).length;
    await tx.update(feeReminderRuns).set({ reminded }).where(and(eq(feeReminderRuns.tenantId, tenantId), eq(feeReminderRuns.day, today)));
    return reminded;
  });
}
