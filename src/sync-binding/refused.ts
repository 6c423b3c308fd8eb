/**
 * What a change the school did not accept was, in the screens' words: its one-line title, each
 * field it carried (names of classes, students, teachers and subjects looked up in the mirror, dates
 * as 23/11/2026), an attendance sheet's marks student by student, and the school's reason. The sync
 * panel shows it, copies it as text and exports it as JSON or CSV (docs/decisions.md, issue 9).
 */
import { concessionKindNames, paymentModeNames, type ConcessionKind, type PaymentMode } from '../../contract/fees';
import { messages } from '../../contract/messages';
import { formatRupees } from '../../contract/money';
import { dayNames, timetableDays } from '../../contract/timetable';
import type { ClassRow, KakshaDb, RejectedEntry } from '../../sync';
import { t } from '../i18n';
import { className, describeEntry } from './describe';
import { syncTexts } from './texts';
import { shortDate } from '../ui/dates';

const text = syncTexts.refused;

type Named = { firstName?: unknown; lastName?: unknown };

export interface RefusedLookups {
  classes: ReadonlyMap<string, ClassRow>;
  students: ReadonlyMap<string, Named>;
  teachers: ReadonlyMap<string, Named>;
  subjects: ReadonlyMap<string, { subjectName?: unknown }>;
}

export interface RefusedField {
  label: string;
  value: string;
}

export interface RefusedMark {
  student: string;
  status: string;
  remark: string;
}

export interface RefusedChange {
  id: string;
  title: string;
  reason: string;
  savedAt: number;
  refusedAt: number;
  fields: RefusedField[];
  /** An attendance sheet's marks, one per student. */
  marks: RefusedMark[];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** 2026-11-23 → 23/11/2026 (src/ui/dates.ts); anything else as it is. */
function shownDate(value: string): string {
  return shortDate(value) ?? value;
}

function personName(row: Named | undefined): string {
  if (!row) return '';
  return [row.firstName, row.lastName].filter((part) => typeof part === 'string' && part).join(' ');
}

/** The ids a list of refused changes mentions, to read their names from the mirror. */
export function mentionedIds(entries: readonly RejectedEntry[]) {
  const ids = { classes: new Set<string>(), students: new Set<string>(), teachers: new Set<string>(), subjects: new Set<string>() };
  const visit = (value: unknown) => {
    const body = record(value);
    for (const [key, inner] of Object.entries(body)) {
      if (typeof inner === 'string') {
        if (key === 'classId') ids.classes.add(inner);
        if (key === 'studentId') ids.students.add(inner);
        if (key === 'teacherId' || key === 'classTeacherId') ids.teachers.add(inner);
        if (key === 'subjectId') ids.subjects.add(inner);
      } else if (key === 'classIds' && Array.isArray(inner)) {
        for (const classId of inner) if (typeof classId === 'string') ids.classes.add(classId);
      } else if (Array.isArray(inner)) {
        inner.forEach(visit);
      } else if (typeof inner === 'object' && inner !== null) {
        visit(inner);
      }
    }
  };
  for (const entry of entries) {
    visit(entry.body);
    visit(entry.record);
    if (entry.kind.startsWith('classes.')) {
      const last = entry.path.split('/').pop();
      if (last) ids.classes.add(decodeURIComponent(last));
    }
  }
  return ids;
}

/** Reads the names the list needs from the mirror. */
export async function readLookups(db: KakshaDb, entries: readonly RejectedEntry[]): Promise<RefusedLookups> {
  const ids = mentionedIds(entries);
  const [classes, students, teachers, subjects] = await Promise.all([
    db.classes.bulkGet([...ids.classes]),
    db.students.bulkGet([...ids.students]),
    db.teachers.bulkGet([...ids.teachers]),
    db.subjects.bulkGet([...ids.subjects]),
  ]);
  const byId = <T extends { id: string }>(rows: (T | undefined)[]) => new Map(rows.filter((row): row is T => row !== undefined).map((row) => [row.id, row]));
  return { classes: byId(classes), students: byId(students), teachers: byId(teachers), subjects: byId(subjects) };
}

/** Fields that say nothing to a person (ids, versions) or are shown another way. */
const hidden = new Set([
  'id',
  'baseRev',
  'rev',
  'entries',
  'student',
  'tenantId',
  'deletedAt',
  'updatedAt',
  'createdAt',
  'admissionYear',
  'admissionSeq',
  'print',
  // A done mark's homework is named by the change's own title; its mark id is the device's.
  'homeworkId',
  'markId',
  // A removed attachment is named by its file name.
  'attachmentId',
  // A bell schedule's change: the schedule it was made on, by id and rev (its periods are shown).
  'base',
  'seen',
  // A read mark's notification is named by the change's own title.
  'notificationId',
  // An exam's papers are too many to list; its marks and publication are named by the change's title.
  'schedule',
  'examId',
  // A payment's installments and a correction's new receipt are summed up in the change's title.
  'items',
  'reissue',
  'headIds',
  // A timetable entry's period and a substitution's entry have no name on the device's record of the change.
  'periodId',
  'entryId',
]);

/** Fee changes in the school's words: amounts in rupees, modes and concession kinds named. */
/** An event's kind, named as the calendar names it (a certificate's `kind` is its title). */
function eventValues(kind: string, values: Record<string, unknown>): Record<string, unknown> {
  if (!kind.startsWith('events.') || typeof values.kind !== 'string') return values;
  const { kind: eventKind, ...rest } = values;
  return { eventKind: text.eventKinds[eventKind] ?? eventKind, ...rest };
}

function feeValues(kind: string, values: Record<string, unknown>): Record<string, unknown> {
  if (!kind.startsWith('fee')) return values;
  const shown: Record<string, unknown> = { ...values };
  for (const key of ['amount', 'fine', 'fineWaived', 'total']) {
    if (typeof shown[key] === 'number' && Number.isSafeInteger(shown[key])) shown[key] = formatRupees(shown[key]);
  }
  if (typeof shown.mode === 'string') shown.mode = paymentModeNames[shown.mode as PaymentMode] ?? shown.mode;
  if (kind.startsWith('feeConcessions.') && typeof shown.kind === 'string') {
    shown.concession = concessionKindNames[shown.kind as ConcessionKind] ?? shown.kind;
    delete shown.kind;
  }
  return shown;
}

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
  if (key === 'periods' && Array.isArray(value)) return periodsOf(value);
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
    case 'kind': {
      const titles: Record<string, string> = messages.certificates.titles;
      return titles[value] ?? value;
    }
    default:
      return shownDate(value);
  }
}

