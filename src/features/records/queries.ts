/**
 * What the records screens read from the signed-in user's mirror (never from the API): the
 * admission register with each entry's student and class, one entry by number or id, a student's
 * certificates of one kind and the certificate issue register. Each runs inside useMirrorQuery, so
 * a number or serial the school gives later shows up by itself.
 */
import { academicYearOf } from '../../../contract/admission';
import type { CertificateKind } from '../../../contract/certificate';
import type { AdmissionRow, CertificateRow, ClassRow, KakshaDb, StudentRow } from '../../../sync';
import { compareClasses } from '../../../contract/class-order';
import { studentsTable } from '../../../sync/modules/students';
import { classesTable } from '../../../sync/modules/classes';
import { admissionsTable, certificatesTable } from '../../../sync/modules/records';
import { classLabel } from '../../../contract/class-label';

export interface RegisterEntry {
  admission: AdmissionRow;
  /** The student as this device has it (the mirror's students, else the school's copy on the entry). */
  student: StudentRow | null;
  name: string;
  className: string;
  year: number;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function fullName(person: { firstName?: unknown; lastName?: unknown } | null | undefined): string {
  return [text(person?.firstName), text(person?.lastName)].filter(Boolean).join(' ');
}

export { classLabel };

function studentOf(admission: AdmissionRow, students: Map<string, StudentRow>): StudentRow | null {
  const mirrored = students.get(admission.studentId);
  if (mirrored) return mirrored;
  return admission.student ?? null;
}

function entryClass(admission: AdmissionRow, student: StudentRow | null, classes: Map<string, ClassRow>): string {
  const admitted = classLabel(admission.className, admission.classSection);
  if (admitted) return admitted;
  const classId = admission.classId ?? student?.classId ?? null;
  const row = classId ? classes.get(classId) : undefined;
  if (row) return classLabel(row.className, row.classSection);
  return classLabel(student?.className, student?.classSection);
}

export function yearOf(admission: Pick<AdmissionRow, 'admissionYear' | 'admissionDate'>): number {
  return typeof admission.admissionYear === 'number' && admission.admissionYear > 0
    ? admission.admissionYear
    : academicYearOf(admission.admissionDate);
}

interface Dated {
  date: string;
  /** The school's running number; null while it has not given one yet. */
  seq: number | null;
  id: string;
}

/** Newest first: by date, then by number (one still waiting for its number first), then by id. */
function newestFirst(a: Dated, b: Dated): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  const seqA = a.seq ?? Number.POSITIVE_INFINITY;
  const seqB = b.seq ?? Number.POSITIVE_INFINITY;
  if (seqA !== seqB) return seqA < seqB ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Newest first: by admission date, then by number; an entry still waiting for its number first. */
export function compareEntries(a: AdmissionRow, b: AdmissionRow): number {
  return newestFirst({ date: a.admissionDate, seq: a.admissionSeq, id: a.id }, { date: b.admissionDate, seq: b.admissionSeq, id: b.id });
}

async function lookups(db: KakshaDb, studentIds: string[]) {
  const [students, classes] = await Promise.all([db.tableOf(studentsTable).bulkGet(studentIds), db.tableOf(classesTable).toArray()]);
  return {
    students: new Map(students.filter((row): row is StudentRow => row !== undefined).map((row) => [row.id, row])),
    classes: new Map(classes.map((row) => [row.id, row])),
  };
}

export async function registerEntries(db: KakshaDb): Promise<RegisterEntry[]> {
  const admissions = await db.tableOf(admissionsTable).toArray();
  const { students, classes } = await lookups(db, [...new Set(admissions.map((row) => row.studentId))]);
  return admissions.sort(compareEntries).map((admission) => {
    const student = studentOf(admission, students);
    return {
      admission,
      student,
      name: fullName(student) || fullName(admission.student ?? null),
      className: entryClass(admission, student, classes),
      year: yearOf(admission),
    };
  });
}

/** `key` is an admission number ("2025-0042") or, for an entry still waiting for one, its id. */
export async function findEntry(db: KakshaDb, key: string): Promise<RegisterEntry | null> {
  const admission = (await db.tableOf(admissionsTable).where('admissionNumber').equals(key).first()) ?? (await db.tableOf(admissionsTable).get(key));
  if (!admission) return null;
  const { students, classes } = await lookups(db, [admission.studentId]);
  const student = studentOf(admission, students);
  return { admission, student, name: fullName(student), className: entryClass(admission, student, classes), year: yearOf(admission) };
}

/** The register's link to an entry: its number once it has one, its id before. */
export function entryKey(admission: Pick<AdmissionRow, 'admissionNumber' | 'id'>): string {
  return admission.admissionNumber ?? admission.id;
}

/** Newest first; issues still waiting for their serial first. */
export function compareCertificates(a: CertificateRow, b: CertificateRow): number {
  return newestFirst({ date: a.issueDate, seq: a.serialNumber, id: a.id }, { date: b.issueDate, seq: b.serialNumber, id: b.id });
}

export async function certificateRegister(db: KakshaDb): Promise<CertificateRow[]> {
  return (await db.tableOf(certificatesTable).toArray()).sort(compareCertificates);
}

export interface StudentCertificates {
  student: StudentRow | null;
  /** The student's admission entry, for the name when the student is not mirrored. */
  admission: AdmissionRow | null;
  certificates: CertificateRow[];
}

export async function studentCertificates(db: KakshaDb, studentId: string, kind: CertificateKind): Promise<StudentCertificates> {
  const [student, admissions, certificates] = await Promise.all([
    db.tableOf(studentsTable).get(studentId),
    db.tableOf(admissionsTable).where('studentId').equals(studentId).toArray(),
    db.tableOf(certificatesTable).where('studentId').equals(studentId).toArray(),
  ]);
  return {
    student: student ?? null,
    admission: admissions.sort(compareEntries)[0] ?? null,
    certificates: certificates.filter((row) => row.kind === kind).sort(compareCertificates),
  };
}

export async function classOptions(db: KakshaDb): Promise<ClassRow[]> {
  return (await db.tableOf(classesTable).toArray()).sort(compareClasses);
}
