/**
 * Admissions as mutation kinds. A new admission is the register entry and the new student in one
 * write: the device mints both ids, so the student can be marked and edited at once, and the mirror
 * shows the entry with `admissionNumber: null` (and the student with `admissionId: null`) until the
 * school gives the number, which only it can (gapless per academic year). Entries are never deleted:
 * cancelling keeps the number.
 */
import { academicYearLabel, academicYearOf } from '../../contract/academic-year';
import type { Admission, AdmissionInput, AdmissionUpdate } from '../../contract/admission';
import { paths } from '../../contract/paths';
import { parseRef } from '../mirror';
import { admissionsTable, type AdmissionRow } from '../tables/records';
import { studentsTable, type StudentRow } from '../tables/students';
import type { KindContext, MutationKind, ServerEffects } from './kind';
import {
  baseRevOf,
  classNames,
  deviceToday,
  idOf,
  needsOf,
  rebaseUpdate,
  recordAnswer,
  recordValues,
  refOf,
  serverRecord,
  shownRow,
  type RecordAnswer,
  type UpdateBody,
} from './records';
import { lazy } from '../contract';

const admissionSchema = lazy((contract) => contract.admissionSchema);
const studentInputSchema = lazy((contract) => contract.studentInputSchema);

type AdmitBody = AdmissionInput & { id: string; student: AdmissionInput['student'] & { id: string } };
type UpdateAdmissionBody = AdmissionUpdate & UpdateBody;

interface EntryValues {
  admissionDate: string | null;
  previousSchool: string | null;
  remarks: string | null;
}

/** An admission body, new or edited: the register entry's fields and the student's. */
type AdmissionBody = AdmitBody | UpdateAdmissionBody;

const entrySchema = lazy((contract) => contract.admissionUpdateSchema.pick({ admissionDate: true, previousSchool: true, remarks: true }));

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

function entryValues(body: AdmissionBody): EntryValues {
  const values = recordValues(entrySchema, body);
  return { admissionDate: textOrNull(values.admissionDate), previousSchool: textOrNull(values.previousSchool), remarks: textOrNull(values.remarks) };
}

/** The student's fields from an admission body, as the school will store them when valid. */
function studentValues(body: AdmissionBody): Record<string, unknown> {
  const values = recordValues(studentInputSchema, body.student);
  return { ...values, lastName: values.lastName ?? '' };
}

async function writeAdmittedStudent(context: KindContext, id: string, body: AdmissionBody, create: boolean) {
  const current = await context.db.tableOf(studentsTable).get(id);
  if (!current && !create) return;
  const values = studentValues(body);
  const row: StudentRow = {
    ...current,
    ...values,
    id,
    classId: (values.classId as string | null) ?? null,
    firstName: String(values.firstName ?? ''),
    lastName: String(values.lastName),
    // The admission number is the school's: kept when it has one, none while the admission waits.
    admissionId: current?.admissionId ?? null,
    rev: current?.rev ?? 0,
  };
  await context.db.tableOf(studentsTable).put(row);
}

async function writeNewAdmission(context: KindContext, id: string, body: AdmitBody) {
  const current = await context.db.tableOf(admissionsTable).get(id);
  const entry = entryValues(body);
  const student = studentValues(body);
  const classId = (student.classId as string | null) ?? null;
  const admissionDate = entry.admissionDate ?? current?.admissionDate ?? deviceToday();
  const admissionYear = current?.admissionYear ?? academicYearOf(admissionDate);
  const row: AdmissionRow = {
    ...current,
    id,
    admissionNumber: current?.admissionNumber ?? null,
    admissionSeq: current?.admissionSeq ?? null,
    admissionYear,
    academicYear: current?.academicYear ?? academicYearLabel(admissionYear),
    admissionDate,
    status: current?.status ?? 'admitted',
    withdrawnOn: current?.withdrawnOn ?? null,
    withdrawalReason: current?.withdrawalReason ?? null,
    classId,
    ...(await classNames(context.db, classId)),
    previousSchool: entry.previousSchool,
    remarks: entry.remarks,
    studentId: body.student.id,
    rev: current?.rev ?? 0,
  };
  await context.db.tableOf(admissionsTable).put(row);
}

