/**
 * Whether an entry may stand where it is put (docs/decisions.md "Timetable and teacher attendance"): the class,
 * a teaching period and the subject are this school's and live, the class takes the subject, the
 * teacher (the mapping's when none is given) is live, and nobody is double-booked
 * (contract/timetable-clashes.ts, the same rule the device runs). A clash is a 409 naming the
 * other class; going over the subject's weekly limit is allowed and only warned of.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '../../../contract/messages';
import { findClash, weeklyCount } from '../../../contract/timetable-clashes';
import type { Db } from '../../db/client';
import { classSubjects, classes, subjects } from '../../db/core-tables';
import { AppError, badRequest } from '../../errors';
import { timetableRepository as repo } from './repository';
import { timetableMessages } from '../../../contract/timetable';

export interface Placement {
  id?: string;
  classId: string;
  periodId: string;
  subjectId: string;
  /** undefined: the mapping's teacher. */
  teacherId: string | null | undefined;
  room: string;
}

const fieldError = (field: string, message: string) => badRequest(message, { fieldErrors: { [field]: [message] } });

/** The teacher the placement resolves to, after every check passed; throws the 4xx otherwise. */
export async function checkPlacement(tx: Db, tenantId: string, placement: Placement): Promise<string | null> {
  const [klass] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.tenantId, tenantId), eq(classes.id, placement.classId), isNull(classes.deletedAt)));
  if (!klass) throw fieldError('classId', messages.classes.notFound);
  const [subject] = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.tenantId, tenantId), eq(subjects.id, placement.subjectId), isNull(subjects.deletedAt)));
  if (!subject) throw fieldError('subjectId', messages.subjects.notFound);
  const period = await repo.period(tx, tenantId, placement.periodId);
  if (!period) throw fieldError('periodId', timetableMessages.periodNotFound);
  if (period.kind !== 'teaching') throw fieldError('periodId', timetableMessages.periodIsBreak);

  const [mapping] = await tx
    .select({ teacherId: classSubjects.teacherId })
    .from(classSubjects)
    .where(
      and(
        eq(classSubjects.tenantId, tenantId),
        eq(classSubjects.classId, placement.classId),
        eq(classSubjects.subjectId, placement.subjectId),
        isNull(classSubjects.deletedAt),
      ),
    );
  if (!mapping) throw fieldError('subjectId', timetableMessages.subjectNotTaken);
  const teacherId = placement.teacherId === undefined ? mapping.teacherId : placement.teacherId;
  const teacherName = teacherId ? await repo.teacherName(tx, tenantId, teacherId) : undefined;
  if (teacherId && !teacherName) throw fieldError('teacherId', messages.teachers.notFound);

  const placed = await repo.entriesInPeriods(tx, tenantId, [placement.periodId]);
  const clash = findClash(placed, { ...placement, teacherId });
  if (clash) {
    const className = await repo.className(tx, tenantId, clash.other.classId);
    const message =
      clash.kind === 'slot'
        ? timetableMessages.slotTaken(className)
        : clash.kind === 'teacher'
          ? timetableMessages.teacherClash(teacherName ?? '', className)
          : timetableMessages.roomClash(placement.room, className);
    throw new AppError(409, message, { clash: clash.kind, classId: clash.other.classId, entryId: clash.other.id });
  }
  return teacherId;
}

/** The warning for a subject placed more often a week than the school set, or undefined. */
export async function overLimitWarning(tx: Db, tenantId: string, placement: { id: string; classId: string; subjectId: string }): Promise<string | undefined> {
  const limit = await repo.limitOf(tx, tenantId, placement.subjectId);
  if (limit === undefined) return undefined;
  const count = weeklyCount(await repo.entriesOfClassSubject(tx, tenantId, placement.classId, placement.subjectId), placement);
  return count > limit ? timetableMessages.overLimit(await repo.subjectName(tx, tenantId, placement.subjectId), count, limit) : undefined;
}
