/**
 * The results arithmetic shared by the server's publication and the device's previews
 * (contract/exam-results.ts), the term-wise card's weights, the grid's cell parsing and the class
 * figures, against hand-worked cases.
 */
import { describe, expect, it } from 'vitest';
import { computeResults, termResult, type Result } from '../../contract/exam-results';
import { cbseGradingScale, gradeOf, type Mark, markMessages, type Paper } from '../../contract/exams';
import { cellText, parseCell } from '../../src/features/exams/cells';
import { attendanceUpTo } from '../../src/features/exams/cards';
import { gradeDistribution, subjectFigures } from '../../src/features/exams/stats';

const paper = (subjectId: string, extra: Partial<Paper> = {}): Paper => ({
  classId: 'c',
  subjectId,
  date: '2026-07-20',
  startTime: '09:30',
  durationMinutes: 60,
  maxMarks: 50,
  passMarks: 17,
  gradedOnly: false,
  ...extra,
});
const cell = (studentId: string, subjectId: string, value: Partial<Mark>): Mark => ({
  id: `${studentId}-${subjectId}`,
  examId: 'e',
  classId: 'c',
  subjectId,
  studentId,
  marks: null,
  grade: null,
  absent: false,
  exempt: false,
  enteredBy: null,
  rev: 1,
  ...value,
});

describe('the CBSE scale', () => {
  it('grades at the band edges', () => {
    expect([100, 91, 90.99, 81, 71, 61, 51, 41, 33, 32.99, 21, 20, 0].map((p) => gradeOf(cbseGradingScale, p))).toEqual([
      'A1', 'A1', 'A2', 'A2', 'B1', 'B2', 'C1', 'C2', 'D', 'E1', 'E1', 'E2', 'E2',
    ]);
  });
});

describe('computeResults', () => {
  const papers = [paper('m'), paper('e'), paper('art', { gradedOnly: true, maxMarks: null, passMarks: null })];
  it('totals marked papers, ranks ties together, fails the absent and those below pass marks', () => {
    const results = computeResults(papers, ['a', 'b', 'c', 'd'], [
      cell('a', 'm', { marks: 45 }), cell('a', 'e', { marks: 40 }), cell('a', 'art', { grade: 'A' }),
      cell('b', 'm', { marks: 40 }), cell('b', 'e', { marks: 45 }), cell('b', 'art', { grade: 'B' }),
      cell('c', 'm', { absent: true }), cell('c', 'e', { marks: 50 }), cell('c', 'art', { absent: true }),
      cell('d', 'm', { marks: 16 }), cell('d', 'e', { exempt: true }), cell('d', 'art', { exempt: true }),
    ], cbseGradingScale);
    const get = (id: string) => results.get(id)!;
    expect([get('a').rank, get('b').rank, get('c').rank, get('d').rank]).toEqual([1, 1, 3, 4]);
    expect(get('a')).toMatchObject({ total: 85, maxTotal: 100, percentage: 85, grade: 'A2', result: 'pass' });
    expect(get('c')).toMatchObject({ total: 50, percentage: 50, grade: 'C2', result: 'fail' });
    expect(get('c').subjects[2]).toMatchObject({ status: 'absent', passed: null });
    expect(get('d')).toMatchObject({ total: 16, maxTotal: 50, percentage: 32, grade: 'E1', result: 'fail' });
  });

  it('rounds the percentage to two places', () => {
    const [only] = computeResults([paper('m', { maxMarks: 30, passMarks: 10 })], ['a'], [cell('a', 'm', { marks: 20 })], cbseGradingScale).values();
    expect(only!.percentage).toBe(66.67);
  });
});

