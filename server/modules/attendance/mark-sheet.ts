/**
 * Marking one class and date as one write (the unit the offline outbox coalesces).
 *
 * Per entry, against the live record of that student and date:
 * - none, and the device saw none (no baseRev): create it;
 * - none, but the device based its change on a record since deleted: deletes win, the change goes
 *   to history with a 'deleted' notice;
 * - same status and remark as the server's: nothing to do (re-sending changes nothing);
 * - baseRev equal to the server's rev: apply;
 * - anything else (another teacher got there first, or the record changed since): the server keeps
 *   its copy, the device's version goes to history with a 'changed' notice.
 * So the first version to reach the school wins, decided by the server's own order, never by
 * device clocks. The sheet is checked as a whole first: one student outside the class and
 * nothing is written.
 */
import { randomUUID } from 'node:crypto';
import type { AttendanceRecord, MarkSheet, MarkSheetResult, SheetEntry, SheetEntryVersion } from '../../../contract/attendance';
import { messages } from '../../../contract/messages';
import type { ConflictNotice } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import type { AuthUser } from '../../types';
import { keepInHistory, plausibleDeviceTime } from '../../module-kit/conflicts';
import { isRealDate } from './dates';
import { assertCanMarkClass } from './permissions';
import { toAttendanceRecord, type AttendanceRow } from './records';
import { attendanceRepository as repo, type NewAttendance } from './repository';

type Notice = ConflictNotice<AttendanceRecord, SheetEntryVersion>;

async function checkSheet(tx: Db, user: AuthUser, sheet: MarkSheet): Promise<void> {
  if (!isRealDate(sheet.date)) throw badRequest(messages.attendance.invalidDate, { fieldErrors: { date: [messages.attendance.invalidDate] } });
  if (!(await repo.liveClass(tx, user.tenantId, sheet.classId))) throw notFound(messages.attendance.classNotFound);
  await assertCanMarkClass(tx, user, sheet.classId);

  const fieldErrors: Record<string, string[]> = {};
  const seen = new Set<string>();
  sheet.entries.forEach((entry, index) => {
    if (seen.has(entry.studentId)) fieldErrors[`entries.${index}.studentId`] = [messages.attendance.duplicateStudent];
    seen.add(entry.studentId);
  });
  if (Object.keys(fieldErrors).length > 0) throw badRequest(messages.attendance.duplicateStudent, { fieldErrors });

  const found = await repo.liveStudents(tx, user.tenantId, [...seen]);
  const inClass = new Set(found.filter((s) => s.classId === sheet.classId).map((s) => s.id));
  const outside: string[] = [];
  sheet.entries.forEach((entry, index) => {
    if (!inClass.has(entry.studentId)) {
      outside.push(entry.studentId);
      fieldErrors[`entries.${index}.studentId`] = [messages.attendance.notInClass];
    }
  });
  if (outside.length > 0) throw new AppError(400, messages.attendance.notInClass, { fieldErrors, studentIds: outside });
}

function versionOf(sheet: MarkSheet, entry: SheetEntry): SheetEntryVersion {
  return {
    ...(entry.id ? { id: entry.id } : {}),
    studentId: entry.studentId,
    classId: sheet.classId,
    date: sheet.date,
    status: entry.status,
    remark: entry.remark,
    baseRev: entry.baseRev ?? null,
    deviceMarkedAt: sheet.deviceMarkedAt ?? null,
  };
}

export async function markSheet(tx: Db, user: AuthUser, sheet: MarkSheet): Promise<MarkSheetResult> {
  await checkSheet(tx, user, sheet);
  const tenantId = user.tenantId;
  const deviceMarkedAt = plausibleDeviceTime(sheet.deviceMarkedAt);
  const kept = new Map<string, AttendanceRow>();
  const conflicts: Notice[] = [];

  const conflict = async (entry: SheetEntry, reason: Notice['reason'], recordId: string, server: AttendanceRow | null, keptRev: number) => {
    const yours = versionOf(sheet, entry);
    await keepInHistory(tx, { tenantId, entity: 'attendance', recordId, payload: yours, authorUserId: user.id, reason, keptRev });
    conflicts.push({
      entity: 'attendance',
      id: recordId,
      reason,
      kept: server ? toAttendanceRecord(server) : null,
      yours,
      message: reason === 'deleted' ? messages.attendance.deletedElsewhere : messages.attendance.changedElsewhere,
    });
  };

  /** Decides one entry against the server's live record; returns the row to create, if any. */
  const decide = async (entry: SheetEntry, current: AttendanceRow | undefined): Promise<NewAttendance | undefined> => {
    const baseRev = entry.baseRev || undefined;
    if (!current) {
      const tombstone = baseRev === undefined ? undefined : await repo.latestTombstone(tx, tenantId, entry.studentId, sheet.date);
      if (tombstone) {
        await conflict(entry, 'deleted', tombstone.id, null, Number(tombstone.rev));
        return undefined;
      }
      return {
        id: entry.id ?? randomUUID(),
        tenantId,
        studentId: entry.studentId,
        classId: sheet.classId,
        date: sheet.date,
        status: entry.status,
        remark: entry.remark,
        markedBy: user.id,
        deviceMarkedAt,
      };
    }
    if (current.status === entry.status && current.remark === entry.remark) {
      kept.set(entry.studentId, current);
    } else if (baseRev === Number(current.rev)) {
      const updated = await repo.update(tx, tenantId, current.id, {
        status: entry.status,
        remark: entry.remark,
        classId: sheet.classId,
        markedBy: user.id,
        deviceMarkedAt,
      });
      kept.set(entry.studentId, updated ?? current);
    } else {
      kept.set(entry.studentId, current);
      await conflict(entry, 'changed', current.id, current, Number(current.rev));
    }
    return undefined;
  };

  const studentIds = sheet.entries.map((entry) => entry.studentId);
  const existing = new Map((await repo.lockLiveRecords(tx, tenantId, studentIds, sheet.date)).map((row) => [row.studentId, row]));
  const toCreate: NewAttendance[] = [];
  for (const entry of sheet.entries) {
    const row = await decide(entry, existing.get(entry.studentId));
    if (row) toCreate.push(row);
  }

  // Insert the new ones together; a row another writer created meanwhile (or a device id already
  // taken) comes back missing and is decided again against what is there now.
  const created = await repo.insertMany(tx, toCreate);
  for (const row of created) kept.set(row.studentId, row);
  const missing = toCreate.filter((row) => !kept.has(row.studentId));
  if (missing.length > 0) {
    const now = new Map((await repo.lockLiveRecords(tx, tenantId, missing.map((row) => row.studentId), sheet.date)).map((row) => [row.studentId, row]));
    for (const row of missing) {
      const entry = sheet.entries.find((e) => e.studentId === row.studentId);
      if (!entry) continue;
      const current = now.get(row.studentId);
      const again = await decide(current ? entry : { ...entry, id: undefined }, current);
      if (again) {
        const [inserted] = await repo.insertMany(tx, [{ ...again, id: randomUUID() }]);
        if (inserted) kept.set(inserted.studentId, inserted);
      }
    }
  }

  const records = sheet.entries
    .map((entry) => kept.get(entry.studentId))
    .filter((row): row is AttendanceRow => row !== undefined)
    .map(toAttendanceRecord);
  return { classId: sheet.classId, date: sheet.date, records, conflicts };
}
