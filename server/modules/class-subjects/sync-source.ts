/**
 * Class-subject mappings in the pull, with the names GET /classSubjects/{id} joins in. Family: the
 * mappings of their classes (a parent sees which teacher teaches what).
 */
import { inArray } from 'drizzle-orm';
import { classSubjects } from '../../db/core-tables';
import { byId, defineSyncSource } from '../../module-kit/sync-source';
import { classSubjectRepository } from './repository';

export const classSubjectsSyncSource = defineSyncSource({
  entity: 'classSubjects',
  table: classSubjects,
  where: (scope) =>
    scope.school ? undefined : scope.classIds.length ? inArray(classSubjects.classId, scope.classIds) : 'none',
  records: async (db, tenantId, rows) => byId(await classSubjectRepository.byIds(db, tenantId, rows.map((row) => row.id))),
});
