/**
 * The timetable in the pull: staff the whole school's; a family their children's classes' entries
 * and substitutions, and the bell schedule (an entry never changes class, so a family's copy never
 * goes stale). Weekly limits go to staff only (the admin grid's warning).
 */
import { inArray } from 'drizzle-orm';
import { timetableEntries, timetablePeriods, timetableSubjectLimits, timetableSubstitutions } from './tables';
import { defineSyncSource, eachRow } from '../../module-kit/sync-source';

export const timetablePeriodSyncSource = defineSyncSource({
  entity: 'timetablePeriods',
  table: timetablePeriods,
  where: (scope) => (scope.school || scope.classIds.length > 0 ? undefined : 'none'),
  records: eachRow((row: typeof timetablePeriods.$inferSelect) => ({
    id: row.id,
    day: row.day,
    position: row.position,
    name: row.name,
    startTime: row.startTime,
    endTime: row.endTime,
    kind: row.kind,
    rev: row.rev,
  })),
});

export const timetableSyncSource = defineSyncSource({
  entity: 'timetable',
  table: timetableEntries,
  where: (scope) => (scope.school ? undefined : scope.classIds.length ? inArray(timetableEntries.classId, scope.classIds) : 'none'),
  records: eachRow((row: typeof timetableEntries.$inferSelect) => ({
    id: row.id,
    classId: row.classId,
    periodId: row.periodId,
    subjectId: row.subjectId,
    teacherId: row.teacherId,
    room: row.room,
    rev: row.rev,
  })),
});

export const timetableLimitSyncSource = defineSyncSource({
  entity: 'timetableLimits',
  table: timetableSubjectLimits,
  where: (scope) => (scope.school ? undefined : 'none'),
  records: eachRow((row: typeof timetableSubjectLimits.$inferSelect) => ({ id: row.id, subjectId: row.subjectId, perWeek: row.perWeek, rev: row.rev })),
});

export const substitutionSyncSource = defineSyncSource({
  entity: 'timetableSubstitutions',
  table: timetableSubstitutions,
  where: (scope) => (scope.school ? undefined : scope.classIds.length ? inArray(timetableSubstitutions.classId, scope.classIds) : 'none'),
  records: eachRow((row: typeof timetableSubstitutions.$inferSelect) => ({
    id: row.id,
    entryId: row.entryId,
    classId: row.classId,
    periodId: row.periodId,
    date: row.date,
    teacherId: row.teacherId,
    rev: row.rev,
  })),
});

