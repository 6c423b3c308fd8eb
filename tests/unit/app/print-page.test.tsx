/**
 * The certificate pages over a real engine (fake-indexeddb): issuing offline records the issue
 * with no serial, and Print stays disabled with the reason until the (fake) school answers with
 * the serial and the frozen print data; then Print calls window.print() and the page shows the
 * serial and the masked Aadhaar. A reprint shows the frozen page even after the student's record
 * changed. The issue form's messages are shown at their fields.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PrintData } from '../../../contract/certificate';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { createConnectivity, type CertificateRow } from '../../../sync';
import PrintCertificatePage from '../../../src/features/records/PrintCertificatePage';
import { recordsTexts } from '../../../src/features/records/texts';
import { button, byLabel, click, meanwhile, renderRoutes, submit, type, type Rendered } from './dom';
import { printData } from './print-fixture';
import { screenHarness, until } from './records-harness';
import { certificatesTable } from '../../../sync/modules/records';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';

const classId = '0197b000-0000-7000-8000-0000000000c1';
const studentId = '0197b000-0000-7000-8000-0000000000a1';
const text = recordsTexts.print;

let view: Rendered | undefined;
const harness = screenHarness('print');

/** The print data the school froze for `serial` (no e-mail, no APAAR id, no details). */
function frozen(kind: PrintData['kind'], serial: string, student: Partial<PrintData['student']> = {}): PrintData {
  const data = printData({ kind, title: messages.certificates.titles[kind], serial, serialNumber: Number(serial.slice(3)), details: {} });
  return { ...data, student: { ...data.student, emailId: null, apaarId: null, ...student } };
}

async function signedInEngine(fetchImpl?: (input: string, init: RequestInit) => Promise<Response>) {
  const connectivity = createConnectivity({ online: false });
  const engine = await harness.engine('ADMIN', {
    engine: { connectivity, pullIntervalMs: 3_600_000, ...(fetchImpl ? { fetch: fetchImpl, baseUrl: 'http://school.test' } : {}) },
  });
  await engine.db.tableOf(classesTable).put({ id: classId, className: 'VI', classSection: 'A', rev: 1 });
  await engine.db.tableOf(studentsTable).put({
    id: studentId,
    classId,
    admissionId: '2025-0042',
    firstName: 'Arjun',
    lastName: 'Iyer',
    className: 'VI',
    classSection: 'A',
    aadhaarId: '234123412346',
    rev: 3,
  });
  return { engine, connectivity };
}

const printRoutes = [
  { path: '/admin/records/printbonafide/:id', element: <PrintCertificatePage kind="bonafide" /> },
  { path: '/admin/records/printtc/:id', element: <PrintCertificatePage kind="transfer" /> },
];

const printButton = () => Array.from(view!.container.querySelectorAll('button')).find((b) => b.textContent === text.print);
const issuedItems = () => Array.from(view!.container.querySelectorAll('.rec-issued-item'));

