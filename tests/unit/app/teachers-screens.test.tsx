/**
 * The teacher screens over a real engine (fake-indexeddb, offline): the list's columns in order
 * with the classes each teacher teaches (class teacher, or a subject there, from the mirror), search
 * as you type, delete confirmed or cancelled, the form's field errors from the contract, a create
 * and an edit in the mirror and the outbox, an unknown id not found, and a teacher sees the list
 * without any write button.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import type { SyncEngine } from '../../../sync';
import TeacherFormPage from '../../../src/features/teachers/TeacherFormPage';
import TeachersPage from '../../../src/features/teachers/TeachersPage';
import { teacherTexts } from '../../../src/features/teachers/texts';
import { button, byLabel, click, meanwhile, renderRoutes, submit, type, type Rendered } from './dom';
import { teacherEntry } from './helpers';
import { screenHarness, until } from './records-harness';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { classesTable } from '../../../sync/modules/classes';
import { teachersTable } from '../../../sync/modules/teachers';

const id = (n: number) => `0197b000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const classVI = id(901);
const classVII = id(902);
const maths = id(801);
const meera = { id: id(1), employeeId: 'EMP-001', firstName: 'Meera', lastName: 'Nair', emailId: 'meera@school.in', phoneNumber: '9876500001', subjects: 'Maths', rev: 5 };
const ravi = { id: id(2), employeeId: 'EMP-002', firstName: 'Ravi', lastName: 'Kumar', emailId: null, phoneNumber: null, subjects: 'Science, EVS', rev: 6 };

let view: Rendered | undefined;
const harness = screenHarness('teachers');

async function signedIn(role: 'ADMIN' | 'TEACHER'): Promise<SyncEngine> {
  const engine = await harness.engine(role, { storage: { profile: (username) => teacherEntry({ username, userType: role, teacherId: meera.id }) } });
  await engine.db.tableOf(teachersTable).bulkPut([ravi, meera]);
  await engine.db.tableOf(classesTable).bulkPut([
    { id: classVII, className: 'VII', classSection: 'B', classTeacherId: null, rev: 1 },
    { id: classVI, className: 'VI', classSection: 'A', classTeacherId: meera.id, rev: 1 },
  ]);
  await engine.db.tableOf(classSubjectsTable).bulkPut([
    { id: id(701), classId: classVII, subjectId: maths, teacherId: meera.id, className: 'VII', classSection: 'B', subjectName: 'Maths', teacherName: 'Meera Nair', rev: 1 },
    { id: id(702), classId: classVI, subjectId: maths, teacherId: meera.id, className: 'VI', classSection: 'A', subjectName: 'Maths', teacherName: 'Meera Nair', rev: 1 },
  ]);
  return engine;
}

const routes = [
  { path: '/admin/teachers', element: <TeachersPage /> },
  { path: '/admin/teachers/add', element: <TeacherFormPage /> },
  { path: '/admin/teachers/edit/:teacherId', element: <TeacherFormPage /> },
];

async function open(url: string) {
  view = await harness.show(renderRoutes(routes, url));
  return view;
}

const container = () => view!.container;
const bodyRows = () => Array.from(container().querySelectorAll<HTMLTableRowElement>('table.rk-table tbody tr')).filter((row) => !row.querySelector('.rk-empty'));
const cells = (row: HTMLTableRowElement) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent);
const location = () => view!.router.state.location.pathname;
const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');

describe('/admin/teachers list', () => {
  it('shows employee id, name, e-mail, phone, subjects and the classes they teach, and searches as you type', async () => {
    await signedIn('ADMIN');
    await open('/admin/teachers');
    await until(() => bodyRows().length === 2, 'the rows');
    const headers = Array.from(container().querySelectorAll('table.rk-table thead th')).map((cell) => cell.textContent);
    expect(headers).toEqual(['Employee ID', 'Name', 'Email', 'Phone', 'Subjects', 'Classes they teach', 'Actions']);
    expect(cells(bodyRows()[0]!).slice(0, 6)).toEqual(['EMP-001', 'Meera Nair', 'meera@school.in', '9876500001', 'Maths', 'VI A (class teacher)VII B']);
    expect(cells(bodyRows()[1]!).slice(0, 6)).toEqual(['EMP-002', 'Ravi Kumar', '', '', 'Science, EVS', '']);

    await type(byLabel(container(), 'Search'), 'evs');
    await until(() => bodyRows().length === 1, 'the search');
    expect(cells(bodyRows()[0]!)[1]).toBe('Ravi Kumar');
    await type(byLabel<HTMLSelectElement>(container(), 'Search in'), 'employeeId');
    await until(() => bodyRows().length === 0, 'the column search');
  });

  it('delete asks first: cancel keeps the teacher, confirm removes it and queues the delete', async () => {
    const engine = await signedIn('ADMIN');
    await open('/admin/teachers');
    await until(() => bodyRows().length === 2, 'the rows');
    const deleteRavi = () => container().querySelector<HTMLButtonElement>(`button[aria-label="${teacherTexts.removeOne({ name: 'Ravi Kumar' })}"]`)!;

    await click(deleteRavi());
    await until(() => dialog() !== null, 'the question');
    expect(dialog()!.textContent).toContain('Ravi Kumar');
    await click(button(dialog()!, teacherTexts.cancel));
    expect(dialog()).toBeNull();
    expect(container().textContent).toContain(teacherTexts.deletionCancelled);
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    await click(deleteRavi());
    await until(() => dialog() !== null, 'the question again');
    await click(button(dialog()!, teacherTexts.confirmDelete));
    await until(() => bodyRows().length === 1, 'the row to go');
    expect(await meanwhile(() => engine.db.tableOf(teachersTable).get(ravi.id))).toBeUndefined();
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry).toMatchObject({ kind: 'teachers.delete', method: 'DELETE', path: paths.teachers.remove(ravi.id) });
    expect(container().textContent).toContain(messages.teachers.deleted);
  });

  it('a teacher reads the list with no write buttons, and the form tells them it is for admins', async () => {
    await signedIn('TEACHER');
    await open('/admin/teachers');
    await until(() => bodyRows().length === 2, 'the rows');
    expect(container().textContent).toContain(teacherTexts.readOnly);
    expect(container().querySelector('a[href="/admin/teachers/add"]')).toBeNull();
    expect(() => button(container(), teacherTexts.upload)).toThrow();
    expect(container().querySelectorAll('.tc-row-actions')).toHaveLength(0);
    expect(Array.from(container().querySelectorAll('thead th')).map((cell) => cell.textContent)).not.toContain('Actions');
    view!.unmount();

    await open(`/admin/teachers/edit/${meera.id}`);
    await until(() => container().textContent?.includes(teacherTexts.readOnly) === true, 'the notice');
    expect(container().querySelector('form')).toBeNull();
  });
});

describe('/admin/teachers form', () => {
  it('shows the contract messages at the fields and saves nothing', async () => {
    const engine = await signedIn('ADMIN');
    await open('/admin/teachers/add');
    await until(() => container().querySelector('form') !== null, 'the form');
    await type(byLabel(container(), teacherTexts.form.emailId), 'meera@');
    await type(byLabel(container(), teacherTexts.form.phoneNumber), '5555');
    await submit(container().querySelector('form')!);
    const errorOf = (label: string) => {
      const input = byLabel(container(), label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
      return ids.map((value) => document.getElementById(value)).find((node) => node?.classList.contains('field-error'))?.textContent;
    };
    expect(errorOf(teacherTexts.form.firstName)).toBe(messages.records.fields.required('First name'));
    expect(errorOf(teacherTexts.form.emailId)).toBe(messages.records.fields.email('Email ID'));
    expect(errorOf(teacherTexts.form.phoneNumber)).toBe(messages.records.fields.mobile('Phone number'));
    expect(container().querySelector('[role="alert"]')?.textContent).toBe(teacherTexts.form.fixErrors({ count: 3 }));
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);
  });

  it('a new teacher lands in the mirror and the outbox; an edit too; an unknown id is not found', async () => {
    const engine = await signedIn('ADMIN');
    await open('/admin/teachers/add');
    await until(() => container().querySelector('form') !== null, 'the form');
    await type(byLabel(container(), teacherTexts.form.employeeId), 'EMP-003');
    await type(byLabel(container(), teacherTexts.form.firstName), 'Sita');
    await type(byLabel(container(), teacherTexts.form.lastName), 'Pillai');
    await type(byLabel(container(), teacherTexts.form.emailId), 'Sita.Pillai@School.in');
    await type(byLabel(container(), teacherTexts.form.subjects), 'English');
    await submit(container().querySelector('form')!);
    await until(() => location() === '/admin/teachers', 'the list');
    const [created] = await meanwhile(() => engine.db.outbox.toArray());
    expect(created).toMatchObject({ kind: 'teachers.create', method: 'POST', path: paths.teachers.create });
    const newId = (created!.body as { id: string }).id;
    expect(await meanwhile(() => engine.db.tableOf(teachersTable).get(newId))).toMatchObject({ employeeId: 'EMP-003', firstName: 'Sita', lastName: 'Pillai', emailId: 'sita.pillai@school.in', subjects: 'English' });
    await until(() => bodyRows().length === 3, 'the new row');
    view!.unmount();

    await open(`/admin/teachers/edit/${ravi.id}`);
    await until(() => container().querySelector('form') !== null, 'the edit form');
    expect(byLabel(container(), teacherTexts.form.subjects).value).toBe('Science, EVS');
    await type(byLabel(container(), teacherTexts.form.phoneNumber), '9876500002');
    await submit(container().querySelector('form')!);
    await until(() => location() === '/admin/teachers', 'the list again');
    const entries = await meanwhile(() => engine.db.outbox.toArray());
    expect(entries[1]).toMatchObject({ kind: 'teachers.update', method: 'PUT', path: paths.teachers.update(ravi.id) });
    expect(entries[1]!.body).toMatchObject({ baseRev: 6, phoneNumber: '9876500002', employeeId: 'EMP-002' });
    expect(await meanwhile(() => engine.db.tableOf(teachersTable).get(ravi.id))).toMatchObject({ phoneNumber: '9876500002', subjects: 'Science, EVS' });
    view!.unmount();

    await open(`/admin/teachers/edit/${id(999)}`);
    await until(() => container().textContent?.includes(messages.teachers.notFound) === true, 'not found');
    expect(container().querySelector('form')).toBeNull();
  });
});
