/**
 * The admission register over a real engine (fake-indexeddb): entries newest first, the year and
 * status filters and search, a new admission made offline shown as 'Pending' that turns into its
 * number by itself once the (fake) school answers, cancelling (admins only, after a question), and
 * the certificate issue register with its reprint links.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { createConnectivity, StorageFullError, type AdmissionRow, type CertificateRow } from '../../../sync';
import NewAdmissionPage from '../../../src/features/records/NewAdmissionPage';
import RecordsPage from '../../../src/features/records/RecordsPage';
import { recordsTexts } from '../../../src/features/records/texts';
import { button, byLabel, click, meanwhile, renderRoutes, submit, type, type Rendered } from './dom';
import { teacherEntry } from './helpers';
import { admission, classId, studentAnswer } from './records-fixtures';
import { screenHarness, until } from './records-harness';
import { admissionsTable, certificatesTable } from '../../../sync/modules/records';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';

const otherClassId = '0197b000-0000-7000-8000-0000000000c2';

let view: Rendered | undefined;
const harness = screenHarness('records');

function student(row: AdmissionRow, firstName: string, lastName: string) {
  return { id: row.studentId, classId: row.classId, admissionId: row.admissionNumber, firstName, lastName, rev: row.rev };
}

/** Signs a user in (the session the screens read and the engine's own), offline unless a fetch is given. */
async function signedInEngine(role: 'ADMIN' | 'TEACHER', options: { fetch?: typeof fetch; online?: boolean } = {}) {
  const connectivity = createConnectivity({ online: options.online ?? false });
  const engine = await harness.engine(role, {
    storage: { profile: (username) => teacherEntry({ username }) },
    engine: { connectivity, pullIntervalMs: 3_600_000, ...(options.fetch ? { fetch: options.fetch as never, baseUrl: 'http://school.test' } : {}) },
  });
  await engine.db.tableOf(classesTable).bulkPut([
    { id: classId, className: 'VI', classSection: 'A', rev: 1 },
    { id: otherClassId, className: 'VII', classSection: 'B', rev: 1 },
  ]);
  return { engine, connectivity };
}

const registerRows = () =>
  Array.from(view!.container.querySelectorAll<HTMLTableRowElement>('section[aria-labelledby="rec-register-heading"] tbody tr'));
const numbers = () => registerRows().map((row) => row.querySelector('th')?.textContent ?? '');
const names = () => registerRows().map((row) => row.querySelectorAll('td')[1]?.textContent ?? '');

const registerRoutes = [
  { path: '/admin/records', element: <RecordsPage /> },
  { path: '/admin/records/newadmission', element: <NewAdmissionPage /> },
];

