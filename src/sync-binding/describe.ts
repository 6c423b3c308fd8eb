/**
 * One line per waiting or refused change, in the words of the screen that made it ("Attendance ·
 * VI A · 2025-07-01 · 32 students"): each feature gives the words of its own mutation kinds (its
 * `changes`, src/kit/feature.ts), loaded when the sync panel first opens; this file holds what all
 * of them share (the class names the mirror knows, the record lines, the registry).
 */
import type { ClassRow } from '../../sync';
import { lookup } from '../i18n/translate';
import { registeredChangeWords } from './change-words-registry';
import { syncTexts } from './texts';

export { registerChangeWords } from './change-words-registry';

export type ChangeBody = Record<string, unknown>;

type Named = { firstName?: unknown; lastName?: unknown };

/** Names the refused list and the panel read from the mirror for the ids a change mentions. */
export interface RefusedLookups {
  classes: ReadonlyMap<string, Pick<ClassRow, 'className' | 'classSection'>>;
  students: ReadonlyMap<string, Named>;
  teachers: ReadonlyMap<string, Named>;
  subjects: ReadonlyMap<string, { subjectName?: unknown }>;
}

export interface ChangeContext {
  /** The record the change is about: its body's `id`, else the last part of its path (a delete's). */
  recordId: string | undefined;
  /** A class's name as the mirror has it ("VI A"; "a class" when the device has none). */
  className(id: unknown): string;
}

export type ChangeLine = (body: ChangeBody, context: ChangeContext) => string;

/** One mark of an attendance sheet, student by student. */
export interface RefusedMark {
  student: string;
  status: string;
  remark: string;
}

/** A "changed elsewhere" notice: the user's version of the record and the one the school kept. */
export interface ConflictNoticeWords {
  recordId: string;
  yours: unknown;
  kept: unknown;
}

/** A feature's words for its mutation kinds (the default export of its `changes` module). */
export interface ChangeWords {
  /** The change's one line, by kind name ('homework.done'). */
  lines: Readonly<Record<string, ChangeLine>>;
  /** Labels of the fields its changes carry beyond the shared ones (src/sync-binding/texts.ts `refused.fields`). */
  fields?: Readonly<Record<string, string>>;
  /** Fields that say nothing to a person, or that the change's line already names. */
  hidden?: readonly string[];
  /** A refused change's values in the school's words before they are listed (amounts in rupees, kinds named). */
  values?: (kind: string, values: ChangeBody) => ChangeBody;
  /** A refused sheet's marks, student by student. */
  marks?: (kind: string, body: ChangeBody, lookups: RefusedLookups) => RefusedMark[];
  /** A "changed elsewhere" notice's line, by the entity of the record (its mirror table). */
  conflicts?: Readonly<Record<string, (notice: ConflictNoticeWords, lookups: RefusedLookups) => string>>;
}

export function defineChanges<const W extends ChangeWords>(words: W): W {
  return words;
}

const byKind = new Map<string, ChangeWords>();
const byEntity = new Map<string, NonNullable<ChangeWords['conflicts']>[string]>();
/** The features' own labels; the shared ones are the catalog's `sync.refused.fields`. */
const fieldLabels = new Map<string, string>();
const hiddenFields = new Set<string>();
let loading: Promise<void> | null = null;
let loadedVersion = -1;

function add(words: ChangeWords): void {
  for (const kind of Object.keys(words.lines)) byKind.set(kind, words);
  for (const [entity, line] of Object.entries(words.conflicts ?? {})) byEntity.set(entity, line);
  for (const [key, label] of Object.entries(words.fields ?? {})) fieldLabels.set(key, label);
  for (const key of words.hidden ?? []) hiddenFields.add(key);
}

/**
 * Loads every registered feature's words (once; again after a failure). A feature whose words did
 * not load has its changes named by their kind.
 */
