/**
 * The exams screens over a real engine (fake-indexeddb, offline): a teacher types a class's marks on
 * /admin/exams with the keyboard (Enter to the next student), a value over the maximum is refused in
 * place and never reaches the outbox, and the grid's cells are on the device (held on the page while
 * typing goes on, sent as one sheet on a pause, on leaving the grid or closing it); /admin/reportcards
 * lays out one A4 card per student of a published class, headed by the school's details from the
 * device's copy, without ranks when the school turned them off; /student/results shows a parent the
 * chosen child's published result only; /student/exams the child's class's schedule.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { cbseGradingScale, markMessages } from '../../../contract/exams';
import type { Result } from '../../../contract/exam-results';
import type { SchoolDetails } from '../../../contract/school';
import type { SyncEngine } from '../../../sync';
import { StorageFullError } from '../../../sync/errors';
import { replayUnsent } from '../../../src/sync-binding/unsent-journal';
import { examsTable, marksTable, resultsTable, type ExamRow } from '../../../sync/modules/exams';
import ExamsPage from '../../../src/features/exams/ExamsPage';
import { typingPauseMs } from '../../../src/features/exams/MarksGrid';
import ReportCardsPage from '../../../src/features/exams/ReportCardsPage';
import { keepSchoolCopy } from '../../../src/kit/school-copy';
import StudentExamsPage from '../../../src/features/exams/StudentExamsPage';
import StudentResultsPage from '../../../src/features/exams/StudentResultsPage';
import { examTexts as text } from '../../../src/features/exams/texts';
import { button, byLabel, click, meanwhile, renderRoute, type, type Rendered } from './dom';
import { onDay } from '../../support/fixed-day';
import { screenHarness, signInStorage, until } from './records-harness';
import { studentsTable } from '../../../sync/modules/students';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { classesTable } from '../../../sync/modules/classes';
import { teachersTable } from '../../../sync/modules/teachers';
import { subjectsTable } from '../../../sync/modules/subjects';
import { schoolYearsTable } from '../../../sync/modules/years';
import { recordsKitTexts } from '../../../src/kit/texts';

let view: Rendered | undefined;
const harness = screenHarness('exams');

const id = (n: number) => `0197e000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const teacherId = id(900);
const [iiB, iiiA] = [id(1), id(2)];
const [maths, art] = [id(11), id(12)];
const [asha, ravi, meena] = [id(21), id(22), id(23)];
const examId = id(40);

const exam: ExamRow = {
  id: examId,
  name: 'Unit Test 1',
  term: 'Term 1',
  academicYear: '2026-27',
  weight: 10,
  classIds: [iiB, iiiA],
  schedule: [
    { classId: iiB, subjectId: maths, date: '2026-07-20', startTime: '09:30', durationMinutes: 60, maxMarks: 40, passMarks: 14, gradedOnly: false },
    { classId: iiB, subjectId: art, date: '2026-07-21', startTime: '09:30', durationMinutes: 60, maxMarks: null, passMarks: null, gradedOnly: true },
    { classId: iiiA, subjectId: maths, date: '2026-07-22', startTime: '11:00', durationMinutes: 60, maxMarks: 40, passMarks: 14, gradedOnly: false },
  ],
  grading: cbseGradingScale,
  published: {},
  rev: 5,
};

async function seedSchool(engine: SyncEngine) {
  await engine.db.tableOf(classesTable).bulkPut([
    { id: iiB, className: 'II', classSection: 'B', classTeacherId: null, rev: 1 },
    { id: iiiA, className: 'III', classSection: 'A', classTeacherId: null, rev: 1 },
  ]);
  await engine.db.tableOf(subjectsTable).bulkPut([
    { id: maths, subjectName: 'Mathematics', subjectCode: null, rev: 1 },
    { id: art, subjectName: 'Art & Craft', subjectCode: null, rev: 1 },
  ]);
  const pair = (n: number, classId: string, subjectId: string, teacher: string | null) => ({
    id: id(50 + n),
    classId,
    subjectId,
    teacherId: teacher,
    className: '',
    classSection: '',
    subjectName: '',
    teacherName: null,
    rev: 1,
  });
  await engine.db.tableOf(classSubjectsTable).bulkPut([pair(1, iiB, maths, teacherId), pair(2, iiB, art, null), pair(3, iiiA, maths, null)]);
  await engine.db.tableOf(studentsTable).bulkPut([
    { id: asha, classId: iiB, admissionId: 'A1', firstName: 'Asha', lastName: 'Rao', rollNumber: '1', rev: 1 },
    { id: ravi, classId: iiB, admissionId: 'A2', firstName: 'Ravi', lastName: 'Kumar', rollNumber: '2', rev: 1 },
    { id: meena, classId: iiiA, admissionId: 'A3', firstName: 'Meena', lastName: 'Das', rollNumber: '1', rev: 1 },
  ]);
}

function result(studentId: string, classId: string, percentage: number, rank: number): Result {
  return {
    id: id(600 + rank + (classId === iiiA ? 10 : 0)),
    examId,
    classId,
    studentId,
    subjects: [{ subjectId: maths, gradedOnly: false, maxMarks: 40, passMarks: 14, marks: (percentage * 40) / 100, status: 'marks', grade: 'A2', passed: true }],
    total: (percentage * 40) / 100,
    maxTotal: 40,
    percentage,
    grade: 'A2',
    result: 'pass',
    rank,
    remark: 'Steady work.',
    publishedAt: '2026-08-01T10:00:00.000Z',
    rev: 7,
  };
}

async function show(path: string, element: React.ReactElement, url = path) {
  view = await harness.show(renderRoute(path, element, url));
}

const cellOf = (label: string) => {
  const input = view!.container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
  if (!input) throw new Error(`no cell ${label}`);
  return input;
};

const keyDown = async (element: HTMLElement, key: string) => {
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
};

/** The demo teacher at II B's Maths grid of the exam, the school seeded on her device. */
async function teacherAtTheGrid() {
  signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } });
  const engine = await harness.engine('TEACHER');
  await seedSchool(engine);
  await engine.db.tableOf(examsTable).put(exam);
  await show('/admin/exams', <ExamsPage />, `/admin/exams?exam=${examId}&class=${iiB}&subject=${maths}`);
  await until(() => view!.container.querySelector(`[aria-label="${text.grid.cellLabel({ name: 'Asha Rao' })}"]`) !== null, 'the grid');
  return engine;
}

