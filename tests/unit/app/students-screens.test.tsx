/**
 * The student screens over a real engine (fake-indexeddb, offline): the list reads the mirror (the
 * spec's ten columns in order, Aadhaar masked, "Pending" for an admission the school has not
 * numbered yet), the spec's selection rules for Edit and Delete with their exact messages, delete
 * confirmed or cancelled, search and the class filter, 20 a page; the form shows the contract's
 * field errors at the fields, a create and an edit land in the mirror and the outbox, an unknown
 * id says "Student not found.", and a teacher gets no upload.
 */
import { describe, expect, it } from 'vitest';
import { verhoeffCheckDigit } from '../../../contract/indian-ids';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { createConnectivity, type SyncEngine, type SyncEngineOptions } from '../../../sync';
import StudentFormPage from '../../../src/features/students/StudentFormPage';
import StudentsPage from '../../../src/features/students/StudentsPage';
import { recordsKitTexts } from '../../../src/kit/texts';
import { studentTexts } from '../../../src/features/students/texts';
import { button, byLabel, click, meanwhile, renderRoutes, settle, submit, type, type Rendered } from './dom';
import { teacherEntry } from './helpers';
import { studentAnswer } from './records-fixtures';
import { screenHarness, until } from './records-harness';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { admissionsTable } from '../../../sync/modules/records';

const classVI = '0197b000-0000-7000-8000-0000000000c1';
const classVII = '0197b000-0000-7000-8000-0000000000c2';
const teacherId = '0197b000-0000-7000-8000-0000000000e1';
const aadhaarBase = '23456789012';
const aadhaar = `${aadhaarBase}${verhoeffCheckDigit(aadhaarBase)}`;
const schoolName = 'Green Valley Public School';

