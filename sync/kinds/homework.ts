/**
 * Homework as mutation kinds: staff create, update and delete homework (the record kinds, class
 * and subject needed first when made offline), and a student or parent turns a done mark on or
 * off. Repeated toggles of one student's mark merge while none has gone out: the school gets the
 * last one only. Staff remove a homework's attachment through the outbox too (offline as well).
 */
import type { HomeworkDone, HomeworkDoneInput, HomeworkInput } from '../../contract/homework';
import { homeworkDoneTable, homeworkTable } from '../tables/homework';
import type { MutationKind, ServerEffects } from './kind';
import { idOf, needsOf, noServerEffects, recordKinds, serverRecord } from './records';
import { lazy, lazyWriteAnswers } from '../contract';

const deletedSchema = lazy((contract) => contract.deletedSchema);
const homeworkDoneSchema = lazy((contract) => contract.homeworkDoneSchema);
const homeworkInputSchema = lazy((contract) => contract.homeworkInputSchema);
const homeworkPaths = lazy((contract) => contract.homeworkPaths);

export type HomeworkFields = Omit<HomeworkInput, 'id' | 'baseRev'>;

const kinds = recordKinds<'homework', HomeworkFields & { id?: string }, HomeworkFields & { id: string }>({
  table: 'homework',
  schema: homeworkInputSchema,
  paths: homeworkPaths,
  answers: lazyWriteAnswers((contract) => contract.recordWriteAnswers(contract.homeworkSchema)),
  needs: (values) => needsOf([
    ['classes', values.classId as string | null],
    ['subjects', values.subjectId as string | null],
  ]),
});

export const createHomeworkKind = kinds.create;
export const updateHomeworkKind = kinds.update;
export const deleteHomeworkKind = kinds.remove;

/** What a screen passes: the homework, the student and the mark. */
export interface DoneMarkInput extends HomeworkDoneInput {
  homeworkId: string;
}

/** The request body, and the mirror row the mark shows on (the school's id once it has one). */
export interface DoneMarkBody extends HomeworkDoneInput {
  homeworkId: string;
  markId: string;
}

export const doneMarkKindName = 'homework.done' as const;

export function doneCoalesceKey(homeworkId: string, studentId: string): string {
  return `${doneMarkKindName}:${homeworkId}|${studentId}`;
}

const doneTable = homeworkDoneTable.name;

export const doneMarkKind: MutationKind<DoneMarkInput, DoneMarkBody, typeof doneMarkKindName, HomeworkDone> = {
  name: doneMarkKindName,
  async prepare(input, context) {
    const shown = await context.db
      .tableOf(homeworkDoneTable)
      .where('[homeworkId+studentId]')
      .equals([input.homeworkId, input.studentId])
      .first();
    const markId = shown?.id ?? context.newId();
    const ref = `${doneTable}:${markId}`;
    return {
      method: 'POST',
      path: homeworkPaths.done(input.homeworkId),
      body: { homeworkId: input.homeworkId, studentId: input.studentId, done: input.done, markId },
      refs: [ref],
      creates: shown ? [] : [ref],
      needs: [`homework:${input.homeworkId}`],
      coalesceKey: doneCoalesceKey(input.homeworkId, input.studentId),
      result: markId,
    };
  },
  merge: (earlier, later) => ({ ...later, markId: earlier.markId }),
  async apply(context, body, ref) {
    const table = context.db.tableOf(homeworkDoneTable);
    const id = idOf(ref);
    const current = await table.get(id);
    const row: HomeworkDone = {
      id,
      homeworkId: body.homeworkId,
      studentId: body.studentId,
      done: body.done,
      doneAt: body.done ? (current?.doneAt ?? new Date().toISOString()) : null,
      rev: current?.rev ?? 0,
    };
    await table.put(row);
  },
  answer: homeworkDoneSchema,
  accepted(body, mark): ServerEffects {
    const effects = noServerEffects();
    const row = serverRecord(mark, doneTable);
    if (!row) return effects;
    effects.upserts.push({ table: doneTable, row });
    // The mark made on this device had its own id until the school named it.
    if (mark.id !== body.markId) effects.deletes.push({ table: doneTable, id: body.markId });
    return effects;
  },
};

/** What the edit form passes: the attachment to remove (its name and the homework's title name the change). */
export interface RemoveAttachmentInput {
  homeworkId: string;
  attachmentId: string;
  fileName: string;
  title: string;
}

export const removeAttachmentKindName = 'homework.removeAttachment' as const;

/**
 * Removing one of a homework's files: gone from the device's copy at once, a DELETE of the
 * attachment when the outbox sends it. The body names the file (the panel shows which); the route
 * reads none of it. The homework's new list comes with the pull that follows the push.
 */
export const removeAttachmentKind: MutationKind<RemoveAttachmentInput, RemoveAttachmentInput, typeof removeAttachmentKindName, { id: string }> = {
  name: removeAttachmentKindName,
  async prepare(input) {
    const ref = `homework:${input.homeworkId}`;
    return {
      method: 'DELETE',
      path: homeworkPaths.attachment(input.homeworkId, input.attachmentId),
      body: { homeworkId: input.homeworkId, attachmentId: input.attachmentId, fileName: input.fileName, title: input.title },
      refs: [ref],
      needs: [ref],
      result: input.attachmentId,
    };
  },
  async apply(context, body, ref) {
    const table = context.db.tableOf(homeworkTable);
    const row = await table.get(idOf(ref));
    if (!row?.attachments) return;
    await table.put({ ...row, attachments: row.attachments.filter((attachment) => attachment.id !== body.attachmentId) });
  },
  answer: deletedSchema,
  accepted: () => noServerEffects(),
};