describe('/admin/exams marks entry', () => {
  // After every paper of the exam: the grids open at once (a paper still to come asks first, below).
  onDay('2026-08-10');

  it('takes a class’s marks from the keyboard, refuses a value over the maximum in place, and keeps the cells on the device', async () => {
    const engine = await teacherAtTheGrid();

    const ashaCell = cellOf(text.grid.cellLabel({ name: 'Asha Rao' }));
    const raviCell = cellOf(text.grid.cellLabel({ name: 'Ravi Kumar' }));
    ashaCell.focus();
    await type(ashaCell, '35.5');
    await keyDown(ashaCell, 'Enter');
    expect(document.activeElement).toBe(raviCell);
    // Held on the page while typing goes on; the pause sends it.
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);
    await until(async () => (await engine.db.tableOf(marksTable).count()) === 1, 'the first cell');

    await type(raviCell, '45');
    await keyDown(raviCell, 'Enter');
    await until(() => raviCell.getAttribute('aria-invalid') === 'true', 'the refusal');
    expect(view!.container.textContent).toContain(markMessages.outOfRange(40));
    expect(await meanwhile(() => engine.db.tableOf(marksTable).count())).toBe(1);

    await type(raviCell, 'ab');
    await keyDown(raviCell, 'Enter');
    await until(async () => (await engine.db.tableOf(marksTable).count()) === 2, 'the second cell');
    const cells = await meanwhile(() => engine.db.tableOf(marksTable).toArray());
    expect(cells.map((cell) => [cell.studentId, cell.marks, cell.absent]).sort()).toEqual([[ravi, null, true], [asha, 35.5, false]].sort());
    // One sheet waits in the outbox for both cells.
    const waiting = await meanwhile(() => engine.db.outbox.toArray());
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.path).toBe('/api/marks/mark-sheet');
  });

  it('sends the cells held on the page at once when focus leaves the grid or the grid closes', async () => {
    const engine = await teacherAtTheGrid();
    const marks = () => meanwhile(() => engine.db.tableOf(marksTable).toArray());

    const ashaCell = cellOf(text.grid.cellLabel({ name: 'Asha Rao' }));
    ashaCell.focus();
    await type(ashaCell, '12');
    await keyDown(ashaCell, 'Enter');
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);
    // From here the typing pause never ends, so only leaving or closing the grid can send.
    const realSetTimeout = globalThis.setTimeout;
    const pauses = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) =>
      realSetTimeout(handler, ms === typingPauseMs ? 2_147_483_647 : ms)) as unknown as typeof setTimeout);
    try {
      await act(async () => cellOf(text.grid.cellLabel({ name: 'Ravi Kumar' })).blur());
      await until(async () => (await marks()).length === 1, 'the cell sent on leaving the grid');

      const raviCell = cellOf(text.grid.cellLabel({ name: 'Ravi Kumar' }));
      raviCell.focus();
      await type(raviCell, 'EX');
      await act(async () => view!.unmount());
      await until(async () => (await marks()).length === 2, 'the cell typed and not left, sent on closing the grid');
    } finally {
      pauses.mockRestore();
    }
    expect((await marks()).map((cell) => [cell.studentId, cell.marks, cell.exempt]).sort()).toEqual([[asha, 12, false], [ravi, null, true]].sort());
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(1);
  });

  it('holds a sheet the full device refused and sends it with the next, leaving no note that a later start would replay over newer marks', async () => {
    const engine = await teacherAtTheGrid();
    const notes = () => localStorage.getItem(`kaksha:unsent:${engine.tenantId}:${engine.username}`);
    const marks = () => meanwhile(() => engine.db.tableOf(marksTable).toArray());

    const mutate = engine.mutate.bind(engine);
    const refused = vi.spyOn(engine, 'mutate').mockImplementationOnce(() => Promise.reject(new StorageFullError()));
    try {
      const ashaCell = cellOf(text.grid.cellLabel({ name: 'Asha Rao' }));
      ashaCell.focus();
      await type(ashaCell, '20');
      await keyDown(ashaCell, 'Enter');
      await until(() => refused.mock.calls.length === 1, 'the refused send');
      await until(() => notes() === null, 'the refused sheet crossed out of the notes');
      expect(await marks()).toEqual([]);

      refused.mockImplementation(mutate);
      const raviCell = cellOf(text.grid.cellLabel({ name: 'Ravi Kumar' }));
      await type(raviCell, '30');
      await keyDown(raviCell, 'Enter');
      await until(async () => (await marks()).length === 2, 'both cells, the held one with the next');
    } finally {
      refused.mockRestore();
    }
    expect(notes()).toBeNull();
    expect(await replayUnsent(engine)).toBe(0);
    expect((await marks()).map((cell) => [cell.studentId, cell.marks]).sort()).toEqual([[asha, 20], [ravi, 30]].sort());
  });

  it('shows a teacher a grid she does not teach read-only', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } });
    const engine = await harness.engine('TEACHER');
    await seedSchool(engine);
    await engine.db.tableOf(examsTable).put(exam);
    await show('/admin/exams', <ExamsPage />, `/admin/exams?exam=${examId}&class=${iiiA}&subject=${maths}`);
    await until(() => view!.container.querySelector(`input[aria-label="${text.grid.cellLabel({ name: 'Meena Das' })}"]`) !== null, 'the grid');
    expect(view!.container.textContent).toContain(text.grid.notYours);
    expect(cellOf(text.grid.cellLabel({ name: 'Meena Das' })).disabled).toBe(true);
  });
});

