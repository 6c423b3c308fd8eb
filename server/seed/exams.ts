/**
 * This year's exams in a demo school: Unit Test 1, sat over the working days from 25 working days
 * before today (holidays and Sundays skipped, contract/working-days.ts), its marks entered by each subject's teacher (the demo teacher's own by her account, the
 * rest by the admin's) and its results published for every class; Half Yearly, scheduled from two
 * weeks after today, no marks yet. Every class sits both, a paper per subject it takes; art and
 * craft is graded only below class XI. Marks follow each student's steady ability with a little
 * luck per paper; about one paper in a hundred is missed (absent). Results come from the same
 * function the server publishes with (contract/exam-results.ts). No clock but `today`.
 */
import { academicYearLabel, academicYearOf } from '../../contract/admission';
import { computeResults } from '../../contract/exam-results';
import { cbseGradingScale, type Mark, type Paper } from '../../contract/exams';
import { workingDaysBefore, workingDaysFrom, type CalendarEntry } from '../../contract/working-days';
import type { exams, marks, results } from '../modules/exams/tables';
import type { ClassSubjectRow } from './curriculum';
import { Random, stableUuid } from './random';

/** An exam row with what the calendar reads of it typed (server/seed/events.ts dates exam events from it). */
export type ExamRow = typeof exams.$inferInsert & { id: string; classIds: string[]; schedule: Paper[]; createdBy: string };
export type MarkRow = typeof marks.$inferInsert;
export type ResultRow = typeof results.$inferInsert;

export interface ExamSource {
  tenantId: string;
  classes: readonly { id: string; className: string }[];
  students: readonly { id: string; classId: string | null }[];
  classSubjects: readonly ClassSubjectRow[];
  subjectNames: ReadonlyMap<string, string>;
  adminId: string;
  /** The demo teacher's teacher id and account: her papers' marks are hers. */
  demoTeacher: { teacherId: string; accountId: string };
  /** The school's holidays: papers are set on working days only. */
  calendar: readonly CalendarEntry[];
}

const day = 86_400_000;
const gradedOnlyPattern = /art|craft|work education/i;
const seniorClasses = new Set(['XI', 'XII']);

