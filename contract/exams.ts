/**
 * Exams (docs/decisions.md "Exams, marks, results and report cards"): an exam of an academic year and term, the classes that sit it and per class a
 * schedule of papers; marks per exam, class, subject and student; and the results a class's
 * publication computes (contract/exam-results.ts). The grading scale used travels with each exam,
 * so a later change of the school's scale never changes an exam's grades (docs/decisions.md "Exams").
 */
import { z } from 'zod';
import { apiBase, resource, template } from './path-kit';
import { messages } from './messages';
import { normalizeDate, requiredText } from './record-formats';
import { baseRevShape } from './revisions';

export const examPaths = {
  ...resource('exams'),
  /** GET (signed in) / PUT (admins): the school's grading scale, copied into each exam added. */
  gradingScale: `${apiBase}/exams/grading-scale`,
  /** GET (staff): per class and subject, how far the marks are. */
  progress: template(`${apiBase}/exams/:id/progress`),
  /** POST { classId } (admins): computes and publishes the class's results; locks its marks. */
  publish: template(`${apiBase}/exams/:id/publish`),
} as const;

export const examMessages = {
  added: 'Exam added.',
  updated: 'Exam updated.',
  deleted: 'Exam deleted.',
  notFound: 'Exam not found.',
  invalidColumn: 'This column cannot be searched.',
  gradeName: 'A grade is 1 to 4 characters, such as A1.',
  gradeMin: 'A grade starts at a percentage from 0 to 100.',
  scaleShape: 'List the grades from the highest down, each starting at a lower percentage than the one above, the last at 0, no grade twice.',
  scaleSaved: 'Grading scale saved. Exams added from now on use it; existing exams keep theirs.',
  startTime: 'Enter the start time as HH:MM (24-hour).',
  duration: 'The duration is a whole number of minutes from 10 to 480.',
  maxMarks: 'Maximum marks are a whole number from 1 to 1000 (leave them out only for a graded-only subject).',
  passMarks: 'Pass marks are from 0 to the maximum marks, in steps of half a mark.',
  academicYear: 'Enter the academic year as 2026-27.',
  weight: 'The weight is a whole percentage from 0 to 100.',
  noClasses: 'Choose at least one class that sits the exam.',
  duplicateClass: 'A class is listed twice.',
  duplicatePaper: 'This class already has a paper in this subject.',
  paperClassNotSitting: 'This class does not sit the exam. Add it to the classes first.',
  subjectNotTaken: 'This class does not take this subject. Add it in the class mapping first.',
  publishedLocked: 'Results are published for this class: its schedule can no longer change.',
  publishedDelete: 'Results of this exam are published: it cannot be deleted.',
  notSitting: 'This class does not sit this exam.',
  published: 'Results published.',
  alreadyPublished: 'Results are already published for this class.',
  incomplete: (missing: number) =>
    `Marks are missing for ${missing} ${missing === 1 ? 'entry' : 'entries'}. Enter marks (or absent, or exempt) for every student and subject first.`,
} as const;

export const markPaths = {
  /** POST { examId, classId, subjectId, entries, reason? }: one grid's cells (the teaching rule). */
  markSheet: `${apiBase}/marks/mark-sheet`,
  /** GET ?examId=&classId=&subjectId=: one grid's cells. */
  sheet: `${apiBase}/marks/sheet`,
  /** GET (staff): the earlier values of a grid's cells and who changed them. */
  history: `${apiBase}/marks/history`,
} as const;

export const markMessages = {
  saved: 'Marks saved.',
  notYourSubject: 'You can enter marks only for the subjects you teach in a class (or as its class teacher).',
  noPaper: 'This class has no paper in this subject in this exam.',
  studentNotInClass: 'This student is not in this class.',
  duplicateStudent: 'A student is listed twice.',
  notANumber: 'Marks must be a number.',
  outOfRange: (max: number) => `Marks must be from 0 to ${max}.`,
  halfSteps: 'Marks go in steps of half a mark.',
  oneValue: 'A cell holds one thing: marks, a grade, absent or exempt.',
  gradedOnly: 'This subject is graded only: enter a grade, not marks.',
  marksNeeded: 'This subject takes marks, not a grade.',
  grade: 'A grade is 1 to 4 characters.',
  unknownGrade: (grades: readonly string[]) => `Enter one of the grades ${grades.join(', ')}.`,
  locked: 'Results are published for this class: give a reason for the correction.',
  reasonTooLong: 'The reason can be at most 300 characters.',
} as const;

