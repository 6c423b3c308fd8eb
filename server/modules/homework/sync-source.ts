/**
 * Homework and done marks in the pull. Homework: staff the school's, a family their classes' (a
 * homework never changes class, so a family's copy never goes stale); the record carries its
 * attachments' metadata, never the bytes. Done marks: staff all, a family their own students'.
 */
import { inArray } from 'drizzle-orm';
import { homework, homeworkDone } from './tables';
import { byId, defineSyncSource, eachRow } from '../../module-kit/sync-source';
import { doneRecord, homeworkRepository, visibleTo } from './repository';

export const homeworkSyncSource = defineSyncSource({
  entity: 'homework',
  table: homework,
  where: (scope) => (scope.school ? undefined : scope.classIds.length ? visibleTo(scope) : 'none'),
  records: async (db, tenantId, rows) => byId(await homeworkRepository.byIds(db, tenantId, rows.map((row) => row.id))),
});

export const homeworkDoneSyncSource = defineSyncSource({
  entity: 'homeworkDone',
  table: homeworkDone,
  where: (scope) => (scope.school ? undefined : scope.studentIds.length ? inArray(homeworkDone.studentId, scope.studentIds) : 'none'),
  records: eachRow(doneRecord),
});
