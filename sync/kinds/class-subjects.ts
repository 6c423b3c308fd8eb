/**
 * Class subjects (which subject a class takes, and who teaches it) and the class teacher, as
 * mutation kinds (admins). A mapping made offline waits for the class, subject or teacher it names
 * when those were made offline too.
 */
import type { SchoolClass } from '../../contract/class';
import type { ClassSubjectInput } from '../../contract/class-subject';
import { paths } from '../../contract/paths';
import { classesTable } from '../tables/classes';
import { subjectsTable } from '../tables/subjects';
import type { MutationKind } from './kind';
import { classNames, idOf, needsOf, recordKinds, refOf, storedAnswer, teacherName } from './records';
import { lazy, lazyWriteAnswers } from '../contract';

const classSchema = lazy((contract) => contract.classSchema);
const classSubjectInputSchema = lazy((contract) => contract.classSubjectInputSchema);

export type ClassSubjectFields = Omit<ClassSubjectInput, 'id'>;

const kinds = recordKinds<'classSubjects', ClassSubjectInput & { id?: string }, ClassSubjectFields & { id: string }>({
  table: 'classSubjects',
  schema: classSubjectInputSchema,
  paths: paths.classSubjects,
  answers: lazyWriteAnswers((contract) => contract.recordWriteAnswers(contract.classSubjectSchema)),
  needs: (values) =>
    needsOf([
      ['classes', values.classId as string | null],
      ['subjects', values.subjectId as string | null],
      ['teachers', values.teacherId as string | null],
    ]),
  async decorate(db, values) {
    const names = await classNames(db, values.classId as string | null);
    const subject = typeof values.subjectId === 'string' ? await db.tableOf(subjectsTable).get(values.subjectId) : undefined;
    return {
      className: names.className ?? '',
      classSection: names.classSection ?? '',
      subjectName: subject?.subjectName ?? '',
      teacherName: await teacherName(db, values.teacherId as string | null),
    };
  },
});

export const createClassSubjectKind = kinds.create;
export const updateClassSubjectKind = kinds.update;
export const deleteClassSubjectKind = kinds.remove;

export interface ClassTeacherBody {
  teacherId: string | null;
}

/** PUT /classes/classTeacher/{classId}: one field, the last assignment wins (no base rev). */
export const setClassTeacherKind: MutationKind<{ classId: string; teacherId: string | null }, ClassTeacherBody, 'classes.setClassTeacher', SchoolClass> = {
  name: 'classes.setClassTeacher',
  async prepare(input) {
    const ref = refOf('classes', input.classId);
    const body: ClassTeacherBody = { teacherId: input.teacherId };
    return {
      method: 'PUT',
      path: paths.classes.classTeacher(input.classId),
      body,
      refs: [ref],
      needs: [ref, ...needsOf([['teachers', input.teacherId]])],
      result: input.classId,
    };
  },
  async apply(context, body, ref) {
    const current = await context.db.tableOf(classesTable).get(idOf(ref));
    if (current) await context.db.tableOf(classesTable).put({ ...current, classTeacherId: body.teacherId });
  },
  answer: classSchema,
  accepted: (_body, record) => storedAnswer('classes', record),
};
