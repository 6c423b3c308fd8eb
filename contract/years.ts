/**
 * The school year and its turnover (/admin/year, docs/decisions.md "The school year"): a school's
 * years (one open, the current one; the ones before it closed and read-only), the dry run of
 * starting the next, the turnover itself in one transaction, and its undo within 24 hours.
 * Classes are the school's rooms and outlive a year (VIII A is VIII A every year); what a year
 * changes is who sits in them, kept per student and year (`studentYearSchema`).
 */
import { z } from 'zod';
import { messages } from './messages';
import { schoolClassOrder } from './class-order';
import { canonicalClassName } from './record-formats';
import { apiBase, template } from './path-kit';

export const yearPaths = {
  all: `${apiBase}/years/all`,
  preview: `${apiBase}/years/rollover/preview`,
  rollover: `${apiBase}/years/rollover`,
  undo: `${apiBase}/years/rollover/undo`,
  /** A student's class in each year (the profile's history). */
  student: template(`${apiBase}/years/student/:studentId`),
} as const;

export const yearOutcomes = ['promoted', 'detained', 'leaving'] as const;
export type YearOutcome = (typeof yearOutcomes)[number];

/** How long after starting a year it can be undone. */
export const undoWindowHours = 24;

export const yearMessages = {
  started: (label: string) => `${label} has started.`,
  undone: (label: string, current: string) => `The start of ${label} was undone; ${current} is the current year again.`,
  alreadyStarted: (label: string) => `${label} has already started.`,
  notNext: (label: string) => `The next year to start is ${label}.`,
  notStarted: (label: string) => `${label} has not been started.`,
  undoTooLate: `A new year can only be undone within ${undoWindowHours} hours of starting it.`,
  undoAfterWrites: 'The new year cannot be undone: records have been written since it started.',
  year: 'Year must be a year like 2027.',
  outcome: 'Outcome must be promoted, detained or leaving.',
  studentTwice: 'A student is listed twice.',
  classTwice: 'A class is listed twice.',
  leavingWithClass: 'A leaving student has no class to go to.',
  noClassToGoTo: 'Choose the class this student goes to.',
} as const;

const year = z.number(yearMessages.year).int(yearMessages.year).min(2000, yearMessages.year).max(2100, yearMessages.year);

export const schoolYearSchema = z.object({
  id: z.string(),
  academicYear: z.number(),
  label: z.string(),
  status: z.enum(['open', 'closed']),
  current: z.boolean(),
  /** When the year was started by a turnover; null for the school's first year. */
  startedAt: z.string().nullable(),
  /** Until when its start can be undone (the current year only, within the window). */
  undoUntil: z.string().nullable(),
  rev: z.number().optional(),
});
export type SchoolYear = z.infer<typeof schoolYearSchema>;

const studentOverride = z.object({
  studentId: z.uuid(messages.students.notFound),
  outcome: z.enum(yearOutcomes, yearMessages.outcome),
  /** Left out: the class the student's class goes to (promoted) or the same class (detained). */
  toClassId: z.uuid(messages.classes.notFound).nullable().optional(),
});
export type StudentOverride = z.infer<typeof studentOverride>;

const classTarget = z.object({
  fromClassId: z.uuid(messages.classes.notFound),
  /** null: the class's students leave (a final class). */
  toClassId: z.uuid(messages.classes.notFound).nullable(),
});
export type ClassTarget = z.infer<typeof classTarget>;

export const rolloverInputSchema = z.object({
  toYear: year,
  overrides: z.array(studentOverride).max(20_000).optional(),
  classes: z.array(classTarget).max(2_000).optional(),
});
export type RolloverInput = z.infer<typeof rolloverInputSchema>;

export const undoInputSchema = z.object({ toYear: year });

export const rolloverClassSchema = z.object({
  fromClassId: z.string(),
  fromClassName: z.string(),
  fromClassSection: z.string(),
  /** null when the class goes to a class the turnover creates, or when its students leave. */
  toClassId: z.string().nullable(),
  toClassName: z.string().nullable(),
  toClassSection: z.string().nullable(),
  students: z.number(),
});

export const rolloverStudentSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  rollNumber: z.string().nullable(),
  fromClassId: z.string(),
  toClassId: z.string().nullable(),
  /** The class the student goes to when the turnover creates it (toClassId null, outcome promoted). */
  toClassName: z.string().nullable(),
  toClassSection: z.string().nullable(),
  outcome: z.enum(yearOutcomes),
  /** The year's published result the outcome was proposed from, if any. */
  result: z.enum(['pass', 'fail']).nullable(),
  /** Unpaid dues of the year closing, in paise, carried into the new one. */
  duesCarried: z.number(),
});
export type RolloverStudent = z.infer<typeof rolloverStudentSchema>;

export const rolloverPreviewSchema = z.object({
  fromYear: z.number(),
  toYear: z.number(),
  classes: z.array(rolloverClassSchema),
  students: z.array(rolloverStudentSchema),
  /** The classes the turnover creates, named as they will be. */
  newClasses: z.array(z.object({ className: z.string(), classSection: z.string() })),
  /** Fee structures of the closing year copied into the new one. */
  structuresCopied: z.number(),
  duesCarried: z.number(),
});
export type RolloverPreview = z.infer<typeof rolloverPreviewSchema>;

export const rolloverResultSchema = rolloverPreviewSchema.extend({
  year: schoolYearSchema,
});
export type RolloverResult = z.infer<typeof rolloverResultSchema>;

/** A student's class in a closed year as the pull sends it (the device reads last year's dues with it). */
export const studentYearRecordSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  academicYear: z.number(),
  classId: z.string().nullable(),
  /** The class's name and section, so a family's device names a class it no longer holds. */
  className: z.string().nullable(),
  classSection: z.string().nullable(),
  outcome: z.enum(yearOutcomes),
  duesCarried: z.number(),
  rev: z.number().optional(),
});
export type StudentYearRecord = z.infer<typeof studentYearRecordSchema>;

export const studentYearSchema = z.object({
  academicYear: z.number(),
  label: z.string(),
  classId: z.string().nullable(),
  className: z.string().nullable(),
  classSection: z.string().nullable(),
  /** How the year ended for the student; null for the current year. */
  outcome: z.enum(yearOutcomes).nullable(),
});
export type StudentYear = z.infer<typeof studentYearSchema>;

/**
 * The class a class's students go to next: Nursery to LKG ... XI to XII; null after the last (its
 * students leave). A name outside the school's order has no next: its students stay unless the
 * admin chooses.
 */
export function nextClassName(className: string): string | null | undefined {
  const { name, known } = canonicalClassName(className);
  const index = known ? schoolClassOrder.indexOf(name) : -1;
  if (index < 0) return undefined;
  return schoolClassOrder[index + 1] ?? null;
}