export const resultPaths = {
  /** GET ?examId=&classId=&studentId=: published results (a family: their children's). */
  all: `${apiBase}/results/all`,
  /** PUT { remark } (class teacher, admins): the report card's remark. */
  remark: template(`${apiBase}/results/:id/remark`),
} as const;

export const resultMessages = {
  notFound: 'Result not found.',
  remarkSaved: 'Remark saved.',
  remarkTooLong: 'The remark can be at most 500 characters.',
  notYourClass: 'Only the class teacher or an admin can write the remark.',
  publishedTitle: (exam: string) => `${exam} results are out`,
  publishedMessage: (exam: string, className: string) => `The results of ${exam} for class ${className} are published. Open Results to see the report card.`,
} as const;

export const maxExamName = 100;
export const maxTerm = 50;
export const maxMarksLimit = 1000;
export const maxRemark = 500;
export const maxCorrectionReason = 300;

/** One band of a grading scale: the grade from `min` percent (inclusive) up to the band above. */
export const gradeBandSchema = z.object({
  grade: z.string().trim().min(1, examMessages.gradeName).max(4, examMessages.gradeName),
  min: z.number(examMessages.gradeMin).min(0, examMessages.gradeMin).max(100, examMessages.gradeMin),
});
export type GradeBand = z.infer<typeof gradeBandSchema>;

/** The grades a graded-only paper (art, physical education, work education) may be given. */
export const gradedOnlyGradeSchema = z.string().trim().min(1, examMessages.gradeName).max(4, examMessages.gradeName);

