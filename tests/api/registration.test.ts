/**
 * Registration (docs/decisions.md, "Hardening"): knowing an address never makes an active
 * account; the code mailed to the address (read from a real SMTP server on loopback) links it to the
 * school's record; the answer is the same for a new address, an address on a record and an address
 * that already has an account, and the last changes nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { otpMaxTries, otpResendCooldownSeconds, otpTtlSeconds } from '../../contract/password';
import { paths } from '../../contract/paths';
import { registrationCodeLength, registrationCodesPerAccount } from '../../contract/registration';
import { parentChildren, students, teachers, users } from '../../server/db/core-tables';
import { passwordResetCodes } from '../../server/modules/password/tables';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { startSmtpSink, type SinkMessage, type SmtpSink } from '../support/smtp-sink';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let sink: SmtpSink;
let green: SchoolFixture;
let adminToken: string;
/** Records whose e-mails have no account yet: a teacher, a student, and that student's parent (two children). */
const onRecord = {
  teacher: 'kavya.menon@example.in',
  student: 'ishaan.iyer@example.in',
  parent: 'iyer.family@example.in',
};
const recordIds = { teacher: randomUUID(), student: randomUUID(), sibling: randomUUID() };
const password = 'Passw0rd!x';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ config: { smtp: sink.settings }, rateLimits: { resetPerAddress: 1000, resetPerIp: 10_000 } });
  green = await createSchoolFixture(t.database.db, 'green', 'Green School');
  await createSchoolFixture(t.database.db, 'river');
  const db = t.database.db;
  await db.insert(teachers).values({ id: recordIds.teacher, tenantId: 'green', employeeId: 'EMP-77', firstName: 'Kavya', lastName: 'Menon', emailId: onRecord.teacher });
  await db.insert(students).values([
    { id: recordIds.student, tenantId: 'green', admissionId: 'green-077', firstName: 'Ishaan', lastName: 'Iyer', classId: green.classIds[0]!, emailId: onRecord.student, parentEmail: onRecord.parent },
    { id: recordIds.sibling, tenantId: 'green', admissionId: 'green-078', firstName: 'Tara', lastName: 'Iyer', classId: green.classIds[1]!, parentEmail: onRecord.parent },
  ]);
  adminToken = await t.signIn('green', 'admin@example.in', fixturePassword);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const roleIds = { admin: 1, teacher: 2, student: 3, parent: 4 } as const;
type Role = keyof typeof roleIds;

const register = (username: string, roleId: unknown, tenant = 'green', secret = password, app: TestApp = t) =>
  app.call({ method: 'POST', url: paths.register, tenant, payload: { username, password: secret, role: { id: roleId } } });
const confirm = (username: string, code: string, secret = password, tenant = 'green') =>
  t.call({ method: 'POST', url: paths.registerConfirm, tenant, payload: { username, password: secret, code } });
const resend = (username: string, secret = password) =>
  t.call({ method: 'POST', url: paths.registerResendCode, tenant: 'green', payload: { username, password: secret } });
const signIn = (username: string, secret = password, tenant = 'green') =>
  t.call({ method: 'POST', url: paths.authUser, tenant, payload: { username, password: secret } });

const accountOf = async (username: string, tenantId = 'green') =>
  (await t.database.db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.username, username))))[0];

const codeStep = { length: 6, expiresInSeconds: otpTtlSeconds, resendAfterSeconds: otpResendCooldownSeconds, maxCodes: registrationCodesPerAccount };
const answerWithCode = (role: Role) => ({ success: true, message: messages.register.codeSent, data: { status: 'pending', role, codeStep } });

function codeIn(mail: SinkMessage): string {
  const match = new RegExp(`confirmation code is:\\s*(\\d{${registrationCodeLength}})\\b`).exec(mail.body);
  if (!match?.[1]) throw new Error(`no registration code in mail: ${mail.body.slice(0, 300)}`);
  return match[1];
}
const mailTo = (to: string, since: number, subject: string = messages.register.codeMailSubject) =>
  sink.waitFor((mail) => mail.to.includes(to) && mail.receivedAt >= since && mail.subject === subject);
/** Mail leaves after the answer; once a later mail to a control address arrived, an earlier one would have too. */
async function noMailTo(to: string, since: number) {
  const control = `control-${randomUUID()}@example.in`;
  await register(control, roleIds.student);
  await mailTo(control, since);
  // Strictly after: a mail awaited just before `since` was taken can carry the same millisecond.
  expect(sink.messages.filter((mail) => mail.to.includes(to) && mail.receivedAt > since).map((mail) => mail.subject)).toEqual([]);
}
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** Lets the next code for this account go out at once, as if the resend cooldown had passed. */
async function passCooldown(userId: string) {
  await t.database.db
    .update(passwordResetCodes)
    .set({ createdAt: new Date(Date.now() - (otpResendCooldownSeconds + 1) * 1000) })
    .where(eq(passwordResetCodes.userId, userId));
}

