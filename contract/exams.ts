/**
 * Exams (issue 13): an exam of an academic year and term, the classes that sit it and per class a
 * schedule of papers; marks per exam, class, subject and student; and the results a class's
 * publication computes (contract/exam-results.ts). The grading scale used travels with each exam,
 * so a later change of the school's scale never changes an exam's grades (docs/decisions.md "Exams").
 */
import { z } from 'zod';
import { messages } from './messages';
import { normalizeDate, requiredText } from './record-formats';
import { baseRevShape } from './revisions';

export const maxExamName = 100;
export const maxTerm = 50;
export const maxMarksLimit = 1000;
export const maxRemark = 500;
export const maxCorrectionReason = 300;

/** One band of a grading scale: the grade from `min` percent (inclusive) up to the band above. */
export const gradeBandSchema = z.object({
  grade: z.string().trim().min(1, messages.exams.gradeName).max(4, messages.exams.gradeName),
  min: z.number(messages.exams.gradeMin).min(0, messages.exams.gradeMin).max(100, messages.exams.gradeMin),
});
export type GradeBand = z.infer<typeof gradeBandSchema>;

/** The grades a graded-only paper (art, physical education, work education) may be given. */
export const gradedOnlyGradeSchema = z.string().trim().min(1, messages.exams.gradeName).max(4, messages.exams.gradeName);

export const gradingScaleSchema = z
  .object({
    /** Highest first; the last band starts at 0. */
    bands: z.array(gradeBandSchema).min(2, messages.exams.scaleShape).max(15, messages.exams.scaleShape),
    gradedOnly: z.array(gradedOnlyGradeSchema).min(1, messages.exams.scaleShape).max(10, messages.exams.scaleShape),
  })
  .superRefine((scale, ctx) => {
    const mins = scale.bands.map((band) => band.min);
    const descending = mins.every((min, i) => i === 0 || min < mins[i - 1]!);
    const grades = scale.bands.map((band) => band.grade.toUpperCase());
    if (!descending || mins.at(-1) !== 0 || new Set(grades).size !== grades.length) {
      ctx.addIssue({ code: 'custom', path: ['bands'], message: messages.exams.scaleShape });
    }
    if (new Set(scale.gradedOnly.map((grade) => grade.toUpperCase())).size !== scale.gradedOnly.length) {
      ctx.addIssue({ code: 'custom', path: ['gradedOnly'], message: messages.exams.scaleShape });
    }
  });
export type GradingScale = z.infer<typeof gradingScaleSchema>;

/** CBSE's nine-point scale (A1 91-100 ... E2 up to 20; E1 and E2 together: below 33) and its three-point co-scholastic grades. */
export const cbseGradingScale: GradingScale = {
  bands: [
    { grade: 'A1', min: 91 },
    { grade: 'A2', min: 81 },
    { grade: 'B1', min: 71 },
    { grade: 'B2', min: 61 },
    { grade: 'C1', min: 51 },
    { grade: 'C2', min: 41 },
    { grade: 'D', min: 33 },
    { grade: 'E1', min: 21 },
    { grade: 'E2', min: 0 },
  ],
  gradedOnly: ['A', 'B', 'C'],
};

/** The grade of a percentage on a scale. */
export function gradeOf(scale: GradingScale, percentage: number): string {
  for (const band of scale.bands) if (percentage >= band.min) return band.grade;
  return scale.bands.at(-1)?.grade ?? '';
}

/** One paper of a class's schedule. A graded-only paper has no marks: maxMarks and passMarks are null. */
export const paperSchema = z.object({
  classId: z.string(),
  subjectId: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  /** HH:MM, 24-hour. */
  startTime: z.string(),
  durationMinutes: z.number(),
  maxMarks: z.number().nullable(),
  passMarks: z.number().nullable(),
  gradedOnly: z.boolean(),
});
export type Paper = z.infer<typeof paperSchema>;

export const examSchema = z.object({
  id: z.string(),
  name: z.string(),
  term: z.string(),
  /** "2026-27". */
  academicYear: z.string(),
  /** The share of this exam in its term's card, in percent (contract/exam-results.ts termResults). */
  weight: z.number(),
  classIds: z.array(z.string()),
  schedule: z.array(paperSchema),
  grading: gradingScaleSchema,
  /** Class id -> when its results were published (ISO); a class not in it is not published. */
  published: z.record(z.string(), z.string()),
  rev: z.number(),
});
export type Exam = z.infer<typeof examSchema>;

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

