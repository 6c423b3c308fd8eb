/**
 * The classes a teacher may change (the server's rule, class-subjects/teaching.ts): the ones they
 * are class teacher of or teach a subject in. Null while unknown (no teacher id, mirror loading).
 */
import { useMemo } from 'react';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';

export function useTaughtClassIds(teacherId: string | null): ReadonlySet<string> | null {
  const ids = useMirrorQuery(
    async (db) => {
      if (!teacherId) return [];
      const [classTeacherOf, subjects] = await Promise.all([
        db.classes.filter((row) => row.classTeacherId === teacherId).primaryKeys(),
        db.classSubjects.where('teacherId').equals(teacherId).toArray(),
      ]);
      return [...classTeacherOf, ...subjects.map((row) => row.classId)];
    },
    [teacherId],
  );
  return useMemo(() => (teacherId && ids ? new Set(ids) : null), [teacherId, ids]);
}
