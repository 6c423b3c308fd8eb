/**
 * Exams as mutation kinds: admins add, change and delete exams (record kinds) and publish a class's
 * results; staff enter a grid's marks cell by cell; the class teacher writes a report card remark.
 * Marks: edits of one grid merge while waiting (per student the latest wins), so a teacher typing a
 * class's marks on patchy Wi-Fi sends one sheet; the school merges sheets by cell, so two people
 * entering one grid never undo each other's cells (docs/decisions.md "Exams").
 */
import type { Result } from '../../contract/exam-results';
import type { Exam, ExamInput, Mark, MarkEntry, MarkSheetResult } from '../../contract/exams';
import { examsTable, marksTable, resultsTable } from '../tables/exams';
import type { MutationKind, ServerEffects } from './kind';
import { needsOf, noServerEffects, recordKinds, serverRecord, storedAnswer } from './records';
import { lazy, lazyWriteAnswers } from '../contract';

const resultSchema = lazy((contract) => contract.resultSchema);
const examInputSchema = lazy((contract) => contract.examInputSchema);
const examPaths = lazy((contract) => contract.examPaths);
const examSchema = lazy((contract) => contract.examSchema);
const markPaths = lazy((contract) => contract.markPaths);
const markSheetResultSchema = lazy((contract) => contract.examMarkSheetResultSchema);
const resultPaths = lazy((contract) => contract.resultPaths);

export type ExamFields = Omit<ExamInput, 'id' | 'baseRev'>;

const kinds = recordKinds<'exams', ExamFields & { id?: string }, ExamFields & { id: string }>({
  table: 'exams',
  schema: examInputSchema,
  paths: examPaths,
  answers: lazyWriteAnswers((contract) => contract.recordWriteAnswers(contract.examSchema)),
  needs: (values) => needsOf((Array.isArray(values.classIds) ? values.classIds : []).map((id): ['classes', string] => ['classes', String(id)])),
});

export const createExamKind = kinds.create;
export const updateExamKind = kinds.update;
export const deleteExamKind = kinds.remove;

/** One cell as a screen passes it: nothing but the student clears the cell. */
export type CellInput = Omit<MarkEntry, 'id'>;

export interface MarkSheetPayload {
  examId: string;
  classId: string;
  subjectId: string;
  entries: CellInput[];
  /** Needed once the class's results are published. */
  reason?: string;
}

/** The request body: each cell with the id its row has on this device (the school keeps its own for a cell it has). */
export interface MarkSheetBody extends MarkSheetPayload {
  entries: (CellInput & { id: string })[];
}

export const markSheetKindName = 'marks.enterSheet' as const;

export function markSheetCoalesceKey(examId: string, classId: string, subjectId: string): string {
  return `${markSheetKindName}:${examId}|${classId}|${subjectId}`;
}

const cellValue = (entry: CellInput) => ({
  marks: entry.marks ?? null,
  grade: entry.grade ? entry.grade : null,
  absent: entry.absent === true,
  exempt: entry.exempt === true,
});
const isEmpty = (entry: CellInput) => {
  const value = cellValue(entry);
  return value.marks === null && value.grade === null && !value.absent && !value.exempt;
};

