/**
 * Subjects in the pull. Family: the subjects ever mapped to their classes (a removed mapping keeps
 * the subject in scope, so its later delete still reaches the device). A new mapping touches its
 * subject (migration 0007), so a subject already synced elsewhere reaches a family that only now
 * may see it.
 */
import { inArray, sql } from 'drizzle-orm';
import { classSubjects, subjects } from '../../db/core-tables';
import { defineSyncSource, eachRow } from '../../module-kit/sync-source';

export const subjectsSyncSource = defineSyncSource({
  entity: 'subjects',
  table: subjects,
  where: (scope) =>
    scope.school
      ? undefined
      : scope.classIds.length
        ? sql`exists (select 1 from ${classSubjects} where ${classSubjects.tenantId} = ${subjects.tenantId}
            and ${classSubjects.subjectId} = ${subjects.id} and ${inArray(classSubjects.classId, scope.classIds)})`
        : 'none',
  records: eachRow((row) => ({ id: row.id, subjectName: row.subjectName, subjectCode: row.subjectCode, rev: row.rev })),
});
