/**
 * The classes a teacher may change (the server's rule, class-subjects/teaching.ts): the ones they
 * are class teacher of. Null while unknown (no teacher id, or the mirror still loading).
 */
import { useMemo } from 'react';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';

export function useTaughtClassIds(teacherId: string | null): ReadonlySet<string> | null {
  const classTeacherOf = useMirrorQuery(
    (db) => (teacherId ? db.classes.filter((row) => row.classTeacherId === teacherId).primaryKeys() : []),
    [teacherId],
  );
  return useMemo(() => (teacherId && classTeacherOf ? new Set(classTeacherOf) : null), [teacherId, classTeacherOf]);
}
