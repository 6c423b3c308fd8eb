/**
 * Bulk import of teachers, matched on employee id: new ones are created, known ones updated in the
 * file's columns, identical ones left alone. E-mails stay unique among teachers and link teacher
 * accounts as a teacher saved on its own does.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ImportIssue } from '../../../contract/imports';
import { messages } from '../../../contract/messages';
import { requiredText } from '../../../contract/record-formats';
import { teacherInputSchema, teacherUploadHeaders, teacherUploadRequiredHeaders } from '../../../contract/teacher';
import { teachers } from '../../db/core-tables';
import { linkTeacherAccount } from '../accounts/links';
import { DuplicateFinder, type Importer, parseRow } from '../../module-kit/importer';
import type { TeacherFields } from './repository';

const rowSchema = teacherInputSchema.omit({ id: true, baseRev: true }).extend({ employeeId: requiredText('Employee ID', 40) });
type Row = z.output<typeof rowSchema>;
const fieldColumns = teacherUploadHeaders.filter((column): column is Exclude<keyof Row, 'employeeId'> => column !== 'employeeId');

export const teacherImporter: Importer = {
  entity: 'teachers',
  templateColumns: teacherUploadHeaders,
  columns: teacherUploadHeaders,
  required: teacherUploadRequiredHeaders,
  uploaded: messages.teachers.uploaded,
  instructions: {
    employeeId: 'Required. Unique in the school; an existing employee ID updates that teacher.',
    firstName: 'Required.',
    lastName: 'Optional.',
    emailId: "Optional. The teacher's e-mail: links the teacher's account. Unique among teachers.",
    phoneNumber: 'Optional. 10-digit Indian mobile number.',
    address: 'Optional.',
    dateOfBirth: 'Optional. Day first: 12/04/1985, 12 Apr 1985 or 1985-04-12.',
    gender: 'Optional. Male, Female or Other (M, F, O).',
    subjects: 'Optional. The subjects taught, as text ("Maths, Science").',
  },

  async run(tx, school, table) {
    const issues: ImportIssue[] = [];
    const tenantId = school.tenantId;
    const present = fieldColumns.filter((column) => table.columns.has(column));
    const current = await tx
      .select()
      .from(teachers)
      .where(and(eq(teachers.tenantId, tenantId), isNull(teachers.deletedAt)));
    const byEmployeeId = new Map(current.filter((t) => t.employeeId).map((t) => [t.employeeId!, t]));
    const emailOwner = new Map(current.filter((t) => t.emailId).map((t) => [t.emailId!.toLowerCase(), t.employeeId]));
    const employeeIds = new DuplicateFinder('employeeId', 'employee ID');
    const emails = new DuplicateFinder('emailId', 'email');

    const parsed: { values: Row }[] = [];
    for (const row of table.rows) {
      const values = parseRow(rowSchema, row, issues);
      if (!values) continue;
      const uniqueId = employeeIds.check(values.employeeId, row.row, issues);
      let uniqueEmail = true;
      if (values.emailId) {
        uniqueEmail = emails.check(values.emailId, row.row, issues);
        const owner = emailOwner.get(values.emailId);
        if (uniqueEmail && owner !== undefined && owner !== values.employeeId) {
          issues.push({ row: row.row, column: 'emailId', message: messages.teachers.duplicateEmail });
          uniqueEmail = false;
        }
      }
      if (uniqueId && uniqueEmail) parsed.push({ values });
    }
    if (issues.length > 0) return { issues };

    let created = 0;
    let updated = 0;
    let unchanged = 0;
    for (const { values } of parsed) {
      const existing = byEmployeeId.get(values.employeeId);
      if (!existing) {
        const id = randomUUID();
        const fields: TeacherFields = values;
        await tx.insert(teachers).values({ ...fields, id, tenantId });
        await linkTeacherAccount(tx, tenantId, { id, emailId: values.emailId });
        created += 1;
        continue;
      }
      const changes: Partial<TeacherFields> = {};
      for (const column of present) {
        if ((existing[column] ?? null) !== (values[column] ?? null)) Object.assign(changes, { [column]: values[column] });
      }
      if (Object.keys(changes).length === 0) {
        unchanged += 1;
        continue;
      }
      await tx.update(teachers).set(changes).where(and(eq(teachers.tenantId, tenantId), eq(teachers.id, existing.id)));
      const emailId = changes.emailId !== undefined ? changes.emailId : existing.emailId;
      await linkTeacherAccount(tx, tenantId, { id: existing.id, emailId }, existing);
      updated += 1;
    }
    return { counts: { created, updated, unchanged } };
  },
};