describe('/admin/records register', () => {
  async function seeded(role: 'ADMIN' | 'TEACHER' = 'ADMIN') {
    const setup = await signedInEngine(role);
    const rows = [
      admission(1),
      admission(2, { status: 'withdrawn', previousSchool: 'St. Mary’s Convent' }),
      admission(3, { classId: otherClassId, className: 'VII', classSection: 'B' }),
      admission(4, { admissionYear: 2024, admissionDate: '2024-07-01', admissionNumber: '2024-0004', status: 'cancelled' }),
    ];
    await setup.engine.db.tableOf(admissionsTable).bulkPut(rows);
    await setup.engine.db.tableOf(studentsTable).bulkPut([
      student(rows[0]!, 'Arjun', 'Iyer'),
      student(rows[1]!, 'Bina', 'Das'),
      student(rows[2]!, 'Chitra', 'Rao'),
      student(rows[3]!, 'Dev', 'Shah'),
    ]);
    return setup;
  }

  it('lists the mirror newest first and filters by academic year, status and search', async () => {
    await seeded();
    view = await harness.show(renderRoutes(registerRoutes, '/admin/records'));
    await until(() => registerRows().length === 4, 'the register');
    expect(numbers()).toEqual(['2025-0003', '2025-0002', '2025-0001', '2024-0004']);
    expect(names()).toEqual(['Chitra Rao', 'Bina Das', 'Arjun Iyer', 'Dev Shah']);
    expect(registerRows()[0]!.textContent).toContain('VII B');
    expect(registerRows()[1]!.textContent).toContain('St. Mary’s Convent');
    expect(registerRows()[1]!.textContent).toContain(recordsTexts.statuses.withdrawn);

    await type(byLabel<HTMLSelectElement>(view.container, recordsTexts.register.yearFilter), '2024');
    await until(() => registerRows().length === 1, 'the 2024-25 entries');
    expect(numbers()).toEqual(['2024-0004']);
    expect(Array.from(byLabel<HTMLSelectElement>(view.container, recordsTexts.register.yearFilter).options, (o) => o.text)).toContain('2024-25');

    await type(byLabel<HTMLSelectElement>(view.container, recordsTexts.register.yearFilter), 'all');
    await type(byLabel<HTMLSelectElement>(view.container, recordsTexts.register.statusFilter), 'admitted');
    await until(() => registerRows().length === 2, 'the admitted entries');
    expect(numbers()).toEqual(['2025-0003', '2025-0001']);

    await type(byLabel(view.container, 'Search'), 'arjun');
    await until(() => registerRows().length === 1, 'the search');
    expect(names()).toEqual(['Arjun Iyer']);

    await type(byLabel(view.container, 'Search'), 'nobody here');
    await until(() => registerRows()[0]?.textContent === recordsTexts.register.noMatch, 'no match');
  });

  it('an admin cancels an entry after confirming; it stays in the register as cancelled', async () => {
    const { engine } = await seeded('ADMIN');
    view = await harness.show(renderRoutes(registerRoutes, '/admin/records'));
    await until(() => registerRows().length === 4, 'the register');
    const arjun = registerRows().find((row) => row.textContent?.includes('Arjun'))!;
    // The cancelled entry has no cancel button; the others have one each.
    expect(view.container.querySelectorAll('button.btn-danger')).toHaveLength(3);
    await click(button(arjun, recordsTexts.register.cancel));
    const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');
    expect(dialog()!.textContent).toContain(recordsTexts.register.cancelQuestion({ number: '2025-0001', name: 'Arjun Iyer' }));
    await click(button(dialog()!, recordsTexts.register.cancelKeep));
    expect(dialog()).toBeNull();
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    // The device is full: nothing is written, and the register's notice (announced) says why.
    const full = vi.spyOn(engine, 'mutate').mockRejectedValueOnce(new StorageFullError());
    await click(button(registerRows().find((row) => row.textContent?.includes('Arjun'))!, recordsTexts.register.cancel));
    await click(button(dialog()!, recordsTexts.register.cancelConfirm));
    await until(() => view!.container.querySelector('[aria-live="assertive"]')?.textContent === messages.sync.storageFull, 'the failure');
    full.mockRestore();
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    await click(button(registerRows().find((row) => row.textContent?.includes('Arjun'))!, recordsTexts.register.cancel));
    await click(button(dialog()!, recordsTexts.register.cancelConfirm));
    await until(async () => (await engine.db.outbox.count()) === 1, 'the cancel entry');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry!.method).toBe('DELETE');
    expect(entry!.path).toBe(paths.admissions.remove(admission(1).id));
    await until(
      () => registerRows().find((row) => row.textContent?.includes('Arjun'))?.textContent?.includes(recordsTexts.statuses.cancelled) === true,
      'the cancelled status',
    );
    expect(numbers()).toContain('2025-0001');
  });

  const editLinks = () => Array.from(view!.container.querySelectorAll('a')).filter((a) => a.textContent === recordsTexts.register.edit);
  const newAdmission = () => Array.from(view!.container.querySelectorAll('a')).find((a) => a.textContent === recordsTexts.register.newAdmission);

  it('a teacher sees no cancel button, and Edit only on admissions of the classes they teach', async () => {
    const { engine } = await seeded('TEACHER');
    // The signed-in teacher (teacherEntry: tea-1) is class teacher of VI A, not of VII B.
    await engine.db.tableOf(classesTable).update(classId, { classTeacherId: 'tea-1' });
    view = await harness.show(renderRoutes(registerRoutes, '/admin/records'));
    await until(() => registerRows().length === 4 && editLinks().length === 3, 'the register with the teacher’s edit links');
    expect(view.container.querySelectorAll('button.btn-danger')).toHaveLength(0);
    const rowsWithEdit = registerRows().filter((row) => Array.from(row.querySelectorAll('a')).some((a) => a.textContent === recordsTexts.register.edit));
    expect(rowsWithEdit.map((row) => row.querySelectorAll('td')[1]?.textContent).sort()).toEqual(['Arjun Iyer', 'Bina Das', 'Dev Shah']);
    expect(newAdmission()).toBeDefined();
    // Certificates (the transfer certificate included) only where she may edit: the server refuses the rest.
    const certificateLinks = (label: string) =>
      registerRows()
        .filter((row) => Array.from(row.querySelectorAll('a')).some((a) => a.textContent?.startsWith(label)))
        .map((row) => row.querySelectorAll('td')[1]?.textContent)
        .sort();
    for (const label of [recordsTexts.register.printBonafide, recordsTexts.register.printTc, recordsTexts.register.printStudentDetails]) {
      expect(certificateLinks(label)).toEqual(['Arjun Iyer', 'Bina Das', 'Dev Shah']);
    }
  });

  it('a teacher with no class gets neither New admission nor Edit; an admin gets both on every row', async () => {
    await seeded('TEACHER');
    view = await harness.show(renderRoutes(registerRoutes, '/admin/records'));
    await until(() => registerRows().length === 4, 'the register');
    await until(() => newAdmission() === undefined, 'no New admission');
    expect(editLinks()).toHaveLength(0);
    await harness.close();

    await seeded('ADMIN');
    view = await harness.show(renderRoutes(registerRoutes, '/admin/records'));
    await until(() => registerRows().length === 4 && editLinks().length === 4, 'the admin’s register');
    expect(newAdmission()).toBeDefined();
    expect(view.container.querySelectorAll('button.btn-danger').length).toBeGreaterThan(0);
  });

  it('a teacher admits only to the classes they teach', async () => {
    const { engine } = await seeded('TEACHER');
    await engine.db.tableOf(classesTable).update(otherClassId, { classTeacherId: 'tea-1' });
    view = await harness.show(renderRoutes(registerRoutes, '/admin/records/newadmission'));
    await until(() => view!.container.querySelector('form') !== null, 'the admission form');
    const select = view.container.querySelector<HTMLSelectElement>('select[name="student.classId"]')!;
    const offered = Array.from(select.options).filter((option) => option.value).map((option) => option.textContent);
    expect(offered).toEqual(['VII B']);
  });

  it('lists issued certificates with reprint links; one waiting for its serial says so', async () => {
    const { engine } = await seeded();
    const issued = (id: string, overrides: Partial<CertificateRow>): CertificateRow => ({
      id,
      kind: 'transfer',
      serialNumber: 3,
      serial: 'TC-0003',
      issueDate: '2025-08-01',
      studentId: admission(2).studentId,
      studentName: 'Bina Das',
      issuedBy: 'Meera Nair',
      print: null,
      rev: 4,
      ...overrides,
    });
    await engine.db.tableOf(certificatesTable).bulkPut([
      issued('0197b000-0000-7000-8000-000000003001', {}),
      issued('0197b000-0000-7000-8000-000000003002', { kind: 'bonafide', serial: null, serialNumber: null, issueDate: '2025-08-02', rev: 0 }),
    ]);
    view = await harness.show(renderRoutes(registerRoutes, '/admin/records'));
    const certificateRows = () =>
      Array.from(view!.container.querySelectorAll<HTMLTableRowElement>('section[aria-labelledby="rec-certificates-heading"] tbody tr'));
    await until(() => certificateRows().length === 2, 'the certificate register');
    expect(certificateRows()[0]!.textContent).toContain(recordsTexts.print.waitingSerial);
    expect(certificateRows()[0]!.textContent).toContain(messages.certificates.titles.bonafide);
    expect(certificateRows()[1]!.textContent).toContain('TC-0003');
    expect(certificateRows()[1]!.textContent).toContain('01/08/2025');
    expect(certificateRows()[1]!.textContent).toContain('Meera Nair');
    expect(certificateRows()[1]!.querySelector('a')?.getAttribute('href')).toBe(
      `/admin/records/printtc/${admission(2).studentId}?certificate=0197b000-0000-7000-8000-000000003001`,
    );
  });
});

