/**
 * The homework screens over a real engine (fake-indexeddb, offline): /admin/homework lists the
 * school's homework with who has marked it done, and offers a teacher edit and delete only where
 * the server's teaching rule lets them; /admin/homework/add offers a teacher only the classes and
 * subjects they teach and writes the homework and its file to the device; /student/homework shows
 * a parent's chosen child's homework, due soon first and overdue marked, and ticks it done through
 * the outbox. The tile figures count this week's homework and its students' marks not done.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { SyncEngine } from '../../../sync';
import { homeworkDoneTable, homeworkTable, type HomeworkRow } from '../../../sync/modules/homework';
import HomeworkFormPage from '../../../src/features/homework/HomeworkFormPage';
import HomeworkPage from '../../../src/features/homework/HomeworkPage';
import StudentHomeworkPage from '../../../src/features/homework/StudentHomeworkPage';
import StudentDashboardPage from '../../../src/features/student/dashboard/StudentDashboardPage';
import AdminDashboardPage from '../../../src/features/admin/dashboard/AdminDashboardPage';
import { recordsKitTexts } from '../../../src/kit';
import { fileQueueOf } from '../../../src/sync-binding/file-queue';
import { compareForStudent, todayIso, weekCounts, weekOf } from '../../../src/features/homework/queries';
import { homeworkTexts as text } from '../../../src/features/homework/texts';
import { AppToaster } from '../../../src/ui/AppToaster';
import { byLabel, click, meanwhile, renderRoute, submit, type, type Rendered } from './dom';
import { onDay } from '../../support/fixed-day';
import { screenHarness, signInStorage, until } from './records-harness';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { subjectsTable } from '../../../sync/modules/subjects';

let view: Rendered | undefined;
const harness = screenHarness('homework');
// A Wednesday: the week (Monday 23 to Sunday 29 November) has days behind and ahead of it.
onDay('2026-11-25');

const id = (n: number) => `0197d000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const teacherId = id(900);
const [iiB, iiiA] = [id(1), id(2)];
const [maths, english] = [id(11), id(12)];
const [asha, ravi, meena] = [id(21), id(22), id(23)];

function shiftDays(days: number): string {
  const now = new Date();
  return todayIso(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

function homework(n: number, fields: Partial<HomeworkRow>): HomeworkRow {
  return {
    id: id(100 + n),
    classId: iiB,
    subjectId: maths,
    title: `Homework ${n}`,
    description: '',
    assignedDate: shiftDays(-7),
    dueDate: shiftDays(1),
    attachments: [],
    createdBy: null,
    rev: 3,
    ...fields,
  };
}

/** II B takes Maths (taught by the teacher) and English (someone else); III A takes English only. */
async function seedSchool(engine: SyncEngine) {
  await engine.db.tableOf(classesTable).bulkPut([
    { id: iiB, className: 'II', classSection: 'B', classTeacherId: null, rev: 1 },
    { id: iiiA, className: 'III', classSection: 'A', classTeacherId: null, rev: 1 },
  ]);
  await engine.db.tableOf(subjectsTable).bulkPut([
    { id: maths, subjectName: 'Mathematics', subjectCode: null, rev: 1 },
    { id: english, subjectName: 'English', subjectCode: null, rev: 1 },
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
  await engine.db.tableOf(classSubjectsTable).bulkPut([pair(1, iiB, maths, teacherId), pair(2, iiB, english, null), pair(3, iiiA, english, null)]);
  await engine.db.tableOf(studentsTable).bulkPut([
    { id: asha, classId: iiB, admissionId: 'A1', firstName: 'Asha', lastName: 'Rao', rev: 1 },
    { id: ravi, classId: iiB, admissionId: 'A2', firstName: 'Ravi', lastName: 'Kumar', rev: 1 },
    { id: meena, classId: iiiA, admissionId: 'A3', firstName: 'Meena', lastName: 'Das', rev: 1 },
  ]);
}

async function show(path: string, element: React.ReactElement, url = path) {
  view = await harness.show(
    renderRoute(
      path,
      <>
        {element}
        <AppToaster />
      </>,
      url,
    ),
  );
}

const rowOf = (title: string) =>
  Array.from(view!.container.querySelectorAll('tbody tr')).find((row) => row.textContent?.includes(title)) as HTMLElement | undefined;
const labelled = (label: string) => view!.container.querySelector<HTMLElement>(`[aria-label="${label}"]`);

describe('/admin/homework', () => {
  it('lists the school’s homework with its done count; the details name who marked it; a teacher changes only her own', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } });
    const engine = await harness.engine('TEACHER');
    await seedSchool(engine);
    await engine.db.tableOf(homeworkTable).bulkPut([
      homework(1, { title: 'Tables of 7', dueDate: '2026-11-25' }),
      homework(2, { title: 'Read a story', subjectId: english, dueDate: '2026-11-24' }),
      homework(3, { title: 'Poem', classId: iiiA, subjectId: english, dueDate: '2026-11-23' }),
    ]);
    await engine.db.tableOf(homeworkDoneTable).bulkPut([
      { id: id(300), homeworkId: id(101), studentId: ravi, done: true, doneAt: '2026-11-22T10:00:00Z', rev: 4 },
      { id: id(301), homeworkId: id(101), studentId: asha, done: false, doneAt: null, rev: 5 },
    ]);
    await show('/admin/homework', <HomeworkPage />);
    await until(() => rowOf('Poem') !== undefined, 'the list');

    const titles = Array.from(view!.container.querySelectorAll('tbody tr')).map((row) => row.textContent ?? '');
    expect(titles.map((row) => row.includes('Tables of 7') ? 1 : row.includes('Read a story') ? 2 : 3)).toEqual([1, 2, 3]);
    expect(rowOf('Tables of 7')!.textContent).toContain('25/11/2026');
    expect(rowOf('Tables of 7')!.textContent).toContain('II B');
    expect(rowOf('Tables of 7')!.textContent).toContain(text.doneCount({ done: 1, total: 2 }));
    expect(labelled(text.editLabel({ title: 'Tables of 7' }))).not.toBeNull();
    // English in II B is someone else's subject, and she does not teach III A.
    expect(labelled(text.editLabel({ title: 'Read a story' }))).toBeNull();
    expect(labelled(text.removeLabel({ title: 'Poem' }))).toBeNull();

    await click(labelled(text.detailsLabel({ title: 'Tables of 7' }))!);
    const details = view!.container.querySelector('.hw-details')!;
    expect(details.textContent).toContain(text.doneBy);
    expect(Array.from(details.querySelectorAll('.hw-done-names li')).map((item) => item.textContent)).toEqual(['Ravi Kumar']);

    await type(byLabel<HTMLSelectElement>(view!.container, text.filterClass), iiiA);
    await until(() => rowOf('Tables of 7') === undefined, 'the class filter');
    expect(rowOf('Poem')).toBeDefined();
  });
});

