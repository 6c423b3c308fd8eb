/**
 * The leave screens offline: a parent applies for the chosen child and the application shows at
 * once as waiting to reach the school, one outbox entry; a file chosen with it is shown, can be
 * removed, is checked as the school will, and waits in the file queue for the application; a
 * class teacher approves her class's waiting leave through the outbox, not another class's; an
 * application's file opens for the family and those who decide, not for a teacher who only
 * teaches the class; the attendance sheet starts a child on approved leave as "leave".
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { leaveMessages, leavePaths, type LeaveApplication } from '../../../contract/leave';
import type { SyncEngine } from '../../../sync';
import { classesTable } from '../../../sync/modules/classes';
import { leaveTable } from '../../../sync/modules/leave';
import { studentsTable } from '../../../sync/modules/students';
import MarkAttendancePage from '../../../src/features/attendance/MarkAttendancePage';
import StaffLeavePage from '../../../src/features/leave/StaffLeavePage';
import StudentLeavePage from '../../../src/features/leave/StudentLeavePage';
import { leaveTexts as text } from '../../../src/features/leave/texts';
import { say } from '../../../src/i18n';
import { fileQueueOf } from '../../../src/sync-binding/file-queue';
import { onDay } from '../../support/fixed-day';
import { byLabel, click, meanwhile, renderRoute, submit, type, typeArea, type Rendered } from './dom';
import { screenHarness, signInStorage, until } from './records-harness';

const harness = screenHarness('leave');
onDay('2026-11-20');
let view: Rendered | undefined;

const id = (n: number) => `0197f000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const teacherId = id(900);
const [vA, viB] = [id(1), id(2)];
const [asha, ravi] = [id(21), id(22)];

const application = (n: number, fields: Partial<LeaveApplication>): LeaveApplication => ({
  id: id(100 + n),
  applicantId: id(800),
  studentId: asha,
  teacherId: null,
  classId: vA,
  from: '2026-11-23',
  to: '2026-11-24',
  halfDay: false,
  kind: null,
  reason: 'Wedding in Nashik',
  status: 'waiting',
  note: null,
  decidedBy: null,
  decidedAt: null,
  days: 2,
  attachment: null,
  createdAt: '2026-11-19T10:00:00.000Z',
  rev: 7,
  ...fields,
});

async function seed(engine: SyncEngine) {
  await engine.db.tableOf(classesTable).bulkPut([
    { id: vA, className: 'V', classSection: 'A', classTeacherId: teacherId, rev: 1 },
    { id: viB, className: 'VI', classSection: 'B', classTeacherId: null, rev: 1 },
  ]);
  await engine.db.tableOf(studentsTable).bulkPut([
    { id: asha, classId: vA, admissionId: 'A1', firstName: 'Asha', lastName: 'Rao', rollNumber: '1', rev: 1 },
    { id: ravi, classId: viB, admissionId: 'A2', firstName: 'Ravi', lastName: 'Kumar', rollNumber: '1', rev: 1 },
  ] as never);
}

async function show(path: string, element: React.ReactElement, url = path) {
  view = await harness.show(renderRoute(path, element, url));
}

/** Chooses files on the form's file field as a tap would: inside act, so the form shows them before the test reads. */
async function choose(files: File[]) {
  const input = byLabel(view!.container, text.file.label);
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const certificate = { id: id(301), fileName: 'certificate.pdf', contentType: 'application/pdf' as const, size: 48_000 };
const openButton = (name: string) => view!.container.querySelector<HTMLButtonElement>(`button[aria-label="${text.file.openLabel({ name })}"]`);

describe('leave on the device', () => {
  it('a parent applies offline: the application shows as waiting to reach the school, one outbox entry', async () => {
    const engine = await harness.engine('PARENT', { storage: {} });
    await seed(engine);
    await show('/student/leave', <StudentLeavePage />, `/student/leave?studentId=${asha}`);
    await until(() => view!.container.querySelector('form') !== null, 'the form');
    // Tomorrow by default: Saturday 21 November.
    await typeArea(byLabel<HTMLTextAreaElement>(view!.container, text.apply.reason), 'Fever');
    await submit(view!.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the outbox entry');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry).toMatchObject({ kind: 'leave.create', method: 'POST', body: { studentId: asha, from: '2026-11-21', to: '2026-11-21', reason: 'Fever', halfDay: false } });
    await until(() => (view!.container.querySelector('.leave-list')?.textContent ?? '').includes(text.list.pending), 'the application, waiting');
    expect(view!.container.querySelector('.leave-list')!.textContent).toContain(text.status.waiting);
  });

  it('a parent chooses a file, sees it, removes it; a wrong one is refused; the chosen one waits for the application', async () => {
    const engine = await harness.engine('PARENT', { storage: {} });
    await seed(engine);
    await show('/student/leave', <StudentLeavePage />, `/student/leave?studentId=${asha}`);
    await until(() => view!.container.querySelector('form') !== null, 'the form');
    const chosen = () => view!.container.querySelector('.leave-chosen');

    // A program renamed for the chooser is not offered to the school: the form says what is taken.
    await choose([new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' })]);
    expect(chosen()).toBeNull();
    expect(view!.container.textContent).toContain(say(leaveMessages.attachmentWrongType));

    await choose([new File(['%PDF-1.4 first'], 'first.pdf', { type: 'application/pdf' })]);
    expect(chosen()?.textContent).toContain(text.file.chosen({ name: 'first.pdf' }));
    expect(view!.container.textContent).not.toContain(say(leaveMessages.attachmentWrongType));
    await click(view!.container.querySelector<HTMLButtonElement>(`button[aria-label="${text.file.removeLabel({ name: 'first.pdf' })}"]`)!);
    expect(chosen()).toBeNull();

    await choose([new File(['%PDF-1.4 certificate'], 'certificate.pdf', { type: 'application/pdf' })]);
    expect(chosen()?.textContent).toContain('certificate.pdf');
    await typeArea(byLabel<HTMLTextAreaElement>(view!.container, text.apply.reason), 'Fever');
    await submit(view!.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the outbox entry');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    const leaveId = (entry!.body as { id: string }).id;
    // Offline, the file waits on the device for its application; the list says so.
    const queued = await meanwhile(() => fileQueueOf(engine).files.toArray());
    expect(queued).toMatchObject([{ table: 'leaveApplications', recordId: leaveId, uploadPath: leavePaths.attachment(leaveId), fileName: 'certificate.pdf' }]);
    await until(() => (view!.container.querySelector('.leave-list')?.textContent ?? '').includes(text.file.waiting({ name: 'certificate.pdf' })), 'the waiting file');
    // The form is empty again.
    expect(chosen()).toBeNull();
  });

  it('an application’s file opens for the family and those who decide, not for a teacher who only teaches the class', async () => {
    const engine = await harness.engine('PARENT', { storage: {} });
    await seed(engine);
    await engine.db.tableOf(leaveTable).put(application(1, { attachment: certificate }));
    await show('/student/leave', <StudentLeavePage />, `/student/leave?studentId=${asha}`);
    await until(() => openButton('certificate.pdf') !== null, 'the family’s file');
    expect(view!.container.querySelector('.leave-file')!.textContent).toContain(text.file.attached({ name: 'certificate.pdf' }));
    // Offline and never opened here: said before the tap (once the device has looked for it).
    await until(() => (view!.container.querySelector('.leave-file')?.textContent ?? '').includes(text.file.notOffline), 'the offline note');
    await harness.close();

    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } });
    const staff = await harness.engine('TEACHER');
    await seed(staff);
    // Asha's (V A, her class) waits for her decision; Ravi's (VI B) is another class's, decided already.
    await staff.db.tableOf(leaveTable).bulkPut([
      application(1, { attachment: certificate }),
      application(2, { studentId: ravi, classId: viB, status: 'approved', attachment: { ...certificate, id: id(302), fileName: 'ravi.pdf' } }),
    ]);
    await show('/admin/leave', <StaffLeavePage />);
    await until(() => openButton('certificate.pdf') !== null, 'the file of the leave she decides');
    await until(() => (view!.container.textContent ?? '').includes('Ravi Kumar'), 'the other class’s leave');
    expect(openButton('ravi.pdf')).toBeNull();
  });

  it('a class teacher approves her class’s leave through the outbox; another class’s is not hers to decide', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } });
    const engine = await harness.engine('TEACHER');
    await seed(engine);
    await engine.db.tableOf(leaveTable).bulkPut([application(1, {}), application(2, { studentId: ravi, classId: viB, reason: 'Trip' })]);
    await show('/admin/leave', <StaffLeavePage />);
    const approve = () => view!.container.querySelector<HTMLButtonElement>(`button[aria-label^="${text.decide.approve} · "]`);
    await until(() => approve() !== null, 'the waiting leave');
    expect(view!.container.querySelectorAll(`button[aria-label^="${text.decide.approve} · "]`)).toHaveLength(1);
    expect(approve()!.getAttribute('aria-label')).toContain('Asha Rao');
    await type(byLabel(view!.container, text.decide.note), 'Get well soon');
    await click(approve()!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the decision');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry).toMatchObject({ kind: 'leave.decide', method: 'PUT', body: { id: id(101), decision: 'approved', note: 'Get well soon' } });
    expect((await meanwhile(() => engine.db.tableOf(leaveTable).get(id(101))))?.status).toBe('approved');
  });

  it('the attendance sheet starts a child on approved leave as leave', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } });
    const engine = await harness.engine('TEACHER');
    await seed(engine);
    await engine.db.tableOf(leaveTable).put(application(1, { status: 'approved', from: '2026-11-20', to: '2026-11-20' }));
    await show('/admin/mark-attendance', <MarkAttendancePage />, `/admin/mark-attendance?classId=${vA}&date=2026-11-20`);
    await until(() => view!.container.querySelector(`.mark-row[data-student="${asha}"]`) !== null, 'the sheet');
    expect(view!.container.querySelector(`.mark-row[data-student="${asha}"]`)!.getAttribute('data-status')).toBe('leave');
  });
});
