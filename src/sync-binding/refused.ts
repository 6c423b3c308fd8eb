/**
 * What a change the school did not accept was, in the screens' words: its one-line title, each
 * field it carried (names of classes, students, teachers and subjects looked up in the mirror, dates
 * as 23/11/2026), a sheet's marks student by student, and the school's reason. The sync panel shows
 * it, copies it as text and exports it as JSON or CSV (docs/decisions.md). The words of a
 * feature's own kinds (their values, labels, marks) are the feature's (src/sync-binding/describe.ts).
 */
import type { KakshaDb, RejectedEntry } from '../../sync';
import { classesTable } from '../../sync/modules/classes';
import { studentsTable } from '../../sync/modules/students';
import { subjectsTable } from '../../sync/modules/subjects';
import { teachersTable } from '../../sync/modules/teachers';
import { changeWordsOf, className, describeEntry, fieldLabel, isHiddenField, personName, record, type RefusedLookups, type RefusedMark } from './describe';
import { lookup } from '../i18n/translate';
import { syncTexts } from './texts';
import { shortDate } from '../ui/dates';

export type { RefusedLookups, RefusedMark } from './describe';

const text = syncTexts.refused;

export interface RefusedField {
  label: string;
  value: string;
}

export interface RefusedChange {
  id: string;
  title: string;
  reason: string;
  savedAt: number;
  refusedAt: number;
  fields: RefusedField[];
  /** A sheet's marks, one per student. */
  marks: RefusedMark[];
}

/** 2026-11-23 → 23/11/2026 (src/ui/dates.ts); anything else as it is. */
function shownDate(value: string): string {
  return shortDate(value) ?? value;
}

/** The ids of students, teachers and subjects some values mention, to read their names from the mirror. */
export function mentionedIds(values: readonly unknown[]) {
  const ids = { students: new Set<string>(), teachers: new Set<string>(), subjects: new Set<string>() };
  const visit = (value: unknown) => {
    for (const [key, inner] of Object.entries(record(value))) {
      if (typeof inner === 'string') {
        if (key === 'studentId') ids.students.add(inner);
        if (key === 'teacherId' || key === 'classTeacherId') ids.teachers.add(inner);
        if (key === 'subjectId') ids.subjects.add(inner);
      } else if (Array.isArray(inner)) {
        inner.forEach(visit);
      } else if (typeof inner === 'object' && inner !== null) {
        visit(inner);
      }
    }
  };
  values.forEach(visit);
  return ids;
}

/** Reads the names some values need from the mirror (every class: a school has a few dozen). */
export async function readLookups(db: KakshaDb, values: readonly unknown[]): Promise<RefusedLookups> {
  const ids = mentionedIds(values);
  const [classes, students, teachers, subjects] = await Promise.all([
    db.tableOf(classesTable).toArray(),
    db.tableOf(studentsTable).bulkGet([...ids.students]),
    db.tableOf(teachersTable).bulkGet([...ids.teachers]),
    db.tableOf(subjectsTable).bulkGet([...ids.subjects]),
  ]);
  const byId = <T extends { id: string }>(rows: (T | undefined)[]) => new Map(rows.filter((row): row is T => row !== undefined).map((row) => [row.id, row]));
  return { classes: byId(classes), students: byId(students), teachers: byId(teachers), subjects: byId(subjects) };
}

/** What the device keeps of a refused entry that names records: its body, and a delete's record. */
export function refusedValues(entries: readonly RejectedEntry[]): unknown[] {
  return entries.flatMap((entry) => [entry.body, entry.record]);
}

/** Fields that say nothing to a person (ids, versions) or are shown another way; a feature adds its own. */
const hidden = new Set(['id', 'baseRev', 'rev', 'entries', 'tenantId', 'deletedAt', 'updatedAt', 'createdAt']);

/** A name a row carries beside the id it names: shown once, from the id. */
const namedBy: Record<string, string> = {
  className: 'classId',
  classSection: 'classId',
  subjectName: 'subjectId',
  teacherName: 'teacherId',
  studentName: 'studentId',
};

function valueOf(key: string, value: unknown, lookups: RefusedLookups): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if (key === 'audience') return audienceOf(record(value), lookups);
  if (key === 'classIds' && Array.isArray(value)) return value.map((id) => className(lookups.classes.get(String(id)))).join(', ');
  if (typeof value !== 'string') return typeof value === 'object' ? JSON.stringify(value) : String(value);
  switch (key) {
    case 'classId':
      return className(lookups.classes.get(value));
    case 'studentId':
      return personName(lookups.students.get(value)) || text.unknown;
    case 'teacherId':
    case 'classTeacherId':
      return personName(lookups.teachers.get(value)) || text.unknown;
    case 'subjectId': {
      const name = lookups.subjects.get(value)?.subjectName;
      return typeof name === 'string' && name ? name : text.unknown;
    }
    default:
      return shownDate(value);
  }
}