describe('/admin/records/printbonafide/:id', () => {
  it('issued offline: no serial, Print disabled with the reason; once the school answers, the frozen page and Print', async () => {
    let answered = false;
    const schoolFetch = async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://school.test');
      const reply = (status: number, data: unknown) =>
        new Response(JSON.stringify({ success: true, data, message: '' }), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === paths.sync.pull) return reply(200, { changes: [], cursor: 'c1', hasMore: false });
      if (url.pathname === paths.certificates.issue('bonafide', studentId) && typeof init.body === 'string') {
        answered = true;
        const sent = JSON.parse(init.body) as { id: string; purpose: string };
        const print = { ...frozen('bonafide', 'BC-0001'), details: { purpose: sent.purpose } };
        return reply(201, {
          id: sent.id,
          kind: 'bonafide',
          serialNumber: 1,
          serial: 'BC-0001',
          issueDate: '2025-07-14',
          studentId,
          studentName: 'Arjun Iyer',
          issuedBy: 'Meera Nair',
          print,
          rev: 9,
        });
      }
      return reply(404, null);
    };
    const { engine, connectivity } = await signedInEngine(schoolFetch);
    const printSpy = vi.fn();
    vi.stubGlobal('print', printSpy);

    view = await harness.show(renderRoutes(printRoutes, `/admin/records/printbonafide/${studentId}`));
    await until(() => view!.container.textContent?.includes(text.noneIssued) === true, 'the page');
    expect(view.container.querySelector('h1')?.textContent).toBe(messages.certificates.titles.bonafide);
    expect(view.container.textContent).toContain(text.studentHeading({ name: 'Arjun Iyer' }));

    await type(byLabel(view.container, text.purpose), 'passport application');
    await submit(view.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the issue entry');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry!.path).toBe(paths.certificates.issue('bonafide', studentId));
    expect((entry!.body as { purpose: string }).purpose).toBe('passport application');

    await until(() => issuedItems().length === 1, 'the issue in the list');
    expect(issuedItems()[0]!.textContent).toContain(text.waitingSerial);
    expect(view.container.textContent).toContain(text.whyWaiting);
    const disabled = printButton()!;
    expect(disabled.disabled).toBe(true);
    const reason = document.getElementById(disabled.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe(text.whyWaiting);
    expect(view.container.querySelector('.cert-sheet')).toBeNull();

    await act(async () => {
      connectivity.setOnline(true);
      await engine.syncNow();
    });
    await until(() => answered && view!.container.querySelector('.cert-serial')?.textContent === 'BC-0001', 'the serial');
    expect(view.container.textContent).toContain(messages.certificates.issued('BC-0001'));
    expect(view.container.textContent).not.toContain(text.whyWaiting);
    expect(view.container.querySelector('.cert-sheet')?.textContent).toContain('XXXX XXXX 1234');
    expect(view.container.querySelector('.cert-sheet')?.textContent).not.toContain('234123412346');
    expect(view.container.querySelector('.cert-sheet')?.textContent).toContain(recordsTexts.sheet.purpose({ purpose: 'passport application' }));
    expect(printButton()!.disabled).toBe(false);
    await click(printButton()!);
    expect(printSpy).toHaveBeenCalledTimes(1);
  });
});

describe('a refused issue', () => {
  it('leaves the list and the page says why', async () => {
    const schoolFetch = async (input: string) => {
      const url = new URL(input, 'http://school.test');
      const reply = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === paths.sync.pull) return reply(200, { success: true, data: { changes: [], cursor: 'c1', hasMore: false }, message: '' });
      return reply(404, { success: false, data: null, message: messages.certificates.studentNotFound });
    };
    const { engine, connectivity } = await signedInEngine(schoolFetch);
    view = await harness.show(renderRoutes(printRoutes, `/admin/records/printbonafide/${studentId}`));
    await until(() => view!.container.querySelector('form') !== null, 'the form');
    await submit(view.container.querySelector('form')!);
    await until(() => issuedItems().length === 1, 'the waiting issue');

    await act(async () => {
      connectivity.setOnline(true);
      await engine.syncNow();
    });
    await until(() => view!.container.textContent?.includes(text.refused({ message: messages.certificates.studentNotFound })) === true, 'the refusal');
    expect(issuedItems()).toHaveLength(0);
    expect(view.container.textContent).toContain(text.noneIssued);
    expect(await meanwhile(() => engine.db.tableOf(certificatesTable).count())).toBe(0);
  });
});

