/**
 * Absence alerts (docs/decisions.md "Absence alerts"): a student marked absent or late
 * is told to each linked, active parent as a notification addressed to them (inbox by the pull,
 * phone by the push queue), once per student and date (the absence_alerts key) whatever is
 * re-sent or edited; a mark corrected to present or leave afterwards sends one short correction.
 * Runs inside the attendance write's transaction: it only writes rows, the delivery loop sends.
 * The school's switch (schools.absence_alerts, on by default) turns it off.
 */
import { indianDate } from '../../../contract/calendar-dates';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AttendanceStatus } from '../../../contract/attendance';
import { messages } from '../../../contract/messages';
import { anyOf } from '../../db/any-of';
import { arrayParam } from '../../db/array-param';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/client';
import { classes, parentChildren, schools, students, users } from '../../db/core-tables';
import { absenceAlerts, notifications } from './tables';
import { dropUnsentPushes } from './push-outbox';
import { notifyPeople, type PersonalNotice } from './to-people';
import { translationsOf } from '../../i18n/notice-translations';
import { dropUnsentMessages, queueMessages } from '../messaging/queue';

/** Where an alert opens: the family's attendance screen. */
export const absenceAlertLink = '/student/attendance';

export interface AttendanceMark {
  studentId: string;
  classId: string;
  /** yyyy-mm-dd */
  date: string;
  status: AttendanceStatus;
}

type Told = 'absent' | 'late';
const isTold = (status: AttendanceStatus): status is Told => status === 'absent' || status === 'late';

async function alertsOn(tx: Db, tenantId: string): Promise<boolean> {
  const [row] = await tx.select({ on: schools.absenceAlerts }).from(schools).where(eq(schools.tenantId, tenantId));
  return row?.on ?? false;
}

interface Subject {
  name: string;
  className: string;
  parentIds: string[];
}

/**
 * Each mark's student first name, class name and active parents, in three queries for the whole
 * sheet (one student at a time it was three queries for every absent student).
 */
async function subjectsOf(tx: Db, tenantId: string, marks: readonly AttendanceMark[]): Promise<(mark: AttendanceMark) => Subject> {
  const studentIds = [...new Set(marks.map((mark) => mark.studentId))];
  const classIds = [...new Set(marks.map((mark) => mark.classId))];
  const names = await tx
    .select({ id: students.id, firstName: students.firstName })
    .from(students)
    .where(and(eq(students.tenantId, tenantId), anyOf(students.id, studentIds, 'uuid')));
  const classNames = await tx
    .select({ id: classes.id, name: classes.className, section: classes.classSection })
    .from(classes)
    .where(and(eq(classes.tenantId, tenantId), anyOf(classes.id, classIds, 'uuid')));
  const parents = await tx
    .select({ studentId: parentChildren.studentId, id: users.id })
    .from(parentChildren)
    .innerJoin(users, and(eq(users.tenantId, parentChildren.tenantId), eq(users.id, parentChildren.userId)))
    .where(
      and(
        eq(parentChildren.tenantId, tenantId),
        anyOf(parentChildren.studentId, studentIds, 'uuid'),
        isNull(parentChildren.deletedAt),
        isNull(users.deletedAt),
        eq(users.status, 'active'),
        eq(users.role, 'parent'),
      ),
    );
  const nameOf = new Map(names.map((row) => [row.id, row.firstName]));
  const classNameOf = new Map(classNames.map((row) => [row.id, [row.name, row.section].filter(Boolean).join(' ')]));
  const parentsOf = new Map<string, string[]>();
  for (const row of parents) parentsOf.set(row.studentId, [...(parentsOf.get(row.studentId) ?? []), row.id]);
  return (mark) => ({
    name: nameOf.get(mark.studentId) ?? '',
    className: classNameOf.get(mark.classId) ?? '',
    parentIds: parentsOf.get(mark.studentId) ?? [],
  });
}

/** Notifications from the school (no sender) that open the family's attendance. */
const tell = (tx: Db, tenantId: string, notices: readonly PersonalNotice[]) => notifyPeople(tx, tenantId, notices, absenceAlertLink, null);

const keyOf = (mark: { studentId: string; date: string }) => `${mark.studentId}/${mark.date}`;

/** Records the notification (the alert, or its correction) of each student-day, in one statement. */
async function recordTold(
  tx: Db,
  tenantId: string,
  column: 'notification_id' | 'correction_id',
  marks: readonly AttendanceMark[],
  ids: readonly string[],
): Promise<void> {
  await tx.execute(sql`
    update ${absenceAlerts} set ${sql.identifier(column)} = v.id, updated_at = now()
    from unnest(${arrayParam(marks.map((mark) => mark.studentId), 'uuid')}, ${arrayParam(marks.map((mark) => mark.date), 'date')},
      ${arrayParam(ids, 'uuid')}) as v(student_id, date, id)
    where ${absenceAlerts.tenantId} = ${tenantId} and ${absenceAlerts.studentId} = v.student_id and ${absenceAlerts.date} = v.date`);
}