async function registerAndReadCode(username: string, role: Role): Promise<string> {
  const since = Date.now();
  const response = await register(username, roleIds[role]);
  expect(response.statusCode).toBe(201);
  expect(response.json()).toEqual(answerWithCode(role));
  return codeIn(await mailTo(username, since));
}

describe('POST /api/Register: an address alone gives nothing', () => {
  it('answers an address on a record exactly like one the school has never seen, for every role', async () => {
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const known = await register(onRecord[role], roleIds[role]);
      const unknown = await register(`nobody.${role}@example.in`, roleIds[role]);
      expect(known.statusCode).toBe(201);
      expect(unknown.statusCode).toBe(201);
      expect(known.json()).toEqual(answerWithCode(role));
      expect(unknown.json()).toEqual(known.json());
    }
    const admin = await register('new.admin@example.in', roleIds.admin);
    expect(admin.statusCode).toBe(201);
    expect(admin.json()).toEqual({ success: true, message: messages.register.successPending, data: { status: 'pending', role: 'admin', codeStep: null } });
  });

  it('leaves each new account pending and unlinked: sign-in is refused and no data can be read', async () => {
    for (const username of [onRecord.teacher, onRecord.student, onRecord.parent, 'new.admin@example.in']) {
      const account = await accountOf(username);
      expect(account).toMatchObject({ status: 'pending', studentId: null, teacherId: null });
      expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await t.database.db.select().from(parentChildren).where(eq(parentChildren.userId, account!.id))).toEqual([]);
      const refused = await signIn(username);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(messages.auth.pendingApproval);
    }
    // Without a sign-in there is no token, and the records stay closed.
    expect((await t.call({ method: 'GET', url: paths.students.all, tenant: 'green' })).statusCode).toBe(401);
  });

  it('mails the code to the address, never to the registrant, and stores only its hash', async () => {
    const mail = await mailTo(onRecord.teacher, 0);
    expect(mail.body).toContain('Green School');
    const code = codeIn(mail);
    const account = await accountOf(onRecord.teacher);
    const rows = await t.database.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, account!.id));
    expect(rows).toHaveLength(1);
    // A hex digest may hold the code's digits by chance: no column is the code, and the digest is
    // not one anyone could recompute from the code alone (a keyed HMAC).
    const unkeyed = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(Object.values(rows[0]!).map(String)).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect([unkeyed(code), unkeyed(`code:${rows[0]!.id}:${code}`)]).not.toContain(rows[0]!.codeHash);
  });

  it('never mails a code for an admin registration, and no code confirms one', async () => {
    await noMailTo('new.admin@example.in', 0);
    const response = await confirm('new.admin@example.in', '123456');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: messages.otp.invalid, data: null });
    expect((await accountOf('new.admin@example.in'))?.status).toBe('pending');
  });
});