const updateAnswer = lazy((contract) => contract.updateAnswerSchema(contract.admissionSchema));

/** An admission answer: the entry, and the student as the school now has it (not when the entry was kept over ours). */
function admissionAnswer(answer: RecordAnswer<Admission>): ServerEffects {
  const effects = recordAnswer('admissions', answer);
  if (effects.conflicts.length > 0 || !('student' in answer) || !answer.student) return effects;
  const student = serverRecord(answer.student, 'students');
  if (student) effects.upserts.push({ table: 'students', row: student });
  return effects;
}

export const admitStudentKind: MutationKind<AdmissionInput, AdmitBody, 'admissions.create', Admission> = {
  name: 'admissions.create',
  async prepare(input, context) {
    const id = input.id ?? context.newId();
    const studentId = input.student.id ?? context.newId();
    const body: AdmitBody = { ...input, id, student: { ...input.student, id: studentId } };
    const refs = [refOf('admissions', id), refOf('students', studentId)];
    return {
      method: 'POST',
      path: paths.admissions.create,
      body,
      refs,
      creates: refs,
      needs: needsOf([['classes', studentValues(body).classId as string | null]]),
      result: id,
    };
  },
  async apply(context, admit, ref) {
    if (parseRef(ref).table === 'admissions') await writeNewAdmission(context, idOf(ref), admit);
    else await writeAdmittedStudent(context, idOf(ref), admit, true);
  },
  answer: admissionSchema,
  accepted: (_body, admission) => admissionAnswer(admission),
};

export const updateAdmissionKind: MutationKind<AdmissionUpdate & { id: string }, UpdateAdmissionBody, 'admissions.update', RecordAnswer<Admission>> = {
  name: 'admissions.update',
  async prepare(input, context) {
    const ref = refOf('admissions', input.id);
    const shown = await shownRow<AdmissionRow>(context.db, ref);
    const baseRev = await baseRevOf(context.db, ref);
    const { id, baseRev: _ignored, ...fields } = input;
    const body: UpdateAdmissionBody = { ...fields, id, ...(baseRev === undefined ? {} : { baseRev }) };
    const refs = [ref, ...(shown ? [refOf('students', shown.studentId)] : [])];
    return {
      method: 'PUT',
      path: paths.admissions.update(id),
      body,
      refs,
      needs: [ref, ...needsOf([['classes', studentValues(body).classId as string | null]])],
      result: id,
    };
  },
  async apply(context, body, ref) {
    const id = idOf(ref);
    if (parseRef(ref).table === 'students') {
      await writeAdmittedStudent(context, id, body, false);
      return;
    }
    const current = await context.db.tableOf(admissionsTable).get(id);
    if (!current) return;
    const entry = entryValues(body);
    const classId = (studentValues(body).classId as string | null) ?? null;
    await context.db.tableOf(admissionsTable).put({
      ...current,
      admissionDate: entry.admissionDate ?? current.admissionDate,
      previousSchool: entry.previousSchool,
      remarks: entry.remarks,
      classId,
      ...(await classNames(context.db, classId)),
    });
  },
  answer: updateAnswer,
  accepted: (_body, answer) => admissionAnswer(answer),
  rebase: (body, applied) => rebaseUpdate('admissions', body, applied),
};

/** DELETE cancels the entry; the answer is the cancelled entry (its number stays taken). */
export const cancelAdmissionKind: MutationKind<{ id: string }, undefined, 'admissions.cancel', Admission> = {
  name: 'admissions.cancel',
  async prepare(input) {
    const ref = refOf('admissions', input.id);
    return { method: 'DELETE', path: paths.admissions.remove(input.id), body: undefined, refs: [ref], needs: [ref], result: input.id };
  },
  async apply(context, _body, ref) {
    const current = await context.db.tableOf(admissionsTable).get(idOf(ref));
    if (current) await context.db.tableOf(admissionsTable).put({ ...current, status: 'cancelled' });
  },
  answer: admissionSchema,
  accepted: (_body, admission) => admissionAnswer(admission),
};
