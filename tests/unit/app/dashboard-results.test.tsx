/**
 * /admin/results over a hand-built mirror: one exam across the school — classes lowest
 * pass first, subjects (pass share and marks over marks possible, an exempt paper left out, a
 * graded-only one without an average), toppers, grades in the scale's order; a year's exams
 * together (toppers by their average) and each class across the exams side by side; then the
 * page over a real engine offline, choosing the exam and the whole year.
 */
import { describe, expect, it } from 'vitest';
import type { ExamRow, ResultRow } from '../../../sync/modules/exams';
import { examsTable, resultsTable } from '../../../sync/modules/exams';
import ResultsOverviewPage from '../../../src/features/admin/results/ResultsOverviewPage';
import { acrossExams, examsOfYear, publishedExams, schoolResults } from '../../../src/features/admin/results/school-results';
import { renderRoute, type, type Rendered } from './dom';
import { screenHarness, signInStorage, until } from './records-harness';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { subjectsTable } from '../../../sync/modules/subjects';

const harness = screenHarness('results');
let view: Rendered | undefined;

const id = (n: number) => `0197d000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const [vA, vB] = [id(1), id(2)];
const [maths, art] = [id(41), id(42)];
const classes = [
  { id: vB, className: 'V', classSection: 'B', classTeacherId: null, rev: 1 },
  { id: vA, className: 'V', classSection: 'A', classTeacherId: null, rev: 1 },
];
const subjects = [
  { id: maths, subjectName: 'Mathematics', subjectCode: null, rev: 1 },
  { id: art, subjectName: 'Art', subjectCode: null, rev: 1 },
];
const grading = { bands: [{ grade: 'A1', min: 91 }, { grade: 'B1', min: 71 }, { grade: 'C1', min: 51 }, { grade: 'E', min: 0 }], gradedOnly: [{ grade: 'A' }, { grade: 'B' }] } as unknown as ExamRow['grading'];

function exam(n: number, published: Record<string, string>): ExamRow {
  return { id: id(90 + n), name: `Exam ${n}`, term: 'Term 1', academicYear: '2026-27', weight: 100, classIds: [vA, vB], schedule: [], grading, published, rev: 1 };
}

function result(n: number, examId: string, classId: string, percentage: number, grade: string, marks: number | null, status: 'marks' | 'absent' | 'exempt' = 'marks'): ResultRow {
  const passed = status === 'exempt' ? null : (marks ?? 0) >= 17;
  return {
    id: id(950 + n),
    examId,
    classId,
    studentId: id(20 + n),
    subjects: [
      { subjectId: maths, gradedOnly: false, maxMarks: 50, passMarks: 17, marks: status === 'exempt' ? null : marks, status, grade: null, passed },
      { subjectId: art, gradedOnly: true, maxMarks: null, passMarks: null, marks: null, status: 'grade', grade: 'A', passed: null },
    ],
    total: 0,
    maxTotal: 0,
    percentage,
    grade,
    result: passed === false ? 'fail' : 'pass',
    rank: 1,
    remark: '',
    publishedAt: '',
    rev: 1,
  };
}

const second = exam(2, { [vA]: '2026-11-01T00:00:00Z' });
const results = [
  result(1, second.id, vA, 92, 'A1', 46),
  result(2, second.id, vA, 20, 'E', 10),
  result(3, second.id, vB, 75, 'B1', 0, 'absent'),
  result(4, second.id, vB, 80, 'B1', null, 'exempt'),
  result(5, id(91), vA, 99, 'A1', 50),
];

describe('school results', () => {
  it('gives classes lowest pass first, subjects, toppers and grades in the scale’s order', () => {
    const figures = schoolResults({ results, classes, subjects }, second, 2);
    expect(figures.classes.map((row) => [row.klass.id, row.students, row.passed, row.passPercent, row.average])).toEqual([
      // Equal pass shares keep the school's class order.
      [vA, 2, 1, 50, 56],
      [vB, 2, 1, 50, 77.5],
    ]);
    expect(figures.subjects.map((row) => [row.subject?.subjectName, row.sat, row.passPercent, row.average])).toEqual([
      ['Art', 4, null, null],
      // Three sat Mathematics (one exempt): 46 + 10 + 0 (absent) of 150; one passed of three.
      ['Mathematics', 3, 33.3, 37.3],
    ]);
    expect(figures.toppers.map((row) => row.percentage)).toEqual([92, 80]);
    expect(figures.grades).toEqual([
      { grade: 'A1', count: 1 },
      { grade: 'B1', count: 2 },
      { grade: 'E', count: 1 },
    ]);
    expect(publishedExams([exam(1, { [vA]: '2026-09-01T00:00:00Z' }), second, exam(3, {})]).map((row) => row.name)).toEqual(['Exam 2', 'Exam 1']);
  });
});

describe('results across exams', () => {
  const first = exam(1, { [vA]: '2026-09-01T00:00:00Z' });
  it('takes a year’s exams together: every result counted, toppers by their average over the exams they sat', () => {
    const year = examsOfYear(publishedExams([first, second, exam(3, {})]), '2026-27');
    expect(year.map((row) => row.name)).toEqual(['Exam 1', 'Exam 2']);
    // Student 5 sat only Exam 1 (99%); student 1 only Exam 2 (92%).
    const figures = schoolResults({ results, classes, subjects }, year, 2);
    expect(figures.classes.map((row) => [row.klass.id, row.students, row.passed])).toEqual([
      [vB, 2, 1],
      [vA, 3, 2],
    ]);
    expect(figures.toppers.map((row) => [row.studentId, row.percentage, row.grade, row.exams])).toEqual([
      [id(25), 99, null, 1],
      [id(21), 92, null, 1],
    ]);
    expect(figures.grades).toEqual([
      { grade: 'A1', count: 2 },
      { grade: 'B1', count: 2 },
      { grade: 'E', count: 1 },
    ]);
  });

  it('sets each class’s pass share and average per exam side by side, blank where it has no result', () => {
    const across = acrossExams({ results, classes }, [first, second]);
    expect(across.rows.map((row) => [row.klass.id, row.cells])).toEqual([
      [vA, [{ students: 1, passPercent: 100, average: 99 }, { students: 2, passPercent: 50, average: 56 }]],
      [vB, [null, { students: 2, passPercent: 50, average: 77.5 }]],
    ]);
  });
});

describe('/admin/results', () => {
  it('shows the latest published exam across the school from the device, and another on choosing it', async () => {
    signInStorage('ADMIN');
    const engine = await harness.engine('ADMIN');
    await engine.db.tableOf(classesTable).bulkPut(classes);
    await engine.db.tableOf(subjectsTable).bulkPut(subjects);
    await engine.db.tableOf(studentsTable).bulkPut(results.map((row, n) => ({ id: row.studentId, classId: row.classId, admissionId: `A${n}`, firstName: `Student${n + 1}`, lastName: 'K', rev: 1 })));
    await engine.db.tableOf(examsTable).bulkPut([exam(1, { [vA]: '2026-09-01T00:00:00Z' }), second]);
    await engine.db.tableOf(resultsTable).bulkPut(results);
    view = await harness.show(renderRoute('/admin/results', <ResultsOverviewPage />, '/admin/results'));
    await until(() => view!.container.querySelector('[aria-labelledby="results-toppers"] li') !== null, 'the results');
    const rows = () => Array.from(view!.container.querySelectorAll('[aria-labelledby="results-classes"] tbody tr')).map((row) => row.textContent);
    expect(rows()).toEqual(['V A215056', 'V B215077.5']);
    expect(view!.container.querySelector('[aria-labelledby="results-toppers"] li')!.textContent).toBe('Student1 K, V A: 92% (A1)');
    expect(view!.container.querySelector('button[aria-label]')!.hasAttribute('disabled')).toBe(false);
    // The year's exams side by side, each exam's column a link to it.
    const across = () => Array.from(view!.container.querySelectorAll('[aria-labelledby="results-across"] tbody tr')).map((row) => row.textContent);
    expect(across()).toEqual(['V A100% passed · avg 99%50% passed · avg 56%', 'V B—50% passed · avg 77.5%']);
    expect(view!.container.querySelector('[aria-labelledby="results-across"] thead a')!.getAttribute('href')).toBe(`/admin/exams?exam=${id(91)}`);
    await type(view!.container.querySelector('select')!, id(91));
    await until(() => rows().length === 1, 'the other exam');
    expect(rows()).toEqual(['V A1110099']);
    await type(view!.container.querySelector('select')!, 'year:2026-27');
    await until(() => rows().length === 2 && rows()[1] === 'V A3266.770.3', 'the whole year');
    expect(view!.container.querySelector('[aria-labelledby="results-toppers"] li')!.textContent).toBe('Student5 K, V A: 99% average over 1 exam');
  });
});