describe('POST /api/Register/confirm', () => {
  it('links and activates a teacher with the mailed code, who can then read the school', async () => {
    const code = codeIn(await mailTo(onRecord.teacher, 0));
    const response = await confirm(onRecord.teacher, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: messages.register.successActive, data: { status: 'active' } });
    expect(await accountOf(onRecord.teacher)).toMatchObject({ status: 'active', teacherId: recordIds.teacher, studentId: null });
    const token = (await signIn(onRecord.teacher)).json().data.jwtToken as string;
    expect((await t.call({ method: 'GET', url: paths.students.all, tenant: 'green', token })).statusCode).toBe(200);
    // The code is spent.
    expect((await confirm(onRecord.teacher, code)).statusCode).toBe(400);
  });

  it('links a student to their record', async () => {
    const code = codeIn(await mailTo(onRecord.student, 0));
    expect((await confirm(onRecord.student, code)).json().data).toEqual({ status: 'active' });
    expect(await accountOf(onRecord.student)).toMatchObject({ status: 'active', studentId: recordIds.student, teacherId: null });
    const signedIn = await signIn(onRecord.student);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.profile.students.map((s: { studentId: string }) => s.studentId)).toEqual([recordIds.student]);
  });

  it('links a parent to every child whose record carries the address', async () => {
    const code = codeIn(await mailTo(onRecord.parent, 0));
    expect((await confirm(onRecord.parent, code)).json().data).toEqual({ status: 'active' });
    const account = await accountOf(onRecord.parent);
    const links = await t.database.db.select().from(parentChildren).where(eq(parentChildren.userId, account!.id));
    expect(links.map((link) => link.studentId).sort()).toEqual([recordIds.student, recordIds.sibling].sort());
    expect((await signIn(onRecord.parent)).statusCode).toBe(200);
  });

  it('confirms an address on no record but leaves the account for an admin', async () => {
    const code = codeIn(await mailTo('nobody.student@example.in', 0));
    const response = await confirm('nobody.student@example.in', code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: messages.register.confirmedPending, data: { status: 'pending' } });
    expect((await signIn('nobody.student@example.in')).json().message).toBe(messages.auth.pendingApproval);
  });

  it('refuses a wrong code, and the right code with another password, without activating', async () => {
    const username = 'wrong.code@example.in';
    await t.database.db.insert(students).values({ id: randomUUID(), tenantId: 'green', admissionId: 'green-090', firstName: 'W', classId: green.classIds[0]!, emailId: username });
    const code = await registerAndReadCode(username, 'student');
    const wrong = await confirm(username, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, message: messages.otp.invalid, data: null });
    const otherPassword = await confirm(username, code, 'Another-pass-1');
    expect(otherPassword.json()).toEqual({ success: false, message: messages.otp.invalid, data: null });
    expect((await accountOf(username))?.status).toBe('pending');
    expect((await confirm(username, code)).json().data).toEqual({ status: 'active' });
  });

  it('refuses an expired code', async () => {
    const username = 'expired.code@example.in';
    const code = await registerAndReadCode(username, 'student');
    const account = await accountOf(username);
    await t.database.db.update(passwordResetCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetCodes.userId, account!.id));
    expect((await confirm(username, code)).json().message).toBe(messages.otp.invalid);
    expect((await accountOf(username))?.status).toBe('pending');
  });

  it(`burns a code after ${otpMaxTries} wrong tries`, async () => {
    const username = 'many.tries@example.in';
    const code = await registerAndReadCode(username, 'parent');
    for (let i = 0; i < otpMaxTries; i += 1) expect((await confirm(username, wrongCode(code))).statusCode).toBe(400);
    expect((await confirm(username, code)).json().message).toBe(messages.otp.invalid);
    expect((await accountOf(username))?.status).toBe('pending');
  });

  it('needs all six digits, and keeps codes to their school', async () => {
    const short = await confirm('many.tries@example.in', '1234');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.otp.incomplete);
    const code = await registerAndReadCode('two.schools@example.in', 'student');
    expect((await confirm('two.schools@example.in', code, password, 'river')).statusCode).toBe(400);
  });
});

describe('POST /api/Register/resendCode', () => {
  it('sends a new code after the cooldown that replaces the old one, and only to the registrant with the password', async () => {
    const username = 'resend.me@example.in';
    const first = await registerAndReadCode(username, 'teacher');
    const account = await accountOf(username);
    const sinceEarly = Date.now();
    const early = await resend(username);
    expect(early.statusCode).toBe(200);
    expect(early.json().message).toBe(messages.register.codeResent);
    // (Checked before the cooldown is moved: the resend's work runs after its answer.)
    await noMailTo(username, sinceEarly);
    // A wrong password gets the same answer and no mail.
    await passCooldown(account!.id);
    const sinceStranger = Date.now();
    const stranger = await resend(username, 'Not-the-pass-9');
    expect(stranger.json()).toEqual(early.json());
    await noMailTo(username, sinceStranger);

    let second = first;
    while (second === first) {
      await passCooldown(account!.id);
      const sent = Date.now();
      await resend(username);
      second = codeIn(await mailTo(username, sent));
    }
    expect((await confirm(username, first)).statusCode).toBe(400);
    expect((await confirm(username, second)).json().message).toBe(messages.register.confirmedPending);
  });

  it(`stops after ${registrationCodesPerAccount} codes for one registration`, async () => {
    const username = 'code.cap@example.in';
    await registerAndReadCode(username, 'student');
    const account = await accountOf(username);
    // Counted, not "since": the last mail can arrive in the millisecond the next wait begins, and
    // a wait it satisfied would leave the next code in flight (and the cap's last mail late).
    const codeMails = () => sink.messages.filter((mail) => mail.to.includes(username) && mail.subject === messages.register.codeMailSubject);
    for (let sent = 1; sent < registrationCodesPerAccount; sent += 1) {
      await passCooldown(account!.id);
      await resend(username);
      await sink.waitFor(() => codeMails().length === sent + 1);
    }
    await passCooldown(account!.id);
    const since = Date.now();
    expect((await resend(username)).statusCode).toBe(200);
    await noMailTo(username, since);
    const codes = await t.database.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, account!.id));
    expect(codes).toHaveLength(registrationCodesPerAccount);
  });
});

