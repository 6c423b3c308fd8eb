/**
 * What the school-record kinds (students, teachers, subjects, class subjects, admissions,
 * certificates) share: refs, the base rev an update is made on, reading a record write's answer
 * (with the conflict protocol of contract/sync.ts), and re-basing a later update on the rev the
 * school gave an earlier change of the same record.
 */
import { conflictOf } from '../../contract/sync';
import type { KakshaDb, MirrorTable } from '../db';
import { parseRef, readRow, serverRow } from '../mirror';
import { isRecord, type MutationKind, type ServerEffects } from './kind';

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

/** A record as the school stored it (an id and a rev), in the pull's shape, without the answer's `conflict` notice. */
export function serverRecord(data: unknown, table?: MirrorTable): Record<string, unknown> | undefined {
  if (!isRecord(data) || typeof data.id !== 'string' || typeof data.rev !== 'number') return undefined;
  const { conflict: _notice, ...row } = data;
  for (const field of (table && answerOnlyFields[table]) ?? []) delete row[field];
  return row;
}

export function noServerEffects(): ServerEffects {
  return { upserts: [], deletes: [], conflicts: [] };
}

/**
 * A record write's answer: the stored record; or, when its baseRev lost, the kept record (or
 * `{ id, deleted: true }`) with the notice, which goes to "changed elsewhere".
 */
export function recordAnswer(table: MirrorTable, data: unknown): ServerEffects {
  const effects = noServerEffects();
  const notice = conflictOf(data);
  const id = isRecord(data) && typeof data.id === 'string' ? data.id : undefined;
  if (notice) effects.conflicts.push({ ...notice, entity: notice.entity ?? table, id: notice.id ?? id ?? '' });
  if (isRecord(data) && data.deleted === true && id !== undefined) {
    effects.deletes.push({ table, id });
    return effects;
  }
  const row = serverRecord(data, table);
  if (row) effects.upserts.push({ table, row });
  return effects;
}

/** A delete's answer `{ id }`: the row is gone (the answer carries no tombstone rev). */
export function deleteAnswer(table: MirrorTable, data: unknown): ServerEffects {
  const effects = recordAnswer(table, data);
  if (effects.conflicts.length > 0 || effects.upserts.length > 0) return effects;
  if (isRecord(data) && typeof data.id === 'string') effects.deletes.push({ table, id: data.id });
  return effects;
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
  const row = classId ? await db.classes.get(classId) : undefined;
  return { className: row?.className ?? null, classSection: row?.classSection ?? null };
}

export async function teacherName(db: KakshaDb, teacherId: string | null | undefined): Promise<string | null> {
  const row = teacherId ? await db.teachers.get(teacherId) : undefined;
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
export function recordValues(schema: RecordSchema, body: unknown): Record<string, unknown> {
  const names = Object.keys(schema.shape).filter((name) => name !== 'id' && name !== 'baseRev');
  const given = isRecord(body) ? body : {};
  const picked = Object.fromEntries(names.map((name) => [name, given[name]]));
  const parsed = schema.safeParse(picked);
  const source = parsed.success ? parsed.data : picked;
  return Object.fromEntries(names.map((name) => [name, source[name] ?? null]));
}

/** A record write's body: the record's fields, its id, and for an update the base rev. */
export type RecordBody = Record<string, unknown> & UpdateBody;

export interface RecordKindSpec<T extends MirrorTable = MirrorTable> {
  /** Mirror table and kind-name prefix (`students.create` ...). */
  table: T;
  schema: RecordSchema;
  paths: { create: string; update(id: string): string; remove(id: string): string };
  /** Other rows the record refers to (a class made offline must reach the school first). */
  needs?(values: Record<string, unknown>): string[];
  /** Fields a row made or edited here shows besides its own (names joined from the mirror). */
  decorate?(db: KakshaDb, values: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Extra re-basing of a waiting update on an earlier accepted change. */
  rebase?(body: RecordBody, applied: ServerEffects['upserts']): RecordBody;
}

type Input = Record<string, unknown> & { id?: string };

async function writeRecord(spec: RecordKindSpec, db: KakshaDb, ref: string, body: RecordBody, create: boolean): Promise<void> {
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
export function recordKinds<T extends MirrorTable, C extends Input, U extends Input & { id: string }>(spec: RecordKindSpec<T>) {
  const { table } = spec;
  const needs = (input: Input) => (spec.needs ? spec.needs(recordValues(spec.schema, input)) : []);

  const create: MutationKind<C, RecordBody, `${T}.create`> = {
    name: `${table}.create`,
    async prepare(input, context) {
      const id = input.id ?? context.newId();
      const ref = refOf(table, id);
      const body = { ...withoutId(input), id };
      return { method: 'POST', path: spec.paths.create, body, refs: [ref], creates: [ref], needs: needs(input), result: id };
    },
    apply: (context, body, ref) => writeRecord(spec, context.db, ref, body, true),
    accepted: (_body, data) => recordAnswer(table, data),
  };

  const update: MutationKind<U, RecordBody, `${T}.update`> = {
    name: `${table}.update`,
    async prepare(input, context) {
      const ref = refOf(table, input.id);
      const baseRev = await baseRevOf(context.db, ref);
      const body = { ...withoutId(input), id: input.id, ...(baseRev === undefined ? {} : { baseRev }) };
      return { method: 'PUT', path: spec.paths.update(input.id), body, refs: [ref], needs: [ref, ...needs(input)], result: input.id };
    },
    apply: (context, body, ref) => writeRecord(spec, context.db, ref, body, false),
    accepted: (_body, data) => recordAnswer(table, data),
    rebase(body, applied) {
      const rebased = rebaseUpdate(table, body, applied);
      return spec.rebase ? spec.rebase(rebased, applied) : rebased;
    },
  };

  const remove: MutationKind<{ id: string }, undefined, `${T}.delete`> = {
    name: `${table}.delete`,
    async prepare(input) {
      const ref = refOf(table, input.id);
      return { method: 'DELETE', path: spec.paths.remove(input.id), body: undefined, refs: [ref], needs: [ref], result: input.id };
    },
    async apply(context, _body, ref) {
      await context.db.mirror(table).delete(idOf(ref));
    },
    accepted: (_body, data) => deleteAnswer(table, data),
  };

  return { create, update, remove };
}