const paperInputSchema = z
  .object({
    classId: z.uuid(messages.records.fields.uuid('Class')),
    subjectId: z.uuid(messages.records.fields.uuid('Subject')),
    date: z.string(messages.records.fields.required('Date')).transform((value, ctx) => {
      const date = normalizeDate(value);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: messages.records.fields.date('Date') });
        return z.NEVER;
      }
      return date;
    }),
    startTime: z.string(messages.exams.startTime).trim().regex(timePattern, messages.exams.startTime),
    durationMinutes: z.number(messages.exams.duration).int(messages.exams.duration).min(10, messages.exams.duration).max(480, messages.exams.duration),
    gradedOnly: z.boolean().optional().transform((value) => value ?? false),
    maxMarks: z.number(messages.exams.maxMarks).int(messages.exams.maxMarks).min(1, messages.exams.maxMarks).max(maxMarksLimit, messages.exams.maxMarks).nullable().optional(),
    passMarks: z.number(messages.exams.passMarks).min(0, messages.exams.passMarks).nullable().optional(),
  })
  .transform((paper, ctx) => {
    if (paper.gradedOnly) return { ...paper, maxMarks: null, passMarks: null };
    if (paper.maxMarks == null) {
      ctx.addIssue({ code: 'custom', path: ['maxMarks'], message: messages.exams.maxMarks });
      return z.NEVER;
    }
    if (paper.passMarks == null || paper.passMarks > paper.maxMarks || !isHalfStep(paper.passMarks)) {
      ctx.addIssue({ code: 'custom', path: ['passMarks'], message: messages.exams.passMarks });
      return z.NEVER;
    }
    return { ...paper, maxMarks: paper.maxMarks, passMarks: paper.passMarks };
  });
export type PaperInput = z.input<typeof paperInputSchema>;

