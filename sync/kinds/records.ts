/**
 * What the school-record kinds (students, teachers, subjects, class subjects, admissions,
 * certificates) share: refs, the base rev an update is made on, reading a record write's answer
 * (parsed with the contract's schemas, with the conflict protocol of contract/sync.ts), and
 * re-basing a later update on the rev the school gave an earlier change of the same record.
 */
import type { ConflictNotice } from '../../contract/sync';
import { contract } from '../contract';
import type { KakshaDb, MirrorTable } from '../db';
import { parseRef, readRow, serverRow } from '../mirror';
import { classesTable } from '../tables/classes';
import { teachersTable } from '../tables/teachers';
import type { AnswerSchema, MutationKind, ServerEffects } from './kind';

export function refOf(table: MirrorTable, id: string): string {
  return `${table}:${id}`;
}

export function idOf(ref: string): string {
  return String(parseRef(ref).key);
}

/** The rev of the school's copy under the row (`base` when pending entries cover it); none when the school has no copy yet. */
export async function baseRevOf(db: KakshaDb, ref: string): Promise<number | undefined> {
  const server = await serverRow(db, ref);
  return server && typeof server.rev === 'number' && server.rev > 0 ? server.rev : undefined;
}

/** The row currently shown at a ref, typed for the caller. */
export async function shownRow<T>(db: KakshaDb, ref: string): Promise<T | undefined> {
  return (await readRow(db, ref)) as T | undefined;
}

/**
 * Fields a write's answer carries that the pull's records of the same table do not (names the
 * mirror joins from its own tables). Left out, so a row has one shape whichever way it arrived.
 */
const answerOnlyFields: Partial<Record<MirrorTable, readonly string[]>> = {
  students: ['className', 'classSection', 'schoolName'],
};

type Row = Record<string, unknown>;

/** A conflict notice as an answer carries it (contract/revisions.ts conflictNoticeSchema). */
export type AnswerNotice = Omit<ConflictNotice, 'entity'> & { entity: string };

/** An update's answer (contract/revisions.ts updateAnswerSchema): the record, or the deletion that won, with the notice when the base rev lost. */
export type RecordAnswer<R extends Row> = (R & { conflict?: AnswerNotice }) | { id: string; deleted: true; conflict: AnswerNotice };

function isDeletion<R extends Row>(answer: RecordAnswer<R>): answer is { id: string; deleted: true; conflict: AnswerNotice } {
  return answer.deleted === true;
}

/** The answers of a record resource's writes (contract/revisions.ts recordWriteAnswers). */
export interface RecordWriteAnswers<R extends Row> {
  create: AnswerSchema<R>;
  update: AnswerSchema<RecordAnswer<R>>;
  remove: AnswerSchema<{ id: string }>;
}

/** A notice of an answer about a record of `table`, which it names unless it names another entity. */
export function noticeOf(table: MirrorTable, notice: AnswerNotice): ConflictNotice {
  return { ...notice, entity: contract().isSyncEntity(notice.entity) ? notice.entity : table };
}

/** A record as the school stored it (with a rev), in the pull's shape, without the answer's `conflict` notice. */
export function serverRecord(record: Row & { conflict?: AnswerNotice }, table: MirrorTable): Row | undefined {
  if (typeof record.rev !== 'number') return undefined;
  const { conflict: _notice, ...row } = record;
  for (const field of answerOnlyFields[table] ?? []) delete row[field];
  return row;
}

export function noServerEffects(): ServerEffects {
  return { upserts: [], deletes: [], conflicts: [] };
}

/** A write's answer that is its record as stored. */
export function storedAnswer(table: MirrorTable, record: Row): ServerEffects {
  const effects = noServerEffects();
  const row = serverRecord(record, table);
  if (row) effects.upserts.push({ table, row });
  return effects;
}

/**
 * A record update's answer: the stored record; or, when its baseRev lost, the kept record (or
 * `{ id, deleted: true }`) with the notice, which goes to "changed elsewhere".
 */
export function recordAnswer<R extends Row>(table: MirrorTable, answer: RecordAnswer<R>): ServerEffects {
  const effects = noServerEffects();
  if (answer.conflict) effects.conflicts.push(noticeOf(table, answer.conflict));
  if (isDeletion(answer)) {
    effects.deletes.push({ table, id: answer.id });
    return effects;
  }
  const row = serverRecord(answer, table);
  if (row) effects.upserts.push({ table, row });
  return effects;
}

/** A delete's answer `{ id }`: the row is gone (the answer carries no tombstone rev). */
export function deleteAnswer(table: MirrorTable, answer: { id: string }): ServerEffects {
  return { upserts: [], deletes: [{ table, id: answer.id }], conflicts: [] };
}

export interface UpdateBody {
  id: string;
  baseRev?: number;
}

/** An update still waiting behind an accepted change of the same record is now based on the school's new rev. */
export function rebaseUpdate<B extends UpdateBody>(table: MirrorTable, update: B, applied: ServerEffects['upserts']): B {
  const rev = applied.find(({ table: t, row }) => t === table && row.id === update.id)?.row.rev;
  return typeof rev === 'number' ? { ...update, baseRev: rev } : update;
}

