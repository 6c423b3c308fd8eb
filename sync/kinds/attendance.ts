/**
 * `attendance.markSheet`: one class and date marked as one write (POST /api/attendance/mark-sheet).
 * The mirror gets one row per student at once; the outbox gets one entry per sheet, and later edits
 * of the same sheet merge into it while it has not gone out (per student, the latest edit wins and
 * the base rev stays the one the first edit was made on).
 */
import type { AttendanceRecord, AttendanceStatus, MarkSheet, SheetEntry } from '../../contract/attendance';
import { paths } from '../../contract/paths';
import type { ConflictNotice } from '../../contract/sync';
import type { AttendanceRow } from '../db';
import { attendanceRef, holdNothingAt, parseRef, serverRows } from '../mirror';
import { isRecord, type KindContext, type MutationKind, type PrepareContext, type ServerEffects } from './kind';

export interface SheetMark {
  studentId: string;
  status: AttendanceStatus;
  remark?: string;
}

/** What a screen passes: the class, the date, and the students' marks. */
export interface SheetInput {
  classId: string;
  date: string;
  entries: SheetMark[];
}

export const markSheetKind = 'attendance.markSheet' as const;

export function sheetCoalesceKey(classId: string, date: string): string {
  return `${markSheetKind}:${classId}|${date}`;
}

/** From this many marks a sheet first reads which students have a row that day (a tap reads its one row). */
const dayKeysFrom = 5;

/**
 * Notes in `reads` the refs with no row on the device, from one read of the day's keys: a sheet
 * of a day not marked yet then reads no rows at all. A ref without a row has no `base` either:
 * a pending mark always shows its row (`overlay` never removes one), and only marks touch
 * attendance rows.
 */
async function skipRowsNotHeld(context: PrepareContext, date: string, refs: readonly string[]) {
  const keys = await context.db.attendance.where('date').equals(date).primaryKeys();
  const held = new Set(keys.map(([studentId]) => attendanceRef(studentId, date)));
  holdNothingAt(
    context.reads,
    refs.filter((ref) => !held.has(ref)),
  );
}

async function prepare(input: SheetInput, context: PrepareContext) {
  const marks: SheetMark[] = [];
  const seen = new Set<string>();
  for (const mark of input.entries) {
    if (seen.has(mark.studentId)) continue;
    seen.add(mark.studentId);
    marks.push(mark);
  }
  const refs = marks.map((mark) => attendanceRef(mark.studentId, input.date));
  if (marks.length >= dayKeysFrom) await skipRowsNotHeld(context, input.date, refs);
  // One bulk read of base and one of the sheet's rows, not two reads per student.
  const servers = await serverRows(context.db, refs, context.reads);
  const shown = context.reads.shown;
  const entries: SheetEntry[] = marks.map((mark, i) => {
    const server = servers.get(refs[i]!) ?? null;
    const baseRev = server && typeof server.rev === 'number' && server.rev > 0 ? server.rev : undefined;
    // A record the server does not have yet gets its id here (or keeps the one a waiting change
    // gave it), so the device and the school agree on it.
    const pending = shown.get(refs[i]!)?.id;
    const id = server ? undefined : typeof pending === 'string' ? pending : context.newId();
    return {
      ...(id === undefined ? {} : { id }),
      studentId: mark.studentId,
      status: mark.status,
      remark: mark.remark ?? '',
      ...(baseRev === undefined ? {} : { baseRev }),
    };
  });
  const body: MarkSheet = {
    classId: input.classId,
    date: input.date,
    entries,
    deviceMarkedAt: new Date(context.now).toISOString(),
  };
  return {
    method: 'POST' as const,
    path: paths.attendance.markSheet,
    body,
    refs,
    needs: [`classes:${input.classId}`, ...entries.map((entry) => `students:${entry.studentId}`)],
    coalesceKey: sheetCoalesceKey(input.classId, input.date),
  };
}

