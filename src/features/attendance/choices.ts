/**
 * A mark the school kept over one the person chose (docs/sync-server.md "Conflicts": the first
 * version to reach the school stands). The sheet shows both on the student's row and she chooses:
 * hers goes to the school again, now based on the version she has seen, so it is applied; the
 * school's needs nothing sent. Either way the notices about that student's mark go. Marks nobody
 * chose (the sheet's "present until changed") never come here: the school's stand without a notice.
 */
import type { AttendanceStatus } from '../../../contract/attendance';
import type { ConflictRow, SyncEngine } from '../../../sync';

export interface MarkVersion {
  status: AttendanceStatus;
  remark: string;
}

export interface MarkChoice {
  studentId: string;
  /** The mark she made and the school did not keep. */
  yours: MarkVersion;
  /** The school's mark, or null when the school deleted the record. */
  school: MarkVersion | null;
  /** The notices about this student's mark on this sheet (a sheet sent twice may leave two). */
  seqs: number[];
}

function versionOf(value: unknown): (MarkVersion & { studentId?: string }) | null {
  if (typeof value !== 'object' || value === null) return null;
  const { status, remark, studentId } = value as { status?: unknown; remark?: unknown; studentId?: unknown };
  if (typeof status !== 'string') return null;
  return {
    status: status as AttendanceStatus,
    remark: typeof remark === 'string' ? remark : '',
    ...(typeof studentId === 'string' ? { studentId } : {}),
  };
}

/** A sheet's notices as choices, one per student: the latest notice gives both versions. */
export function choicesOf(conflicts: readonly ConflictRow[]): Map<string, MarkChoice> {
  const choices = new Map<string, MarkChoice>();
  for (const conflict of conflicts) {
    const yours = versionOf(conflict.yours);
    if (!yours?.studentId || conflict.seq === undefined) continue;
    const kept = versionOf(conflict.kept);
    const earlier = choices.get(yours.studentId);
    choices.set(yours.studentId, {
      studentId: yours.studentId,
      yours: { status: yours.status, remark: yours.remark },
      school: kept ? { status: kept.status, remark: kept.remark } : null,
      seqs: [...(earlier?.seqs ?? []), conflict.seq],
    });
  }
  return choices;
}

/** Sends her mark again over the school's (which she has now seen), then lets the notices go. */
export async function keepYours(engine: SyncEngine, classId: string, date: string, choice: MarkChoice): Promise<void> {
  await engine.mutate('attendance.markSheet', {
    classId,
    date,
    entries: [{ studentId: choice.studentId, status: choice.yours.status, remark: choice.yours.remark }],
  });
  for (const seq of choice.seqs) await engine.dismissConflict(seq);
}

/** The school's mark stays (it is already on the device): only the notices go. */
export async function keepSchools(engine: SyncEngine, choice: MarkChoice): Promise<void> {
  for (const seq of choice.seqs) await engine.dismissConflict(seq);
}
