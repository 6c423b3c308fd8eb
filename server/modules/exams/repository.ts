/** Data access for exams, marks cells and results; every function takes the tenant. */
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { academicYearLabel } from '../../../contract/admission';
import type { Page, PageQuery } from '../../../contract/envelope';
import type { Result } from '../../../contract/exam-results';
import { cbseGradingScale, type Exam, type ExamSearchColumn, type ExamSummary, examSummaryOf, type GradingScale, type Mark, type Paper } from '../../../contract/exams';
import { studentsOfClassInYear } from '../years/current-year';
import { arrayParam } from '../../db/array-param';
import type { Db } from '../../db/client';
import { containsPattern, toPage, totalCount } from '../../db/paging';
import { keptJson } from '../../db/kept-json';
import { preparedOn } from '../../db/prepared';
import { students } from '../../db/core-tables';
import { exams, gradingScales, marks, results } from './tables';
import type { ReadScope } from '../../module-kit/scope';

type ExamRow = typeof exams.$inferSelect;

export function examRecord(row: ExamRow): Exam {
  return {
    id: row.id,
    name: row.name,
    term: row.term,
    academicYear: row.academicYear,
    weight: row.weight,
    classIds: row.classIds,
    schedule: row.schedule as Paper[],
    grading: row.grading as GradingScale,
    published: row.published as Record<string, string>,
    rev: row.rev,
  };
}

export function markRecord(row: typeof marks.$inferSelect): Mark {
  const { id, examId, classId, subjectId, studentId, grade, absent, exempt, enteredBy, rev } = row;
  return { id, examId, classId, subjectId, studentId, marks: row.marks === null ? null : Number(row.marks), grade, absent, exempt, enteredBy, rev };
}

export function resultRecord(row: typeof results.$inferSelect): Result {
  return {
    id: row.id,
    examId: row.examId,
    classId: row.classId,
    studentId: row.studentId,
    subjects: row.subjects as Result['subjects'],
    total: Number(row.total),
    maxTotal: row.maxTotal,
    percentage: Number(row.percentage),
    grade: row.grade,
    result: row.result,
    rank: row.rank,
    remark: row.remark,
    publishedAt: row.publishedAt.toISOString(),
    rev: row.rev,
  };
}

const live = (tenantId: string) => and(eq(exams.tenantId, tenantId), isNull(exams.deletedAt));
const ordering = [desc(exams.academicYear), asc(exams.createdAt), asc(exams.id)];

/** The exams a scope covers: the school's for staff, those their classes sit for a family. */
export function examsVisibleTo(scope: ReadScope): SQL | undefined {
  if (scope.school) return undefined;
  // Past years' classes too: a closed year's report card names its exam.
  const classIds = [...scope.classIds, ...scope.formerClassIds];
  return classIds.length > 0 ? sql`${exams.classIds} && ${arrayParam(classIds, 'uuid')}` : sql`false`;
}

/** The marks of exams of the academic year starting on `from` (YYYY-04-01) and later years. */
export function marksOfExamsFrom(from: string): SQL {
  const label = academicYearLabel(Number(from.slice(0, 4)));
  // Uncorrelated, so the database hashes the exam ids once (the pull filters marks by school anyway).
  return sql`${marks.examId} in (select ${exams.id} from ${exams} where ${exams.academicYear} >= ${label})`;
}

/** The published results a scope covers: all for staff, their own students' for a family. */
export function resultsVisibleTo(scope: ReadScope): SQL | undefined {
  if (scope.school) return undefined;
  return scope.studentIds.length > 0 ? inArray(results.studentId, scope.studentIds) : sql`false`;
}

export interface ExamFilter {
  academicYear?: string;
  classId?: string;
}

function filtered(tenantId: string, scope: ReadScope, filter: ExamFilter = {}) {
  return and(
    live(tenantId),
    examsVisibleTo(scope),
    filter.academicYear ? eq(exams.academicYear, filter.academicYear) : undefined,
    filter.classId ? sql`${filter.classId}::uuid = any(${exams.classIds})` : undefined,
  );
}

const searchColumns = { name: exams.name, term: exams.term, academic_year: exams.academicYear } as const;

/** The school's exams as staff first open them, planned once (db/prepared.ts). */
const schoolPage = preparedOn((db) =>
  db
    .select({ row: exams, total: totalCount })
    .from(exams)
    .where(and(eq(exams.tenantId, sql.placeholder('tenantId')), isNull(exams.deletedAt)))
    .orderBy(...ordering)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('exams_live_page'),
);

