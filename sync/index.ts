/**
 * The offline engine's public face: what the React app (src/) binds to. Screens read the mirror
 * tables of `engine.db` with useLiveQuery, write through the mutation helpers below, and show
 * `engine.state$`.
 */
import type { AdmissionInput, AdmissionUpdate } from '../contract/admission';
import type { ClassSubjectInput } from '../contract/class-subject';
import type { StudentInput } from '../contract/student';
import type { SubjectInput } from '../contract/subject';
import type { TeacherInput } from '../contract/teacher';
import { sheetCoalesceKey, markSheetKind, type SheetInput } from './kinds/attendance';
import type { IssueCertificateInput } from './kinds/certificates';
import type { KakshaDb } from './db';
import type { SyncEngine } from './engine';
import type { MutationResult } from './outbox';

export { createSyncEngine, defaultKinds, type SyncEngine, type SyncEngineOptions, type SyncReport } from './engine';
export type { SyncState } from './state';
export type { MutationResult } from './outbox';
export {
  databaseName,
  openKakshaDb,
  KakshaDb,
  type AdmissionRow,
  type AttendanceRow,
  type CertificateRow,
  type ClassRow,
  type ClassSubjectRow,
  type ConflictRow,
  type OutboxEntry,
  type RejectedEntry,
  type StudentRow,
  type SubjectRow,
  type TeacherRow,
} from './db';
export { StorageFullError } from './errors';
export { requestPersistentStorage, type PersistOutcome } from './storage';
export { browserConnectivity, createConnectivity, type Connectivity } from './connectivity';
export type { LockManagerLike } from './locks';
export type { TokenProvider, TokenRenewer } from './session';
export type { FetchLike, Clock } from './http';
export type { MutationKind } from './kinds/kind';
export type { SheetInput, SheetMark } from './kinds/attendance';
export type { IssueCertificateInput } from './kinds/certificates';

/** Marks one class's attendance for one date (one tap or the whole sheet): mirror now, school later. */
export function markAttendanceSheet(engine: SyncEngine, sheet: SheetInput): Promise<MutationResult> {
  return engine.mutate(markSheetKind, sheet);
}

/** Adds a class (the id is minted on the device unless given); `result` is the class id. */
export function createClass(engine: SyncEngine, input: { id?: string; className: string; classSection?: string }) {
  return engine.mutate('classes.create', input);
}

export function updateClass(engine: SyncEngine, input: { id: string; className: string; classSection?: string }) {
  return engine.mutate('classes.update', input);
}

export function deleteClass(engine: SyncEngine, id: string) {
  return engine.mutate('classes.delete', { id });
}

/** Adds a student (the id is minted on the device unless given); `result` is the student id. */
export function createStudent(engine: SyncEngine, input: StudentInput & { id?: string }) {
  return engine.mutate('students.create', input);
}

/** Replaces every field of a student (a missing optional field is cleared), based on the copy shown. */
export function updateStudent(engine: SyncEngine, input: Omit<StudentInput, 'id'> & { id: string }) {
  return engine.mutate('students.update', input);
}

export function deleteStudent(engine: SyncEngine, id: string) {
  return engine.mutate('students.delete', { id });
}

/** Adds a teacher (admins); `result` is the teacher id. */
export function createTeacher(engine: SyncEngine, input: TeacherInput & { id?: string }) {
  return engine.mutate('teachers.create', input);
}

export function updateTeacher(engine: SyncEngine, input: Omit<TeacherInput, 'id'> & { id: string }) {
  return engine.mutate('teachers.update', input);
}

export function deleteTeacher(engine: SyncEngine, id: string) {
  return engine.mutate('teachers.delete', { id });
}

/** Adds a subject (admins); `result` is the subject id. */
export function createSubject(engine: SyncEngine, input: SubjectInput & { id?: string }) {
  return engine.mutate('subjects.create', input);
}

export function updateSubject(engine: SyncEngine, input: Omit<SubjectInput, 'id'> & { id: string }) {
  return engine.mutate('subjects.update', input);
}

export function deleteSubject(engine: SyncEngine, id: string) {
  return engine.mutate('subjects.delete', { id });
}

/** Maps a subject (and its teacher) to a class (admins); `result` is the mapping's id. */
export function createClassSubject(engine: SyncEngine, input: ClassSubjectInput & { id?: string }) {
  return engine.mutate('classSubjects.create', input);
}

export function updateClassSubject(engine: SyncEngine, input: Omit<ClassSubjectInput, 'id'> & { id: string }) {
  return engine.mutate('classSubjects.update', input);
}

export function deleteClassSubject(engine: SyncEngine, id: string) {
  return engine.mutate('classSubjects.delete', { id });
}

/** Sets (or, with null, clears) a class's class teacher (admins). */
export function setClassTeacher(engine: SyncEngine, classId: string, teacherId: string | null) {
  return engine.mutate('classes.setClassTeacher', { classId, teacherId });
}

/**
 * Records a new admission: the register entry and the new student (both ids minted on the device
 * unless given). Until the school accepts it the entry's `admissionNumber` and the student's
 * `admissionId` are null; `result` is the admission id.
 */
export function admitStudent(engine: SyncEngine, input: AdmissionInput) {
  return engine.mutate('admissions.create', input);
}

/** Edits an admission and its student (the admission number never changes). */
export function updateAdmission(engine: SyncEngine, input: AdmissionUpdate & { id: string }) {
  return engine.mutate('admissions.update', input);
}

/** Cancels an admission (the entry stays in the register with its number). */
export function cancelAdmission(engine: SyncEngine, id: string) {
  return engine.mutate('admissions.cancel', { id });
}

/**
 * Issues a certificate (the id is minted on the device unless given, so a resend answers the first
 * issue). Its `serial` and `print` are null until the school accepts it; `result` is the id.
 */
export function issueCertificate(engine: SyncEngine, input: IssueCertificateInput) {
  return engine.mutate('certificates.issue', input);
}

/** Whether a class's sheet for a date still has changes waiting (for "not yet at school" badges). */
export async function isSheetPending(db: KakshaDb, classId: string, date: string): Promise<boolean> {
  return (await db.outbox.where('coalesceKey').equals(sheetCoalesceKey(classId, date)).count()) > 0;
}

/** Waiting count of another user's database is never read: pass the signed-in user's engine. */
export function pendingCount(engine: SyncEngine): Promise<number> {
  return engine.pendingCount();
}
