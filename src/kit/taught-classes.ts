/**
 * The classes a teacher may change (the server's rule, server/module-kit/teaching.ts): the ones they
 * are class teacher of or teach a subject in. Attendance marking (attendance/permissions.ts
 * canMarkClass) and the student records use the same rule, so the screens offer only these.
 */
import { useMemo } from 'react';
import { useMirrorQuery } from '../sync-binding/use-mirror-query';
import { useStaffAccess } from './access';
import { classIdsTaughtBy } from './taught-class-ids';

/** Null while unknown (no teacher id, mirror loading). */
export function useTaughtClassIds(teacherId: string | null): ReadonlySet<string> | null {
  const ids = useMirrorQuery((db) => (teacherId ? classIdsTaughtBy(db, teacherId) : []), [teacherId]);
  return useMemo(() => (teacherId && ids ? new Set(ids) : null), [teacherId, ids]);
}

/**
 * The classes the signed-in staff member may mark and change: `null` for every class (an admin),
 * a set for a teacher (empty without a teacher record: the server refuses them every class),
 * `undefined` while the mirror is read.
 */
export function useChangeableClassIds(): ReadonlySet<string> | null | undefined {
  const { isAdmin, teacherId } = useStaffAccess();
  const ids = useMirrorQuery((db) => (isAdmin ? null : teacherId ? classIdsTaughtBy(db, teacherId) : []), [isAdmin, teacherId]);
  return useMemo(() => (isAdmin ? null : ids ? new Set(ids) : undefined), [isAdmin, ids]);
}

export function mayChangeClassOf(changeable: ReadonlySet<string> | null | undefined, classId: string | null | undefined): boolean {
  if (changeable === null) return true;
  return Boolean(changeable && classId && changeable.has(classId));
}