describe('/admin/homework/add', () => {
  it('offers a teacher her classes and subjects only, and writes the homework and its file to the device', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } });
    const engine = await harness.engine('TEACHER');
    await seedSchool(engine);
    await show('/admin/homework/add', <HomeworkFormPage />);
    await until(() => view!.container.querySelector('form') !== null, 'the form');

    const classSelect = byLabel<HTMLSelectElement>(view!.container, text.form.className);
    expect(Array.from(classSelect.options).map((option) => option.textContent)).toEqual([text.form.chooseClass, 'II B']);
    await type(classSelect, iiB);
    const subjectSelect = byLabel<HTMLSelectElement>(view!.container, text.form.subject);
    expect(Array.from(subjectSelect.options).map((option) => option.textContent)).toEqual([text.form.chooseSubject, 'Mathematics']);

    await submit(view!.container.querySelector('form')!);
    expect(view!.container.textContent).toContain('Title');
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    await type(subjectSelect, maths);
    await type(byLabel(view!.container, text.form.title), 'Tables of 8');
    // Due two days on: the form assigns it today, and a due date before that is refused.
    const due = shiftDays(2);
    await type(byLabel(view!.container, text.form.dueDate), due);
    const fileInput = byLabel(view!.container, text.form.attachments);
    const pdf = new File(['%PDF-1.4 sheet'], 'sheet.pdf', { type: 'application/pdf' });
    Object.defineProperty(fileInput, 'files', { value: [pdf], configurable: true });
    // The file is chosen as a tap would: inside act, so the form shows it before the test reads.
    await act(async () => {
      fileInput.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(view!.container.querySelector('.hw-chosen')?.textContent).toContain('sheet.pdf');

    await submit(view!.container.querySelector('form')!);
    // Saved: the form goes back to the list once the homework and its file are on the device.
    await until(() => view!.router.state.location.pathname === '/admin/homework', 'the list');
    const outbox = await meanwhile(() => engine.db.outbox.toArray());
    expect(outbox).toHaveLength(1);
    const [entry] = outbox;
    expect(entry).toMatchObject({ kind: 'homework.create', method: 'POST', body: { classId: iiB, subjectId: maths, title: 'Tables of 8', dueDate: due } });
    const homeworkId = (entry!.body as { id: string }).id;
    expect(await meanwhile(() => engine.db.tableOf(homeworkTable).get(homeworkId))).toMatchObject({ title: 'Tables of 8', rev: 0 });
    // Offline, the file waits for its homework.
    const queued = await meanwhile(() => fileQueueOf(engine).files.toArray());
    expect(queued).toMatchObject([{ table: 'homework', recordId: homeworkId, fileName: 'sheet.pdf' }]);
  });
});

