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
 * nothing is written. Several sheets go through the same steps together (markSheets), with a
 * query per step for all of them.
 */
import { randomUUID } from 'node:crypto';
import type { AttendanceRecord, MarkSheet, MarkSheetResult, SheetEntry, SheetEntryVersion } from '../../../contract/attendance';
import { messages } from '../../../contract/messages';
import type { ConflictNotice } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound, WriteAlone } from '../../errors';
import type { AuthUser } from '../../types';
import { keepInHistory, plausibleDeviceTime } from '../../module-kit/conflicts';
import { isRealDate } from './dates';
import { assertAllCanTeachClasses } from '../class-subjects/teaching';
import { toAttendanceRecord, type AttendanceRow } from './records';
import { attendanceRepository as repo, type NewAttendance } from './repository';

type Notice = ConflictNotice<AttendanceRecord, SheetEntryVersion>;

/**
 * Checks each sheet as a whole, in order, with one query per kind for all of them: a sheet's first
 * fault (date, class, teaching rule, a student twice, a student outside the class) is its answer.
 */
async function checkSheets(tx: Db, tenantId: string, marked: readonly MarkedSheet[]): Promise<void> {
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

  for (const sheet of sheets) {
    const fieldErrors: Record<string, string[]> = {};
    const seen = new Set<string>();
    sheet.entries.forEach((entry, index) => {
      if (seen.has(entry.studentId)) fieldErrors[`entries.${index}.studentId`] = [messages.attendance.duplicateStudent];
      seen.add(entry.studentId);
    });
    if (Object.keys(fieldErrors).length > 0) throw badRequest(messages.attendance.duplicateStudent, { fieldErrors });
  }

  const found = await repo.liveStudents(tx, tenantId, [...new Set(sheets.flatMap((sheet) => sheet.entries.map((entry) => entry.studentId)))]);
  const classOf = new Map(found.map((student) => [student.id, student.classId]));
  for (const sheet of sheets) {
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

/** A sheet and the user marking it (several teachers' sheets may be written together). */
export interface MarkedSheet {
  user: AuthUser;
  sheet: MarkSheet;
}

/** Two sheets of one call mark the same student on the same date: they must go one after another. */
export class OverlappingSheets extends WriteAlone {
  constructor() {
    super('two sheets of one call mark the same student and date');
  }
}

const dayKey = (studentId: string, date: string) => `${studentId}/${date}`;

/** One sheet's decisions against the server's live records: the records it keeps and its conflicts. */
function sheetWriter(tx: Db, user: AuthUser, sheet: MarkSheet) {
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

  const created = (entry: SheetEntry): NewAttendance => ({
    id: entry.id ?? randomUUID(),
    tenantId,
    studentId: entry.studentId,
    classId: sheet.classId,
    date: sheet.date,
    status: entry.status,
    remark: entry.remark,
    markedBy: user.id,
    deviceMarkedAt,
  });

  /** The decisions that read or write the database: a deleted record, an edit, a conflict. */
  const decideWithQueries = async (entry: SheetEntry, current: AttendanceRow | undefined): Promise<NewAttendance | undefined> => {
    const baseRev = entry.baseRev || undefined;
    if (!current) {
      const tombstone = baseRev === undefined ? undefined : await repo.latestTombstone(tx, tenantId, entry.studentId, sheet.date);
      if (tombstone) {
        await conflict(entry, 'deleted', tombstone.id, null, Number(tombstone.rev));
        return undefined;
      }
      return created(entry);
    }
    if (baseRev === Number(current.rev)) {
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

  /**
   * Decides one entry against the server's live record; returns the row to create, if any. A new
   * mark and a mark sent again are decided at once, without a promise: a 9 am group holds 7,500.
   */
  const decide = (entry: SheetEntry, current: AttendanceRow | undefined): NewAttendance | undefined | Promise<NewAttendance | undefined> => {
    if (!current && !entry.baseRev) return created(entry);
    if (current && current.status === entry.status && current.remark === entry.remark) {
      kept.set(entry.studentId, current);
      return undefined;
    }
    return decideWithQueries(entry, current);
  };

  /** A row another writer created meanwhile (or a device id already taken) is decided again. */
  const settleMissing = async (toCreate: readonly NewAttendance[]) => {
    const missing = toCreate.filter((row) => !kept.has(row.studentId));
    if (missing.length === 0) return;
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
  };

  const result = (): MarkSheetResult => {
    const records = sheet.entries
      .map((entry) => kept.get(entry.studentId))
      .filter((row): row is AttendanceRow => row !== undefined)
      .map(toAttendanceRecord);
    return { classId: sheet.classId, date: sheet.date, records, conflicts };
  };

  return { sheet, kept, decide, settleMissing, result };
}

/**
 * Marks several sheets in one go (a batch push of a backlog, or sheets that arrive together), with
 * the same outcome as marking them one after another: each answer is what that sheet alone would
 * have got, each checked against its own user's teaching rule. Sheets that share a
 * student and date throw OverlappingSheets (the later one must see the earlier one's write). Any
 * fault of any sheet throws it, so a caller marking many sheets falls back to one at a time.
 */
export async function markSheets(tx: Db, tenantId: string, marked: readonly MarkedSheet[]): Promise<MarkSheetResult[]> {
  if (marked.some(({ user }) => user.tenantId !== tenantId)) throw new Error('sheets of another school');
  await checkSheets(tx, tenantId, marked);
  const sheets = marked.map(({ sheet }) => sheet);
  const days = new Set<string>();
  for (const sheet of sheets) {
    for (const entry of sheet.entries) {
      const key = dayKey(entry.studentId, sheet.date);
      if (days.has(key)) throw new OverlappingSheets();
      days.add(key);
    }
  }
  const locked = await repo.lockLiveRecordsOn(
    tx,
    tenantId,
    [...new Set(sheets.flatMap((sheet) => sheet.entries.map((entry) => entry.studentId)))],
    [...new Set(sheets.map((sheet) => sheet.date))],
  );
  const existing = new Map(locked.map((row) => [dayKey(row.studentId, row.date), row]));

  const writers = marked.map(({ user, sheet }) => sheetWriter(tx, user, sheet));
  const toCreate: NewAttendance[][] = [];
  for (const writer of writers) {
    const rows: NewAttendance[] = [];
    for (const entry of writer.sheet.entries) {
      const decided = writer.decide(entry, existing.get(dayKey(entry.studentId, writer.sheet.date)));
      const row = decided instanceof Promise ? await decided : decided;
      if (row) rows.push(row);
    }
    toCreate.push(rows);
  }

  const created = await repo.insertMany(tx, toCreate.flat());
  const byDay = new Map(created.map((row) => [dayKey(row.studentId, row.date), row]));
  for (const [index, writer] of writers.entries()) {
    for (const row of toCreate[index] ?? []) {
      const inserted = byDay.get(dayKey(row.studentId, row.date));
      if (inserted) writer.kept.set(row.studentId, inserted);
    }
    await writer.settleMissing(toCreate[index] ?? []);
  }
  return writers.map((writer) => writer.result());
}
