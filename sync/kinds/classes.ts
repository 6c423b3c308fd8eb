/**
 * Classes as mutation kinds: create (the device mints the id, so a class made offline keeps it),
 * update and delete, each through the spec's ordinary paths with its Idempotency-Key.
 */
import { paths } from '../../contract/paths';
import { conflictOf } from '../../contract/sync';
import type { ClassRow } from '../db';
import { parseRef } from '../mirror';
import { isRecord, type KindContext, type MutationKind, type ServerEffects } from './kind';
import { baseRevOf, rebaseUpdate, recordAnswer, type UpdateBody } from './records';

interface ClassBody {
  id?: string;
  className: string;
  classSection: string;
}

/** The server's record as it came (every field it has), checked for the ones the mirror indexes. */
function classRecord(data: unknown): ClassRow | undefined {
  if (!isRecord(data) || typeof data.id !== 'string' || typeof data.className !== 'string') return undefined;
  return {
    ...data,
    id: data.id,
    className: data.className,
    classSection: typeof data.classSection === 'string' ? data.classSection : '',
    rev: typeof data.rev === 'number' ? data.rev : 0,
  };
}

function upsertFrom(data: unknown): ServerEffects {
  const row = classRecord(data);
  return { upserts: row ? [{ table: 'classes', row }] : [], deletes: [], conflicts: [] };
}

async function writeClass(context: KindContext, ref: string, values: { className: string; classSection: string }, create: boolean) {
  const { key } = parseRef(ref);
  const id = String(key);
  const current = await context.db.classes.get(id);
  if (!current && !create) return;
  await context.db.classes.put({ ...current, id, className: values.className, classSection: values.classSection, rev: current?.rev ?? 0 });
}

/** What a screen passes: the names (a missing section is none); the id is minted here unless given. */
export interface ClassFields {
  id?: string;
  className: string;
  classSection?: string;
}

export const createClass: MutationKind<ClassFields, ClassBody, 'classes.create'> = {
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
  accepted: (_body, data) => upsertFrom(data),
};

export const updateClass: MutationKind<{ id: string; className: string; classSection?: string }, ClassBody & UpdateBody, 'classes.update'> = {
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
  accepted: (_body, data) => (conflictOf(data) ? recordAnswer('classes', data) : upsertFrom(data)),
  rebase: (body, applied) => rebaseUpdate('classes', body, applied),
};

export const deleteClass: MutationKind<{ id: string }, undefined, 'classes.delete'> = {
  name: 'classes.delete',
  async prepare(input) {
    const ref = `classes:${input.id}`;
    return { method: 'DELETE', path: paths.classes.remove(input.id), body: undefined, refs: [ref], needs: [ref], result: input.id };
  },
  async apply(context, _body, ref) {
    await context.db.classes.delete(String(parseRef(ref).key));
  },
  accepted(_body, data) {
    const id = isRecord(data) && typeof data.id === 'string' ? data.id : undefined;
    // The answer carries no tombstone rev: every version the device holds is gone.
    return { upserts: [], deletes: id ? [{ table: 'classes', id }] : [], conflicts: [] };
  },
};
