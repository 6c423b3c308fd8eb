/**
 * Who teaches what in a demo school: every class's subjects (the definition's `curriculum`) each
 * with a teacher, and a class teacher for every class. The demo teacher keeps exactly the classes
 * of `demo.teaching` (the end-to-end tests mark those), and the principal teaches no class.
 * No randomness: the staff and the curriculum decide, so the mapping is the same on every run.
 */
import type { classSubjects, subjects, teachers } from '../db/core-tables';
import { stableUuid } from './random';
import type { SchoolDefinition } from './schools';
import type { ClassSlot } from './students';
import { weeklyShares } from './timetable';

type TeacherRow = typeof teachers.$inferInsert;
type SubjectRow = typeof subjects.$inferInsert;
export type ClassSubjectRow = typeof classSubjects.$inferInsert;

/** Who else may take a subject besides the staff who list it (e.g. computer teachers teach IT). */
const alsoTaughtBy: Record<string, readonly string[]> = {
  'Information Technology': ['Computer Science', 'Informatics Practices'],
  'Informatics Practices': ['Computer Science'],
  'Social Science': ['History', 'Geography', 'Political Science'],
};

/**
 * A mapping to a teacher already teaching in the class counts this many periods less load, so a teacher
 * of two subjects tends to take both in a class; in a band with `taughtBy` (pre-primary) one teacher
 * takes all but its `specialists` subjects.
 */
const sameClassBonus = 12;
const oneTeacherBonus = 1_000;
/** Periods of load a teacher counts for each subject they list beyond one. */
const reserve = 8;

/**
 * The most teaching periods a week (of the 39 in the demo week: timetable.ts) a teacher is given; the
 * staff plans are sized so the school never runs out. The demo teacher's classes are fixed instead
 * (the end-to-end tests mark them), so her week is whatever they add up to.
 */
export const maxWeeklyPeriods = 32;

export function labelOf(slot: { className: string; classSection: string }): string {
  return `${slot.className}-${slot.classSection}`;
}

function subjectsOf(teacher: TeacherRow): string[] {
  return (teacher.subjects ?? '')
    .split(/[,;]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** The school's subjects: those of its curriculum and whatever else its staff teach. */
export function generateSubjects(def: SchoolDefinition, staff: readonly TeacherRow[]): SubjectRow[] {
  const pools = new Set(def.curriculum.flatMap((band) => (band.taughtBy ? [band.taughtBy] : [])));
  const names = new Set([...def.curriculum.flatMap((band) => band.subjects), def.demo.teaching.subject]);
  for (const name of staff.flatMap(subjectsOf)) if (name !== 'Principal' && !pools.has(name)) names.add(name);
  return [...names]
    .sort((a, b) => (a < b ? -1 : 1))
    .map((subjectName) => ({ id: stableUuid(def.tenantId, 'subject', subjectName), tenantId: def.tenantId, subjectName }));
}

export interface Teaching {
  classSubjects: ClassSubjectRow[];
  /** Class id -> class teacher's id. */
  classTeachers: Map<string, string>;
}

export function assignTeaching(
  def: SchoolDefinition,
  slots: readonly ClassSlot[],
  staff: readonly TeacherRow[],
  subjectRows: readonly SubjectRow[],
): Teaching {
  const [principal, demoTeacher, ...others] = staff.map((row) => ({ id: String(row.id), subjects: subjectsOf(row) }));
  if (!principal || !demoTeacher) throw new Error(`${def.tenantId} needs at least two staff records`);
  const subjectId = new Map(subjectRows.map((row) => [row.subjectName, String(row.id)]));
  const { classTeacherOf, subject: demoSubject, teaches } = def.demo.teaching;
  /** Teaching periods a week so far, each mapping counting its share of the class's week. */
  const load = new Map<string, number>(others.map((t) => [t.id, 0]));
  const inClass = new Map<string, Set<string>>();
  const rows: ClassSubjectRow[] = [];

  const map = (slot: ClassSlot, subject: string, teacherId: string, periods: number) => {
    const id = subjectId.get(subject);
    if (!id) throw new Error(`${def.tenantId} has no subject ${subject}`);
    rows.push({ id: stableUuid(def.tenantId, 'class-subject', labelOf(slot), subject), tenantId: def.tenantId, classId: slot.id, subjectId: id, teacherId });
    load.set(teacherId, (load.get(teacherId) ?? 0) + periods);
    inClass.set(slot.id, (inClass.get(slot.id) ?? new Set()).add(teacherId));
  };

  for (const slot of slots) {
    const label = labelOf(slot);
    const band = def.curriculum.find(
      (b) => b.classes.includes(slot.className) && (!b.sections || b.sections.includes(slot.classSection)),
    );
    if (!band) throw new Error(`${def.tenantId} has no curriculum for ${label}`);
    const demoHere = teaches.includes(label);
    const subjects = demoHere && !band.subjects.includes(demoSubject) ? [...band.subjects, demoSubject] : band.subjects;
    const shares = weeklyShares(subjects.length);
    subjects.forEach((subject, index) => {
      const periods = shares[index]!;
      if (demoHere && subject === demoSubject) {
        map(slot, subject, demoTeacher.id, periods);
        return;
      }
      const pooled = band.taughtBy !== undefined && !band.specialists?.includes(subject);
      const accepted = pooled && band.taughtBy ? [band.taughtBy] : [subject, ...(alsoTaughtBy[subject] ?? [])];
      const pool = others.filter((t) => t.subjects.some((name) => accepted.includes(name)) && (load.get(t.id) ?? 0) + periods <= maxWeeklyPeriods);
      const here = inClass.get(slot.id);
      const bonus = pooled ? oneTeacherBonus : sameClassBonus;
      // A teacher of several subjects is kept in reserve for the others while a teacher of this one has room.
      const cost = (t: (typeof pool)[number]) => (load.get(t.id) ?? 0) - (here?.has(t.id) ? bonus : 0) + reserve * (t.subjects.length - 1);
      const chosen = pool.reduce<(typeof pool)[number] | undefined>((best, t) => (!best || cost(t) < cost(best) ? t : best), undefined);
      if (!chosen) throw new Error(`${def.tenantId}: nobody on the staff has ${periods} periods a week free for ${subject} (${label})`);
      map(slot, subject, chosen.id, periods);
    });
  }

  // Class teachers: one who teaches the class most, and no one twice while someone is free.
  const classTeachers = new Map<string, string>();
  const duties = new Map<string, number>();
  for (const slot of slots) {
    const label = labelOf(slot);
    let chosen = demoTeacher.id;
    if (label !== classTeacherOf) {
      const periods = (id: string) => rows.filter((row) => row.classId === slot.id && row.teacherId === id).length;
      const rank = (id: string) => (duties.get(id) ?? 0) * 100 - periods(id) * 10 + (load.get(id) ?? 0) / 100;
      const best = others.reduce((a, b) => (rank(b.id) < rank(a.id) ? b : a));
      chosen = best.id;
    }
    classTeachers.set(slot.id, chosen);
    duties.set(chosen, (duties.get(chosen) ?? 0) + 1);
  }
  return { classSubjects: rows, classTeachers };
}
