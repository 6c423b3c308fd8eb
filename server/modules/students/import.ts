/**
 * Bulk import of students (the spec's upload sheet). Rows are matched on admission id: a new one is
 * created, a known one is updated in the columns the file has, an identical one is left alone (so
 * importing the same file again changes nothing). Class names are read the way schools write them
 * (record-formats.ts) and must name a class of this school; a schoolName, when given, must be this
 * school's. Parents' e-mails link parent accounts, as for a student saved on its own.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { ImportIssue } from '../../../contract/imports';
import { messages } from '../../../contract/messages';
import { classKey, requiredText, splitClassAndSection } from '../../../contract/record-formats';
import { studentDetailsShape, studentUploadHeaders, studentUploadOptionalHeaders, studentUploadRequiredHeaders } from '../../../contract/student';
import type { Db } from '../../db/client';
import { classes, students } from '../../db/core-tables';
import { linkNewStudents, linkStudentAccounts } from '../accounts/links';
import { DuplicateFinder, type Importer, parseRow } from '../../module-kit/importer';
import type { StudentFields } from './repository';
import { classLabel } from '../../../contract/class-label';

const { classId: _classId, ...personShape } = studentDetailsShape;
const rowSchema = z.object({ admissionId: requiredText('Admission ID', 40), ...personShape });

/** The student fields a sheet column sets (className and classSection together set classId). */
const fieldColumns = Object.keys(personShape) as (keyof typeof personShape)[];

type Existing = typeof students.$inferSelect;

/** Chunks for multi-row statements (PostgreSQL allows 65535 parameters per statement). */
function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

async function existingByAdmissionId(tx: Db, tenantId: string, admissionIds: string[]): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  for (const part of chunks(admissionIds, 5000)) {
    const rows = await tx
      .select()
      .from(students)
      .where(and(eq(students.tenantId, tenantId), isNull(students.deletedAt), inArray(students.admissionId, part)));
    for (const row of rows) if (row.admissionId) found.set(row.admissionId, row);
  }
  return found;
}

export const studentImporter: Importer = {
  entity: 'students',
  templateColumns: studentUploadHeaders,
  columns: [...studentUploadHeaders, ...studentUploadOptionalHeaders],
  required: studentUploadRequiredHeaders,
  uploaded: messages.students.uploaded,
  instructions: {
    admissionId: 'Required. Unique in the school; an existing admission ID updates that student.',
    firstName: 'Required.',
    lastName: 'Optional.',
    emailId: "Optional. The student's own e-mail (links the student's account).",
    rollNumber: 'Optional.',
    phoneNumber: 'Optional. 10-digit Indian mobile number (+91 or 0 in front is fine).',
    className: 'Required. Nursery, LKG, UKG, I to XII or 1 to 12 ("Class 5", "5th" and "V" are the same). The class must exist.',
    classSection: 'Optional. A, B, ... (or write "V-A" in className).',
    schoolName: "Optional. If filled in, must be this school's name.",
    dateOfBirth: 'Optional. Day first: 12/04/2014, 12-04-2014, 12 Apr 2014 or 2014-04-12.',
    gender: 'Optional. Male, Female or Other (M, F, O).',
    fatherName: 'Optional.',
    motherName: 'Optional.',
    alternateNumber: 'Optional. Mobile or landline with STD code.',
    address: 'Optional.',
    apaarId: 'Optional. 12 digits.',
    parentEmail: "Optional extra column. The parents' e-mail: links the parent's account to the child.",
    aadhaarId: 'Optional extra column. 12 digits with a valid check digit.',
  },

  async run(tx, school, table) {
    const issues: ImportIssue[] = [];
    const tenantId = school.tenantId;
    const classRows = await tx
      .select({ id: classes.id, className: classes.className, classSection: classes.classSection })
      .from(classes)
      .where(and(eq(classes.tenantId, tenantId), isNull(classes.deletedAt)));
    const classIds = new Map(classRows.map((row) => [classKey(row.className, row.classSection), row.id]));
    const present = fieldColumns.filter((column) => table.columns.has(column));
    const duplicates = new DuplicateFinder('admissionId', 'admission ID');

    const parsed: { admissionId: string; all: StudentFields; fields: Partial<StudentFields> }[] = [];
    for (const row of table.rows) {
      const before = issues.length;
      const values = parseRow(rowSchema, row, issues);
      const written = splitClassAndSection(row.values.className ?? '', row.values.classSection ?? '');
      let classId: string | undefined;
      if (written.className === '') {
        issues.push({ row: row.row, column: 'className', message: messages.records.fields.required('Class name') });
      } else {
        classId = classIds.get(classKey(written.className, written.classSection));
        if (!classId) issues.push({ row: row.row, column: 'className', message: messages.imports.classNotFound(classLabel(written.className, written.classSection)) });
      }
      const schoolName = (row.values.schoolName ?? '').trim();
      if (schoolName && schoolName.toLowerCase() !== school.schoolName.trim().toLowerCase()) {
        issues.push({ row: row.row, column: 'schoolName', message: messages.imports.otherSchool(school.schoolName) });
      }
      if (values) duplicates.check(values.admissionId, row.row, issues);
      if (!values || !classId || issues.length > before) continue;
      // A new student gets every field (missing columns empty); a known one only the file's columns.
      const all: StudentFields = { ...values, classId };
      const fields: Partial<StudentFields> = { classId };
      for (const column of present) Object.assign(fields, { [column]: values[column] });
      parsed.push({ admissionId: values.admissionId, all, fields });
    }
    if (issues.length > 0) return { issues };

    const existing = await existingByAdmissionId(tx, tenantId, parsed.map((entry) => entry.admissionId));
    const created: (StudentFields & { id: string; tenantId: string })[] = [];
    const updated: { id: string; fields: Partial<StudentFields>; previous: Existing }[] = [];
    let unchanged = 0;
    for (const entry of parsed) {
      const current = existing.get(entry.admissionId);
      if (!current) {
        created.push({ ...entry.all, id: randomUUID(), tenantId });
        continue;
      }
      const changes = Object.fromEntries(
        Object.entries(entry.fields).filter(([column, value]) => (current[column as keyof Existing] ?? null) !== (value ?? null)),
      ) as Partial<StudentFields>;
      if (Object.keys(changes).length === 0) unchanged += 1;
      else updated.push({ id: current.id, fields: changes, previous: current });
    }

    for (const part of chunks(created, 500)) await tx.insert(students).values(part);
    await linkNewStudents(tx, tenantId, created);
    for (const { id, fields, previous } of updated) {
      await tx.update(students).set(fields).where(and(eq(students.tenantId, tenantId), eq(students.id, id)));
      await linkStudentAccounts(
        tx,
        tenantId,
        { id, emailId: fields.emailId !== undefined ? fields.emailId : previous.emailId, parentEmail: fields.parentEmail !== undefined ? fields.parentEmail : previous.parentEmail },
        previous,
      );
    }
    return { counts: { created: created.length, updated: updated.length, unchanged } };
  },
};
