/**
 * The double-booking rule of the timetable, one function for the server (which refuses with 409)
 * and the device (which marks the grid before saving, offline against its mirror): a class has one
 * entry per period, a teacher teaches one class per period, a room holds one class per period.
 */
export interface PlacedEntry {
  id: string;
  classId: string;
  periodId: string;
  subjectId: string;
  teacherId: string | null;
  room: string;
}

export type ClashKind = 'slot' | 'teacher' | 'room';

export interface Clash {
  kind: ClashKind;
  /** The entry already holding the class's slot, the teacher or the room. */
  other: PlacedEntry;
}

export const sameRoom = (a: string, b: string) => a.trim() !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The first clash of the candidate with the entries placed (the candidate's own id is skipped). */
export function findClash(placed: Iterable<PlacedEntry>, candidate: Omit<PlacedEntry, 'id' | 'subjectId'> & { id?: string }): Clash | null {
  let teacher: Clash | null = null;
  let room: Clash | null = null;
  for (const other of placed) {
    if (other.id === candidate.id || other.periodId !== candidate.periodId) continue;
    if (other.classId === candidate.classId) return { kind: 'slot', other };
    if (!teacher && candidate.teacherId && other.teacherId === candidate.teacherId) teacher = { kind: 'teacher', other };
    if (!room && sameRoom(other.room, candidate.room)) room = { kind: 'room', other };
  }
  return teacher ?? room;
}

/** How many times a week the class has the subject, counting the candidate in its place. */
export function weeklyCount(placed: Iterable<PlacedEntry>, candidate: { id?: string; classId: string; subjectId: string }): number {
  let count = 1;
  for (const other of placed) {
    if (other.id !== candidate.id && other.classId === candidate.classId && other.subjectId === candidate.subjectId) count++;
  }
  return count;
}