function merge(first: MarkSheet, second: MarkSheet): MarkSheet {
  const byStudent = new Map(first.entries.map((entry) => [entry.studentId, entry]));
  for (const entry of second.entries) {
    const previous = byStudent.get(entry.studentId);
    const baseRev = previous ? previous.baseRev : entry.baseRev;
    const id = previous ? previous.id : entry.id;
    byStudent.set(entry.studentId, {
      ...(id === undefined ? {} : { id }),
      studentId: entry.studentId,
      status: entry.status,
      remark: entry.remark,
      ...(baseRev === undefined ? {} : { baseRev }),
    });
  }
  return { ...first, entries: [...byStudent.values()], deviceMarkedAt: second.deviceMarkedAt ?? first.deviceMarkedAt };
}

function overlay(identity: Omit<KindContext, 'db'>, sheet: MarkSheet, ref: string, current: Record<string, unknown> | undefined) {
  const { key } = parseRef(ref);
  const [studentId, date] = key as [string, string];
  if (date !== sheet.date) return current;
  const entry = sheet.entries.find((candidate) => candidate.studentId === studentId);
  if (!entry) return current;
  const row: AttendanceRow = {
    id: typeof current?.id === 'string' ? current.id : (entry.id ?? `local:${studentId}|${date}`),
    studentId,
    classId: sheet.classId,
    date,
    status: entry.status,
    remark: entry.remark ?? '',
    markedBy: identity.userId,
    markedAt: typeof current?.markedAt === 'string' ? current.markedAt : '',
    deviceMarkedAt: sheet.deviceMarkedAt ?? null,
    rev: typeof current?.rev === 'number' ? current.rev : 0,
  };
  return row as unknown as Record<string, unknown>;
}

async function apply(context: KindContext, body: MarkSheet, ref: string): Promise<void> {
  const { key } = parseRef(ref);
  const current = await context.db.attendance.get(key as [string, string]);
  const row = overlay(context, body, ref, current as unknown as Record<string, unknown> | undefined);
  if (row && row !== (current as unknown)) await context.db.attendance.put(row as unknown as AttendanceRow);
}

function isAttendanceRecord(value: unknown): value is AttendanceRecord {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.studentId === 'string' &&
    typeof value.date === 'string' &&
    typeof value.rev === 'number'
  );
}

/** The answer: `data.records` (the versions now stored) and `data.conflicts` (kept over ours). */
function accepted(_body: MarkSheet, data: unknown): ServerEffects {
  const effects: ServerEffects = { upserts: [], deletes: [], conflicts: [] };
  if (!isRecord(data)) return effects;
  const records = Array.isArray(data.records) ? data.records : [];
  for (const record of records) if (isAttendanceRecord(record)) effects.upserts.push({ table: 'attendance', row: record });
  const conflicts = Array.isArray(data.conflicts) ? data.conflicts : [];
  for (const notice of conflicts) {
    if (!isRecord(notice) || typeof notice.id !== 'string') continue;
    effects.conflicts.push(notice as unknown as ConflictNotice);
    if (records.some((r) => isRecord(r) && r.id === notice.id)) continue;
    if (isAttendanceRecord(notice.kept)) effects.upserts.push({ table: 'attendance', row: notice.kept });
    else if (notice.reason === 'deleted') effects.deletes.push({ table: 'attendance', id: notice.id });
  }
  return effects;
}

function rebase(sheet: MarkSheet, applied: ServerEffects['upserts']): MarkSheet {
  const revs = new Map<string, number>();
  for (const { table, row } of applied) {
    if (table === 'attendance' && row.date === sheet.date && typeof row.rev === 'number') revs.set(String(row.studentId), row.rev);
  }
  if (revs.size === 0) return sheet;
  return {
    ...sheet,
    entries: sheet.entries.map((entry) => {
      const rev = revs.get(entry.studentId);
      return rev === undefined ? entry : { ...entry, baseRev: rev };
    }),
  };
}

export const markSheet: MutationKind<SheetInput, MarkSheet, typeof markSheetKind> = {
  name: markSheetKind,
  tables: ['attendance'],
  prepare,
  merge,
  apply,
  overlay,
  accepted,
  rebase,
};