describe('/admin/homework/add?edit=', () => {
  it('removes an attached file on save, through the outbox (offline too); cancelled removals stay', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } });
    const engine = await harness.engine('TEACHER');
    await seedSchool(engine);
    const given = homework(1, {
      title: 'Tables of 9',
      dueDate: '2026-11-27',
      attachments: [
        { id: id(301), fileName: 'sheet.pdf', contentType: 'application/pdf', size: 1200 },
        { id: id(302), fileName: 'answers.png', contentType: 'image/png', size: 800 },
      ],
    });
    await engine.db.tableOf(homeworkTable).put(given);
    await show('/admin/homework/add', <HomeworkFormPage />, `/admin/homework/add?edit=${given.id}`);
    await until(() => view!.container.querySelector('.hw-attached') !== null, 'the attached files');
    expect(view!.container.querySelector('.hw-attached')?.textContent).toContain('answers.png');

    await click(labelled(text.form.removeFile({ name: 'sheet.pdf' }))!);
    expect(view!.container.querySelector('.hw-attached ul')?.textContent).not.toContain('sheet.pdf');
    expect(view!.container.querySelector('.hw-removed')?.textContent).toContain(text.form.removedOnSave({ count: 1 }));
    // Nothing changes on the device before Save.
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);
    await click(labelled(text.form.removeFile({ name: 'answers.png' }))!);
    await click(Array.from(view!.container.querySelectorAll('button')).find((button) => button.textContent === text.form.keepRemoved)!);
    expect(view!.container.querySelector('.hw-attached ul')?.textContent).toContain('sheet.pdf');
    await click(labelled(text.form.removeFile({ name: 'sheet.pdf' }))!);

    await submit(view!.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 2, 'the outbox entries');
    const entries = await meanwhile(() => engine.db.outbox.orderBy('seq').toArray());
    expect(entries.map((entry) => [entry.kind, entry.method, entry.path])).toEqual([
      ['homework.update', 'PUT', `/api/homework/update/${given.id}`],
      ['homework.removeAttachment', 'DELETE', `/api/homework/${given.id}/attachments/${id(301)}`],
    ]);
    expect((await meanwhile(() => engine.db.tableOf(homeworkTable).get(given.id)))?.attachments?.map((file) => file.fileName)).toEqual(['answers.png']);
  });
});

describe('/student/homework', () => {
  it('shows the chosen child’s homework, due soon first and overdue marked, and ticks it done on the device', async () => {
    signInStorage('PARENT', { profile: { username: 'parent@kaksha.demo', userType: 'PARENT' } });
    const engine = await harness.engine('PARENT');
    await seedSchool(engine);
    await engine.db.tableOf(studentsTable).delete(ravi);
    await engine.db.tableOf(homeworkTable).bulkPut([
      homework(1, { title: 'Later', dueDate: shiftDays(3) }),
      homework(2, { title: 'Overdue one', dueDate: shiftDays(-2) }),
      homework(3, { title: 'Tomorrow', dueDate: shiftDays(1) }),
      homework(4, { title: 'Poem', classId: iiiA, subjectId: english }),
    ]);
    await show('/student/homework', <StudentHomeworkPage />, `/student/homework?studentId=${asha}`);
    const cards = () => Array.from(view!.container.querySelectorAll('.hw-card h3')).map((heading) => heading.textContent);
    await until(() => cards().length === 3, 'the cards');
    expect(cards()).toEqual(['Tomorrow', 'Later', 'Overdue one']);
    const overdue = view!.container.querySelectorAll('.hw-card')[2]!;
    expect(overdue.textContent).toContain(text.student.overdue);

    const tick = labelled(text.student.markDone({ title: 'Tomorrow' })) as HTMLInputElement;
    await click(tick);
    // Ticked at once, before the mark is written to the device.
    expect((labelled(text.student.markDone({ title: 'Tomorrow' })) as HTMLInputElement).checked).toBe(true);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the done mark');
    expect((await meanwhile(() => engine.db.outbox.toArray()))[0]).toMatchObject({ kind: 'homework.done', body: { homeworkId: id(103), studentId: asha, done: true } });
    await until(() => (labelled(text.student.markDone({ title: 'Tomorrow' })) as HTMLInputElement).checked, 'the ticked box');

    await type(byLabel<HTMLSelectElement>(view!.container, recordsKitTexts.chooseChild), meena);
    await until(() => cards().join() === 'Poem', 'the other child');
  });
});

