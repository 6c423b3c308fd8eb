/**
 * Classes as mutation kinds: create (the device mints the id, so a class made offline keeps it),
 * update and delete, each through the spec's ordinary paths with its Idempotency-Key.
 */
import type { SchoolClass } from '../../contract/class';
import { paths } from '../../contract/paths';
import { parseRef } from '../mirror';
import { classesTable } from '../tables/classes';
import type { KindContext, MutationKind } from './kind';
import { baseRevOf, deleteAnswer, rebaseUpdate, recordAnswer, storedAnswer, type RecordAnswer, type UpdateBody } from './records';
import { lazyWriteAnswers } from '../contract';


export interface ClassBody {
  id?: string;
  className: string;
  classSection: string;
}

const answers = lazyWriteAnswers((contract) => contract.recordWriteAnswers(contract.classSchema));

async function writeClass(context: KindContext, ref: string, values: { className: string; classSection: string }, create: boolean) {
  const { key } = parseRef(ref);
  const id = String(key);
  const current = await context.db.tableOf(classesTable).get(id);
  if (!current && !create) return;
  await context.db.tableOf(classesTable).put({ ...current, id, className: values.className, classSection: values.classSection, rev: current?.rev ?? 0 });
}

/** What a screen passes: the names (a missing section is none); the id is minted here unless given. */
export interface ClassFields {
  id?: string;
  className: string;
  classSection?: string;
}

export const createClass: MutationKind<ClassFields, ClassBody, 'classes.create', SchoolClass> = {
  name: 'classes.create',
  async prepare(input, context) {
    const id = input.id ?? context.newId();
    const body: ClassBody = { id, className: input.className.trim(), classSection: (input.classSection ?? '').trim() };
    const ref = `classes:${id}`;
    return { method: 'POST', path: paths.classes.create, body, refs: [ref], creates: [ref], result: id };
  },
  async apply(context, body, ref) {
    await writeClass(context, ref, body, true);
  },
  answer: answers.create,
  accepted: (_body, record) => storedAnswer('classes', record),
};

export const updateClass: MutationKind<{ id: string; className: string; classSection?: string }, ClassBody & UpdateBody, 'classes.update', RecordAnswer<SchoolClass>> = {
  name: 'classes.update',
  async prepare(input, context) {
    const ref = `classes:${input.id}`;
    const baseRev = await baseRevOf(context.db, ref);
    const body: ClassBody & UpdateBody = {
      id: input.id,
      className: input.className.trim(),
      classSection: (input.classSection ?? '').trim(),
      ...(baseRev === undefined ? {} : { baseRev }),
    };
    return { method: 'PUT', path: paths.classes.update(input.id), body, refs: [ref], needs: [ref], result: input.id };
  },
  async apply(context, body, ref) {
    await writeClass(context, ref, body, false);
  },
  answer: answers.update,
  accepted: (_body, answer) => recordAnswer('classes', answer),
  rebase: (body, applied) => rebaseUpdate('classes', body, applied),
};

export const deleteClass: MutationKind<{ id: string }, undefined, 'classes.delete', { id: string }> = {
  name: 'classes.delete',
  async prepare(input) {
    const ref = `classes:${input.id}`;
    return { method: 'DELETE', path: paths.classes.remove(input.id), body: undefined, refs: [ref], needs: [ref], result: input.id };
  },
  async apply(context, _body, ref) {
    await context.db.tableOf(classesTable).delete(String(parseRef(ref).key));
  },
  answer: answers.remove,
  accepted: (_body, answer) => deleteAnswer('classes', answer),
};