export function loadChangeWords(): Promise<void> {
  const { loaders, version } = registeredChangeWords();
  if (loading && loadedVersion === version) return loading;
  loadedVersion = version;
  let failed = false;
  const pending = loaders.map((load) =>
    load().then(
      (module) => add(module.default),
      (error: unknown) => {
        failed = true;
        console.warn('Loading the words of a feature’s changes failed', error);
      },
    ),
  );
  const all = Promise.all(pending).then(() => {
    if (failed && loading === all) loading = null;
  });
  loading = all;
  return all;
}

/** The loaded words of a kind's feature. */
export function changeWordsOf(kind: string): ChangeWords | undefined {
  return byKind.get(kind);
}

export function conflictLineOf(entity: string) {
  return byEntity.get(entity);
}

export function fieldLabel(key: string): string {
  return fieldLabels.get(key) ?? lookup(`sync.refused.fields.${key}`) ?? key;
}

export function isHiddenField(key: string): boolean {
  return hiddenFields.has(key);
}

export interface DescribableEntry {
  kind: string;
  path: string;
  body: unknown;
}

export function record(value: unknown): ChangeBody {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ChangeBody) : {};
}

/** A body's text field ('' when it holds none). */
export function textOf(body: ChangeBody, key: string): string {
  const value = body[key];
  return typeof value === 'string' ? value : '';
}

/** "Aarav Sharma" from a row's or a body's first and last names. */
export function personName(row: Named | undefined): string {
  if (!row) return '';
  return [row.firstName, row.lastName].filter((part) => typeof part === 'string' && part).join(' ');
}

export function className(row: Pick<ClassRow, 'className' | 'classSection'> | undefined): string {
  if (!row) return syncTexts.describe.unknownClass;
  return [row.className, row.classSection].filter(Boolean).join(' ');
}

/** "New homework Tables of 7" ("New homework" without a name). */
export function createLine(entity: string, name: string): string {
  return syncTexts.describe.recordCreate({ entity: entity.toLowerCase(), name, named: name ? 'yes' : 'no' });
}

/** "Homework Tables of 7 changed" ("Homework changed" without a name). */
export function updateLine(entity: string, name: string): string {
  return syncTexts.describe.recordUpdate({ entity, name, named: name ? 'yes' : 'no' });
}

/** A record kind's create, update and delete lines: "New homework Tables of 7", "Homework Tables of 7 changed", "Homework deleted". */
export function recordLines<const P extends string>(
  prefix: P,
  entity: string | (() => string),
  name: (body: ChangeBody) => string = () => '',
): Record<`${P}.${'create' | 'update' | 'delete'}`, ChangeLine> {
  const words = syncTexts.describe;
  // A function reads the entity's name in the language of the moment (a catalog's message).
  const entityName = () => (typeof entity === 'function' ? entity() : entity);
  const lines: Record<string, ChangeLine> = {
    [`${prefix}.create`]: (body) => createLine(entityName(), name(body)),
    [`${prefix}.update`]: (body) => updateLine(entityName(), name(body)),
    [`${prefix}.delete`]: () => words.recordDelete({ entity: entityName() }),
  };
  return lines as Record<`${P}.${'create' | 'update' | 'delete'}`, ChangeLine>;
}

function recordIdOf(entry: DescribableEntry, body: ChangeBody): string | undefined {
  if (typeof body.id === 'string') return body.id;
  const last = entry.path.split('/').pop();
  return last ? decodeURIComponent(last) : undefined;
}

/** The change's line in its feature's words; its kind when no feature has words for it. */
export function describeEntry(entry: DescribableEntry, classes: RefusedLookups['classes']): string {
  const line = byKind.get(entry.kind)?.lines[entry.kind];
  if (!line) return entry.kind;
  const body = record(entry.body);
  return line(body, {
    recordId: recordIdOf(entry, body),
    className: (id) => className(typeof id === 'string' ? classes.get(id) : undefined),
  });
}