/** An audience (of a notification or an event) in words: "Whole school", "II B, III A", "Parents", "3 people". */
function audienceOf(audience: Record<string, unknown>, lookups: RefusedLookups): string {
  const words = syncTexts.describe.audience;
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  switch (audience.kind) {
    case 'school':
      return words.school;
    case 'classes':
      return list(audience.classIds).map((id) => className(lookups.classes.get(id))).join(', ');
    case 'roles':
      return list(audience.roles).map((role) => lookup(`sync.describe.audience.roles.${role}`) ?? role).join(', ');
    case 'people':
      return words.people({ count: list(audience.userIds).length });
    default:
      return JSON.stringify(audience);
  }
}

function known(idKey: string, id: unknown, lookups: RefusedLookups): boolean {
  if (typeof id !== 'string') return false;
  if (idKey === 'classId') return lookups.classes.has(id);
  if (idKey === 'subjectId') return lookups.subjects.has(id);
  if (idKey === 'teacherId') return lookups.teachers.has(id);
  return lookups.students.has(id);
}

function hasName(idKey: string, values: Record<string, unknown>): boolean {
  return Object.entries(namedBy).some(([name, id]) => id === idKey && typeof values[name] === 'string' && values[name] !== '');
}

function fieldsOf(values: Record<string, unknown>, lookups: RefusedLookups): RefusedField[] {
  const fields: RefusedField[] = [];
  for (const [key, raw] of Object.entries(values)) {
    if (hidden.has(key) || isHiddenField(key)) continue;
    const idKey = namedBy[key];
    if (idKey && known(idKey, values[idKey], lookups)) continue;
    // An id the mirror no longer knows: the row's own name for it says more than "not on this device".
    if (Object.values(namedBy).includes(key) && !known(key, raw, lookups) && hasName(key, values)) continue;
    const value = valueOf(key, raw, lookups);
    if (!value) continue;
    fields.push({ label: fieldLabel(key), value });
  }
  return fields;
}

export function refusedChange(entry: RejectedEntry, lookups: RefusedLookups): RefusedChange {
  const body = record(entry.body);
  const words = changeWordsOf(entry.kind);
  // A delete carries no body: what it was about is the record the engine kept with it.
  const values = entry.body === undefined ? record(entry.record) : body;
  return {
    id: entry.id,
    title: describeEntry(entry, lookups.classes),
    reason: entry.message,
    savedAt: entry.createdAt,
    refusedAt: entry.rejectedAt,
    fields: fieldsOf(words?.values?.(entry.kind, values) ?? values, lookups),
    marks: words?.marks?.(entry.kind, body, lookups) ?? [],
  };
}

function stamp(ms: number): string {
  const when = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(when.getDate())}/${pad(when.getMonth() + 1)}/${when.getFullYear()} ${pad(when.getHours())}:${pad(when.getMinutes())}`;
}

/** Plain text for the clipboard: one block per change. */
export function refusedAsText(changes: readonly RefusedChange[]): string {
  return changes
    .map((change) =>
      [
        change.title,
        `${text.reason}: ${change.reason}`,
        `${text.savedAt}: ${stamp(change.savedAt)}`,
        `${text.refusedAt}: ${stamp(change.refusedAt)}`,
        ...change.fields.map((field) => `${field.label}: ${field.value}`),
        ...change.marks.map((mark) => `${mark.student}: ${mark.status}${mark.remark ? ` (${mark.remark})` : ''}`),
      ].join('\n'),
    )
    .join('\n\n');
}

/** JSON for a download: the changes in words, and each entry as the device kept it. */
export function refusedAsJson(changes: readonly RefusedChange[], entries: readonly RejectedEntry[]): string {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return JSON.stringify(
    changes.map((change) => {
      const entry = byId.get(change.id);
      return {
        change: change.title,
        reason: change.reason,
        savedAt: new Date(change.savedAt).toISOString(),
        refusedAt: new Date(change.refusedAt).toISOString(),
        fields: Object.fromEntries(change.fields.map((field) => [field.label, field.value])),
        ...(change.marks.length > 0 ? { marks: change.marks } : {}),
        request: entry ? { kind: entry.kind, method: entry.method, path: entry.path, body: entry.body ?? null, status: entry.status } : null,
      };
    }),
    null,
    2,
  );
}

/** One CSV row per field or mark: change, reason, times, what, value. */
export interface RefusedCsvRow {
  change: string;
  reason: string;
  savedAt: string;
  refusedAt: string;
  item: string;
  value: string;
}

export function refusedCsvRows(changes: readonly RefusedChange[]): RefusedCsvRow[] {
  return changes.flatMap((change) => {
    const base = { change: change.title, reason: change.reason, savedAt: stamp(change.savedAt), refusedAt: stamp(change.refusedAt) };
    const items = [
      ...change.fields.map((field) => ({ item: field.label, value: field.value })),
      ...change.marks.map((mark) => ({ item: mark.student, value: mark.remark ? `${mark.status} (${mark.remark})` : mark.status })),
    ];
    return items.length === 0 ? [{ ...base, item: '', value: '' }] : items.map((item) => ({ ...base, ...item }));
  });
}
