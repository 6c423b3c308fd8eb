/**
 * Marking the staff of one date as one write, with the rules of student attendance
 * (server/modules/attendance/mark-sheet.ts): per entry, no record and none seen creates it; a record
 * deleted since the device saw it wins; the same status, leave type and remark changes nothing; the
 * device's baseRev equal to the server's applies; anything else keeps the server's version and puts
 * the device's in history with a notice. The sheet is checked whole first: one unknown teacher and
 * nothing is written.
 */
import { randomUUID } from 'node:crypto';
import type { ConflictNotice } from '../../../contract/revisions';
import { isRealIsoDate, type TeacherAttendance, teacherAttendanceMessages, type TeacherEntryVersion, type TeacherMarkSheet, type TeacherMarkSheetResult, type TeacherSheetEntry } from '../../../contract/teacher-attendance';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import type { AuthUser } from '../../types';
import { keepInHistory, plausibleDeviceTime } from '../../module-kit/conflicts';
import { teacherAttendanceRepository as repo, toTeacherAttendance, type NewTeacherAttendance, type TeacherAttendanceRow } from './repository';

type Notice = ConflictNotice<TeacherAttendance, TeacherEntryVersion>;

async function checkSheet(tx: Db, tenantId: string, sheet: TeacherMarkSheet): Promise<void> {
  if (!isRealIsoDate(sheet.date)) throw badRequest(teacherAttendanceMessages.invalidDate, { fieldErrors: { date: [teacherAttendanceMessages.invalidDate] } });
  const fieldErrors: Record<string, string[]> = {};
  const seen = new Set<string>();
  sheet.entries.forEach((entry, index) => {
    if (seen.has(entry.teacherId)) fieldErrors[`entries.${index}.teacherId`] = [teacherAttendanceMessages.duplicateTeacher];
    seen.add(entry.teacherId);
  });
  if (Object.keys(fieldErrors).length > 0) throw badRequest(teacherAttendanceMessages.duplicateTeacher, { fieldErrors });
  const live = await repo.liveTeacherIds(tx, tenantId, [...seen]);
  const unknown: string[] = [];
  sheet.entries.forEach((entry, index) => {
    if (live.has(entry.teacherId)) return;
    unknown.push(entry.teacherId);
    fieldErrors[`entries.${index}.teacherId`] = [teacherAttendanceMessages.teacherNotFound];
  });
  if (unknown.length > 0) throw new AppError(400, teacherAttendanceMessages.teacherNotFound, { fieldErrors, teacherIds: unknown });
}

function versionOf(sheet: TeacherMarkSheet, entry: TeacherSheetEntry): TeacherEntryVersion {
  return {
    ...(entry.id ? { id: entry.id } : {}),
    teacherId: entry.teacherId,
    date: sheet.date,
    status: entry.status,
    leaveType: entry.leaveType ?? null,
    remark: entry.remark,
    baseRev: entry.baseRev ?? null,
    deviceMarkedAt: sheet.deviceMarkedAt ?? null,
  };
}

const sameMark = (row: TeacherAttendanceRow, entry: TeacherSheetEntry) =>
  row.status === entry.status && row.leaveType === (entry.leaveType ?? null) && row.remark === entry.remark;

export async function markTeacherSheet(tx: Db, user: AuthUser, sheet: TeacherMarkSheet): Promise<TeacherMarkSheetResult> {
  const tenantId = user.tenantId;
  await checkSheet(tx, tenantId, sheet);
  const deviceMarkedAt = plausibleDeviceTime(sheet.deviceMarkedAt);
  const kept = new Map<string, TeacherAttendanceRow>();
  const conflicts: Notice[] = [];

  const conflict = async (entry: TeacherSheetEntry, reason: Notice['reason'], recordId: string, server: TeacherAttendanceRow | null, keptRev: number) => {
    const yours = versionOf(sheet, entry);
    await keepInHistory(tx, { tenantId, entity: 'teacherAttendance', recordId, payload: yours, authorUserId: user.id, reason, keptRev });
    conflicts.push({
      entity: 'teacherAttendance',
      id: recordId,
      reason,
      kept: server ? toTeacherAttendance(server) : null,
      yours,
      message: reason === 'deleted' ? teacherAttendanceMessages.deletedElsewhere : teacherAttendanceMessages.changedElsewhere,
    });
  };

  const decide = async (entry: TeacherSheetEntry, current: TeacherAttendanceRow | undefined): Promise<NewTeacherAttendance | undefined> => {
    const baseRev = entry.baseRev || undefined;
    if (!current) {
      const tombstone = baseRev === undefined ? undefined : await repo.latestTombstone(tx, tenantId, entry.teacherId, sheet.date);
      if (tombstone) {
        await conflict(entry, 'deleted', tombstone.id, null, Number(tombstone.rev));
        return undefined;
      }
      return {
        id: entry.id ?? randomUUID(),
        tenantId,
        teacherId: entry.teacherId,
        date: sheet.date,
        status: entry.status,
        leaveType: entry.leaveType ?? null,
        remark: entry.remark,
        markedBy: user.id,
        deviceMarkedAt,
      };
    }
    if (sameMark(current, entry)) {
      kept.set(entry.teacherId, current);
    } else if (baseRev === Number(current.rev)) {
      const updated = await repo.update(tx, tenantId, current.id, {
        status: entry.status,
        leaveType: entry.leaveType ?? null,
        remark: entry.remark,
        markedBy: user.id,
        deviceMarkedAt,
      });
      kept.set(entry.teacherId, updated ?? current);
    } else {
      kept.set(entry.teacherId, current);
      await conflict(entry, 'changed', current.id, current, Number(current.rev));
    }
    return undefined;
  };

  const teacherIds = sheet.entries.map((entry) => entry.teacherId);
  const existing = new Map((await repo.lockLive(tx, tenantId, teacherIds, sheet.date)).map((row) => [row.teacherId, row]));
  const toCreate: NewTeacherAttendance[] = [];
  for (const entry of sheet.entries) {
    const row = await decide(entry, existing.get(entry.teacherId));
    if (row) toCreate.push(row);
  }

  // A row another writer created meanwhile (or a device id already taken) comes back missing and
  // is decided again against what is there now.
  for (const row of await repo.insertMany(tx, toCreate)) kept.set(row.teacherId, row);
  const missing = toCreate.filter((row) => !kept.has(row.teacherId));
  if (missing.length > 0) {
    const now = new Map((await repo.lockLive(tx, tenantId, missing.map((row) => row.teacherId), sheet.date)).map((row) => [row.teacherId, row]));
    for (const row of missing) {
      const entry = sheet.entries.find((e) => e.teacherId === row.teacherId);
      if (!entry) continue;
      const current = now.get(row.teacherId);
      const again = await decide(current ? entry : { ...entry, id: undefined }, current);
      if (again) {
        const [inserted] = await repo.insertMany(tx, [{ ...again, id: randomUUID() }]);
        if (inserted) kept.set(inserted.teacherId, inserted);
      }
    }
  }

  const records = sheet.entries
    .map((entry) => kept.get(entry.teacherId))
    .filter((row): row is TeacherAttendanceRow => row !== undefined)
    .map(toTeacherAttendance);
  return { date: sheet.date, records, conflicts };
}
