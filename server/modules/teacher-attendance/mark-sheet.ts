/**
 * Marking the staff of one date as one write, a sheet of the module kit as student attendance's
 * (server/module-kit/sheet-writer.ts: how each mark is decided against the school's). The sheet is
 * checked whole first: one unknown teacher and nothing is written.
 */
import { isRealIsoDate, teacherAttendanceMessages, type TeacherMarkSheet, type TeacherMarkSheetResult, type TeacherSheetEntry } from '../../../contract/teacher-attendance';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import type { AuthUser } from '../../types';
import { duplicatePeople, sheetWriter } from '../../module-kit/sheet-writer';
import { teacherAttendanceRepository as repo, toTeacherAttendance } from './repository';

async function checkSheet(tx: Db, tenantId: string, sheet: TeacherMarkSheet): Promise<void> {
  if (!isRealIsoDate(sheet.date)) throw badRequest(teacherAttendanceMessages.invalidDate, { fieldErrors: { date: [teacherAttendanceMessages.invalidDate] } });
  duplicatePeople(sheet.entries, 'teacherId', teacherAttendanceMessages.duplicateTeacher);
  const live = await repo.liveTeacherIds(tx, tenantId, sheet.entries.map((entry) => entry.teacherId));
  const fieldErrors: Record<string, string[]> = {};
  const unknown: string[] = [];
  sheet.entries.forEach((entry, index) => {
    if (live.has(entry.teacherId)) return;
    unknown.push(entry.teacherId);
    fieldErrors[`entries.${index}.teacherId`] = [teacherAttendanceMessages.teacherNotFound];
  });
  if (unknown.length > 0) throw new AppError(400, teacherAttendanceMessages.teacherNotFound, { fieldErrors, teacherIds: unknown });
}

const writer = sheetWriter({
  entity: 'teacherAttendance',
  subject: 'teacherId',
  messages: { changed: teacherAttendanceMessages.changedElsewhere, deleted: teacherAttendanceMessages.deletedElsewhere },
  lockLive: repo.lockLive,
  latestTombstone: repo.latestTombstone,
  insertMany: repo.insertMany,
  created: (sheet: TeacherMarkSheet, entry: TeacherSheetEntry, row) => ({
    ...row,
    teacherId: entry.teacherId,
    date: sheet.date,
    status: entry.status,
    leaveType: entry.leaveType ?? null,
    remark: entry.remark,
  }),
  update: (tx, tenantId, id, _sheet, entry, stamp) => repo.update(tx, tenantId, id, { status: entry.status, leaveType: entry.leaveType ?? null, remark: entry.remark, ...stamp }),
  sameMark: (row, entry) => row.status === entry.status && row.leaveType === (entry.leaveType ?? null) && row.remark === entry.remark,
  version: (sheet, entry) => ({
    ...(entry.id ? { id: entry.id } : {}),
    teacherId: entry.teacherId,
    date: sheet.date,
    status: entry.status,
    leaveType: entry.leaveType ?? null,
    remark: entry.remark,
    baseRev: entry.baseRev ?? null,
    deviceMarkedAt: sheet.deviceMarkedAt ?? null,
  }),
  record: toTeacherAttendance,
  answer: (sheet, result): TeacherMarkSheetResult => ({ date: sheet.date, ...result }),
});

export async function markTeacherSheet(tx: Db, user: AuthUser, sheet: TeacherMarkSheet): Promise<TeacherMarkSheetResult> {
  await checkSheet(tx, user.tenantId, sheet);
  const [result] = await writer.write(tx, user.tenantId, [{ user, sheet }]);
  return result!;
}
