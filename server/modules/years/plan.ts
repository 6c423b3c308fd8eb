/**
 * The turnover worked out without changing anything (the dry run, and what a commit applies):
 * where each class goes (the next class of the same section, the final class leaving, or the
 * admin's choice), each student's outcome (proposed from the year's last published result, or the
 * admin's), the classes to create, the fee structures to copy and the dues carried.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { academicYearLabel } from '../../../contract/admission';
import { compareClasses } from '../../../contract/class-order';
import { canonicalSection, schoolTodayIso } from '../../../contract/record-formats';
import { messages } from '../../../contract/messages';
import { nextClassName, yearMessages, type RolloverInput, type RolloverPreview, type RolloverStudent } from '../../../contract/years';
import type { Db } from '../../db/client';
import { classes, students } from '../../db/core-tables';
import { badRequest, conflict } from '../../errors';
import { exams, results } from '../exams/tables';
import { duesOfStudents } from '../fees/dues';
import { feeStructures } from '../fees/tables';
import { currentYearOf } from './current-year';

interface LiveClass {
  id: string;
  className: string;
  classSection: string;
}

/** A class the turnover creates: its key is its name and section, lower-cased. */
export interface NewClass {
  className: string;
  classSection: string;
}

type Target = { kind: 'class'; id: string } | { kind: 'new'; key: string } | { kind: 'leave' };

export interface Plan extends RolloverPreview {
  /** The classes the turnover creates, by key. */
  created: Map<string, NewClass>;
  /** Student id -> the key of the new class they go to. */
  toNewClass: Map<string, string>;
  /** The closing year's structures to copy: by class. */
  structureIds: string[];
}

const keyOf = (className: string, classSection: string) => `${className.toLowerCase()}\u0000${classSection.toLowerCase()}`;
const fullName = (row: { firstName: string; lastName: string }) => [row.firstName, row.lastName].filter(Boolean).join(' ');

/** The year being closed, after checking `toYear` is the one to open next. */
export async function closingYear(db: Db, tenantId: string, toYear: number): Promise<number> {
  const fromYear = await currentYearOf(db, tenantId);
  if (toYear <= fromYear) throw conflict(yearMessages.alreadyStarted(academicYearLabel(toYear)));
  if (toYear !== fromYear + 1) throw conflict(yearMessages.notNext(academicYearLabel(fromYear + 1)));
  return fromYear;
}

/** Each student's result in the year's last exam published for them. */
async function lastResults(db: Db, tenantId: string, year: number): Promise<Map<string, 'pass' | 'fail'>> {
  const rows = await db
    .selectDistinctOn([results.studentId], { studentId: results.studentId, result: results.result })
    .from(results)
    .innerJoin(exams, and(eq(exams.tenantId, results.tenantId), eq(exams.id, results.examId)))
    .where(and(eq(results.tenantId, tenantId), isNull(results.deletedAt), isNull(exams.deletedAt), eq(exams.academicYear, academicYearLabel(year))))
    .orderBy(asc(results.studentId), desc(results.publishedAt));
  return new Map(rows.map((row) => [row.studentId, row.result]));
}