describe('the homework tile', () => {
  it('counts each child’s week as the family cards list it: this week’s homework, and what is not done with the overdue', async () => {
    signInStorage('PARENT', { profile: { username: 'parent@kaksha.demo', userType: 'PARENT' } });
    const engine = await harness.engine('PARENT');
    await seedSchool(engine);
    const { from, to } = weekOf();
    await engine.db.tableOf(homeworkTable).bulkPut([
      homework(1, { dueDate: from }),
      homework(2, { dueDate: to, classId: iiiA, subjectId: english }),
      homework(3, { dueDate: shiftDays(-8) }),
    ]);
    await engine.db.tableOf(homeworkDoneTable).put({ id: id(300), homeworkId: id(101), studentId: asha, done: true, doneAt: null, rev: 1 });
    await show('/student', <StudentDashboardPage />);
    // Wednesday: II B has Asha (Monday's done, the one of last week not) and Ravi (neither done, both
    // overdue); III A has Meena (Sunday's, not done). Per child: 3 due this week, 4 not done, 3 overdue.
    const expected = recordsKitTexts.familyHomeworkTile({ dueThisWeek: 3, notDone: 4, overdue: 3 });
    await until(() => view!.container.querySelector('.tile-detail')?.textContent === expected, 'the tile figures');
  });
});

describe('the teacher’s homework tile', () => {
  it('counts her classes only, not the school’s', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } });
    const engine = await harness.engine('TEACHER');
    await seedSchool(engine);
    const { from, to } = weekOf();
    // II B (hers: she teaches its Maths) has two due this week, one done by Asha; III A (not hers) one.
    await engine.db.tableOf(homeworkTable).bulkPut([
      homework(1, { dueDate: from }),
      homework(2, { dueDate: to, subjectId: english }),
      homework(3, { dueDate: to, classId: iiiA, subjectId: english }),
    ]);
    await engine.db.tableOf(homeworkDoneTable).put({ id: id(301), homeworkId: id(101), studentId: asha, done: true, doneAt: null, rev: 1 });
    await show('/admin', <AdminDashboardPage />);
    const tile = () => view!.container.querySelector('a[href="/admin/homework"] .tile-detail')?.textContent;
    await until(() => tile() !== undefined, 'the tile figures');
    // II B: 2 due, Asha and Ravi on each, Asha done one: 3 not done. The school's would be 3 due, 4 not done.
    expect(tile()).toBe(recordsKitTexts.homeworkTile({ dueThisWeek: 2, notDone: 3 }));
  });
});

describe('homework figures', () => {
  it('orders a student’s list and counts the week’s homework and marks not done', () => {
    const today = '2026-11-25';
    const rows = [
      { title: 'b', dueDate: '2026-11-20' },
      { title: 'c', dueDate: '2026-11-27' },
      { title: 'a', dueDate: '2026-11-25' },
      { title: 'd', dueDate: '2026-11-24' },
    ];
    expect([...rows].sort(compareForStudent(today)).map((row) => row.title)).toEqual(['a', 'c', 'd', 'b']);

    const wednesday = new Date(2026, 10, 25);
    expect(weekOf(wednesday)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    const counts = weekCounts(
      {
        homework: [
          homework(1, { dueDate: '2026-11-23' }),
          homework(2, { dueDate: '2026-11-29' }),
          homework(3, { dueDate: '2026-11-30' }),
          homework(4, { dueDate: '2026-11-26', classId: iiiA }),
        ],
        done: [{ id: 'm', homeworkId: id(101), studentId: asha, done: true, doneAt: null, rev: 1 }],
        students: [
          { id: asha, classId: iiB },
          { id: ravi, classId: iiB },
        ],
      },
      wednesday,
    );
    expect(counts).toEqual({ dueThisWeek: 3, notDone: 3 });
  });
});