export const gradingScaleSchema = z
  .object({
    /** Highest first; the last band starts at 0. */
    bands: z.array(gradeBandSchema).min(2, examMessages.scaleShape).max(15, examMessages.scaleShape),
    gradedOnly: z.array(gradedOnlyGradeSchema).min(1, examMessages.scaleShape).max(10, examMessages.scaleShape),
  })
  .superRefine((scale, ctx) => {
    const mins = scale.bands.map((band) => band.min);
    const descending = mins.every((min, i) => i === 0 || min < mins[i - 1]!);
    const grades = scale.bands.map((band) => band.grade.toUpperCase());
    if (!descending || mins.at(-1) !== 0 || new Set(grades).size !== grades.length) {
      ctx.addIssue({ code: 'custom', path: ['bands'], message: examMessages.scaleShape });
    }
    if (new Set(scale.gradedOnly.map((grade) => grade.toUpperCase())).size !== scale.gradedOnly.length) {
      ctx.addIssue({ code: 'custom', path: ['gradedOnly'], message: examMessages.scaleShape });
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

/**
 * An exam as its pages (page and column search) answer it: what a list of exams shows, without the
 * schedule's papers (every class's, 50-60 KB an exam in a large school) or the grading scale.
 * `GET /api/exams/{id}` and `/all` answer the whole exam; the app reads exams from its mirror.
 */
export const examSummarySchema = examSchema.omit({ schedule: true, grading: true }).extend({
  /** The schedule's papers, all classes together. */
  papers: z.number(),
  /** The first and last paper's dates (YYYY-MM-DD); null with no papers. */
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
});
export type ExamSummary = z.infer<typeof examSummarySchema>;

export function examSummaryOf({ schedule, grading: _grading, ...exam }: Exam): ExamSummary {
  const dates = schedule.map((paper) => paper.date).sort();
  return { ...exam, papers: schedule.length, firstDate: dates[0] ?? null, lastDate: dates.at(-1) ?? null };
}

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
    startTime: z.string(examMessages.startTime).trim().regex(timePattern, examMessages.startTime),
    durationMinutes: z.number(examMessages.duration).int(examMessages.duration).min(10, examMessages.duration).max(480, examMessages.duration),
    gradedOnly: z.boolean().optional().transform((value) => value ?? false),
    maxMarks: z.number(examMessages.maxMarks).int(examMessages.maxMarks).min(1, examMessages.maxMarks).max(maxMarksLimit, examMessages.maxMarks).nullable().optional(),
    passMarks: z.number(examMessages.passMarks).min(0, examMessages.passMarks).nullable().optional(),
  })
  .transform((paper, ctx) => {
    if (paper.gradedOnly) return { ...paper, maxMarks: null, passMarks: null };
    if (paper.maxMarks == null) {
      ctx.addIssue({ code: 'custom', path: ['maxMarks'], message: examMessages.maxMarks });
      return z.NEVER;
    }
    if (paper.passMarks == null || paper.passMarks > paper.maxMarks || !isHalfStep(paper.passMarks)) {
      ctx.addIssue({ code: 'custom', path: ['passMarks'], message: examMessages.passMarks });
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
    academicYear: z.string(examMessages.academicYear).trim().regex(/^\d{4}-\d{2}$/, examMessages.academicYear),
    weight: z.number(examMessages.weight).int(examMessages.weight).min(0, examMessages.weight).max(100, examMessages.weight).optional().transform((value) => value ?? 100),
    classIds: z.array(z.uuid(messages.records.fields.uuid('Class'))).min(1, examMessages.noClasses).max(200),
    schedule: z.array(paperInputSchema).max(2000),
    ...baseRevShape,
  })
  .superRefine((exam, ctx) => {
    const [start, end] = exam.academicYear.split('-').map(Number) as [number, number];
    if ((start + 1) % 100 !== end) ctx.addIssue({ code: 'custom', path: ['academicYear'], message: examMessages.academicYear });
    if (new Set(exam.classIds).size !== exam.classIds.length) ctx.addIssue({ code: 'custom', path: ['classIds'], message: examMessages.duplicateClass });
    const sitting = new Set(exam.classIds);
    const seen = new Set<string>();
    exam.schedule.forEach((paper, index) => {
      if (!sitting.has(paper.classId)) ctx.addIssue({ code: 'custom', path: ['schedule', index, 'classId'], message: examMessages.paperClassNotSitting });
      const key = `${paper.classId}|${paper.subjectId}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['schedule', index, 'subjectId'], message: examMessages.duplicatePaper });
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
  marks: z.number(markMessages.notANumber).nullable().optional(),
  grade: z.string(markMessages.grade).trim().max(4, markMessages.grade).nullable().optional(),
  absent: z.boolean().optional(),
  exempt: z.boolean().optional(),
});
export type MarkEntry = z.infer<typeof markEntrySchema>;

export const markSheetInputSchema = z.object({
  examId: z.uuid(examMessages.notFound),
  classId: z.uuid(messages.records.fields.uuid('Class')),
  subjectId: z.uuid(messages.records.fields.uuid('Subject')),
  entries: z.array(markEntrySchema).min(1).max(300),
  /** Needed once the class's results are published: kept with the correction in the history. */
  reason: z.string().trim().max(maxCorrectionReason, markMessages.reasonTooLong).optional(),
});
export type MarkSheetInput = z.infer<typeof markSheetInputSchema>;

/** What a cell holds once read: exactly one of these, or nothing (an empty cell). */
export type CellValue = { kind: 'marks'; marks: number } | { kind: 'grade'; grade: string } | { kind: 'absent' } | { kind: 'exempt' };

/** The entry's value, or the message that refuses it (null: the entry clears the cell). */
export function cellOf(entry: Pick<MarkEntry, 'marks' | 'grade' | 'absent' | 'exempt'>, paper: Pick<Paper, 'gradedOnly' | 'maxMarks'>, scale: GradingScale): CellValue | null | { refused: string } {
  const given = [entry.marks != null, entry.grade != null && entry.grade !== '', entry.absent === true, entry.exempt === true].filter(Boolean).length;
  if (given > 1) return { refused: markMessages.oneValue };
  if (entry.absent) return { kind: 'absent' };
  if (entry.exempt) return { kind: 'exempt' };
  if (entry.marks != null) {
    if (paper.gradedOnly) return { refused: markMessages.gradedOnly };
    const max = paper.maxMarks ?? 0;
    if (!Number.isFinite(entry.marks)) return { refused: markMessages.notANumber };
    if (entry.marks < 0 || entry.marks > max) return { refused: markMessages.outOfRange(max) };
    if (!isHalfStep(entry.marks)) return { refused: markMessages.halfSteps };
    return { kind: 'marks', marks: entry.marks };
  }
  if (entry.grade != null && entry.grade !== '') {
    if (!paper.gradedOnly) return { refused: markMessages.marksNeeded };
    const grade = scale.gradedOnly.find((one) => one.toUpperCase() === entry.grade!.toUpperCase());
    if (!grade) return { refused: markMessages.unknownGrade(scale.gradedOnly) };
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
  examId: z.uuid(examMessages.notFound),
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
  remark: z.string(resultMessages.remarkTooLong).trim().max(maxRemark, resultMessages.remarkTooLong),
});

export const resultListQuerySchema = z.object({
  examId: z.uuid(examMessages.notFound).optional(),
  classId: z.uuid().optional(),
  studentId: z.uuid().optional(),
});