describe('termResult', () => {
  const result = (percentage: number, m: number): Pick<Result, 'subjects' | 'percentage'> => ({
    percentage,
    subjects: [{ subjectId: 'm', gradedOnly: false, maxMarks: 40, passMarks: 14, marks: m, status: 'marks', grade: null, passed: true }],
  });
  it('weights each exam’s percentage, per subject and overall', () => {
    // Unit Test 1 (10 %): 80 %; Half Yearly (40 %): 60 %. (80·10 + 60·40) / 50 = 64.
    const term = termResult([
      { exam: { weight: 10, grading: cbseGradingScale }, result: result(80, 32) },
      { exam: { weight: 40, grading: cbseGradingScale }, result: result(60, 24) },
    ])!;
    expect(term.percentage).toBe(64);
    expect(term.grade).toBe('B2');
    expect(term.subjects).toEqual([{ subjectId: 'm', percentage: 64, grade: 'B2' }]);
  });
  it('has nothing to weigh without a weighted exam', () => {
    expect(termResult([{ exam: { weight: 0, grading: cbseGradingScale }, result: result(80, 32) }])).toBeUndefined();
  });
});

describe('the grid’s cells', () => {
  const marked = { gradedOnly: false, maxMarks: 40 };
  const graded = { gradedOnly: true, maxMarks: null };
  it('reads marks, AB, EX, grades and an empty cell; refuses what the school would', () => {
    expect(parseCell('s', ' 35.5 ', marked, cbseGradingScale)).toEqual({ ok: true, entry: { studentId: 's', marks: 35.5 } });
    expect(parseCell('s', 'ab', marked, cbseGradingScale)).toEqual({ ok: true, entry: { studentId: 's', absent: true } });
    expect(parseCell('s', 'Ex', marked, cbseGradingScale)).toEqual({ ok: true, entry: { studentId: 's', exempt: true } });
    expect(parseCell('s', '', marked, cbseGradingScale)).toEqual({ ok: true, entry: { studentId: 's' } });
    expect(parseCell('s', 'b', graded, cbseGradingScale)).toEqual({ ok: true, entry: { studentId: 's', grade: 'B' } });
    expect(parseCell('s', '41', marked, cbseGradingScale)).toEqual({ ok: false, message: markMessages.outOfRange(40) });
    expect(parseCell('s', '-1', marked, cbseGradingScale)).toEqual({ ok: false, message: markMessages.notANumber });
    expect(parseCell('s', '3.3', marked, cbseGradingScale)).toEqual({ ok: false, message: markMessages.halfSteps });
    expect(parseCell('s', 'twelve', marked, cbseGradingScale)).toEqual({ ok: false, message: markMessages.notANumber });
    expect(parseCell('s', 'Z', graded, cbseGradingScale)).toEqual({ ok: false, message: markMessages.unknownGrade(['A', 'B', 'C']) });
    expect([cellText(cell('s', 'm', { marks: 12.5 })), cellText(cell('s', 'm', { absent: true })), cellText(cell('s', 'm', { grade: 'A' })), cellText(undefined)]).toEqual(['12.5', 'AB', 'A', '']);
  });
});

describe('class figures and attendance', () => {
  it('averages, highest and pass share per subject; the grade distribution over the scale', () => {
    const papers = [paper('m')];
    const results = [...computeResults(papers, ['a', 'b', 'c'], [cell('a', 'm', { marks: 50 }), cell('b', 'm', { marks: 10 }), cell('c', 'm', { exempt: true })], cbseGradingScale).values()];
    expect(subjectFigures(papers, results)).toEqual([{ subjectId: 'm', average: 30, highest: 50, passPercent: 50 }]);
    const distribution = gradeDistribution(cbseGradingScale, results);
    expect(distribution.find((bar) => bar.grade === 'A1')!.count).toBe(1);
    expect(distribution.reduce((sum, bar) => sum + bar.count, 0)).toBe(3);
  });
  it('counts attendance of the academic year up to the exam, late as attended', () => {
    const rows = [
      { date: '2026-03-30', status: 'absent' as const },
      { date: '2026-04-02', status: 'present' as const },
      { date: '2026-04-03', status: 'late' as const },
      { date: '2026-04-04', status: 'absent' as const },
      { date: '2026-08-01', status: 'present' as const },
    ];
    expect(attendanceUpTo(rows, '2026-27', '2026-07-31')).toEqual({ present: 2, days: 3, from: '2026-04-01', until: '2026-07-31' });
  });
});
