/**
 * One line per waiting or refused change, in the words of the screen that made it ("Attendance ·
 * VI A · 2025-07-01 · 32 students"), from the entry's kind and body and the mirror's class names.
 */
import { messages } from '../../contract/messages';
import type { ClassRow } from '../../sync';
import { syncTexts } from './texts';

/** A feature's own lines for its mutation kinds, by kind name ('homework.done'): src/kit/feature.ts. */
export type ChangeWords = Readonly<Record<string, (body: Record<string, unknown>) => string>>;

const featureWords = new Map<string, (body: Record<string, unknown>) => string>();

/** Called once by the app with every feature's words (src/app/routes.tsx), before anything is shown. */
export function registerChangeWords(words: ChangeWords): void {
  for (const [kind, line] of Object.entries(words)) featureWords.set(kind, line);
}

export interface DescribableEntry {
  kind: string;
  path: string;
  body: unknown;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function className(row: Pick<ClassRow, 'className' | 'classSection'> | undefined): string {
  if (!row) return syncTexts.describe.unknownClass;
  return [row.className, row.classSection].filter(Boolean).join(' ');
}

/** The class a change is about (for looking its name up), if any. */
export function classIdOf(entry: DescribableEntry): string | undefined {
  const body = record(entry.body);
  if (entry.kind === 'attendance.markSheet') return typeof body.classId === 'string' ? body.classId : undefined;
  if (entry.kind === 'classes.setClassTeacher' || entry.kind === 'classSubjects.create') {
    if (typeof body.classId === 'string') return body.classId;
  }
  if (entry.kind.startsWith('classes.')) {
    if (typeof body.id === 'string') return body.id;
    const last = entry.path.split('/').pop();
    return last ? decodeURIComponent(last) : undefined;
  }
  return undefined;
}

export function describeEntry(entry: DescribableEntry, classes: ReadonlyMap<string, ClassRow>): string {
  const body = record(entry.body);
  const id = classIdOf(entry);
  const klass = id ? classes.get(id) : undefined;
  const bodyName = typeof body.className === 'string' ? [body.className, body.classSection].filter(Boolean).join(' ') : '';
  const own = featureWords.get(entry.kind);
  if (own) return own(body);
  switch (entry.kind) {
    case 'attendance.markSheet': {
      const entries = Array.isArray(body.entries) ? body.entries.length : 0;
      return syncTexts.describe.sheet(className(klass), String(body.date ?? ''), entries);
    }
    case 'classes.create':
      return syncTexts.describe.classCreate(bodyName || className(klass));
    case 'classes.update':
      return syncTexts.describe.classUpdate(bodyName || className(klass));
    case 'classes.delete':
      return syncTexts.describe.classDelete(className(klass));
    case 'classes.setClassTeacher':
      return syncTexts.describe.classTeacher(className(klass));
    case 'admissions.create':
      return syncTexts.describe.admit(personName(record(body.student)));
    case 'admissions.update':
      return syncTexts.describe.admissionUpdate(personName(record(body.student)));
    case 'admissions.cancel':
      return syncTexts.describe.admissionCancel;
    case 'certificates.issue': {
      const titles: Record<string, string> = messages.certificates.titles;
      return syncTexts.describe.certificate(titles[String(body.kind)] ?? String(body.kind ?? ''));
    }
    default:
      return describeRecord(entry, body);
  }
}

function personName(body: Record<string, unknown>): string {
  return [body.firstName, body.lastName].filter((part) => typeof part === 'string' && part).join(' ');
}

/** students.*, teachers.*, subjects.*, classSubjects.* ...: "New student Aarav Sharma", "Subject Maths changed", "New homework Tables of 7". */
function describeRecord(entry: DescribableEntry, body: Record<string, unknown>): string {
  const [table = '', action = ''] = entry.kind.split('.');
  const entity = syncTexts.describe.entity[table];
  if (!entity) return entry.kind;
  const name = typeof body.subjectName === 'string' ? body.subjectName : typeof body.title === 'string' ? body.title : personName(body);
  if (action === 'create') return syncTexts.describe.recordCreate(entity, name);
  if (action === 'update') return syncTexts.describe.recordUpdate(entity, name);
  if (action === 'delete') return syncTexts.describe.recordDelete(entity);
  return entry.kind;
}