function list(db: Db, where: SQL | undefined, query: PageQuery): Promise<Page<ExamSummary>> {
  return toPage(
    query,
    async () => (await db.select({ value: count() }).from(exams).where(where))[0]?.value ?? 0,
    (limit, offset) => db.select({ row: exams, total: totalCount }).from(exams).where(where).orderBy(...ordering).limit(limit).offset(offset),
    (rows) => rows.map(({ row }) => examSummaryOf(examRecord(row))),
  );
}

/** The school's page as ids and revs only: what the kept texts are looked up by. */
const schoolPageKeys = preparedOn((db) =>
  db
    .select({ id: exams.id, rev: exams.rev, total: totalCount })
    .from(exams)
    .where(and(eq(exams.tenantId, sql.placeholder('tenantId')), isNull(exams.deletedAt)))
    .orderBy(...ordering)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('exams_live_page_keys'),
);

/** Exams as the page answers them (contract/exams.ts examSummarySchema). */
const keptExams = keptJson({ texts: 128, pages: 32 });

export const examRepository = {
  async all(db: Db, tenantId: string, scope: ReadScope, filter: ExamFilter): Promise<Exam[]> {
    return (await db.select().from(exams).where(filtered(tenantId, scope, filter)).orderBy(...ordering)).map(examRecord);
  },
  /** A page of summaries as the `data` of the answer, in JSON: for staff, from the exams' kept texts. */
  async pageJson(db: Db, tenantId: string, scope: ReadScope, query: PageQuery): Promise<string> {
    if (!scope.school) return JSON.stringify(await list(db, filtered(tenantId, scope), query));
    return keptExams(db, tenantId, query, {
      total: async () => (await db.select({ value: count() }).from(exams).where(live(tenantId)))[0]?.value ?? 0,
      keys: (limit, offset) => schoolPageKeys(db).execute({ tenantId, limit, offset }),
      rows: (limit, offset) => schoolPage(db).execute({ tenantId, limit, offset }),
      key: ({ row }) => row,
      text: ({ row }) => JSON.stringify(examSummaryOf(examRecord(row))),
    });
  },
  search(db: Db, tenantId: string, scope: ReadScope, column: ExamSearchColumn, value: string, query: PageQuery) {
    return list(db, and(filtered(tenantId, scope), ilike(searchColumns[column], containsPattern(value))), query);
  },
  async one(db: Db, tenantId: string, id: string, scope?: ReadScope): Promise<Exam | undefined> {
    const [row] = await db
      .select()
      .from(exams)
      .where(and(live(tenantId), eq(exams.id, id), scope ? examsVisibleTo(scope) : undefined));
    return row ? examRecord(row) : undefined;
  },
  /** The live exam, its row locked until the transaction ends (publishing, marks, edits). */
  async lock(db: Db, tenantId: string, id: string): Promise<Exam | undefined> {
    const [row] = await db.select().from(exams).where(and(live(tenantId), eq(exams.id, id))).for('update');
    return row ? examRecord(row) : undefined;
  },
  /** A shared lock: marks may be entered side by side, never while the class is being published. */
  async share(db: Db, tenantId: string, id: string): Promise<Exam | undefined> {
    const [row] = await db.select().from(exams).where(and(live(tenantId), eq(exams.id, id))).for('share');
    return row ? examRecord(row) : undefined;
  },
};

export async function schoolScale(db: Db, tenantId: string): Promise<GradingScale> {
  const [row] = await db.select({ scale: gradingScales.scale }).from(gradingScales).where(eq(gradingScales.tenantId, tenantId));
  return (row?.scale as GradingScale | undefined) ?? cbseGradingScale;
}

/** The live students of a class. */
/**
 * The students of a class for an exam: those who sit in it now, or, for an exam of a closed year
 * ("2025-26"), those who sat in it that year (docs/decisions.md "The school year").
 */
export async function classStudentIds(db: Db, tenantId: string, classId: string, academicYear?: string): Promise<string[]> {
  if (academicYear) return studentsOfClassInYear(db, tenantId, classId, Number(academicYear.slice(0, 4)));
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.tenantId, tenantId), eq(students.classId, classId), isNull(students.deletedAt)));
  return rows.map((row) => row.id);
}

/** The live cells of one grid (or of every grid of a class when subjectId is left out). */
export async function gridMarks(db: Db, tenantId: string, examId: string, classId: string, subjectId?: string): Promise<Mark[]> {
  const rows = await db
    .select()
    .from(marks)
    .where(
      and(
        eq(marks.tenantId, tenantId),
        eq(marks.examId, examId),
        eq(marks.classId, classId),
        subjectId ? eq(marks.subjectId, subjectId) : undefined,
        isNull(marks.deletedAt),
      ),
    );
  return rows.map(markRecord);
}