describe('/admin/exams marks entry before the paper\'s day', () => {
  // The day before II B's Mathematics paper (20/07/2026).
  onDay('2026-07-19');

  it('warns that the paper\'s day has not come and takes marks only after she confirms', async () => {
    const engine = await teacherAtTheGrid();
    const warning = view!.container.querySelector('[role="alert"]');
    expect(warning?.textContent).toContain(text.grid.early({ subject: 'Mathematics', className: 'II B', date: '20/07/2026' }));
    expect(cellOf(text.grid.cellLabel({ name: 'Asha Rao' })).disabled).toBe(true);
    expect(cellOf(text.grid.cellLabel({ name: 'Ravi Kumar' })).disabled).toBe(true);

    await click(button(view!.container, text.grid.enterEarly));
    const ashaCell = cellOf(text.grid.cellLabel({ name: 'Asha Rao' }));
    expect(ashaCell.disabled).toBe(false);
    // Still said, no longer asked.
    expect(view!.container.textContent).toContain(text.grid.early({ subject: 'Mathematics', className: 'II B', date: '20/07/2026' }));
    expect(view!.container.querySelector('.ex-early button')).toBeNull();
    ashaCell.focus();
    await type(ashaCell, '31');
    await keyDown(ashaCell, 'Enter');
    await until(async () => (await engine.db.tableOf(marksTable).count()) === 1, 'the mark entered');
    expect((await meanwhile(() => engine.db.tableOf(marksTable).toArray()))[0]).toMatchObject({ studentId: asha, marks: 31 });
  });

  it('opens a paper whose day has come at once, without asking', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } });
    const engine = await harness.engine('TEACHER');
    await seedSchool(engine);
    // Mathematics a week earlier: written already.
    await engine.db.tableOf(examsTable).put({ ...exam, schedule: exam.schedule.map((paper) => (paper.subjectId === maths ? { ...paper, date: '2026-07-12' } : paper)) });
    await show('/admin/exams', <ExamsPage />, `/admin/exams?exam=${examId}&class=${iiB}&subject=${maths}`);
    await until(() => view!.container.querySelector(`[aria-label="${text.grid.cellLabel({ name: 'Asha Rao' })}"]`) !== null, 'the grid');
    expect(view!.container.textContent).not.toContain(text.grid.enterEarly);
    expect(cellOf(text.grid.cellLabel({ name: 'Asha Rao' })).disabled).toBe(false);
  });
});