describe('/admin/records/printtc/:id', () => {
  it('a reprint shows the page as frozen at issue, whichever certificate the link names', async () => {
    const { engine } = await signedInEngine();
    const row = (id: string, serial: string, issueDate: string, print: PrintData): CertificateRow => ({
      id,
      kind: 'transfer',
      serialNumber: Number(serial.slice(3)),
      serial,
      issueDate,
      studentId,
      studentName: 'Arjun Iyer',
      issuedBy: 'Meera Nair',
      print,
      rev: 5,
    });
    const older = '0197b000-0000-7000-8000-000000003001';
    const newer = '0197b000-0000-7000-8000-000000003002';
    await engine.db.tableOf(certificatesTable).bulkPut([
      row(older, 'TC-0003', '2025-07-14', { ...frozen('transfer', 'TC-0003'), details: { reasonForLeaving: 'Family moved to Nagpur', conduct: 'Good' } }),
      row(newer, 'TC-0009', '2025-09-01', { ...frozen('transfer', 'TC-0009', { fullName: 'Arjun R. Iyer' }), issueDate: '2025-09-01' }),
    ]);
    // The student's record changed since: the printed page does not follow it.
    await engine.db.tableOf(studentsTable).update(studentId, { firstName: 'Arjuna', rev: 7 });

    view = await harness.show(renderRoutes(printRoutes, `/admin/records/printtc/${studentId}?certificate=${older}`));
    await until(() => view!.container.querySelector('.cert-sheet') !== null, 'the sheet');
    expect(issuedItems().map((item) => item.querySelector('.rec-issued-serial')?.textContent)).toEqual(['TC-0009', 'TC-0003']);
    const sheet = () => view!.container.querySelector('.cert-sheet')!.textContent ?? '';
    expect(view.container.querySelector('.cert-serial')?.textContent).toBe('TC-0003');
    expect(sheet()).toContain('Arjun Iyer');
    expect(sheet()).not.toContain('Arjuna');
    expect(sheet()).toContain('Family moved to Nagpur');
    expect(view.container.querySelector('h2.cert-title')?.textContent).toBe(messages.certificates.titles.transfer);

    await click(button(issuedItems()[0] as HTMLElement, new RegExp(text.show)));
    await until(() => view!.container.querySelector('.cert-serial')?.textContent === 'TC-0009', 'the other certificate');
    expect(sheet()).toContain('Arjun R. Iyer');
    expect(view.router.state.location.search).toBe(`?certificate=${newer}`);
  });

  it('the issue form shows each problem at its field and records nothing', async () => {
    const { engine } = await signedInEngine();
    view = await harness.show(renderRoutes(printRoutes, `/admin/records/printtc/${studentId}`));
    await until(() => view!.container.querySelector('form') !== null, 'the form');
    const conduct = byLabel(view.container, text.conduct);
    await type(conduct, 'x'.repeat(101));
    await submit(view.container.querySelector('form')!);
    const errorId = conduct.getAttribute('aria-describedby');
    expect(conduct.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(errorId!)?.textContent).toBe(messages.records.fields.tooLong('Conduct', 100));
    expect(document.activeElement).toBe(conduct);
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);
  });
});

describe('a teacher and the certificates of a student outside her classes', () => {
  const teacherId = '0197b000-0000-7000-8000-0000000000e1';
  const otherClassId = '0197b000-0000-7000-8000-0000000000c2';
  const otherStudentId = '0197b000-0000-7000-8000-0000000000a2';

  it('offers no issue form (transfer certificate included) for another class’s student, and offers it for her own', async () => {
    const engine = await harness.engine('TEACHER', { storage: { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } } });
    await engine.db.tableOf(classesTable).bulkPut([
      { id: classId, className: 'VI', classSection: 'A', classTeacherId: teacherId, rev: 1 },
      { id: otherClassId, className: 'VII', classSection: 'B', classTeacherId: null, rev: 1 },
    ]);
    await engine.db.tableOf(studentsTable).bulkPut([
      { id: studentId, classId, admissionId: '2025-0042', firstName: 'Arjun', lastName: 'Iyer', rev: 3 },
      { id: otherStudentId, classId: otherClassId, admissionId: '2025-0043', firstName: 'Bina', lastName: 'Das', rev: 3 },
    ]);
    for (const path of ['printtc', 'printbonafide']) {
      view = await harness.show(renderRoutes(printRoutes, `/admin/records/${path}/${otherStudentId}`));
      await until(() => view!.container.textContent?.includes(text.notYourStudent) === true, 'the office note');
      expect(view.container.querySelector('form')).toBeNull();
      expect(view.container.textContent).not.toContain(text.issue);
      view.unmount();
    }
    view = await harness.show(renderRoutes(printRoutes, `/admin/records/printtc/${studentId}`));
    await until(() => view!.container.querySelector('form') !== null, 'the issue form for her own student');
    expect(button(view.container, text.issue)).toBeDefined();
    expect(view.container.textContent).not.toContain(text.notYourStudent);
  });
});
