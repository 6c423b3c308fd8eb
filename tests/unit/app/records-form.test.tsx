/**
 * The admission forms over a real engine (fake-indexeddb, offline): every refused value is named
 * at its own field (the contract's messages) with focus on the first, and nothing is recorded; the
 * edit page opens an entry by its number or, while it waits for one, by its id, saves one PUT,
 * keeps the date in the number's academic year, and says when the entry is not there.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import type { AdmissionRow } from '../../../sync';
import EditAdmissionPage from '../../../src/features/records/EditAdmissionPage';
import NewAdmissionPage from '../../../src/features/records/NewAdmissionPage';
import RecordsPage from '../../../src/features/records/RecordsPage';
import { recordsTexts } from '../../../src/features/records/texts';
import { byLabel, click, meanwhile, renderRoutes, submit, type, type Rendered } from './dom';
import { admission, classId } from './records-fixtures';
import { screenHarness, until } from './records-harness';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { admissionsTable } from '../../../sync/modules/records';

const f = messages.records.fields;
const form = recordsTexts.form;

let view: Rendered | undefined;
const harness = screenHarness('form');

const numbered: AdmissionRow = admission(42, {
  id: '0197b000-0000-7000-8000-000000001001',
  admissionDate: '2025-06-10',
  previousSchool: 'Little Flower School',
  studentId: '0197b000-0000-7000-8000-000000002001',
  rev: 12,
});

const pending: AdmissionRow = {
  ...numbered,
  id: '0197b000-0000-7000-8000-000000001002',
  admissionNumber: null,
  admissionSeq: null,
  admissionDate: '2025-06-12',
  previousSchool: null,
  studentId: '0197b000-0000-7000-8000-000000002002',
  rev: 0,
};

async function signedInEngine() {
  const engine = await harness.engine('ADMIN', { storage: {} });
  await engine.db.tableOf(classesTable).put({ id: classId, className: 'VI', classSection: 'A', rev: 1 });
  await engine.db.tableOf(admissionsTable).bulkPut([numbered, pending]);
  await engine.db.tableOf(studentsTable).bulkPut([
    {
      id: numbered.studentId,
      classId,
      admissionId: '2025-0042',
      firstName: 'Arjun',
      lastName: 'Iyer',
      fatherName: 'Ravi Iyer',
      phoneNumber: '9876543210',
      gender: 'Male',
      rev: 12,
    },
    { id: pending.studentId, classId, admissionId: null, firstName: 'Esha', lastName: 'Kulkarni', rev: 0 },
  ]);
  return engine;
}

const routes = [
  { path: '/admin/records', element: <RecordsPage /> },
  { path: '/admin/records/newadmission', element: <NewAdmissionPage /> },
  { path: '/admin/records/edit/:admissionNumber', element: <EditAdmissionPage /> },
];

/** The message shown at a field (through its aria-describedby), or null. */
function errorAt(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? (document.getElementById(ids[0]!)?.textContent ?? null) : null;
}