describe('/admin/records/newadmission', () => {
  it('offline: the new entry shows Pending with the hint, then its number once the school answers', async () => {
    const requests: { method: string; path: string; body: unknown }[] = [];
    let answered = false;
    const schoolFetch = async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://school.test');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      requests.push({ method: init?.method ?? 'GET', path: url.pathname, body });
      const reply = (status: number, data: unknown) =>
        new Response(JSON.stringify({ success: true, data, message: '' }), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === paths.sync.pull) return reply(200, { changes: [], cursor: 'c1', hasMore: false, reset: false });
      if (url.pathname === paths.admissions.create && body) {
        answered = true;
        const sent = body as { id: string; admissionDate: string | null; previousSchool: string | null; student: Record<string, unknown> };
        const studentRecord = studentAnswer({ ...sent.student, admissionId: '2025-0042', className: 'VI', classSection: 'A', schoolName: 'Green Valley Public School', rev: 31 });
        const numbered = admission(42, {
          id: sent.id,
          admissionDate: sent.admissionDate ?? '2025-06-15',
          previousSchool: sent.previousSchool,
          studentId: sent.student.id as string,
          rev: 30,
        });
        return reply(201, { ...numbered, student: studentRecord });
      }
      return reply(404, null);
    };
    const { engine, connectivity } = await signedInEngine('ADMIN', { fetch: schoolFetch as typeof fetch });
    view = await harness.show(renderRoutes(registerRoutes, '/admin/records/newadmission'));
    await until(() => view!.container.querySelector('form') !== null, 'the form');
    expect(byLabel(view.container, recordsTexts.form.admissionDate).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await type(byLabel(view.container, recordsTexts.form.admissionDate), '2025-06-15');
    await type(byLabel(view.container, recordsTexts.form.firstName), 'Esha');
    await type(byLabel(view.container, recordsTexts.form.lastName), 'Kulkarni');
    await type(byLabel<HTMLSelectElement>(view.container, recordsTexts.form.class), classId);
    await type(byLabel(view.container, recordsTexts.form.previousSchool), 'Little Flower School');
    await type(byLabel(view.container, recordsTexts.form.phoneNumber), '+91 98765-43210');
    await submit(view.container.querySelector('form')!);

    await until(() => view!.container.querySelector('[data-testid="elsewhere"]') === null && registerRows().length === 1, 'the register');
    expect(view.router.state.location.pathname).toBe('/admin/records');
    const row = registerRows()[0]!;
    expect(row.querySelector('th')?.textContent).toContain(messages.admissions.pendingNumber);
    expect(row.querySelector('th')?.textContent).toContain(recordsTexts.register.pendingHint);
    expect(row.textContent).toContain('Esha Kulkarni');
    expect(row.textContent).toContain('VI A');
    expect(view.container.textContent).toContain(recordsTexts.form.savedPending);
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry!.path).toBe(paths.admissions.create);
    expect((entry!.body as { student: { phoneNumber: string } }).student.phoneNumber).toBe('9876543210');
    expect(requests).toHaveLength(0);

    // The device reconnects; the school numbers the admission and the row follows by itself.
    await act(async () => {
      connectivity.setOnline(true);
      await engine.syncNow();
    });
    await until(() => answered && numbers()[0] === '2025-0042', 'the number');
    expect(view.container.textContent).toContain(messages.admissions.added('2025-0042'));
    expect(view.container.textContent).not.toContain(messages.admissions.pendingNumber);
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);
    expect((await meanwhile(() => engine.db.tableOf(studentsTable).toArray()))[0]?.admissionId).toBe('2025-0042');
  });

  it('a new admission the school refuses leaves the register and the page says why', async () => {
    const refusal = messages.records.fields.pastDate('Date of birth');
    const schoolFetch = async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://school.test');
      const reply = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === paths.sync.pull) return reply(200, { success: true, data: { changes: [], cursor: 'c1', hasMore: false }, message: '' });
      return reply(400, { success: false, data: null, message: refusal });
    };
    const { engine, connectivity } = await signedInEngine('ADMIN', { fetch: schoolFetch as typeof fetch });
    view = await harness.show(renderRoutes(registerRoutes, '/admin/records/newadmission'));
    await until(() => view!.container.querySelector('form') !== null, 'the form');
    await type(byLabel(view.container, recordsTexts.form.firstName), 'Gauri');
    await submit(view.container.querySelector('form')!);
    await until(() => registerRows().length === 1 && numbers()[0]!.includes(messages.admissions.pendingNumber), 'the pending row');

    await act(async () => {
      connectivity.setOnline(true);
      await engine.syncNow();
    });
    await until(() => view!.container.textContent?.includes(recordsTexts.register.refused({ message: refusal })) === true, 'the refusal');
    expect(registerRows()[0]?.textContent).toBe(recordsTexts.register.empty);
    expect(await meanwhile(() => engine.db.tableOf(admissionsTable).count())).toBe(0);
  });
});