describe('POST /api/Register of an address that has an account', () => {
  const allUsers = () => t.database.db.select().from(users).orderBy(asc(users.id));

  it('answers exactly like a new registration, changes nothing, and mails the owner a notice', async () => {
    const before = await allUsers();
    const codesBefore = await t.database.db.select().from(passwordResetCodes);
    const freshSince = Date.now();
    const fresh = await register('brand.new.teacher@example.in', roleIds.teacher);
    await mailTo('brand.new.teacher@example.in', freshSince);
    const afterFresh = await allUsers();
    for (const [username, role] of [
      ['teacher@example.in', 'teacher'],
      ['admin@example.in', 'teacher'],
      [onRecord.parent, 'teacher'],
    ] as const) {
      const since = Date.now();
      const again = await register(username, roleIds[role], 'green', 'Taken-over-1');
      expect(again.statusCode).toBe(fresh.statusCode);
      expect(again.json()).toEqual(role === 'teacher' ? fresh.json() : answerWithCode(role));
      const notice = await mailTo(username, since, messages.register.existingMailSubject);
      expect(notice.body).toContain('Nothing was changed');
      expect(notice.body).not.toMatch(/code is/);
    }
    // Only the one new registration added a row; every existing row is as it was.
    expect(afterFresh.filter((row) => !before.some((old) => old.id === row.id)).map((row) => row.username)).toEqual(['brand.new.teacher@example.in']);
    expect(await allUsers()).toEqual(afterFresh);
    const codesAfter = await t.database.db.select().from(passwordResetCodes);
    expect(codesAfter.length).toBe(codesBefore.length + 1);
    expect(await t.signIn('green', 'teacher@example.in', fixturePassword)).toBeTruthy();
    expect((await signIn('teacher@example.in', 'Taken-over-1')).statusCode).toBe(401);
  });

  it("with the same password and role resumes a pending registration's code step", async () => {
    const username = 'came.back@example.in';
    const first = await registerAndReadCode(username, 'student');
    const account = await accountOf(username);
    await passCooldown(account!.id);
    let code = first;
    while (code === first) {
      await passCooldown(account!.id);
      code = await registerAndReadCode(username, 'student');
    }
    expect(await accountOf(username)).toEqual({ ...account });
    expect((await confirm(username, code)).statusCode).toBe(200);
  });
});

describe('without mail (production, no SMTP_HOST)', () => {
  it('offers no code step: the same pending answer for new, on-record and existing addresses', async () => {
    const quiet = await createTestApp({ config: { production: true } });
    try {
      await createSchoolFixture(quiet.database.db, 'green');
      const pending = { success: true, message: messages.register.successPending, data: { status: 'pending', role: 'teacher', codeStep: null } };
      const before = await quiet.database.db.select().from(users).orderBy(asc(users.id));
      const existing = await register('teacher@example.in', roleIds.teacher, 'green', 'Taken-over-1', quiet);
      expect(existing.statusCode).toBe(201);
      expect(existing.json()).toEqual(pending);
      expect(await quiet.database.db.select().from(users).orderBy(asc(users.id))).toEqual(before);
      for (const username of ['someone.new@example.in']) {
        const response = await register(username, roleIds.teacher, 'green', password, quiet);
        expect(response.statusCode).toBe(201);
        expect(response.json()).toEqual(pending);
      }
    } finally {
      await quiet.close();
    }
  });
});

describe('validation and limits', () => {
  it('refuses role codes outside 1 to 4 and weak passwords, and needs a school', async () => {
    for (const role of [0, 5, 99, -1]) {
      const response = await register(`r${role}@example.in`, role);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(messages.register.invalidRole);
      expect(await accountOf(`r${role}@example.in`)).toBeUndefined();
    }
    for (const role of ['1', null, 1.5]) expect((await register('x@example.in', role)).statusCode).toBe(400);
    const weak = await register('weak@example.in', 3, 'green', 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(messages.register.weakPassword);
    expect((await register('bad-email', 3)).json().message).toBe(messages.login.emailInvalid);
    const noSchool = await t.call({ method: 'POST', url: paths.register, payload: { username: 'a@example.in', password, role: { id: 3 } } });
    expect(noSchool.statusCode).toBe(400);
    expect(noSchool.json().message).toBe(messages.tenant.missing);
  });

  it('limits code confirmations per address like recovery', async () => {
    const limited = await createTestApp({ config: { smtp: sink.settings }, rateLimits: { resetPerAddress: 3, resetPerIp: 1000 } });
    try {
      await createSchoolFixture(limited.database.db, 'green');
      const attempt = () =>
        limited.call({ method: 'POST', url: paths.registerConfirm, tenant: 'green', payload: { username: 'guess@example.in', password, code: '123456' } });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(400);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many requests/);
    } finally {
      await limited.close();
    }
  });
});