/** The device's calendar date (a placeholder until the school's own date arrives). */
export function deviceToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Mirror names for rows made on this device (the school's join replaces them). */
export async function classNames(db: KakshaDb, classId: string | null | undefined) {
  const row = classId ? await db.tableOf(classesTable).get(classId) : undefined;
  return { className: row?.className ?? null, classSection: row?.classSection ?? null };
}

export async function teacherName(db: KakshaDb, teacherId: string | null | undefined): Promise<string | null> {
  const row = teacherId ? await db.tableOf(teachersTable).get(teacherId) : undefined;
  return row ? `${row.firstName} ${row.lastName}` : null;
}

/** The refs a record needs to exist on the school first (made offline and still waiting). */
export function needsOf(pairs: [MirrorTable, string | null | undefined][]): string[] {
  return pairs.filter((pair): pair is [MirrorTable, string] => typeof pair[1] === 'string' && pair[1] !== '').map(([t, id]) => refOf(t, id));
}

/** The input schema of a record kind: an object schema whose fields are the record's. */
export interface RecordSchema {
  shape: Record<string, unknown>;
  safeParse(input: unknown): { success: true; data: Record<string, unknown> } | { success: false };
}

/** The fields of a body as the school will store them (the contract's normalisation) when valid; as given otherwise. */
export function recordValues(schema: RecordSchema, body: object | undefined): Record<string, unknown> {
  const names = Object.keys(schema.shape).filter((name) => name !== 'id' && name !== 'baseRev');
  const given = new Map(Object.entries(body ?? {}));
  const picked = Object.fromEntries(names.map((name) => [name, given.get(name)]));
  const parsed = schema.safeParse(picked);
  const source = parsed.success ? parsed.data : picked;
  return Object.fromEntries(names.map((name) => [name, source[name] ?? null]));
}

/** A record write's body: the record's fields, its id, and for an update the base rev. */
export type RecordBody = Record<string, unknown> & UpdateBody;

export interface RecordKindSpec<T extends MirrorTable = MirrorTable, R extends Row = Row> {
  /** Mirror table and kind-name prefix (`students.create` ...). */
  table: T;
  schema: RecordSchema;
  paths: { create: string; update(id: string): string; remove(id: string): string };
  /** What the routes answer: `recordWriteAnswers(recordSchema)` (contract/revisions.ts). */
  answers: RecordWriteAnswers<R>;
  /** Other rows the record refers to (a class made offline must reach the school first). */
  needs?(values: Record<string, unknown>): string[];
  /** Fields a row made or edited here shows besides its own (names joined from the mirror). */
  decorate?(db: KakshaDb, values: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Extra re-basing of a waiting update on an earlier accepted change. */
  rebase?(body: RecordBody, applied: ServerEffects['upserts']): RecordBody;
}

type Input = Record<string, unknown> & { id?: string };

async function writeRecord<R extends Row>(spec: RecordKindSpec<MirrorTable, R>, db: KakshaDb, ref: string, body: RecordBody, create: boolean): Promise<void> {
  const id = idOf(ref);
  const table = db.mirror(spec.table);
  const current = await table.get(id);
  if (!current && !create) return;
  const values = recordValues(spec.schema, body);
  const extra = spec.decorate ? await spec.decorate(db, values) : {};
  await table.put({ ...current, ...values, ...extra, id, rev: typeof current?.rev === 'number' ? current.rev : 0 });
}

/** The record's fields; the base rev is the engine's to set, from the copy under the row. */
function withoutId(input: Input): Record<string, unknown> {
  const { id: _id, baseRev: _baseRev, ...rest } = input;
  return rest;
}

/** Create (the device mints the id, so a record made offline keeps it), update (with its base rev) and delete. */
export function recordKinds<T extends MirrorTable, C extends Input, U extends Input & { id: string }, R extends Row = Row>(spec: RecordKindSpec<T, R>) {
  const { table } = spec;
  const needs = (input: Input) => (spec.needs ? spec.needs(recordValues(spec.schema, input)) : []);

  const create: MutationKind<C, RecordBody, `${T}.create`, R> = {
    name: `${table}.create`,
    async prepare(input, context) {
      const id = input.id ?? context.newId();
      const ref = refOf(table, id);
      const body = { ...withoutId(input), id };
      return { method: 'POST', path: spec.paths.create, body, refs: [ref], creates: [ref], needs: needs(input), result: id };
    },
    apply: (context, body, ref) => writeRecord(spec, context.db, ref, body, true),
    answer: spec.answers.create,
    accepted: (_body, record) => storedAnswer(table, record),
  };

  const update: MutationKind<U, RecordBody, `${T}.update`, RecordAnswer<R>> = {
    name: `${table}.update`,
    async prepare(input, context) {
      const ref = refOf(table, input.id);
      const baseRev = await baseRevOf(context.db, ref);
      const body = { ...withoutId(input), id: input.id, ...(baseRev === undefined ? {} : { baseRev }) };
      return { method: 'PUT', path: spec.paths.update(input.id), body, refs: [ref], needs: [ref, ...needs(input)], result: input.id };
    },
    apply: (context, body, ref) => writeRecord(spec, context.db, ref, body, false),
    answer: spec.answers.update,
    accepted: (_body, answer) => recordAnswer(table, answer),
    rebase(body, applied) {
      const rebased = rebaseUpdate(table, body, applied);
      return spec.rebase ? spec.rebase(rebased, applied) : rebased;
    },
  };

  const remove: MutationKind<{ id: string }, undefined, `${T}.delete`, { id: string }> = {
    name: `${table}.delete`,
    async prepare(input) {
      const ref = refOf(table, input.id);
      return { method: 'DELETE', path: spec.paths.remove(input.id), body: undefined, refs: [ref], needs: [ref], result: input.id };
    },
    async apply(context, _body, ref) {
      await context.db.mirror(table).delete(idOf(ref));
    },
    answer: spec.answers.remove,
    accepted: (_body, answer) => deleteAnswer(table, answer),
  };

  return { create, update, remove };
}