const studentId = (n: number) => `0197b000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const arjun = {
  id: studentId(1),
  admissionId: '2025-0001',
  firstName: 'Arjun',
  lastName: 'Iyer',
  classId: classVI,
  rollNumber: '1',
  phoneNumber: '9876543210',
  fatherName: 'Ravi Iyer',
  motherName: 'Lata Iyer',
  address: '12 MG Road, Pune',
  aadhaarId: aadhaar,
  rev: 3,
};
const bina = { id: studentId(2), admissionId: '2025-0002', firstName: 'Bina', lastName: 'Das', classId: classVI, rollNumber: '2', fatherName: 'Sunil Das', rev: 4 };
const chitra = { id: studentId(3), admissionId: null, firstName: 'Chitra', lastName: 'Rao', classId: classVII, rollNumber: '1', fatherName: 'Mohan Rao', rev: 0 };

let view: Rendered | undefined;
const harness = screenHarness('students');

async function signedIn(role: 'ADMIN' | 'TEACHER', options: Partial<SyncEngineOptions> = {}): Promise<SyncEngine> {
  const engine = await harness.engine(role, {
    storage: { schoolName, profile: (username) => teacherEntry({ username, userType: role, teacherId }) },
    engine: options,
  });
  await engine.db.tableOf(classesTable).bulkPut([
    { id: classVII, className: 'VII', classSection: 'A', classTeacherId: null, rev: 1 },
    { id: classVI, className: 'VI', classSection: 'A', classTeacherId: teacherId, rev: 1 },
  ]);
  await engine.db.tableOf(studentsTable).bulkPut([chitra, bina, arjun]);
  // Chitra's admission was recorded on this device and waits for the school's number.
  await engine.db.tableOf(admissionsTable).put({
    id: '0197b000-0000-7000-8000-0000000000d1',
    studentId: chitra.id,
    admissionNumber: null,
    admissionSeq: null,
    rev: 0,
  } as never);
  return engine;
}

const routes = [
  { path: '/admin/students', element: <StudentsPage /> },
  { path: '/admin/students/add', element: <StudentFormPage /> },
  { path: '/admin/students/edit/:id', element: <StudentFormPage /> },
];

async function open(url: string) {
  view = await harness.show(renderRoutes(routes, url));
  return view;
}

const container = () => view!.container;
const bodyRows = () => Array.from(container().querySelectorAll<HTMLTableRowElement>('table.rk-table tbody tr')).filter((row) => !row.querySelector('.rk-empty'));
const names = () => bodyRows().map((row) => row.querySelectorAll('th, td')[2]?.textContent);
const checkbox = (name: string) => container().querySelector<HTMLInputElement>(`input[aria-label="Select ${name}"]`)!;
const notice = () => container().querySelector('.st-notice')?.textContent ?? '';
const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');
const location = () => `${view!.router.state.location.pathname}`;

describe('/admin/students list', () => {
  it('shows the spec columns in order, Aadhaar masked, and "Pending" for an admission not numbered yet', async () => {
    await signedIn('ADMIN');
    await open('/admin/students');
    await until(() => bodyRows().length === 3, 'the rows');
    const headers = Array.from(container().querySelectorAll('table.rk-table thead th')).map((cell) => cell.textContent?.trim());
    // First the selection column (select-all checkbox), then the spec's ten columns.
    expect(headers.slice(1)).toEqual([
      'Admission ID',
      'Name',
      'Class',
      'School name',
      'Roll no',
      'Phone',
      'Father name',
      'Mother name',
      'Address',
      'Aadhaar ID',
    ]);
    const cells = (row: HTMLTableRowElement) => Array.from(row.querySelectorAll('th, td')).slice(1).map((cell) => cell.textContent);
    // School order: VI before VII, then roll number.
    expect(cells(bodyRows()[0]!)).toEqual([
      '2025-0001',
      'Arjun Iyer',
      'VI A',
      schoolName,
      '1',
      '9876543210',
      'Ravi Iyer',
      'Lata Iyer',
      '12 MG Road, Pune',
      `XXXX XXXX ${aadhaar.slice(8)}`,
    ]);
    expect(container().textContent).not.toContain(aadhaar);
    expect(cells(bodyRows()[2]!).slice(0, 3)).toEqual([messages.admissions.pendingNumber, 'Chitra Rao', 'VII A']);
  });

  it('Edit needs exactly one selected; Delete at least one, and only one at a time', async () => {
    await signedIn('ADMIN');
    await open('/admin/students');
    await until(() => bodyRows().length === 3, 'the rows');

    await click(button(container(), studentTexts.edit));
    expect(notice()).toBe(messages.students.selectExactlyOne);
    await click(button(container(), studentTexts.remove));
    expect(notice()).toBe(messages.students.selectAtLeastOne);

    await click(checkbox('Arjun Iyer'));
    await click(checkbox('Bina Das'));
    expect(notice()).toBe('');
    await click(button(container(), studentTexts.edit));
    expect(notice()).toBe(messages.students.selectExactlyOne);
    await click(button(container(), studentTexts.remove));
    expect(notice()).toBe(messages.students.selectOnlyOne);
    expect(dialog()).toBeNull();

    await click(checkbox('Bina Das'));
    await click(button(container(), studentTexts.edit));
    await until(() => location() === `/admin/students/edit/${arjun.id}`, 'the edit form');
  });

  it('delete asks first: cancel keeps the student, confirm removes it from the mirror and queues the delete', async () => {
    const engine = await signedIn('ADMIN');
    await open('/admin/students');
    await until(() => bodyRows().length === 3, 'the rows');

    await click(checkbox('Bina Das'));
    await click(button(container(), studentTexts.remove));
    await until(() => dialog() !== null, 'the question');
    expect(dialog()!.textContent).toContain('Bina Das');
    expect(document.activeElement?.textContent).toBe(studentTexts.cancel);
    await click(button(dialog()!, studentTexts.cancel));
    expect(dialog()).toBeNull();
    expect(notice()).toBe(messages.students.deletionCancelled);
    expect(await meanwhile(() => engine.db.tableOf(studentsTable).get(bina.id))).toBeDefined();
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    await click(button(container(), studentTexts.remove));
    await until(() => dialog() !== null, 'the question again');
    await click(button(dialog()!, studentTexts.confirmDelete));
    await until(() => bodyRows().length === 2, 'the row to go');
    expect(names()).toEqual(['Arjun Iyer', 'Chitra Rao']);
    expect(await meanwhile(() => engine.db.tableOf(studentsTable).get(bina.id))).toBeUndefined();
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry).toMatchObject({ kind: 'students.delete', method: 'DELETE', path: paths.students.remove(bina.id) });
    expect(notice()).toBe(messages.students.deleted);
  });

  it('search narrows as you type, by any column or one, and the class filter narrows too', async () => {
    await signedIn('ADMIN');
    await open('/admin/students');
    await until(() => bodyRows().length === 3, 'the rows');

    const search = byLabel(container(), 'Search');
    await type(search, 'rao');
    await until(() => bodyRows().length === 1, 'the search');
    expect(names()).toEqual(['Chitra Rao']);

    // "das" is in Bina's name and father's name; searching only mothers finds nobody.
    await type(search, 'das');
    await until(() => names().join() === 'Bina Das', 'the second search');
    await type(byLabel<HTMLSelectElement>(container(), 'Search in'), 'motherName');
    await until(() => bodyRows().length === 0, 'the column search');
    expect(container().textContent).toContain(studentTexts.noMatch);
    await type(byLabel<HTMLSelectElement>(container(), 'Search in'), 'fatherName');
    await until(() => names().join() === 'Bina Das', 'the father search');

    await type(search, '');
    await until(() => bodyRows().length === 3, 'the whole list');
    await type(byLabel<HTMLSelectElement>(container(), studentTexts.classFilter), classVII);
    await until(() => bodyRows().length === 1, 'the class filter');
    expect(names()).toEqual(['Chitra Rao']);
    await type(byLabel<HTMLSelectElement>(container(), studentTexts.classFilter), classVI);
    await until(() => names().join() === 'Arjun Iyer,Bina Das', 'the other class');
  });

  it('lists the changes the school did not accept, with its message, until dismissed', async () => {
    const engine = await signedIn('ADMIN');
    await engine.db.rejected.put({
      id: '0197b000-0000-7000-8000-0000000000f1',
      kind: 'students.create',
      method: 'POST',
      path: paths.students.create,
      body: { id: studentId(50), firstName: 'Gita', lastName: 'Bose', admissionId: '2025-0001' },
      createdAt: 1,
      rejectedAt: 2,
      status: 409,
      message: messages.students.duplicateAdmissionId,
    });
    // A delete a teacher's device queued for a class they no longer teach (the row is back in the mirror).
    await engine.db.rejected.put({
      id: '0197b000-0000-7000-8000-0000000000f2',
      kind: 'students.delete',
      method: 'DELETE',
      path: paths.students.remove(bina.id),
      body: undefined,
      createdAt: 3,
      rejectedAt: 4,
      status: 403,
      message: messages.students.notYourClass,
    });
    await open('/admin/students');
    await until(() => container().querySelectorAll('.rk-rejected li').length === 2, 'the refused changes');
    const refused = container().querySelector<HTMLElement>('.rk-rejected')!;
    const lines = Array.from(refused.querySelectorAll('li span')).map((node) => node.textContent);
    expect(lines).toEqual([
      recordsKitTexts.rejected.line({ action: recordsKitTexts.rejected.actions.create, name: 'Gita Bose', message: messages.students.duplicateAdmissionId }),
      messages.students.deleteFailed('Bina Das', messages.students.notYourClass),
    ]);
    await click(refused.querySelectorAll('button')[0]!);
    await until(() => container().querySelectorAll('.rk-rejected li').length === 1, 'the dismissal');
    expect(await meanwhile(() => engine.db.rejected.count())).toBe(1);
  });

  it('pages 20 at a time from page 0', async () => {
    const engine = await signedIn('ADMIN');
    await engine.db.tableOf(studentsTable).bulkPut(
      Array.from({ length: 22 }, (_, index) => ({
        id: studentId(100 + index),
        admissionId: `2025-${String(100 + index).padStart(4, '0')}`,
        firstName: `Student${String(index).padStart(2, '0')}`,
        lastName: 'Extra',
        classId: classVII,
        rollNumber: String(10 + index),
        rev: 1,
      })),
    );
    await open('/admin/students');
    await until(() => bodyRows().length === 20, 'the first page');
    expect(container().textContent).toContain('Page 1 of 2');
    await click(button(container(), 'Next'));
    await until(() => bodyRows().length === 5, 'the second page');
    expect(container().textContent).toContain('Page 2 of 2');
  });

  it('a teacher gets no upload (admins only) and cannot change students outside their classes; an admin uploads', async () => {
    await signedIn('TEACHER');
    await open('/admin/students');
    await until(() => bodyRows().length === 3, 'the rows');
    expect(() => button(container(), studentTexts.upload)).toThrow();
    // Chitra is in VII, which this teacher does not teach: the school would refuse the change.
    await click(checkbox('Chitra Rao'));
    await click(button(container(), studentTexts.edit));
    expect(notice()).toBe(messages.students.notYourClass);
    await click(button(container(), studentTexts.remove));
    expect(notice()).toBe(messages.students.notYourClass);
    expect(dialog()).toBeNull();
    await harness.close();

    await signedIn('ADMIN');
    await open('/admin/students');
    await until(() => bodyRows().length === 3, 'the rows');
    await click(button(container(), studentTexts.upload));
    expect(container().querySelector('input[type="file"]')?.getAttribute('accept')).toContain('.xlsx');
  });

  it('a teacher with no class of their own gets no Add, Edit or Delete (the school refuses them every change)', async () => {
    const actions = () => Array.from(container().querySelectorAll('.rk-list-actions a, .rk-list-actions button')).map((node) => node.textContent);
    const engine = await signedIn('TEACHER');
    await open('/admin/students');
    await until(() => bodyRows().length === 3 && actions().includes(studentTexts.add), 'the teacher’s actions');
    expect(actions()).toEqual(expect.arrayContaining([studentTexts.add, studentTexts.edit, studentTexts.remove]));

    await meanwhile(() => engine.db.tableOf(classesTable).update(classVI, { classTeacherId: null }));
    await until(() => !actions().includes(studentTexts.add), 'the actions gone');
    expect(actions()).not.toContain(studentTexts.edit);
    expect(actions()).not.toContain(studentTexts.remove);
    expect(bodyRows()).toHaveLength(3);
  });
});

describe('/admin/students form', () => {
  it('shows the contract messages at the fields and saves nothing', async () => {
    const engine = await signedIn('ADMIN');
    await open('/admin/students/add');
    await until(() => container().querySelector('form') !== null, 'the form');
    await type(byLabel(container(), studentTexts.form.phoneNumber), '12345');
    await type(byLabel(container(), studentTexts.form.aadhaarId), '123412341234');
    await type(byLabel(container(), studentTexts.form.parentEmail), 'not-an-email');
    await submit(container().querySelector('form')!);

    const errorOf = (label: string) => {
      const input = byLabel(container(), label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
      return ids.map((id) => document.getElementById(id)).find((node) => node?.classList.contains('field-error'))?.textContent;
    };
    expect(errorOf(studentTexts.form.firstName)).toBe(messages.records.fields.required('First name'));
    expect(errorOf(studentTexts.form.phoneNumber)).toBe(messages.records.fields.mobile('Phone number'));
    expect(errorOf(studentTexts.form.aadhaarId)).toBe(messages.records.fields.aadhaar);
    expect(errorOf(studentTexts.form.parentEmail)).toBe(messages.records.fields.email('Parent email'));
    expect(byLabel(container(), studentTexts.form.lastName).getAttribute('aria-invalid')).toBeNull();
    expect(container().querySelector('[role="alert"]')?.textContent).toBe(studentTexts.form.fixErrors({ count: 4 }));
    await settle(20);
    expect(document.activeElement).toBe(byLabel(container(), studentTexts.form.firstName));
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);
    expect(await meanwhile(() => engine.db.tableOf(studentsTable).count())).toBe(3);

    // Correcting a field clears its error.
    await type(byLabel(container(), studentTexts.form.firstName), 'Divya');
    expect(byLabel(container(), studentTexts.form.firstName).getAttribute('aria-invalid')).toBeNull();
  });

  it('a new student lands in the mirror and the outbox, then the list shows it', async () => {
    const engine = await signedIn('ADMIN');
    await open('/admin/students/add');
    await until(() => container().querySelector('form') !== null, 'the form');
    await type(byLabel(container(), studentTexts.form.firstName), '  Divya ');
    await type(byLabel(container(), studentTexts.form.lastName), 'Menon');
    await type(byLabel<HTMLSelectElement>(container(), studentTexts.form.classId), classVII);
    await type(byLabel(container(), studentTexts.form.rollNumber), '7');
    await type(byLabel(container(), studentTexts.form.phoneNumber), '+91 98450-12345');
    await type(byLabel(container(), studentTexts.form.parentEmail), 'Parent.Menon@Example.in');
    await type(byLabel(container(), studentTexts.form.aadhaarId), `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)} ${aadhaar.slice(8)}`);
    await submit(container().querySelector('form')!);

    await until(() => location() === '/admin/students', 'the list');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry).toMatchObject({ kind: 'students.create', method: 'POST', path: paths.students.create });
    const id = (entry!.body as { id: string }).id;
    const stored = await meanwhile(() => engine.db.tableOf(studentsTable).get(id));
    expect(stored).toMatchObject({
      firstName: 'Divya',
      lastName: 'Menon',
      classId: classVII,
      rollNumber: '7',
      phoneNumber: '9845012345',
      parentEmail: 'parent.menon@example.in',
      aadhaarId: aadhaar,
      rev: 0,
    });
    await until(() => names().includes('Divya Menon'), 'the new row');
  });

  it('edit shows the student, saves the change to mirror and outbox; an unknown id is not found', async () => {
    const engine = await signedIn('ADMIN');
    await open(`/admin/students/edit/${arjun.id}`);
    await until(() => container().querySelector('form') !== null, 'the form');
    expect(byLabel(container(), studentTexts.form.firstName).value).toBe('Arjun');
    expect(byLabel<HTMLSelectElement>(container(), studentTexts.form.classId).value).toBe(classVI);
    expect(byLabel(container(), studentTexts.form.aadhaarId).value).toBe(aadhaar);
    await type(byLabel(container(), studentTexts.form.rollNumber), '11');
    await submit(container().querySelector('form')!);
    await until(() => location() === '/admin/students', 'the list');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry).toMatchObject({ kind: 'students.update', method: 'PUT', path: paths.students.update(arjun.id) });
    expect(entry!.body).toMatchObject({ baseRev: 3, rollNumber: '11', firstName: 'Arjun', admissionId: '2025-0001' });
    expect(await meanwhile(() => engine.db.tableOf(studentsTable).get(arjun.id))).toMatchObject({ rollNumber: '11', fatherName: 'Ravi Iyer' });
    view!.unmount();

    await open(`/admin/students/edit/${studentId(999)}`);
    await until(() => container().textContent?.includes(messages.students.notFound) === true, 'not found');
    expect(container().querySelector('form')).toBeNull();
    view!.unmount();

    // A student whose admission waits for the school's number: the number cannot be typed here.
    await open(`/admin/students/edit/${chitra.id}`);
    await until(() => container().querySelector('form') !== null, 'the pending student');
    const admission = byLabel(container(), studentTexts.form.admissionId);
    expect(admission.disabled).toBe(true);
    expect(admission.placeholder).toBe(messages.admissions.pendingNumber);
  });

  it('a teacher may only choose the classes they teach', async () => {
    const engine = await signedIn('TEACHER');
    await open('/admin/students/add');
    await until(() => container().querySelector('form') !== null, 'the form');
    const options = () => Array.from(byLabel<HTMLSelectElement>(container(), studentTexts.form.classId).options).map((option) => option.textContent);
    await until(() => options().length === 2, 'the taught classes');
    expect(options()).toEqual([studentTexts.form.chooseClass, 'VI A']);
    await type(byLabel(container(), studentTexts.form.firstName), 'Esha');
    await submit(container().querySelector('form')!);
    await until(() => container().textContent?.includes(messages.students.notYourClass) === true, 'the class rule');
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);
  });

  it('a student added offline reaches the school once online, and the mirror takes the school\'s version', async () => {
    const requests: { method: string; path: string; key: string | null; body: unknown }[] = [];
    const reply = (data: unknown, status = 200) =>
      new Response(JSON.stringify({ success: true, message: 'ok', data }), { status, headers: { 'Content-Type': 'application/json' } });
    // A fake school: it stores what it is sent (numbering the student) and has nothing else to pull.
    const school = async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://school.test');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      requests.push({ method: init.method ?? 'GET', path: url.pathname, key: new Headers(init.headers).get('Idempotency-Key'), body });
      if (url.pathname === paths.students.create) return reply(studentAnswer({ ...body, admissionId: 'GV-77', schoolName, rev: 42 }), 201);
      if (url.pathname.endsWith('/sync/pull')) return reply({ changes: [], cursor: 'c1', hasMore: false, reset: false });
      return new Response(JSON.stringify({ success: false, message: 'not here', data: null }), { status: 404 });
    };
    const connectivity = createConnectivity({ online: false });
    const engine = await signedIn('ADMIN', { connectivity, fetch: school });
    await open('/admin/students/add');
    await until(() => container().querySelector('form') !== null, 'the form');
    await type(byLabel(container(), studentTexts.form.firstName), 'Farah');
    await type(byLabel(container(), studentTexts.form.lastName), 'Khan');
    await type(byLabel<HTMLSelectElement>(container(), studentTexts.form.classId), classVI);
    await submit(container().querySelector('form')!);
    await until(() => location() === '/admin/students', 'the list');
    await until(() => names().includes('Farah Khan'), 'the new row');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(requests).toHaveLength(0);

    // Back online: the sync's answers reach the list, as they would on the phone.
    await meanwhile(async () => {
      connectivity.setOnline(true);
      await engine.syncNow();
    });
    const creates = requests.filter((request) => request.path === paths.students.create);
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatchObject({ method: 'POST', key: entry!.id, body: { firstName: 'Farah', lastName: 'Khan', classId: classVI } });
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);
    const id = (entry!.body as { id: string }).id;
    expect(await meanwhile(() => engine.db.tableOf(studentsTable).get(id))).toMatchObject({ admissionId: 'GV-77', rev: 42 });
    await until(() => bodyRows().some((row) => row.textContent?.includes('GV-77') === true), 'the school\'s admission id');
  });
});