describe('/admin/exams for the admin', () => {
  it('says how many grids are complete over all classes and whose are not finished', async () => {
    signInStorage('ADMIN', { profile: { username: 'admin@kaksha.demo', userType: 'ADMIN' } });
    const engine = await harness.engine('ADMIN');
    await seedSchool(engine);
    await engine.db.tableOf(teachersTable).put({ id: teacherId, employeeId: 'E1', firstName: 'Meera', lastName: 'Nair', emailId: null, rev: 1 });
    await engine.db.tableOf(examsTable).put(exam);
    const cell = (n: number, studentId: string, subjectId: string, value: { marks?: number; grade?: string }) => ({
      id: id(700 + n), examId, classId: iiB, subjectId, studentId, marks: value.marks ?? null, grade: value.grade ?? null, absent: false, exempt: false, enteredBy: null, rev: 2,
    });
    await engine.db.tableOf(marksTable).bulkPut([cell(1, asha, art, { grade: 'A' }), cell(2, ravi, art, { grade: 'B' }), cell(3, asha, maths, { marks: 30 })]);
    await show('/admin/exams', <ExamsPage />, `/admin/exams?exam=${examId}&class=${iiB}`);
    await until(() => view!.container.textContent?.includes(text.overview.complete({ done: 1, total: 3 })) ?? false, 'the overview');
    expect(view!.container.textContent).toContain(text.overview.teacher({ name: 'Meera Nair', grids: 1 }));
    expect(view!.container.textContent).toContain(text.overview.teacher({ name: text.progress.noTeacher, grids: 1 }));
    // II B's Mathematics grid has one of two students: Publish waits for it.
    const publish = view!.container.querySelector<HTMLButtonElement>(`button[aria-label="${text.progress.publishLabel({ className: 'II B' })}"]`);
    expect(publish?.disabled).toBe(true);
  });
});

describe('/admin/exams after the school turned the year over', () => {
  it("lists this year's exams and, with 2026-27 chosen, last year's", async () => {
    signInStorage('ADMIN', { profile: { username: 'admin@kaksha.demo', userType: 'ADMIN' } });
    const engine = await harness.engine('ADMIN');
    await seedSchool(engine);
    await engine.db.tableOf(schoolYearsTable).bulkPut([
      { id: id(801), academicYear: 2026, label: '2026-27', status: 'closed', current: false, startedAt: null, undoUntil: null, rev: 3 },
      { id: id(802), academicYear: 2027, label: '2027-28', status: 'open', current: true, startedAt: '2027-03-30T05:00:00.000Z', undoUntil: null, rev: 3 },
    ]);
    await engine.db.tableOf(examsTable).bulkPut([exam, { ...exam, id: id(41), name: 'Periodic Test 1', academicYear: '2027-28', schedule: [] }]);
    await show('/admin/exams', <ExamsPage />);
    const listed = () => Array.from(view!.container.querySelectorAll('tbody th')).map((th) => th.textContent);
    await until(() => listed().includes('Periodic Test 1'), "this year's exams");
    expect(listed()).toEqual(['Periodic Test 1']);
    await type(byLabel<HTMLSelectElement>(view!.container, recordsKitTexts.chooseYear), '2026');
    await until(() => listed().includes('Unit Test 1'), "last year's exams");
    expect(listed()).toEqual(['Unit Test 1']);
  });
});