export async function planRollover(db: Db, tenantId: string, input: RolloverInput): Promise<Plan> {
  const { toYear } = input;
  const fromYear = await closingYear(db, tenantId, toYear);
  const live: LiveClass[] = (
    await db
      .select({ id: classes.id, className: classes.className, classSection: classes.classSection })
      .from(classes)
      .where(and(eq(classes.tenantId, tenantId), isNull(classes.deletedAt)))
  ).sort(compareClasses);
  const classById = new Map(live.map((one) => [one.id, one]));
  const classByKey = new Map(live.map((one) => [keyOf(one.className, one.classSection), one]));

  const seated = await db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, rollNumber: students.rollNumber, classId: students.classId })
    .from(students)
    .where(and(eq(students.tenantId, tenantId), isNull(students.deletedAt), isNotNull(students.classId)))
    .orderBy(sql`${students.rollNumber} nulls last`, asc(students.firstName), asc(students.id));

  const proposed = new Map<string, NewClass>();
  const defaultTarget = new Map<string, Target>();
  for (const one of live) {
    const next = nextClassName(one.className);
    if (next === null) defaultTarget.set(one.id, { kind: 'leave' });
    else if (next === undefined) defaultTarget.set(one.id, { kind: 'class', id: one.id });
    else {
      const section = canonicalSection(one.classSection);
      const existing = classByKey.get(keyOf(next, section));
      if (existing) defaultTarget.set(one.id, { kind: 'class', id: existing.id });
      else {
        defaultTarget.set(one.id, { kind: 'new', key: keyOf(next, section) });
        proposed.set(keyOf(next, section), { className: next, classSection: section });
      }
    }
  }

  const liveClassId = (id: string) => {
    if (!classById.has(id)) throw badRequest(messages.classes.notFound);
    return id;
  };
  const seen = new Set<string>();
  for (const chosen of input.classes ?? []) {
    if (seen.has(chosen.fromClassId)) throw badRequest(yearMessages.classTwice);
    seen.add(chosen.fromClassId);
    liveClassId(chosen.fromClassId);
    defaultTarget.set(chosen.fromClassId, chosen.toClassId === null ? { kind: 'leave' } : { kind: 'class', id: liveClassId(chosen.toClassId) });
  }

  const resultOf = await lastResults(db, tenantId, fromYear);
  const seatedIds = new Set(seated.map((row) => row.id));
  const overrides = new Map<string, NonNullable<RolloverInput['overrides']>[number]>();
  for (const override of input.overrides ?? []) {
    if (!seatedIds.has(override.studentId)) throw badRequest(messages.students.notFound);
    if (overrides.has(override.studentId)) throw badRequest(yearMessages.studentTwice);
    if (override.outcome === 'leaving' && override.toClassId) throw badRequest(yearMessages.leavingWithClass);
    if (override.toClassId) liveClassId(override.toClassId);
    overrides.set(override.studentId, override);
  }

  const dues = new Map((await duesOfStudents(db, tenantId, [...seatedIds], fromYear, schoolTodayIso())).map((one) => [one.studentId, one.totalOutstanding]));
  const toNewClass = new Map<string, string>();
  const planned: RolloverStudent[] = seated.map((row) => {
    const fromClassId = row.classId as string;
    const classTarget = defaultTarget.get(fromClassId) ?? { kind: 'class', id: fromClassId };
    const result = resultOf.get(row.id) ?? null;
    const override = overrides.get(row.id);
    const outcome = override?.outcome ?? (classTarget.kind === 'leave' ? 'leaving' : result === 'fail' ? 'detained' : 'promoted');
    let target: Target;
    if (outcome === 'leaving') target = { kind: 'leave' };
    else if (override?.toClassId) target = { kind: 'class', id: override.toClassId };
    else if (outcome === 'detained') target = { kind: 'class', id: fromClassId };
    else if (classTarget.kind === 'leave') throw badRequest(yearMessages.noClassToGoTo);
    else target = classTarget;
    if (target.kind === 'new') toNewClass.set(row.id, target.key);
    const newClass = target.kind === 'new' ? proposed.get(target.key) : undefined;
    return {
      studentId: row.id,
      name: fullName(row),
      rollNumber: row.rollNumber,
      fromClassId,
      toClassId: target.kind === 'class' ? target.id : null,
      toClassName: newClass?.className ?? null,
      toClassSection: newClass?.classSection ?? null,
      outcome,
      result,
      duesCarried: dues.get(row.id) ?? 0,
    };
  });
  const usedKeys = new Set(toNewClass.values());
  const created = new Map([...proposed].filter(([key]) => usedKeys.has(key)));

  const counts = new Map<string, number>();
  for (const one of planned) counts.set(one.fromClassId, (counts.get(one.fromClassId) ?? 0) + 1);
  const plannedClasses = live.map((one) => {
    const target = defaultTarget.get(one.id) ?? { kind: 'class', id: one.id };
    const to = target.kind === 'class' ? classById.get(target.id) : target.kind === 'new' ? proposed.get(target.key) : undefined;
    return {
      fromClassId: one.id,
      fromClassName: one.className,
      fromClassSection: one.classSection,
      toClassId: target.kind === 'class' ? target.id : null,
      toClassName: to?.className ?? null,
      toClassSection: to?.classSection ?? null,
      students: counts.get(one.id) ?? 0,
    };
  });

  const structures = await db
    .select({ id: feeStructures.id, classId: feeStructures.classId, academicYear: feeStructures.academicYear })
    .from(feeStructures)
    .where(and(eq(feeStructures.tenantId, tenantId), isNull(feeStructures.deletedAt), inArray(feeStructures.academicYear, [fromYear, toYear])));
  const alreadyNext = new Set(structures.filter((one) => one.academicYear === toYear).map((one) => one.classId));
  const structureIds = structures.filter((one) => one.academicYear === fromYear && !alreadyNext.has(one.classId)).map((one) => one.id);

  return {
    fromYear,
    toYear,
    classes: plannedClasses,
    students: planned,
    newClasses: [...created.values()].sort(compareClasses),
    structuresCopied: structureIds.length,
    duesCarried: planned.reduce((sum, one) => sum + one.duesCarried, 0),
    created,
    toNewClass,
    structureIds,
  };
}

/** The preview's answer: the plan without what only the commit needs. */
export function previewOf(plan: Plan): RolloverPreview {
  const { created: _created, toNewClass: _toNewClass, structureIds: _structureIds, ...preview } = plan;
  return preview;
}