export const examInputSchema = z
  .object({
    /** Client-generated for offline creates (updates ignore it). */
    id: z.uuid().optional(),
    name: requiredText('Exam name', maxExamName),
    term: requiredText('Term', maxTerm),
    academicYear: z.string(messages.exams.academicYear).trim().regex(/^\d{4}-\d{2}$/, messages.exams.academicYear),
    weight: z.number(messages.exams.weight).int(messages.exams.weight).min(0, messages.exams.weight).max(100, messages.exams.weight).optional().transform((value) => value ?? 100),
    classIds: z.array(z.uuid(messages.records.fields.uuid('Class'))).min(1, messages.exams.noClasses).max(200),
    schedule: z.array(paperInputSchema).max(2000),
    ...baseRevShape,
  })
  .superRefine((exam, ctx) => {
    const [start, end] = exam.academicYear.split('-').map(Number) as [number, number];
    if ((start + 1) % 100 !== end) ctx.addIssue({ code: 'custom', path: ['academicYear'], message: messages.exams.academicYear });
    if (new Set(exam.classIds).size !== exam.classIds.length) ctx.addIssue({ code: 'custom', path: ['classIds'], message: messages.exams.duplicateClass });
    const sitting = new Set(exam.classIds);
    const seen = new Set<string>();
    exam.schedule.forEach((paper, index) => {
      if (!sitting.has(paper.classId)) ctx.addIssue({ code: 'custom', path: ['schedule', index, 'classId'], message: messages.exams.paperClassNotSitting });
      const key = `${paper.classId}|${paper.subjectId}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['schedule', index, 'subjectId'], message: messages.exams.duplicatePaper });
      seen.add(key);
    });
  });
export type ExamInput = z.input<typeof examInputSchema>;

export const examListQuerySchema = z.object({
  academicYear: z.string().optional(),
  classId: z.uuid().optional(),
});

export const examSearchColumns = ['name', 'term', 'academic_year'] as const;
export type ExamSearchColumn = (typeof examSearchColumns)[number];

/** Marks move in steps of half a mark. */
export function isHalfStep(value: number): boolean {
  return Number.isFinite(value) && Number.isInteger(value * 2);
}

/** One cell of a grid: marks, a grade (graded-only papers), absent or exempt. */
export const markSchema = z.object({
  id: z.string(),
  examId: z.string(),
  classId: z.string(),
  subjectId: z.string(),
  studentId: z.string(),
  marks: z.number().nullable(),
  grade: z.string().nullable(),
  absent: z.boolean(),
  exempt: z.boolean(),
  enteredBy: z.string().nullable(),
  rev: z.number(),
});
export type Mark = z.infer<typeof markSchema>;

export const markEntrySchema = z.object({
  /** Device-minted for a cell the school does not have yet (kept when it is new). */
  id: z.uuid().optional(),
  studentId: z.uuid(messages.records.fields.uuid('Student')),
  marks: z.number(messages.marks.notANumber).nullable().optional(),
  grade: z.string(messages.marks.grade).trim().max(4, messages.marks.grade).nullable().optional(),
  absent: z.boolean().optional(),
  exempt: z.boolean().optional(),
});
export type MarkEntry = z.infer<typeof markEntrySchema>;

export const markSheetInputSchema = z.object({
  examId: z.uuid(messages.exams.notFound),
  classId: z.uuid(messages.records.fields.uuid('Class')),
  subjectId: z.uuid(messages.records.fields.uuid('Subject')),
  entries: z.array(markEntrySchema).min(1).max(300),
  /** Needed once the class's results are published: kept with the correction in the history. */
  reason: z.string().trim().max(maxCorrectionReason, messages.marks.reasonTooLong).optional(),
});
export type MarkSheetInput = z.infer<typeof markSheetInputSchema>;

/** What a cell holds once read: exactly one of these, or nothing (an empty cell). */
export type CellValue = { kind: 'marks'; marks: number } | { kind: 'grade'; grade: string } | { kind: 'absent' } | { kind: 'exempt' };

/** The entry's value, or the message that refuses it (null: the entry clears the cell). */
export function cellOf(entry: Pick<MarkEntry, 'marks' | 'grade' | 'absent' | 'exempt'>, paper: Pick<Paper, 'gradedOnly' | 'maxMarks'>, scale: GradingScale): CellValue | null | { refused: string } {
  const given = [entry.marks != null, entry.grade != null && entry.grade !== '', entry.absent === true, entry.exempt === true].filter(Boolean).length;
  if (given > 1) return { refused: messages.marks.oneValue };
  if (entry.absent) return { kind: 'absent' };
  if (entry.exempt) return { kind: 'exempt' };
  if (entry.marks != null) {
    if (paper.gradedOnly) return { refused: messages.marks.gradedOnly };
    const max = paper.maxMarks ?? 0;
    if (!Number.isFinite(entry.marks)) return { refused: messages.marks.notANumber };
    if (entry.marks < 0 || entry.marks > max) return { refused: messages.marks.outOfRange(max) };
    if (!isHalfStep(entry.marks)) return { refused: messages.marks.halfSteps };
    return { kind: 'marks', marks: entry.marks };
  }
  if (entry.grade != null && entry.grade !== '') {
    if (!paper.gradedOnly) return { refused: messages.marks.marksNeeded };
    const grade = scale.gradedOnly.find((one) => one.toUpperCase() === entry.grade!.toUpperCase());
    if (!grade) return { refused: messages.marks.unknownGrade(scale.gradedOnly) };
    return { kind: 'grade', grade };
  }
  return null;
}

export const markSheetResultSchema = z.object({
  /** The cells as now stored (a cleared cell is absent from it). */
  records: z.array(markSchema),
  /** Ids of cells the sheet cleared. */
  cleared: z.array(z.string()),
});
export type MarkSheetResult = z.infer<typeof markSheetResultSchema>;

export const markSheetQuerySchema = z.object({
  examId: z.uuid(messages.exams.notFound),
  classId: z.uuid(messages.classes.notFound),
  subjectId: z.uuid(messages.subjects.notFound),
});

/** One class-subject grid of an exam and how far its marks are. */
export const gridProgressSchema = z.object({
  classId: z.string(),
  subjectId: z.string(),
  /** The mapping's teacher of the subject in the class (null: none). */
  teacherId: z.string().nullable(),
  students: z.number(),
  entered: z.number(),
  complete: z.boolean(),
});
export type GridProgress = z.infer<typeof gridProgressSchema>;

export const publishInputSchema = z.object({ classId: z.uuid(messages.classes.notFound) });

export const remarkInputSchema = z.object({
  remark: z.string(messages.results.remarkTooLong).trim().max(maxRemark, messages.results.remarkTooLong),
});

export const resultListQuerySchema = z.object({
  examId: z.uuid(messages.exams.notFound).optional(),
  classId: z.uuid().optional(),
  studentId: z.uuid().optional(),
});