/** A bell schedule in words, day by day: "Monday: Period 1 08:00–08:40, Break 08:40–09:00". */
function periodsOf(periods: readonly unknown[]): string {
  const rows = periods.map(record);
  return timetableDays
    .map((day) => {
      const ofDay = rows.filter((row) => row.day === day).sort((a, b) => String(a.startTime).localeCompare(String(b.startTime)));
      return ofDay.length === 0 ? '' : `${dayNames[day]}: ${ofDay.map((row) => `${String(row.name ?? '')} ${String(row.startTime ?? '')}–${String(row.endTime ?? '')}`).join(', ')}`;
    })
    .filter(Boolean)
    .join('; ');
}

/** A notification's audience in words: "Whole school", "II B, III A", "Parents", "3 people". */
function audienceOf(audience: Record<string, unknown>, lookups: RefusedLookups): string {
  const words = syncTexts.describe.audience;
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  switch (audience.kind) {
    case 'school':
      return words.school;
    case 'classes':
      return list(audience.classIds).map((id) => className(lookups.classes.get(id))).join(', ');
    case 'roles':
      return list(audience.roles).map((role) => words.roles[role] ?? role).join(', ');
    case 'people':
      return words.people(list(audience.userIds).length);
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
  const labels: Record<string, string> = text.fields;
  const fields: RefusedField[] = [];
  for (const [key, raw] of Object.entries(values)) {
    if (hidden.has(key)) continue;
    const idKey = namedBy[key];
    if (idKey && known(idKey, values[idKey], lookups)) continue;
    // An id the mirror no longer knows: the row's own name for it says more than "not on this device".
    if (Object.values(namedBy).includes(key) && !known(key, raw, lookups) && hasName(key, values)) continue;
    const value = valueOf(key, raw, lookups);
    if (!value) continue;
    fields.push({ label: labels[key] ?? key, value });
  }
  return fields;
}

function marksOf(body: Record<string, unknown>, lookups: RefusedLookups): RefusedMark[] {
  const statuses: Record<string, string> = t.attendanceStatus;
  const entries = Array.isArray(body.entries) ? body.entries.map(record) : [];
  return entries.map((entry) => ({
    student: personName(lookups.students.get(String(entry.studentId))) || text.unknown,
    status: statuses[String(entry.status)] ?? String(entry.status ?? ''),
    remark: typeof entry.remark === 'string' ? entry.remark : '',
  }));
}

export function refusedChange(entry: RejectedEntry, lookups: RefusedLookups): RefusedChange {
  const body = record(entry.body);
  const isSheet = entry.kind === 'attendance.markSheet';
  // A delete carries no body: what it was about is the record the engine kept with it.
  const values = entry.body === undefined ? record(entry.record) : { ...body, ...record(body.student) };
  return {
    id: entry.id,
    title: describeEntry(entry, lookups.classes),
    reason: entry.message,
    savedAt: entry.createdAt,
    refusedAt: entry.rejectedAt,
    fields: fieldsOf(eventValues(entry.kind, feeValues(entry.kind, values)), lookups),
    marks: isSheet ? marksOf(body, lookups) : [],
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
