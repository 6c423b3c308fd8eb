/**
 * Class subjects (which subject a class takes, and who teaches it) and the class teacher, as
 * mutation kinds (admins). A mapping made offline waits for the class, subject or teacher it names
 * when those were made offline too.
 */
import { classSubjectInputSchema, type ClassSubjectInput } from '../../contract/class-subject';
import { paths } from '../../contract/paths';
import type { MutationKind } from './kind';
import { classNames, idOf, needsOf, recordAnswer, recordKinds, refOf, teacherName } from './records';

export type ClassSubjectFields = Omit<ClassSubjectInput, 'id'>;

const kinds = recordKinds<'classSubjects', ClassSubjectInput & { id?: string }, ClassSubjectFields & { id: string }>({
  table: 'classSubjects',
  schema: classSubjectInputSchema,
  paths: paths.classSubjects,
  needs: (values) =>
    needsOf([
      ['classes', values.classId as string | null],
      ['subjects', values.subjectId as string | null],
      ['teachers', values.teacherId as string | null],
    ]),
  async decorate(db, values) {
    const names = await classNames(db, values.classId as string | null);
    const subject = typeof values.subjectId === 'string' ? await db.subjects.get(values.subjectId) : undefined;
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

interface ClassTeacherBody {
  teacherId: string | null;
}

/** PUT /classes/classTeacher/{classId}: one field, the last assignment wins (no base rev). */
export const setClassTeacherKind: MutationKind<{ classId: string; teacherId: string | null }, ClassTeacherBody, 'classes.setClassTeacher'> = {
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
    const current = await context.db.classes.get(idOf(ref));
    if (current) await context.db.classes.put({ ...current, classTeacherId: body.teacherId });
  },
  accepted: (_body, data) => recordAnswer('classes', data),
};