describe('pending accounts', () => {
  it('are listed for the school’s admin only and approved with their link', async () => {
    await register('late.parent@example.in', 4);
    const list = await t.call({ method: 'GET', url: paths.accounts.pending, tenant: 'green', token: adminToken });
    expect(list.statusCode).toBe(200);
    const pending = list.json().data as { id: string; username: string; roleName: string }[];
    const late = pending.find((account) => account.username === 'late.parent@example.in');
    expect(late).toMatchObject({ roleName: 'parent', status: 'pending' });
    expect(pending.every((account) => !('passwordHash' in account))).toBe(true);

    const teacherToken = await t.signIn('green', 'teacher@example.in', fixturePassword);
    expect((await t.call({ method: 'GET', url: paths.accounts.pending, tenant: 'green', token: teacherToken })).statusCode).toBe(403);
    const riverAdmin = await t.signIn('river', 'admin@example.in', fixturePassword);
    const riverList = await t.call({ method: 'GET', url: paths.accounts.pending, tenant: 'river', token: riverAdmin });
    expect(riverList.json().data.some((account: { username: string }) => account.username === 'late.parent@example.in')).toBe(false);
    // another school's admin cannot approve it
    const crossApprove = await t.call({
      method: 'POST',
      url: paths.accounts.approve(late!.id),
      tenant: 'river',
      token: riverAdmin,
      payload: { childStudentIds: [green.studentIds[2]] },
    });
    expect(crossApprove.statusCode).toBe(404);

    const noChildren = await t.call({ method: 'POST', url: paths.accounts.approve(late!.id), tenant: 'green', token: adminToken, payload: {} });
    expect(noChildren.statusCode).toBe(400);
    expect(noChildren.json().message).toBe(messages.accounts.chooseChildren);
    // Never confirmed by its code: approving takes the second step.
    const payload = { childStudentIds: [green.studentIds[2]] };
    const unconfirmed = await t.call({ method: 'POST', url: paths.accounts.approve(late!.id), tenant: 'green', token: adminToken, payload });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toEqual({ success: false, message: messages.accounts.unconfirmedAddress, data: { unconfirmed: true } });
    expect((await accountOf('late.parent@example.in'))?.status).toBe('pending');
    const approve = await t.call({
      method: 'POST',
      url: paths.accounts.approve(late!.id),
      tenant: 'green',
      token: adminToken,
      payload: { ...payload, unconfirmed: true },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().message).toBe(messages.accounts.approved);
    const signedIn = await signIn('late.parent@example.in');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.profile.students.map((s: { studentId: string }) => s.studentId)).toEqual([green.studentIds[2]]);
    const again = await t.call({ method: 'POST', url: paths.accounts.approve(late!.id), tenant: 'green', token: adminToken, payload: { ...payload, unconfirmed: true } });
    expect(again.statusCode).toBe(409);
  });

  it('refuses approval links into another school and rejects cleanly', async () => {
    await register('other.student@example.in', 3);
    const account = await accountOf('other.student@example.in');
    const riverStudent = (await createSchoolFixture(t.database.db, 'third')).studentIds[0]!;
    const foreign = await t.call({
      method: 'POST',
      url: paths.accounts.approve(account!.id),
      tenant: 'green',
      token: adminToken,
      payload: { studentId: riverStudent },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await accountOf('other.student@example.in'))?.status).toBe('pending');

    const reject = await t.call({ method: 'POST', url: paths.accounts.reject(account!.id), tenant: 'green', token: adminToken });
    expect(reject.statusCode).toBe(200);
    const refused = await signIn('other.student@example.in');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.auth.rejected);
    // A rejected registration's code no longer confirms anything.
    const code = codeIn(await mailTo('other.student@example.in', 0));
    expect((await confirm('other.student@example.in', code)).statusCode).toBe(400);
    expect((await t.call({ method: 'POST', url: paths.accounts.reject('not-a-uuid'), tenant: 'green', token: adminToken })).statusCode).toBe(400);
  });
});
