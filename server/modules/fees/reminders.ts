/**
 * "Remind" on the defaulters list: one published notification per student of the class with fees
 * overdue, addressed to that student's account and their parents' (inbox, and push through the
 * notifications module's push outbox, queued in the same transaction).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { academicYearOf } from '../../../contract/admission';
import { formatRupees } from '../../../contract/money';
import { todayIso } from '../../../contract/record-formats';
import type { Db } from '../../db/client';
import { parentChildren, students, users } from '../../db/core-tables';
import { notifyPeople } from '../notifications/to-people';
import { translationsOf } from '../../i18n/notice-translations';
import { duesOfStudents } from './dues';
import { feeMessages, indianDate } from '../../../contract/fees';

/** Where the notification opens: the family's fees. */
export const feesLink = '/student/fees';

export async function remindDefaulters(tx: Db, tenantId: string, senderId: string, classId: string): Promise<number> {
  const today = todayIso();
  const inClass = await tx
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(and(eq(students.tenantId, tenantId), eq(students.classId, classId), isNull(students.deletedAt)));
  const dues = await duesOfStudents(tx, tenantId, inClass.map((row) => row.id), academicYearOf(today), today);
  const owing = dues.filter((one) => one.overdue > 0);
  if (owing.length === 0) return 0;
  const ids = owing.map((one) => one.studentId);
  const parents = await tx
    .select({ studentId: parentChildren.studentId, userId: parentChildren.userId })
    .from(parentChildren)
    .where(and(eq(parentChildren.tenantId, tenantId), inArray(parentChildren.studentId, ids), isNull(parentChildren.deletedAt)));
  const own = await tx
    .select({ studentId: users.studentId, userId: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.studentId, ids), eq(users.status, 'active')));
  const notices = owing.flatMap((one) => {
    const userIds = [...new Set([...parents, ...own].filter((link) => link.studentId === one.studentId).map((link) => link.userId))];
    if (userIds.length === 0) return [];
    const student = inClass.find((row) => row.id === one.studentId)!;
    const since = one.installments.find((line) => line.dueDate <= today && line.outstanding > 0)?.dueDate ?? today;
    const name = `${student.firstName} ${student.lastName}`.trim();
    const values = { student: name, amount: formatRupees(one.overdue), since: indianDate(since) };
    return [
      {
        userIds,
        title: feeMessages.reminderTitle,
        message: feeMessages.reminderMessage(values.student, values.amount, values.since),
        translations: translationsOf((say) => ({ title: say('notices.feeReminder.title'), message: say('notices.feeReminder.message', values) })),
      },
    ];
  });
  return (await notifyPeople(tx, tenantId, notices, feesLink, senderId)).length;
}
