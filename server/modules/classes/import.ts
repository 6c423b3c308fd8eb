/**
 * Bulk import of classes (the spec's class upload): className and classSection per row, read the way
 * schools write them ("5", "Class 5", "5th" and "V" are class V; "V-A" carries its section). A class
 * the school already has is left alone, so importing the same file again changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { classUploadHeaders, classUploadRequiredHeaders } from '../../../contract/class';
import type { ImportIssue } from '../../../contract/imports';
import { messages } from '../../../contract/messages';
import { classKey, splitClassAndSection } from '../../../contract/record-formats';
import { classes } from '../../db/core-tables';
import { DuplicateFinder, type Importer } from '../../module-kit/importer';

export const classImporter: Importer = {
  entity: 'classes',
  templateColumns: classUploadHeaders,
  columns: classUploadHeaders,
  required: classUploadRequiredHeaders,
  uploaded: messages.classes.uploaded,
  instructions: {
    className: 'Required. Nursery, LKG, UKG, I to XII or 1 to 12 ("Class 5", "5th" and "V" are the same class), or any other name.',
    classSection: 'Optional. A, B, ... (or write "V-A" in className).',
  },

  async run(tx, school, table) {
    const issues: ImportIssue[] = [];
    const existing = await tx
      .select({ className: classes.className, classSection: classes.classSection })
      .from(classes)
      .where(and(eq(classes.tenantId, school.tenantId), isNull(classes.deletedAt)));
    const known = new Set(existing.map((row) => classKey(row.className, row.classSection)));
    const duplicates = new DuplicateFinder('className', 'class and section');
    const wanted: { className: string; classSection: string }[] = [];
    let unchanged = 0;
    for (const row of table.rows) {
      const written = splitClassAndSection(row.values.className ?? '', row.values.classSection ?? '');
      const before = issues.length;
      if (written.className === '') issues.push({ row: row.row, column: 'className', message: messages.records.fields.required('Class name') });
      else if (written.className.length > 40) issues.push({ row: row.row, column: 'className', message: messages.records.fields.tooLong('Class name', 40) });
      if (written.classSection.length > 10) issues.push({ row: row.row, column: 'classSection', message: messages.records.fields.tooLong('Section', 10) });
      if (issues.length > before) continue;
      const key = classKey(written.className, written.classSection);
      if (!duplicates.check(key, row.row, issues)) continue;
      if (known.has(key)) unchanged += 1;
      else wanted.push(written);
    }
    if (issues.length > 0) return { issues };
    if (wanted.length > 0) {
      await tx.insert(classes).values(wanted.map((row) => ({ ...row, id: randomUUID(), tenantId: school.tenantId })));
    }
    return { counts: { created: wanted.length, updated: 0, unchanged } };
  },
};