/** Claims each student-day once (the table's key); only the claims made now are told. */
async function alert(tx: Db, tenantId: string, marks: (AttendanceMark & { status: Told })[]): Promise<void> {
  const claimed = await queryRows<{ studentId: string; date: string }>(
    tx,
    sql`insert into ${absenceAlerts} (tenant_id, student_id, date, status)
        select ${tenantId}, v.student_id, v.date, v.status
        from unnest(${arrayParam(marks.map((mark) => mark.studentId), 'uuid')}, ${arrayParam(marks.map((mark) => mark.date), 'date')},
          ${sql.param(marks.map((mark) => mark.status))}::text[]) as v(student_id, date, status)
        on conflict do nothing
        returning student_id as "studentId", to_char(date, 'YYYY-MM-DD') as date`,
  );
  const fresh = new Set(claimed.map(keyOf));
  const toTell = marks.filter((one) => fresh.has(keyOf(one)));
  if (toTell.length === 0) return;
  const subjectOf = await subjectsOf(tx, tenantId, toTell);
  const text = messages.absenceAlerts;
  const told = toTell.map((mark) => ({ mark, ...subjectOf(mark) })).filter(({ parentIds }) => parentIds.length > 0);
  const ids = await tell(
    tx,
    tenantId,
    told.map(({ mark, name, className, parentIds }) => {
      const values = { name, status: mark.status, date: indianDate(mark.date), className };
      return {
        userIds: parentIds,
        title: text.title(name, mark.status),
        message: text.message(name, mark.status, values.date, className),
        translations: translationsOf((say) => ({ title: say('absenceAlerts.title', values), message: say('absenceAlerts.message', values) })),
      };
    }),
  );
  if (ids.length === 0) return;
  await recordTold(tx, tenantId, 'notification_id', told.map(({ mark }) => mark), ids);
  // Beyond the push: WhatsApp and SMS as the school's chain says (server/modules/messaging/queue.ts).
  await queueMessages(
    tx,
    tenantId,
    'absence',
    told.map(({ mark, name, parentIds }, index) => ({
      notificationId: ids[index]!,
      userIds: parentIds,
      studentId: mark.studentId,
      values: { names: [name], date: mark.date, status: mark.status },
    })),
  );
}

/** Alerts of these student-days not corrected yet get their one correction. */
async function correct(tx: Db, tenantId: string, marks: (AttendanceMark & { status: 'present' | 'leave' })[]): Promise<void> {
  const told = await tx
    .select({ studentId: absenceAlerts.studentId, date: absenceAlerts.date, notificationId: notifications.id, userIds: notifications.audienceUserIds })
    .from(absenceAlerts)
    .innerJoin(notifications, and(eq(notifications.tenantId, absenceAlerts.tenantId), eq(notifications.id, absenceAlerts.notificationId)))
    .where(
      and(
        eq(absenceAlerts.tenantId, tenantId),
        // A run of sheets clears thousands of marks: one array parameter each, not one per value.
        anyOf(absenceAlerts.studentId, [...new Set(marks.map((mark) => mark.studentId))], 'uuid'),
        anyOf(absenceAlerts.date, [...new Set(marks.map((mark) => mark.date))], 'date'),
        isNull(absenceAlerts.correctionId),
      ),
    )
    .for('update', { of: absenceAlerts });
  const byKey = new Map(told.map((row) => [keyOf(row), row]));
  const toCorrect = marks.flatMap((mark) => {
    const alerted = byKey.get(keyOf(mark));
    return alerted ? [{ mark, alerted }] : [];
  });
  if (toCorrect.length === 0) return;
  // A phone that has not had the alert yet gets the correction only.
  await dropUnsentPushes(tx, tenantId, toCorrect.map(({ alerted }) => alerted.notificationId));
  await dropUnsentMessages(tx, tenantId, toCorrect.map(({ alerted }) => alerted.notificationId));
  const subjectOf = await subjectsOf(tx, tenantId, toCorrect.map(({ mark }) => mark));
  const text = messages.absenceAlerts;
  const ids = await tell(
    tx,
    tenantId,
    toCorrect.map(({ mark, alerted }) => {
      const { name, className } = subjectOf(mark);
      const values = { name, status: mark.status, date: indianDate(mark.date), className };
      return {
        userIds: alerted.userIds,
        title: text.correctionTitle(name, mark.status),
        message: text.correctionMessage(name, mark.status, values.date, className),
        translations: translationsOf((say) => ({
          title: say('absenceAlerts.correctionTitle', values),
          message: say('absenceAlerts.correctionMessage', values),
        })),
      };
    }),
  );
  await recordTold(tx, tenantId, 'correction_id', toCorrect.map(({ mark }) => mark), ids);
}

/**
 * Tells parents of the marks as the school now holds them (a sheet's kept records). Marks whose
 * alert or correction was already made change nothing, so a re-sent sheet sends nothing again.
 */
export async function alertParentsOfMarks(tx: Db, tenantId: string, marks: readonly AttendanceMark[]): Promise<void> {
  if (marks.length === 0 || !(await alertsOn(tx, tenantId))) return;
  const told = marks.filter((mark): mark is AttendanceMark & { status: Told } => isTold(mark.status));
  const cleared = marks.filter((mark): mark is AttendanceMark & { status: 'present' | 'leave' } => !isTold(mark.status));
  if (told.length > 0) await alert(tx, tenantId, told);
  if (cleared.length > 0) await correct(tx, tenantId, cleared);
}