async function typeInto(area: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('/admin/records/newadmission validation', () => {
  it('names each problem at its field, focuses the first, and records nothing', async () => {
    const engine = await signedInEngine();
    view = await harness.show(renderRoutes(routes, '/admin/records/newadmission'));
    await until(() => view!.container.querySelector('form') !== null, 'the form');
    const field = (label: string) => byLabel(view!.container, label);

    await type(field(form.aadhaarId), '1234 5678 9012');
    await type(field(form.phoneNumber), '12345');
    await type(field(form.parentEmail), 'not-an-email');
    await type(field(form.apaarId), '12345');
    await submit(view.container.querySelector('form')!);

    expect(errorAt(field(form.firstName))).toBe(f.required('First name'));
    expect(field(form.firstName).getAttribute('aria-invalid')).toBe('true');
    expect(errorAt(field(form.aadhaarId))).toBe(f.aadhaar);
    expect(errorAt(field(form.phoneNumber))).toBe(f.mobile('Phone number'));
    expect(errorAt(field(form.parentEmail))).toBe(f.email('Parent email'));
    expect(errorAt(field(form.apaarId))).toBe(f.apaar);
    expect(errorAt(field(form.lastName))).toBeNull();
    expect(document.activeElement).toBe(field(form.firstName));
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(form.fixErrors({ count: 5 }));
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    // Corrected, the same form saves: the messages go and one admission is recorded.
    await type(field(form.firstName), 'Farah');
    await type(field(form.aadhaarId), '');
    await type(field(form.phoneNumber), '98765 43210');
    await type(field(form.parentEmail), 'parent@example.in');
    await type(field(form.apaarId), '');
    await submit(view.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the admission');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry!.path).toBe(paths.admissions.create);
    expect((entry!.body as { student: { parentEmail: string } }).student.parentEmail).toBe('parent@example.in');
  });
});

describe('/admin/records/edit/:admissionNumber', () => {
  it('opens by number with the entry and student filled in, and saves one PUT', async () => {
    const engine = await signedInEngine();
    view = await harness.show(renderRoutes(routes, '/admin/records/edit/2025-0042'));
    await until(() => view!.container.querySelector('form') !== null, 'the form');
    const field = (label: string) => byLabel<HTMLInputElement | HTMLSelectElement>(view!.container, label);
    expect(view.container.textContent).toContain(recordsTexts.edit.number({ number: '2025-0042' }));
    expect(field(form.admissionDate).value).toBe('2025-06-10');
    expect(field(form.previousSchool).value).toBe('Little Flower School');
    expect(field(form.firstName).value).toBe('Arjun');
    expect(field(form.fatherName).value).toBe('Ravi Iyer');
    expect(field(form.class).value).toBe(classId);
    expect(field(form.gender).value).toBe('Male');

    // The number belongs to 2025-26: a date in the next academic year is refused at the field.
    await type(field(form.admissionDate), '2026-05-01');
    await submit(view.container.querySelector('form')!);
    expect(errorAt(field(form.admissionDate))).toBe(messages.admissions.dateOutsideYear('2025-26'));
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    await type(field(form.admissionDate), '2026-03-31');
    await typeInto(byLabel<HTMLTextAreaElement>(view.container, form.remarks), 'Sibling in class IX');
    await submit(view.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the update');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry!.method).toBe('PUT');
    expect(entry!.path).toBe(paths.admissions.update(numbered.id));
    expect(entry!.body).toMatchObject({ admissionDate: '2026-03-31', remarks: 'Sibling in class IX', student: { firstName: 'Arjun' } });
    await until(() => view!.router.state.location.pathname === '/admin/records', 'the register');
  });

  it('a pending entry opens from the register by its id', async () => {
    await signedInEngine();
    view = await harness.show(renderRoutes(routes, '/admin/records'));
    const link = () =>
      Array.from(view!.container.querySelectorAll<HTMLAnchorElement>('a')).find(
        (a) => a.textContent === recordsTexts.register.edit && a.closest('tr')?.textContent?.includes('Esha'),
      );
    await until(() => link() !== undefined, 'the register');
    expect(link()!.getAttribute('href')).toBe(`/admin/records/edit/${pending.id}`);
    await click(link()!);
    await until(() => view!.container.querySelector('form') !== null, 'the form');
    expect(byLabel(view.container, form.firstName).value).toBe('Esha');
    expect(view.container.textContent).toContain(messages.admissions.pendingNumber);
  });

  it('says when the entry is not on this device', async () => {
    await signedInEngine();
    view = await harness.show(renderRoutes(routes, '/admin/records/edit/2019-0001'));
    await until(() => view!.container.textContent?.includes(messages.admissions.notFound) === true, 'not found');
    expect(view.container.querySelector('form')).toBeNull();
  });
});