describe('/admin/reportcards', () => {
  it('lays out one A4 card per student of the published class', async () => {
    signInStorage('ADMIN', { profile: { username: 'admin@kaksha.demo', userType: 'ADMIN', schoolName: 'Green Valley School' } });
    const engine = await harness.engine('ADMIN');
    await seedSchool(engine);
    await engine.db.tableOf(examsTable).put({ ...exam, published: { [iiB]: '2026-08-01T10:00:00.000Z' } });
    await engine.db.tableOf(resultsTable).bulkPut([result(asha, iiB, 90, 1), result(ravi, iiB, 75, 2)]);
    await show('/admin/reportcards', <ReportCardsPage />, `/admin/reportcards?exam=${examId}&class=${iiB}`);
    await until(() => view!.container.querySelectorAll('.rc-page').length === 2, 'the cards');
    const cards = Array.from(view!.container.querySelectorAll('.rc-page')).map((card) => card.textContent ?? '');
    expect(cards[0]).toContain('Asha Rao');
    expect(cards[0]).toContain('90.00%');
    expect(cards[1]).toContain('Ravi Kumar');
    expect(cards[1]).toContain('Steady work.');
    // No copy of the school's details on the device yet: the session's name, ranks as by default.
    expect(cards[0]).toContain('Green Valley School');
    expect(cards[0]).toContain(text.card.rank);
  });

  it("prints the school's details from the device's copy and leaves ranks out when the school turned them off", async () => {
    signInStorage('ADMIN', { profile: { username: 'admin@kaksha.demo', userType: 'ADMIN', schoolName: 'Green Valley School' } });
    const engine = await harness.engine('ADMIN');
    await seedSchool(engine);
    await engine.db.tableOf(examsTable).put({ ...exam, published: { [iiB]: '2026-08-01T10:00:00.000Z' } });
    await engine.db.tableOf(resultsTable).bulkPut([result(asha, iiB, 90, 1), result(ravi, iiB, 75, 2)]);
    const school: SchoolDetails = {
      tenantId: 'greenvalley',
      schoolName: 'Green Valley Public School',
      schoolId: 'GVPS-01',
      address: '12 MG Road, Pune',
      phoneNumber: '02024567890',
      email: 'office@greenvalley.test',
      absenceAlerts: true,
      showRanks: false,
      printLanguage: 'en',
    };
    await keepSchoolCopy(engine.db, school);
    await show('/admin/reportcards', <ReportCardsPage />, `/admin/reportcards?exam=${examId}&class=${iiB}`);
    await until(() => view!.container.querySelectorAll('.rc-page').length === 2, 'the cards');
    await until(() => view!.container.querySelector('.rc-school')?.textContent?.includes('12 MG Road, Pune') ?? false, "the school's details");
    const header = view!.container.querySelector('.rc-school')!.textContent ?? '';
    expect(header).toContain('Green Valley Public School');
    expect(header).toContain(`${text.card.phone}: 02024567890`);
    expect(header).toContain(`${text.card.email}: office@greenvalley.test`);
    for (const card of view!.container.querySelectorAll('.rc-page')) expect(card.textContent).not.toContain(text.card.rank);
    expect(view!.container.textContent).toContain(text.card.ranksOff({ path: '/admin/schools' }));

    await act(() => keepSchoolCopy(engine.db, { ...school, showRanks: true }));
    await until(() => view!.container.querySelector('.rc-page')?.textContent?.includes(text.card.rank) ?? false, 'the ranks back');
  });
});

describe('the family’s screens', () => {
  it('shows the chosen child’s published result on /student/results and the class’s schedule on /student/exams', async () => {
    signInStorage('PARENT', { profile: { username: 'parent@kaksha.demo', userType: 'PARENT' } });
    const engine = await harness.engine('PARENT');
    await seedSchool(engine);
    await engine.db.tableOf(examsTable).put({ ...exam, published: { [iiB]: '2026-08-01T10:00:00.000Z' } });
    await engine.db.tableOf(resultsTable).bulkPut([result(asha, iiB, 90, 1)]);
    await show('/student/results', <StudentResultsPage />, `/student/results?studentId=${asha}`);
    await until(() => view!.container.querySelectorAll('.rc-page').length === 1, 'the card');
    expect(view!.container.textContent).toContain('Unit Test 1');
    view!.unmount();

    await show('/student/results', <StudentResultsPage />, `/student/results?studentId=${meena}`);
    await until(() => view!.container.textContent?.includes(text.student.noResults) ?? false, 'no result');
    view!.unmount();

    await show('/student/exams', <StudentExamsPage />, `/student/exams?studentId=${meena}`);
    await until(() => view!.container.textContent?.includes('22/07/2026') ?? false, 'the schedule');
    expect(view!.container.textContent).not.toContain('20/07/2026');
  });
});
