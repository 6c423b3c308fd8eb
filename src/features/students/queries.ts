/**
 * What the student screens read from the signed-in user's mirror: the classes (in school order),
 * the students with their class joined, which students wait for an admission number, and which
 * classes a teacher teaches (the server's rule: class teacher, or teaching a subject there).
 */
import { maskAadhaar } from '../../../contract/certificate';
import { compareClasses } from '../../../contract/class-order';
import type { ClassRow, KakshaDb, StudentRow } from '../../../sync';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { admissionsTable } from '../../../sync/modules/records';
import { teachersTable } from '../../../sync/modules/teachers';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { classLabel as labelOf } from '../../../contract/class-label';

export function classLabel(row: Pick<ClassRow, 'className' | 'classSection'>): string {
  return labelOf(row.className, row.classSection);
}

export async function classList(db: KakshaDb): Promise<ClassRow[]> {
  return (await db.tableOf(classesTable).toArray()).sort(compareClasses);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** One line of the students table: the mirror row with its class and admission state resolved. */
export interface StudentView {
  id: string;
  row: StudentRow;
  /** Null while the student's admission waits for the school's number (or when none was given). */
  admissionId: string | null;
  admissionPending: boolean;
  name: string;
  firstName: string;
  lastName: string;
  classId: string | null;
  className: string;
  classSection: string;
  schoolName: string;
  rollNumber: string;
  phoneNumber: string;
  fatherName: string;
  motherName: string;
  address: string;
  emailId: string;
  parentEmail: string;
  aadhaarId: string;
  aadhaarMasked: string;
  apaarId: string;
}

function rollValue(roll: string): number {
  const number = Number.parseInt(roll, 10);
  return Number.isFinite(number) ? number : Number.POSITIVE_INFINITY;
}

/** Class order, then roll number, then name: how a school's register reads. */
export function compareStudentViews(a: StudentView, b: StudentView, classIndex: ReadonlyMap<string, number>): number {
  const ca = a.classId ? (classIndex.get(a.classId) ?? Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER;
  const cb = b.classId ? (classIndex.get(b.classId) ?? Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER;
  if (ca !== cb) return ca - cb;
  const ra = rollValue(a.rollNumber);
  const rb = rollValue(b.rollNumber);
  if (ra !== rb) return ra < rb ? -1 : 1;
  return a.name.localeCompare(b.name);
}

export interface StudentList {
  classes: ClassRow[];
  students: StudentView[];
}

/** Every student with class names from the mirror's classes; `schoolName` fills rows the pull sends without one. */
export async function studentList(db: KakshaDb, schoolName: string): Promise<StudentList> {
  const [classes, rows, admissions] = await Promise.all([
    classList(db),
    db.tableOf(studentsTable).toArray(),
    db.tableOf(admissionsTable).filter((admission) => admission.admissionNumber === null).toArray(),
  ]);
  const classById = new Map(classes.map((row) => [row.id, row]));
  const classIndex = new Map(classes.map((row, index) => [row.id, index]));
  const pending = new Set(admissions.map((admission) => admission.studentId));
  const students = rows.map((row): StudentView => {
    const schoolClass = row.classId ? classById.get(row.classId) : undefined;
    const firstName = row.firstName;
    const lastName = row.lastName;
    const aadhaarId = text(row.aadhaarId);
    return {
      id: row.id,
      row,
      admissionId: textOrNull(row.admissionId),
      admissionPending: !row.admissionId && pending.has(row.id),
      name: [firstName, lastName].filter(Boolean).join(' '),
      firstName,
      lastName,
      classId: row.classId,
      className: schoolClass?.className ?? text(row.className),
      classSection: schoolClass?.classSection ?? text(row.classSection),
      schoolName: text(row.schoolName) || schoolName,
      rollNumber: text(row.rollNumber),
      phoneNumber: text(row.phoneNumber),
      fatherName: text(row.fatherName),
      motherName: text(row.motherName),
      address: text(row.address),
      emailId: text(row.emailId),
      parentEmail: text(row.parentEmail),
      aadhaarId,
      aadhaarMasked: maskAadhaar(aadhaarId) ?? aadhaarId,
      apaarId: text(row.apaarId),
    };
  });
  students.sort((a, b) => compareStudentViews(a, b, classIndex));
  return { classes, students };
}

/**
 * The classes a teacher may change students of: class teacher of, or teaching a subject in. The
 * teacher record is the profile's teacher id, else the teacher whose e-mail is the username.
 */
export async function taughtClassIds(db: KakshaDb, teacherId: string | null, username: string): Promise<Set<string>> {
  let id = teacherId;
  if (!id) {
    const byEmail = await db.tableOf(teachersTable).where('emailId').equals(username.toLowerCase()).first();
    id = byEmail?.id ?? null;
  }
  if (!id) return new Set();
  const [led, taught] = await Promise.all([
    db.tableOf(classesTable).where('classTeacherId').equals(id).toArray(),
    db.tableOf(classSubjectsTable).where('teacherId').equals(id).toArray(),
  ]);
  return new Set([...led.map((row) => row.id), ...taught.map((row) => row.classId)]);
}
