/**
 * `teacherAttendance.markSheet`: the staff of one date marked as one write
 * (POST /api/teacherAttendance/mark-sheet), as student attendance's sheet: the mirror gets a row per
 * teacher at once, the outbox one entry per date, and later edits of the same date merge into it
 * while it waits (per teacher the latest edit wins, the base rev stays the first edit's). A record's
 * id is made from the teacher and the date, so two admins marking the same teacher offline name
 * the same record and the school's first version is kept (the other goes to history).
 */
import type { ConflictNotice } from '../../contract/sync';
import type { LeaveType, TeacherAttendance, TeacherMarkSheetInput, TeacherStatus } from '../../contract/teacher-attendance';
import { isRecord, type KindContext, type MutationKind, type PrepareContext, type ServerEffects } from './kind';
import { serverRows } from '../mirror';
import { refOf } from './records';
import { teacherAttendancePaths } from '../../contract/teacher-attendance';

export interface TeacherMark {
  teacherId: string;
  status: TeacherStatus;
  leaveType?: LeaveType | null;
  remark?: string;
}

export interface TeacherSheetInput {
  date: string;
  entries: TeacherMark[];
}

type Entry = TeacherMarkSheetInput['entries'][number] & { id: string; remark: string; leaveType: LeaveType | null };
type Body = Omit<TeacherMarkSheetInput, 'entries'> & { entries: Entry[] };

export const teacherMarkSheetKind = 'teacherAttendance.markSheet' as const;

const mask48 = (1n << 48n) - 1n;

/** The id of a teacher's record on a date: the teacher's UUID with its last 48 bits mixed with the date (version 8). */
export function teacherAttendanceId(teacherId: string, date: string): string {
  const hex = teacherId.replace(/-/g, '').toLowerCase();
  const mixed = (BigInt(`0x${hex.slice(20)}`) ^ ((BigInt(date.replace(/-/g, '')) * 2654435761n) & mask48)).toString(16).padStart(12, '0');
  const variant = ((parseInt(hex[16] ?? '8', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${mixed}`;
}

async function prepare(input: TeacherSheetInput, context: PrepareContext) {
  const seen = new Set<string>();
  const marks: typeof input.entries = [];
  for (const mark of input.entries) {
    if (seen.has(mark.teacherId)) continue;
    seen.add(mark.teacherId);
    marks.push(mark);
  }
  // One bulk read of the staff's rows, not one per teacher.
  const servers = await serverRows(
    context.db,
    marks.map((mark) => refOf('teacherAttendance', teacherAttendanceId(mark.teacherId, input.date))),
    context.reads,
  );
  const entries: Entry[] = [];
  for (const mark of marks) {
    const id = teacherAttendanceId(mark.teacherId, input.date);
    const server = servers.get(refOf('teacherAttendance', id));
    const baseRev = server && typeof server.rev === 'number' && server.rev > 0 ? server.rev : undefined;
    entries.push({
      id,
      teacherId: mark.teacherId,
      status: mark.status,
      leaveType: mark.status === 'leave' ? (mark.leaveType ?? 'other') : null,
      remark: mark.remark ?? '',
      ...(baseRev === undefined ? {} : { baseRev }),
    });
  }
  const body: Body = { date: input.date, entries, deviceMarkedAt: new Date(context.now).toISOString() };
  return {
    method: 'POST' as const,
    path: teacherAttendancePaths.markSheet,
    body,
    refs: entries.map((entry) => refOf('teacherAttendance', entry.id)),
    needs: entries.map((entry) => refOf('teachers', entry.teacherId)),
    coalesceKey: `${teacherMarkSheetKind}:${input.date}`,
  };
}

function merge(first: Body, second: Body): Body {
  const byTeacher = new Map(first.entries.map((entry) => [entry.teacherId, entry]));
  for (const entry of second.entries) {
    const previous = byTeacher.get(entry.teacherId);
    const baseRev = previous ? previous.baseRev : entry.baseRev;
    const { baseRev: _ignored, ...rest } = entry;
    byTeacher.set(entry.teacherId, { ...rest, ...(baseRev === undefined ? {} : { baseRev }) });
  }
  return { ...first, entries: [...byTeacher.values()], deviceMarkedAt: second.deviceMarkedAt ?? first.deviceMarkedAt };
}

function overlay(identity: Omit<KindContext, 'db'>, sheet: Body, ref: string, current: Record<string, unknown> | undefined) {
  const entry = sheet.entries.find((candidate) => refOf('teacherAttendance', candidate.id) === ref);
  if (!entry) return current;
  const row: TeacherAttendance = {
    id: entry.id,
    teacherId: entry.teacherId,
    date: sheet.date,
    status: entry.status,
    leaveType: entry.leaveType,
    remark: entry.remark,
    markedBy: identity.userId,
    markedAt: typeof current?.markedAt === 'string' ? current.markedAt : '',
    deviceMarkedAt: sheet.deviceMarkedAt ?? null,
    rev: typeof current?.rev === 'number' ? current.rev : 0,
  };
  return row as unknown as Record<string, unknown>;
}

async function apply(context: KindContext, body: Body, ref: string): Promise<void> {
  const table = context.db.mirror('teacherAttendance');
  const id = ref.slice('teacherAttendance:'.length);
  const current = await table.get(id);
  const row = overlay(context, body, ref, current as unknown as Record<string, unknown> | undefined);
  if (row && row !== (current as unknown)) await table.put(row as unknown as TeacherAttendance);
}

function isTeacherAttendance(value: unknown): value is TeacherAttendance {
  return isRecord(value) && typeof value.id === 'string' && typeof value.teacherId === 'string' && typeof value.date === 'string' && typeof value.rev === 'number';
}

function accepted(_body: Body, data: unknown): ServerEffects {
  const effects: ServerEffects = { upserts: [], deletes: [], conflicts: [] };
  if (!isRecord(data)) return effects;
  const records = Array.isArray(data.records) ? data.records : [];
  for (const record of records) if (isTeacherAttendance(record)) effects.upserts.push({ table: 'teacherAttendance', row: record });
  for (const notice of Array.isArray(data.conflicts) ? data.conflicts : []) {
    if (!isRecord(notice) || typeof notice.id !== 'string') continue;
    effects.conflicts.push(notice as unknown as ConflictNotice);
    if (records.some((record) => isRecord(record) && record.id === notice.id)) continue;
    if (isTeacherAttendance(notice.kept)) effects.upserts.push({ table: 'teacherAttendance', row: notice.kept });
    else if (notice.reason === 'deleted') effects.deletes.push({ table: 'teacherAttendance', id: notice.id });
  }
  return effects;
}

function rebase(sheet: Body, applied: ServerEffects['upserts']): Body {
  const revs = new Map<string, number>();
  for (const { table, row } of applied) {
    if (table === 'teacherAttendance' && row.date === sheet.date && typeof row.rev === 'number') revs.set(String(row.teacherId), row.rev);
  }
  if (revs.size === 0) return sheet;
  return { ...sheet, entries: sheet.entries.map((entry) => (revs.has(entry.teacherId) ? { ...entry, baseRev: revs.get(entry.teacherId) } : entry)) };
}

export const teacherMarkSheet: MutationKind<TeacherSheetInput, Body, typeof teacherMarkSheetKind> = {
  name: teacherMarkSheetKind,
  tables: ['teacherAttendance'],
  prepare,
  merge,
  apply,
  overlay,
  accepted,
  rebase,
};