function iso(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

function papersFor(source: ExamSource, classId: string, className: string, start: string, maxMarks: number, duration: number): Paper[] {
  const taken = source.classSubjects.filter((row) => row.classId === classId);
  const days = workingDaysFrom(start, taken.length, source.calendar, classId);
  return taken.map((row, index): Paper => {
    const gradedOnly = !seniorClasses.has(className) && gradedOnlyPattern.test(source.subjectNames.get(String(row.subjectId)) ?? '');
    return {
      classId,
      subjectId: String(row.subjectId),
      date: days[index]!,
      startTime: '09:30',
      durationMinutes: gradedOnly ? 60 : duration,
      maxMarks: gradedOnly ? null : maxMarks,
      passMarks: gradedOnly ? null : Math.ceil(maxMarks * 0.33),
      gradedOnly,
    };
  });
}

/**
 * The marks of an exam's papers for every student of each class, entered by each subject's teacher
 * (the demo teacher's own by her account, the rest by the admin's), and the results published.
 */
function markAndPublish(source: ExamSource, rng: Random, examId: string, schedule: readonly Paper[], publishedAt: Date): { marks: MarkRow[]; results: ResultRow[] } {
  const teacherOf = new Map(source.classSubjects.map((row) => [`${row.classId}|${row.subjectId}`, row.teacherId ?? null]));
  const markRows: MarkRow[] = [];
  const resultRows: ResultRow[] = [];
  for (const klass of source.classes) {
    const papers = schedule.filter((paper) => paper.classId === klass.id);
    const studentIds = source.students.filter((student) => student.classId === klass.id).map((student) => student.id);
    const cells: Mark[] = [];
    for (const studentId of studentIds) {
      const ability = Math.min(0.97, Math.max(0.25, 0.68 + (rng.next() + rng.next() + rng.next() - 1.5) * 0.3));
      for (const paper of papers) {
        const teacherId = teacherOf.get(`${klass.id}|${paper.subjectId}`);
        const enteredBy = teacherId === source.demoTeacher.teacherId ? source.demoTeacher.accountId : source.adminId;
        const absent = rng.chance(0.01);
        const share = Math.min(1, Math.max(0, ability + (rng.next() - 0.5) * 0.25));
        const cell: Mark = {
          id: stableUuid(source.tenantId, 'mark', examId, studentId, paper.subjectId),
          examId: examId,
          classId: klass.id,
          subjectId: paper.subjectId,
          studentId,
          marks: absent || paper.gradedOnly ? null : Math.round(share * (paper.maxMarks ?? 0) * 2) / 2,
          grade: paper.gradedOnly && !absent ? (share > 0.8 ? 'A' : share > 0.55 ? 'B' : 'C') : null,
          absent,
          exempt: false,
          enteredBy,
          rev: 0,
        };
        cells.push(cell);
        const { rev: _rev, ...row } = cell;
        markRows.push({ ...row, tenantId: source.tenantId });
      }
    }
    for (const result of computeResults(papers, studentIds, cells, cbseGradingScale).values()) {
      resultRows.push({
        id: stableUuid(source.tenantId, 'result', examId, result.studentId),
        tenantId: source.tenantId,
        examId: examId,
        classId: klass.id,
        studentId: result.studentId,
        subjects: result.subjects,
        total: result.total,
        maxTotal: result.maxTotal,
        percentage: result.percentage,
        grade: result.grade,
        result: result.result,
        rank: result.rank,
        remark: result.result === 'pass' ? (result.percentage >= 81 ? 'Excellent work. Keep it up.' : 'Good effort; revise regularly.') : 'Needs support: please meet the class teacher.',
        publishedAt,
      });
    }
  }
  return { marks: markRows, results: resultRows };
}

export function generateExams(source: ExamSource, today: string) {
  const rng = new Random(`kaksha-demo-exams:${source.tenantId}`);
  const academicYear = academicYearLabel(academicYearOf(today));
  const todayAt = Date.parse(`${today}T00:00:00Z`);
  const classIds = source.classes.map((klass) => klass.id);
  const unitTestId = stableUuid(source.tenantId, 'exam', academicYear, 'unit-test-1');
  const halfYearlyId = stableUuid(source.tenantId, 'exam', academicYear, 'half-yearly');
  // Papers on the first working days of the last 25 (a class sits at most nine), results out on the 16th.
  const recent = workingDaysBefore(today, 25, source.calendar);
  const unitTestSchedule = source.classes.flatMap((klass) => papersFor(source, klass.id, klass.className, recent[0]!, 40, 60));
  const publishedAt = new Date(Date.parse(`${recent[15]!}T00:00:00Z`) + 11 * 3_600_000);
  const published = Object.fromEntries(classIds.map((id) => [id, publishedAt.toISOString()]));
  const examRows: ExamRow[] = [
    {
      id: unitTestId,
      tenantId: source.tenantId,
      name: 'Unit Test 1',
      term: 'Term 1',
      academicYear,
      weight: 10,
      classIds,
      schedule: unitTestSchedule,
      grading: cbseGradingScale,
      published,
      createdBy: source.adminId,
    },
    {
      id: halfYearlyId,
      tenantId: source.tenantId,
      name: 'Half Yearly',
      term: 'Term 1',
      academicYear,
      weight: 40,
      classIds,
      schedule: source.classes.flatMap((klass) => papersFor(source, klass.id, klass.className, iso(todayAt + 14 * day), 80, 180)),
      grading: cbseGradingScale,
      published: {},
      createdBy: source.adminId,
    },
  ];

  const { marks: markRows, results: resultRows } = markAndPublish(source, rng, unitTestId, unitTestSchedule, publishedAt);
  return { exams: examRows, marks: markRows, results: resultRows };
}

/**
 * Last year's annual examination (the year before `year`), sat in March by each student in the
 * class they were in then (`source.students` as they sat), its results published at the end of
 * March: what a report card of last year shows.
 */
export function generateLastYearExam(source: ExamSource, year: number) {
  const rng = new Random(`kaksha-demo-exams:${source.tenantId}:${year - 1}`);
  const academicYear = academicYearLabel(year - 1);
  const examId = stableUuid(source.tenantId, 'exam', academicYear, 'annual');
  const seated = new Set(source.students.map((student) => student.classId));
  const classes = source.classes.filter((klass) => seated.has(klass.id));
  const schedule = classes.flatMap((klass) => papersFor(source, klass.id, klass.className, `${year}-03-02`, 80, 180));
  const publishedAt = new Date(`${year}-03-28T05:30:00Z`);
  const exam: ExamRow = {
    id: examId,
    tenantId: source.tenantId,
    name: 'Annual Examination',
    term: 'Term 2',
    academicYear,
    weight: 60,
    classIds: classes.map((klass) => klass.id),
    schedule,
    grading: cbseGradingScale,
    published: Object.fromEntries(classes.map((klass) => [klass.id, publishedAt.toISOString()])),
    createdBy: source.adminId,
  };
  return { exams: [exam], ...markAndPublish({ ...source, classes }, rng, examId, schedule, publishedAt) };
}
