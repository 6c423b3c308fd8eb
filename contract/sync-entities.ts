/**
 * The entities the pull sends (docs/adding-a-module.md): one line per synced entity, its name (the
 * device's mirror table of the same name) and the zod schema of its `record`, as the entity's read
 * endpoints answer it. The server is built with this list (server/app.ts `entities`): the pull's
 * answer names these entities, and a module whose pull source names another does not start.
 * `syncEntities` and `SyncEntity` are derived from it.
 */
import { leaveApplicationSchema } from './leave';
import type { z } from 'zod';
import { admissionSchema } from './admission';
import { attendanceRecordSchema } from './attendance';
import { certificateSchema } from './certificate';
import { classSchema } from './class';
import { classSubjectSchema } from './class-subject';
import { eventSchema } from './events';
import { resultSchema } from './exam-results';
import { examSchema, markSchema } from './exams';
import { feeConcessionSchema, feeHeadSchema, feeReceiptSchema, feeStructureSchema } from './fees';
import { homeworkDoneSchema, homeworkSchema } from './homework';
import { notificationCountSchema, notificationReadSchema, notificationSchema } from './notifications';
import { studentSchema } from './student';
import { subjectSchema } from './subject';
import { teacherSchema } from './teacher';
import { teacherAttendanceSchema } from './teacher-attendance';
import { schoolYearSchema, studentYearRecordSchema } from './years';
import { periodSchema, subjectLimitSchema, substitutionSchema, timetableEntrySchema } from './timetable';

export interface SyncedEntity<N extends string = string, R extends z.ZodType = z.ZodType> {
  name: N;
  record: R;
}

export function entity<const N extends string, R extends z.ZodType>(name: N, record: R): SyncedEntity<N, R> {
  return { name, record };
}

export const syncedEntities = [
  entity('classes', classSchema),
  entity('students', studentSchema),
  entity('teachers', teacherSchema),
  entity('attendance', attendanceRecordSchema),
  entity('subjects', subjectSchema),
  entity('classSubjects', classSubjectSchema),
  entity('admissions', admissionSchema),
  entity('certificates', certificateSchema),
  entity('homework', homeworkSchema),
  entity('homeworkDone', homeworkDoneSchema),
  entity('timetablePeriods', periodSchema),
  entity('timetable', timetableEntrySchema),
  entity('timetableLimits', subjectLimitSchema),
  entity('timetableSubstitutions', substitutionSchema),
  entity('teacherAttendance', teacherAttendanceSchema),
  entity('feeHeads', feeHeadSchema),
  entity('feeStructures', feeStructureSchema),
  entity('feeConcessions', feeConcessionSchema),
  entity('feeReceipts', feeReceiptSchema),
  entity('notifications', notificationSchema),
  entity('notificationReads', notificationReadSchema),
  entity('notificationCounts', notificationCountSchema),
  entity('exams', examSchema),
  entity('marks', markSchema),
  entity('results', resultSchema),
  entity('schoolYears', schoolYearSchema),
  entity('studentYears', studentYearRecordSchema),
  entity('events', eventSchema),
  entity('leaveApplications', leaveApplicationSchema),
] as const;

export type SyncEntity = (typeof syncedEntities)[number]['name'];

type Names<E extends readonly SyncedEntity[]> = { [I in keyof E]: E[I]['name'] };

function namesOf<const E extends readonly SyncedEntity[]>(entities: E): Names<E> {
  // `map` keeps the order and the length; TypeScript cannot see that a tuple stays a tuple.
  return entities.map((one) => one.name) as Names<E>;
}

/** The names in the list's order (z.enum takes the tuple). */
export const syncEntities = namesOf(syncedEntities);

/** Whether a name (a notice's `entity`, a ref's table) is one of the synced entities. */
export function isSyncEntity(name: string): name is SyncEntity {
  return (syncEntities as readonly string[]).includes(name);
}

/** The record schema of an entity the pull sends. */
export type RecordOf<N extends SyncEntity> = z.output<Extract<(typeof syncedEntities)[number], { name: N }>['record']>;
