/**
 * Marking one class and date as one write (the unit the offline outbox coalesces), a sheet of the
 * module kit (server/module-kit/sheet-writer.ts: how each mark is decided against the school's).
 * The sheet is checked as a whole first: one student outside the class and nothing is written.
 * Several sheets go through the same steps together (markSheets), with a query per step for all
 * of them.
 */
import type { MarkSheet, MarkSheetResult, SheetEntry } from '../../../contract/attendance';
import { academicYearOf } from '../../../contract/admission';
import { messages } from '../../../contract/messages';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import type { AuthUser } from '../../types';
import { duplicatePeople, sheetWriter, type MarkedSheet } from '../../module-kit/sheet-writer';
import { isRealDate } from './dates';
import { assertAllCanTeachClasses } from '../../module-kit/teaching';
import { toAttendanceRecord } from './records';
import { classesInYear, currentYearOf } from '../years/current-year';
import { attendanceRepository as repo } from './repository';
import { approvedStudentLeave, leaveKey } from '../leave/coverage';

/**
 * Checks each sheet as a whole, in order, with one query per kind for all of them: a sheet's first
 * fault (date, class, teaching rule, a student twice, a student outside the class) is its answer.
 */
async function checkSheets(tx: Db, tenantId: string, marked: readonly MarkedSheet<MarkSheet>[]): Promise<void> {
  const sheets = marked.map(({ sheet }) => sheet);
  for (const sheet of sheets) {
    if (!isRealDate(sheet.date)) throw badRequest(messages.attendance.invalidDate, { fieldErrors: { date: [messages.attendance.invalidDate] } });
  }
  const live = new Set((await repo.liveClasses(tx, tenantId, [...new Set(sheets.map((sheet) => sheet.classId))])).map((row) => row.id));
  for (const sheet of sheets) if (!live.has(sheet.classId)) throw notFound(messages.attendance.classNotFound);
  const byUser = new Map<string, { user: AuthUser; classIds: Set<string> }>();
  for (const { user, sheet } of marked) {
    const mine = byUser.get(user.id) ?? { user, classIds: new Set<string>() };
    mine.classIds.add(sheet.classId);
    byUser.set(user.id, mine);
  }
  await assertAllCanTeachClasses(
    tx,
    tenantId,
    [...byUser.values()].map(({ user, classIds }) => ({ user, classIds: [...classIds] })),
    messages.attendance.notYourClass,
  );

  for (const sheet of sheets) duplicatePeople(sheet.entries, 'studentId', messages.attendance.duplicateStudent);

  const studentIds = [...new Set(sheets.flatMap((sheet) => sheet.entries.map((entry) => entry.studentId)))];
  const found = await repo.liveStudents(tx, tenantId, studentIds);
  const classNow = new Map(found.map((student) => [student.id, student.classId]));
  // A sheet of a closed year's date is checked against that year's classes: it was true that day.
  const current = await currentYearOf(tx, tenantId);
  const classThen = new Map<number, Map<string, string | null>>();
  for (const year of new Set(sheets.map((sheet) => academicYearOf(sheet.date)).filter((year) => year < current))) {
    classThen.set(year, await classesInYear(tx, tenantId, studentIds, year));
  }
  for (const sheet of sheets) {
    const classOf = classThen.get(academicYearOf(sheet.date)) ?? classNow;
    const fieldErrors: Record<string, string[]> = {};
    const outside: string[] = [];
    sheet.entries.forEach((entry, index) => {
      if (classOf.get(entry.studentId) !== sheet.classId) {
        outside.push(entry.studentId);
        fieldErrors[`entries.${index}.studentId`] = [messages.attendance.notInClass];
      }
    });
    if (outside.length > 0) throw new AppError(400, messages.attendance.notInClass, { fieldErrors, studentIds: outside });
  }
}

const writer = sheetWriter({
  entity: 'attendance',
  subject: 'studentId',
  messages: { changed: messages.attendance.changedElsewhere, deleted: messages.attendance.deletedElsewhere },
  lockLive: repo.lockLiveRecordsOn,
  latestTombstone: repo.latestTombstone,
  insertMany: repo.insertMany,
  created: (sheet: MarkSheet, entry: SheetEntry, row) => ({ ...row, studentId: entry.studentId, classId: sheet.classId, date: sheet.date, status: entry.status, remark: entry.remark }),
  update: (tx, tenantId, id, sheet, entry, stamp) => repo.update(tx, tenantId, id, { status: entry.status, remark: entry.remark, classId: sheet.classId, ...stamp }),
  sameMark: (row, entry) => row.status === entry.status && row.remark === entry.remark,
  version: (sheet, entry) => ({
    ...(entry.id ? { id: entry.id } : {}),
    studentId: entry.studentId,
    classId: sheet.classId,
    date: sheet.date,
    status: entry.status,
    remark: entry.remark,
    baseRev: entry.baseRev ?? null,
    deviceMarkedAt: sheet.deviceMarkedAt ?? null,
  }),
  record: toAttendanceRecord,
  answer: (sheet, result): MarkSheetResult => ({ classId: sheet.classId, date: sheet.date, ...result }),
});

/**
 * Marks several sheets in one go (a batch push of a backlog, or sheets that arrive together), with
 * the same outcome as marking them one after another: each answer is what that sheet alone would
 * have got, each checked against its own user's teaching rule. Sheets that share a student and
 * date throw OverlappingSheets (the later one must see the earlier one's write). Any fault of any
 * sheet throws it, so a caller marking many sheets falls back to one at a time.
 */
export async function markSheets(tx: Db, tenantId: string, marked: readonly MarkedSheet<MarkSheet>[]): Promise<MarkSheetResult[]> {
  await checkSheets(tx, tenantId, marked);
  return writer.write(tx, tenantId, await withApprovedLeave(tx, tenantId, marked));
}

/**
 * A child on approved leave that day stays "leave" (docs/decisions.md "Leave"): an absent mark,
 * or a mark the teacher never touched, becomes leave; present or late stands (the child came).
 */
async function withApprovedLeave(tx: Db, tenantId: string, marked: readonly MarkedSheet<MarkSheet>[]): Promise<readonly MarkedSheet<MarkSheet>[]> {
  const covered = await approvedStudentLeave(
    tx,
    tenantId,
    marked.flatMap(({ sheet }) => sheet.entries.map((entry) => ({ studentId: entry.studentId, date: sheet.date }))),
  );
  if (covered.size === 0) return marked;
  const onLeave = (date: string, entry: SheetEntry) => covered.has(leaveKey(entry.studentId, date)) && (entry.assumed === true || entry.status === 'absent');
  return marked.map((one) => ({
    ...one,
    sheet: { ...one.sheet, entries: one.sheet.entries.map((entry) => (onLeave(one.sheet.date, entry) ? { ...entry, status: 'leave' as const } : entry)) },
  }));
}