export const markSheetKind: MutationKind<MarkSheetPayload, MarkSheetBody, typeof markSheetKindName, MarkSheetResult> = {
  name: markSheetKindName,
  async prepare(input, context) {
    const table = context.db.tableOf(marksTable);
    const entries: MarkSheetBody['entries'] = [];
    const seen = new Set<string>();
    for (const entry of input.entries) {
      if (seen.has(entry.studentId)) continue;
      seen.add(entry.studentId);
      const shown = await table.where('[examId+subjectId+studentId]').equals([input.examId, input.subjectId, entry.studentId]).first();
      entries.push({ ...entry, id: shown?.id ?? context.newId() });
    }
    const refs = entries.map((entry) => `${marksTable.name}:${entry.id}`);
    return {
      method: 'POST',
      path: markPaths.markSheet,
      body: { ...input, entries },
      refs,
      needs: [`exams:${input.examId}`],
      coalesceKey: markSheetCoalesceKey(input.examId, input.classId, input.subjectId),
      result: entries.map((entry) => entry.id),
    };
  },
  merge(earlier, later) {
    const byStudent = new Map(earlier.entries.map((entry) => [entry.studentId, entry]));
    for (const entry of later.entries) byStudent.set(entry.studentId, { ...entry, id: byStudent.get(entry.studentId)?.id ?? entry.id });
    const reason = later.reason ?? earlier.reason;
    return { ...earlier, entries: [...byStudent.values()], ...(reason === undefined ? {} : { reason }) };
  },
  async apply(context, body, ref) {
    const table = context.db.tableOf(marksTable);
    const id = ref.slice(ref.indexOf(':') + 1);
    const entry = body.entries.find((one) => one.id === id);
    if (!entry) return;
    if (isEmpty(entry)) {
      await table.delete(id);
      return;
    }
    const current = await table.get(id);
    const row: Mark = {
      id,
      examId: body.examId,
      classId: body.classId,
      subjectId: body.subjectId,
      studentId: entry.studentId,
      ...cellValue(entry),
      enteredBy: context.userId,
      rev: current?.rev ?? 0,
    };
    await table.put(row);
  },
  answer: markSheetResultSchema,
  accepted(body, answer): ServerEffects {
    const table = marksTable.name;
    const effects = noServerEffects();
    const stored = new Map<string, string>();
    for (const record of answer.records) {
      const row = serverRecord(record, table);
      if (!row) continue;
      effects.upserts.push({ table, row });
      stored.set(record.studentId, record.id);
    }
    for (const id of answer.cleared) effects.deletes.push({ table, id });
    // A cell another device made first keeps the school's id: this device's row for it goes.
    for (const entry of body.entries) {
      const schoolId = stored.get(entry.studentId);
      if (schoolId && schoolId !== entry.id) effects.deletes.push({ table, id: entry.id });
    }
    return effects;
  },
};

export interface PublishPayload {
  examId: string;
  classId: string;
  /** For the sync panel: which exam and class. */
  examName: string;
  className: string;
}

export const publishKindName = 'exams.publish' as const;

export const publishKind: MutationKind<PublishPayload, PublishPayload, typeof publishKindName, Exam> = {
  name: publishKindName,
  async prepare(input) {
    const ref = `exams:${input.examId}`;
    return { method: 'POST', path: examPaths.publish(input.examId), body: input, refs: [ref], needs: [ref], result: input.examId };
  },
  async apply(context, body, ref) {
    const table = context.db.tableOf(examsTable);
    const row = await table.get(ref.slice(ref.indexOf(':') + 1));
    if (!row) return;
    const published = row.published ?? {};
    await table.put({ ...row, published: { ...published, [body.classId]: published[body.classId] ?? new Date().toISOString() } });
  },
  answer: examSchema,
  accepted: (_body, exam) => storedAnswer('exams', exam),
};

export interface RemarkPayload {
  id: string;
  remark: string;
}

export const remarkKindName = 'results.remark' as const;

export const remarkKind: MutationKind<RemarkPayload, RemarkPayload, typeof remarkKindName, Result> = {
  name: remarkKindName,
  async prepare(input) {
    const ref = `results:${input.id}`;
    return { method: 'PUT', path: resultPaths.remark(input.id), body: input, refs: [ref], needs: [ref], coalesceKey: `${remarkKindName}:${input.id}`, result: input.id };
  },
  merge: (_earlier, later) => later,
  async apply(context, body, ref) {
    const table = context.db.tableOf(resultsTable);
    const row = await table.get(ref.slice(ref.indexOf(':') + 1));
    if (row) await table.put({ ...row, remark: body.remark });
  },
  answer: resultSchema,
  accepted: (_body, result) => storedAnswer('results', result),
};
