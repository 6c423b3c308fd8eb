/**
 * /admin/accounts over a fake fetch and a real engine's mirror (fake-indexeddb): approving a
 * registration sends the chosen record (and refuses to send without one), rejecting and
 * deactivating ask first, a password reset shows the rules and sends the password in the JSON
 * body only, the admin's own row cannot be acted on, a teacher is told who manages accounts, and
 * offline the actions wait while typed input stays.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Account } from '../../../contract/account';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { createConnectivity, type SyncEngine } from '../../../sync';
import AccountsPage from '../../../src/features/accounts/AccountsPage';
import { accountsTexts } from '../../../src/features/accounts/texts';
import { recordsKitTexts } from '../../../src/kit/texts';
import { button, byLabel, click, renderRoute, settle, type, type Rendered } from './dom';
import { fakeServer, ok, screenHarness, signInStorage, until, type Call, type Reply } from './records-harness';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { teachersTable } from '../../../sync/modules/teachers';

let view: Rendered | undefined;
const harness = screenHarness('accounts');

const ids = {
  ravi: '0197c000-0000-7000-8000-000000000001',
  anita: '0197c000-0000-7000-8000-000000000002',
  kiran: '0197c000-0000-7000-8000-000000000003',
  teacherRecord: '0197c000-0000-7000-8000-000000000004',
  studentAccount: '0197c000-0000-7000-8000-0000000000a1',
  parentAccount: '0197c000-0000-7000-8000-0000000000a2',
  teacherAccount: '0197c000-0000-7000-8000-0000000000a3',
  claimedAccount: '0197c000-0000-7000-8000-0000000000a4',
  admin: '0197c000-0000-7000-8000-0000000000b1',
  teacher: '0197c000-0000-7000-8000-0000000000b2',
  old: '0197c000-0000-7000-8000-0000000000b3',
};

const account = (id: string, username: string, roleName: Account['roleName'], status: Account['status'], linkedName: string | null = null): Account => ({
  id,
  username,
  roleName,
  status,
  studentId: null,
  teacherId: null,
  linkedName,
  createdAt: '2025-06-22T09:30:00.000Z',
  addressConfirmed: true,
  registrations: 1,
});

// As the account list answers them (by username); the page shows whoever waited longest first.
const pending = [
  { ...account(ids.parentAccount, 'kumar.family@mail.in', 'parent', 'pending', 'Anita Kumar, Kiran Kumar'), createdAt: '2025-06-22T10:00:00.000Z' },
  { ...account(ids.teacherAccount, 'new.teacher@school.in', 'teacher', 'pending'), createdAt: '2025-06-23T08:00:00.000Z' },
  account(ids.studentAccount, 'ravi@pupil.in', 'student', 'pending'),
  // Registered twice and never confirmed with its code: approving it takes the warning first.
  { ...account(ids.claimedAccount, 'claimed.teacher@school.in', 'teacher', 'pending'), createdAt: '2025-06-24T08:00:00.000Z', addressConfirmed: false, registrations: 2 },
];
const everyone = [
  account(ids.admin, 'admin@kaksha.demo', 'admin', 'active'),
  account(ids.teacher, 'teacher@kaksha.demo', 'teacher', 'active', 'Rahul Verma'),
  account(ids.old, 'old@kaksha.demo', 'student', 'inactive'),
];

const accountRoutes = (extra: Record<string, (call: Call) => Reply> = {}) => ({
  [`GET ${paths.accounts.all}`]: () => ok(pending),
  [`GET ${paths.accounts.page}`]: (call: Call) => {
    const role = call.url.searchParams.get('role');
    const content = everyone.filter((row) => !role || row.roleName === role);
    // Unfiltered, the school has a second page.
    const totalElements = role ? content.length : 23;
    return ok({ content, page: Number(call.url.searchParams.get('page')), size: 20, totalElements, totalPages: Math.ceil(totalElements / 20) });
  },
  ...extra,
});

const signIn = (role: 'ADMIN' | 'TEACHER') => signInStorage(role);

async function engineWithMirror(online: boolean) {
  const connectivity = createConnectivity({ online });
  const engine: SyncEngine = await harness.engine('ADMIN', { engine: { connectivity } });
  await engine.db.tableOf(classesTable).put({ id: 'class-6b', className: 'VI', classSection: 'B', rev: 1 });
  const student = (id: string, firstName: string, admissionId: string, extra: Record<string, unknown> = {}) => ({
    id,
    firstName,
    lastName: 'Kumar',
    admissionId,
    classId: 'class-6b',
    emailId: null,
    parentEmail: null,
    rev: 1,
    ...extra,
  });
  await engine.db.tableOf(studentsTable).bulkPut([
    student(ids.ravi, 'Ravi', 'GV-2025-007'),
    student(ids.anita, 'Anita', 'GV-2021-011', { parentEmail: 'Kumar.Family@mail.in' }),
    student(ids.kiran, 'Kiran', 'GV-2023-020', { parentEmail: 'kumar.family@mail.in' }),
  ]);
  await engine.db.tableOf(teachersTable).put({ id: ids.teacherRecord, employeeId: 'EMP-77', firstName: 'Nisha', lastName: 'Rao', emailId: 'new.teacher@school.in', rev: 1 });
  return { engine, connectivity };
}

const byAria = (label: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]');
const outcome = () => view!.container.querySelector('[data-testid="acc-outcome"]')?.textContent ?? '';
const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

async function openPage() {
  view = await harness.show(renderRoute('/admin/accounts', <AccountsPage />, '/admin/accounts'));
  await until(() => byAria(accountsTexts.pending.approveLabel({ username: 'ravi@pupil.in' })) !== null && byAria(accountsTexts.reset.label({ username: 'teacher@kaksha.demo' })) !== null, 'both lists');
}

describe('/admin/accounts', () => {
  it('lists pending registrations with the server’s suggested link, and the accounts page by page', async () => {
    signIn('ADMIN');
    const calls = fakeServer(accountRoutes());
    await engineWithMirror(true);
    await openPage();
    const pendingRows = Array.from(view!.container.querySelectorAll('section[aria-labelledby="acc-pending"] tbody tr')).map((row) => row.textContent);
    expect(pendingRows.map((row) => row?.split('@')[0])).toEqual(['ravi', 'kumar.family', 'new.teacher', 'claimed.teacher']);
    expect(pendingRows[0]).toContain(accountsTexts.pending.confirmedYes);
    expect(pendingRows[3]).toContain(accountsTexts.pending.confirmedNo);
    expect(pendingRows[3]).toContain(accountsTexts.pending.registrations({ count: 2 }));
    expect(pendingRows[1]).toContain('kumar.family@mail.in');
    expect(pendingRows[1]).toContain('Anita Kumar, Kiran Kumar');
    expect(pendingRows[1]).toContain('22/06/2025');
    expect(pendingRows[0]).toContain(accountsTexts.pending.noSuggestion);
    const pendingCall = calls.find((call) => call.url.pathname === paths.accounts.all)!;
    expect(pendingCall.url.searchParams.get('status')).toBe('pending');
    const pageCall = calls.find((call) => call.url.pathname === paths.accounts.page)!;
    expect(Object.fromEntries(pageCall.url.searchParams)).toEqual({ page: '0', size: '20' });

    expect(view!.container.textContent).toContain(accountsTexts.all.count({ total: 23 }));
    await click(byAria(recordsKitTexts.pager.nextLabel)!);
    await until(() => calls.some((call) => call.url.pathname === paths.accounts.page && call.url.searchParams.get('page') === '1'), 'page 2');

    await type(byLabel<HTMLSelectElement>(view!.container, accountsTexts.fields.role), 'teacher');
    await until(() => calls.some((call) => call.url.pathname === paths.accounts.page && call.url.searchParams.get('role') === 'teacher'), 'the role filter');
    // A new filter starts again at the first page.
    const filtered = calls.filter((call) => call.url.searchParams.get('role') === 'teacher');
    expect(filtered.map((call) => call.url.searchParams.get('page'))).toEqual(['0']);
    await until(() => byAria(accountsTexts.reset.label({ username: 'old@kaksha.demo' })) === null, 'the filtered list');
  });

  it('exports the accounts shown to CSV, without the row actions', async () => {
    signIn('ADMIN');
    fakeServer(accountRoutes());
    await engineWithMirror(true);
    await openPage();
    const blobs: Blob[] = [];
    const urlSpy = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:accounts';
    });
    const clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await click(byAria(recordsKitTexts.exportCsvLabel({ count: everyone.length }))!);
    await until(() => blobs.length === 1, 'the export');
    const lines = (await blobs[0]!.text()).replace(/^\ufeff/, '').split('\r\n');
    const fields = accountsTexts.fields;
    expect(lines[0]).toBe([fields.username, fields.role, fields.status, fields.linked, fields.registered].join(','));
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(everyone.map((row) => row.username));
    expect(lines[2]).toContain('Rahul Verma');
    urlSpy.mockRestore();
    clickSpy.mockRestore();
  });

  it('approves a pending student with the chosen record, and a parent with the suggested children', async () => {
    signIn('ADMIN');
    const calls = fakeServer(
      accountRoutes({
        [`POST ${paths.accounts.approve(ids.studentAccount)}`]: () => ok({ id: ids.studentAccount, status: 'active' }, messages.accounts.approved),
        [`POST ${paths.accounts.approve(ids.parentAccount)}`]: () => ok({ id: ids.parentAccount, status: 'active' }, messages.accounts.approved),
      }),
    );
    await engineWithMirror(true);
    await openPage();
    await click(byAria(accountsTexts.pending.approveLabel({ username: 'ravi@pupil.in' }))!);
    await until(() => dialog()?.querySelectorAll('input[type="radio"]').length === 3, 'the student choices');
    await click(button(document.body, accountsTexts.approve.submit));
    expect(dialog()?.textContent).toContain(messages.accounts.chooseStudent);
    expect(posts(calls)).toEqual([]);

    await type(byLabel(document.body, accountsTexts.approve.searchStudents), 'gv-2025');
    await until(() => dialog()?.querySelectorAll('input[type="radio"]').length === 1, 'the search');
    const ravi = dialog()!.querySelector<HTMLInputElement>('input[type="radio"]')!;
    expect(ravi.closest('label')?.textContent).toContain('Ravi Kumar');
    expect(ravi.closest('label')?.textContent).toContain('VI B');
    await click(ravi);
    await click(button(document.body, accountsTexts.approve.submit));
    await until(() => outcome() === messages.accounts.approved, 'the approved message');
    const [approve] = posts(calls);
    expect(approve!.url.pathname).toBe(paths.accounts.approve(ids.studentAccount));
    expect(JSON.parse(approve!.body)).toEqual({ studentId: ids.ravi });
    expect(dialog()).toBeNull();
    expect(calls.filter((call) => call.url.pathname === paths.accounts.all).length).toBe(2);

    await click(byAria(accountsTexts.pending.approveLabel({ username: 'kumar.family@mail.in' }))!);
    await until(() => dialog()?.querySelectorAll('input[type="checkbox"]:checked').length === 2, 'the suggested children');
    await click(button(document.body, accountsTexts.approve.submit));
    await until(() => posts(calls).length === 2, 'the parent approval');
    expect(JSON.parse(posts(calls)[1]!.body).childStudentIds.sort()).toEqual([ids.anita, ids.kiran].sort());
  });

  it('a teacher account needs its teacher record; the server’s refusal shows in the dialog', async () => {
    signIn('ADMIN');
    const calls = fakeServer(
      accountRoutes({
        [`POST ${paths.accounts.approve(ids.teacherAccount)}`]: () => ({ status: 409, body: { success: false, message: messages.accounts.notPending, data: null } }),
      }),
    );
    await engineWithMirror(true);
    await openPage();
    await click(byAria(accountsTexts.pending.approveLabel({ username: 'new.teacher@school.in' }))!);
    // The teacher record with the account's e-mail is chosen to begin with.
    await until(() => dialog()?.querySelector<HTMLInputElement>('input[type="radio"]')?.checked === true, 'the suggested teacher');
    await click(dialog()!.querySelector<HTMLInputElement>('input[type="radio"]')!);
    await click(button(document.body, accountsTexts.approve.submit));
    await until(() => posts(calls).length === 1, 'the approval');
    expect(JSON.parse(posts(calls)[0]!.body)).toEqual({ teacherId: ids.teacherRecord });
    await until(() => dialog()?.textContent?.includes(messages.accounts.notPending) === true, 'the refusal');
  });

  it('approves an address never confirmed only past a warning that says what it means, and sends it as unconfirmed', async () => {
    signIn('ADMIN');
    const calls = fakeServer(
      accountRoutes({
        [`POST ${paths.accounts.approve(ids.claimedAccount)}`]: () => ok({ id: ids.claimedAccount, status: 'active' }, messages.accounts.approved),
      }),
    );
    await engineWithMirror(true);
    await openPage();
    const approveClaimed = () => click(byAria(accountsTexts.pending.approveLabel({ username: 'claimed.teacher@school.in' }))!);

    await approveClaimed();
    const warning = document.querySelector<HTMLElement>('[role="alertdialog"]');
    expect(warning?.textContent).toContain(accountsTexts.pending.unconfirmedTitle);
    expect(warning?.textContent).toContain('This address was never confirmed: anyone could have registered it.');
    expect(warning?.textContent).toContain(accountsTexts.pending.unconfirmedBody({ username: 'claimed.teacher@school.in' }));
    expect(warning?.textContent).toContain(accountsTexts.pending.unconfirmedClaims({ count: 2 }));
    expect(warning?.textContent).toContain(accountsTexts.pending.unconfirmedAdvice);
    // The safe answer has the focus; cancelling sends nothing and opens nothing.
    expect(document.activeElement?.textContent).toBe('Cancel');
    await click(button(document.body, 'Cancel'));
    expect(dialog()).toBeNull();
    expect(posts(calls)).toEqual([]);

    await approveClaimed();
    await click(button(document.body, accountsTexts.pending.unconfirmedContinue));
    await until(() => dialog()?.getAttribute('role') === 'dialog', 'the approval dialog');
    expect(dialog()?.textContent).toContain(accountsTexts.approve.unconfirmedNote);
    await type(byLabel(document.body, accountsTexts.approve.searchTeachers), 'EMP-77');
    await until(() => dialog()?.querySelectorAll('input[type="radio"]').length === 1, 'the teacher record');
    await click(dialog()!.querySelector<HTMLInputElement>('input[type="radio"]')!);
    await click(button(document.body, accountsTexts.approve.submit));
    await until(() => outcome() === messages.accounts.approved, 'the approved message');
    expect(posts(calls).map((call) => [call.url.pathname, JSON.parse(call.body)])).toEqual([
      [paths.accounts.approve(ids.claimedAccount), { teacherId: ids.teacherRecord, unconfirmed: true }],
    ]);
  });

  it('rejects only after confirming', async () => {
    signIn('ADMIN');
    const calls = fakeServer(
      accountRoutes({ [`POST ${paths.accounts.reject(ids.teacherAccount)}`]: () => ok({ id: ids.teacherAccount, status: 'rejected' }, messages.accounts.rejected) }),
    );
    await engineWithMirror(true);
    await openPage();
    await click(byAria(accountsTexts.pending.rejectLabel({ username: 'new.teacher@school.in' }))!);
    expect(document.querySelector('[role="alertdialog"]')?.textContent).toContain(accountsTexts.pending.rejectBody({ username: 'new.teacher@school.in' }));
    await click(button(document.body, 'Cancel'));
    expect(dialog()).toBeNull();
    expect(posts(calls)).toEqual([]);

    await click(byAria(accountsTexts.pending.rejectLabel({ username: 'new.teacher@school.in' }))!);
    await click(button(document.body, accountsTexts.pending.rejectConfirm));
    await until(() => outcome() === messages.accounts.rejected, 'the rejected message');
    expect(posts(calls).map((call) => call.url.pathname)).toEqual([paths.accounts.reject(ids.teacherAccount)]);
  });

  it('a password reset shows the rules first and sends the password in the JSON body, not the URL', async () => {
    signIn('ADMIN');
    const calls = fakeServer(
      accountRoutes({ [`POST ${paths.accounts.resetPassword(ids.teacher)}`]: () => ok(everyone[1], messages.accounts.passwordReset) }),
    );
    await engineWithMirror(true);
    await openPage();
    await click(byAria(accountsTexts.reset.label({ username: 'teacher@kaksha.demo' }))!);
    const rules = () => Array.from(dialog()!.querySelectorAll('li[data-rule]'));
    expect(rules().map((rule) => [rule.getAttribute('data-rule'), rule.getAttribute('data-met')])).toEqual([
      ['length', 'false'],
      ['letterAndDigit', 'false'],
      ['notEmail', 'true'],
    ]);
    expect(rules().map((rule) => rule.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining(messages.password.rules.length), expect.stringContaining(messages.password.rules.letterAndDigit)]),
    );
    const next = byLabel(document.body, accountsTexts.reset.next);
    await type(next, 'short1');
    await click(button(document.body, accountsTexts.reset.submit));
    expect(dialog()?.textContent).toContain(messages.password.tooShort);
    expect(posts(calls)).toEqual([]);

    await type(next, 'Fresh#2026x');
    expect(rules().every((rule) => rule.getAttribute('data-met') === 'true')).toBe(true);
    await type(byLabel(document.body, accountsTexts.reset.confirm), 'Fresh#2026x');
    await click(button(document.body, accountsTexts.reset.submit));
    await until(() => outcome() === messages.accounts.passwordReset, 'the reset message');
    const [reset] = posts(calls);
    expect(reset!.url.pathname).toBe(paths.accounts.resetPassword(ids.teacher));
    expect(reset!.url.search).toBe('');
    expect(reset!.url.href).not.toContain('Fresh');
    expect(JSON.parse(reset!.body)).toEqual({ newPassword: 'Fresh#2026x' });
  });

  it('deactivates after a confirmation that explains the sign-out, reactivates, and never offers either on the admin’s own row', async () => {
    signIn('ADMIN');
    const calls = fakeServer(
      accountRoutes({
        [`POST ${paths.accounts.deactivate(ids.teacher)}`]: () => ok({ ...everyone[1], status: 'inactive' }, messages.accounts.deactivated),
        [`POST ${paths.accounts.reactivate(ids.old)}`]: () => ok({ ...everyone[2], status: 'active' }, messages.accounts.reactivated),
      }),
    );
    await engineWithMirror(true);
    await openPage();
    expect(byAria(accountsTexts.deactivate.label({ username: 'admin@kaksha.demo' }))!.disabled).toBe(true);
    expect(byAria(accountsTexts.reset.label({ username: 'admin@kaksha.demo' }))!.disabled).toBe(true);
    expect(byAria(accountsTexts.deactivate.label({ username: 'admin@kaksha.demo' }))!.closest('tr')?.textContent).toContain(messages.accounts.notYourself);

    await click(byAria(accountsTexts.deactivate.label({ username: 'teacher@kaksha.demo' }))!);
    const confirm = document.querySelector('[role="alertdialog"]');
    expect(confirm?.textContent).toContain(accountsTexts.deactivate.body({ username: 'teacher@kaksha.demo' }));
    expect(confirm?.textContent).toContain('signed out everywhere');
    expect(posts(calls)).toEqual([]);
    await click(button(document.body, accountsTexts.deactivate.confirm));
    await until(() => outcome() === messages.accounts.deactivated, 'the deactivated message');
    expect(posts(calls).map((call) => call.url.pathname)).toEqual([paths.accounts.deactivate(ids.teacher)]);
    expect(dialog()).toBeNull();

    await click(byAria(accountsTexts.reactivate.label({ username: 'old@kaksha.demo' }))!);
    await until(() => outcome() === messages.accounts.reactivated, 'the reactivated message');
    expect(posts(calls).map((call) => call.url.pathname)[1]).toBe(paths.accounts.reactivate(ids.old));
  });

  it('a teacher is told that only the administrator manages accounts, and nothing is asked of the server', async () => {
    signIn('TEACHER');
    const calls = fakeServer(accountRoutes());
    view = await harness.show(renderRoute('/admin/accounts', <AccountsPage />, '/admin/accounts'));
    await settle(20);
    expect(view.container.textContent).toContain(accountsTexts.adminOnly);
    expect(view.container.querySelector('table')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('offline: says so, asks nothing, disables the actions and keeps what was typed', async () => {
    signIn('ADMIN');
    const calls = fakeServer(accountRoutes());
    const { connectivity } = await engineWithMirror(false);
    view = await harness.show(renderRoute('/admin/accounts', <AccountsPage />, '/admin/accounts'));
    await until(() => view!.container.textContent?.includes(accountsTexts.offline) === true, 'the offline note');
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/accounts'))).toEqual([]);

    await act(async () => connectivity.setOnline(true));
    await until(() => byAria(accountsTexts.reset.label({ username: 'teacher@kaksha.demo' })) !== null, 'the lists once online');
    await click(byAria(accountsTexts.reset.label({ username: 'teacher@kaksha.demo' }))!);
    await type(byLabel(document.body, accountsTexts.reset.next), 'Typed#2026');
    await act(async () => connectivity.setOnline(false));
    await until(() => button(document.body, accountsTexts.reset.submit).disabled, 'the disabled submit');
    expect(view.container.textContent).toContain(accountsTexts.offline);
    expect(byAria(accountsTexts.pending.approveLabel({ username: 'ravi@pupil.in' }))!.disabled).toBe(true);
    expect(byAria(accountsTexts.deactivate.label({ username: 'teacher@kaksha.demo' }))!.disabled).toBe(true);
    expect(byLabel(document.body, accountsTexts.reset.next).value).toBe('Typed#2026');
    await act(async () => connectivity.setOnline(true));
    await until(() => !button(document.body, accountsTexts.reset.submit).disabled, 'submit again');
    expect(byLabel(document.body, accountsTexts.reset.next).value).toBe('Typed#2026');
    expect(posts(calls)).toEqual([]);
  });
});
