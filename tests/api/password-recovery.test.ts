/**
 * Forgot password with a one-time code, read from a real SMTP sink on loopback: the code arrives by
 * mail, answers never reveal whether an address has an account, wrong and expired codes fail, a
 * code burns after five wrong tries, resends wait out a cooldown, and a reset ends older sessions.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { otpMaxTries, otpResendCooldownSeconds } from '../../contract/password';
import { paths } from '../../contract/paths';
import { users } from '../../server/db/core-tables';
import { passwordResetCodes } from '../../server/modules/password/tables';
import { hashPassword } from '../../server/module-kit/passwords';
import { resetGuessBudget } from '../../server/modules/password/reset-codes';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { codeOf, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let sink: SmtpSink;
let green: SchoolFixture;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ config: { smtp: sink.settings } });
  green = await createSchoolFixture(t.database.db, 'green', 'Green School');
  await createSchoolFixture(t.database.db, 'river', 'River School');
  await t.database.db.insert(users).values({
    id: crypto.randomUUID(),
    tenantId: 'green',
    username: 'pending@example.in',
    passwordHash: await hashPassword(fixturePassword),
    role: 'teacher',
    status: 'pending',
  });
  await t.database.db.insert(users).values({
    id: crypto.randomUUID(),
    tenantId: 'green',
    username: 'ravi2025@example.in',
    passwordHash: await hashPassword(fixturePassword),
    role: 'teacher',
    status: 'active',
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const post = (url: string, payload: object, tenant: string | undefined = 'green') =>
  t.call({ method: 'POST', url, tenant, payload });
const forgot = (email: string, tenant?: string) => post(paths.forgotPassword, { email }, tenant);
const verify = (email: string, otp: string) => post(paths.verifyOtp, { email, otp });

/** Requests a code for the address and returns it from the mail that arrives after `since`. */
async function requestCode(email: string): Promise<string> {
  const since = Date.now();
  const response = await forgot(email);
  expect(response.statusCode).toBe(200);
  const mail = await sink.waitFor((message) => message.to.includes(email) && message.receivedAt >= since);
  return codeOf(mail);
}

/** Lets the next request for this user issue a new code at once (as if the cooldown had passed). */
async function passCooldown(userId: string) {
  await t.database.db
    .update(passwordResetCodes)
    .set({ createdAt: new Date(Date.now() - (otpResendCooldownSeconds + 1) * 1000) })
    .where(eq(passwordResetCodes.userId, userId));
}

describe('POST /api/forgotPassword', () => {
  it('mails a 4-digit code over SMTP to an existing address', async () => {
    const response = await forgot('teacher@example.in');
    expect(response.json()).toMatchObject({ success: true, message: messages.recovery.codeSent });
    const mail = await sink.waitFor((message) => message.to.includes('teacher@example.in'));
    expect(mail.subject).toBe(messages.recovery.mailSubject);
    expect(mail.from).toBe('no-reply@kaksha.test');
    expect(codeOf(mail)).toMatch(/^\d{4}$/);
    expect(mail.body).toContain('Green School');
  });

  it('stores only a hash of the code', async () => {
    const code = codeOf(await sink.waitFor((message) => message.to.includes('teacher@example.in')));
    const rows = await t.database.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, green.accounts.teacher.id));
    expect(rows.length).toBeGreaterThan(0);
    // A hex digest may hold the code's digits by chance: the check is that no column is the code
    // and that the digest is not one anyone could recompute from the code alone (a keyed HMAC).
    const unkeyed = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const row of rows) {
      expect(Object.values(row).map(String)).not.toContain(code);
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect([unkeyed(code), unkeyed(`code:${row.id}:${code}`)]).not.toContain(row.codeHash);
    }
  });

  it('answers an unknown and a pending address exactly like a known one, and mails nothing to them', async () => {
    const known = await forgot('admin@example.in');
    const unknown = await forgot('nobody@example.in');
    const pending = await forgot('pending@example.in');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(pending.json()).toEqual(known.json());
    // Mail is sent after answering; once the known address's mail arrived, the others would have too.
    await sink.waitFor((message) => message.to.includes('admin@example.in'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.some((message) => message.to.includes('nobody@example.in'))).toBe(false);
    expect(sink.messages.some((message) => message.to.includes('pending@example.in'))).toBe(false);
  });

  it('validates the address with the spec messages and needs a school', async () => {
    expect((await post(paths.forgotPassword, { email: '' })).json().message).toBe(messages.forgotPassword.emailRequired);
    expect((await forgot('not-an-address')).json().message).toBe(messages.forgotPassword.emailInvalid);
    const noSchool = await forgot('teacher@example.in', '');
    expect(noSchool.statusCode).toBe(400);
    expect(noSchool.json().message).toBe(messages.tenant.missing);
  });

  it('sends no second code within the cooldown, and a new one replaces the old after it', async () => {
    const first = await requestCode('student@example.in');
    const count = sink.messages.length;
    expect((await forgot('student@example.in')).json().message).toBe(messages.recovery.codeSent);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.length).toBe(count);

    await passCooldown(green.accounts.student.id);
    let second = await requestCode('student@example.in');
    while (second === first) {
      await passCooldown(green.accounts.student.id);
      second = await requestCode('student@example.in');
    }
    expect((await verify('student@example.in', first)).statusCode).toBe(400);
    expect((await verify('student@example.in', second)).statusCode).toBe(200);
  });
});

describe('POST /api/verifyOtp and /api/resetPassword', () => {
  it('refuses a wrong code with the spec message, then accepts the right one once', async () => {
    const code = await requestCode('parent@example.in');
    const wrong = code === '0000' ? '1111' : '0000';
    const refused = await verify('parent@example.in', wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, message: messages.otp.invalid, data: null });
    const accepted = await verify('parent@example.in', code);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe(messages.recovery.codeVerified);
    expect(accepted.json().data.resetToken.length).toBeGreaterThan(30);
    expect((await verify('parent@example.in', code)).statusCode).toBe(400);
  });

  it('needs all four digits', async () => {
    const response = await verify('parent@example.in', '12');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.otp.incomplete);
  });

  it('answers an unknown address like a wrong code', async () => {
    const response = await verify('nobody@example.in', '1234');
    expect(response.json()).toEqual({ success: false, message: messages.otp.invalid, data: null });
  });

  it(`burns a code after ${otpMaxTries} wrong tries`, async () => {
    await passCooldown(green.accounts.admin.id);
    const code = await requestCode('admin@example.in');
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < otpMaxTries; i += 1) expect((await verify('admin@example.in', wrong)).statusCode).toBe(400);
    const late = await verify('admin@example.in', code);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(messages.otp.invalid);
  });

  it('refuses an expired code', async () => {
    await passCooldown(green.accounts.admin.id);
    const code = await requestCode('admin@example.in');
    await t.database.db
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(passwordResetCodes.userId, green.accounts.admin.id)));
    expect((await verify('admin@example.in', code)).json().message).toBe(messages.otp.invalid);
  });

  it('sets the new password, ends every older session, and works only once', async () => {
    const oldToken = await t.signIn('green', 'teacher@example.in', fixturePassword);
    const me = () => t.call({ method: 'GET', url: paths.classes.all, tenant: 'green', token: oldToken });
    expect((await me()).statusCode).toBe(200);

    await passCooldown(green.accounts.teacher.id);
    const code = await requestCode('teacher@example.in');
    const { resetToken } = (await verify('teacher@example.in', code)).json().data;

    const weak = await post(paths.resetPassword, { email: 'teacher@example.in', resetToken, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.fieldErrors.newPassword).toContain(messages.password.tooShort);
    const done = await post(paths.resetPassword, { email: 'teacher@example.in', resetToken, newPassword: 'Fresh-pass-42' });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(messages.recovery.passwordReset);

    const again = await post(paths.resetPassword, { email: 'teacher@example.in', resetToken, newPassword: 'Other-pass-43' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(messages.recovery.resetSessionExpired);

    expect((await me()).statusCode).toBe(401);
    await expect(t.signIn('green', 'teacher@example.in', fixturePassword)).rejects.toThrow();
    expect(await t.signIn('green', 'teacher@example.in', 'Fresh-pass-42')).toBeTruthy();
  });

  it('refuses the e-mail address itself as the new password', async () => {
    const code = await requestCode('ravi2025@example.in');
    const { resetToken } = (await verify('ravi2025@example.in', code)).json().data;
    const response = await post(paths.resetPassword, { email: 'ravi2025@example.in', resetToken, newPassword: 'Ravi2025@Example.in' });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fieldErrors.newPassword).toEqual([messages.password.notEmail]);
  });

  it('refuses a made-up reset token', async () => {
    const response = await post(paths.resetPassword, {
      email: 'admin@example.in',
      resetToken: 'x'.repeat(43),
      newPassword: 'Fresh-pass-42',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.recovery.resetSessionExpired);
  });

  it('keeps codes to their school', async () => {
    await passCooldown(green.accounts.student.id);
    const code = await requestCode('student@example.in');
    const other = await t.call({ method: 'POST', url: paths.verifyOtp, tenant: 'river', payload: { email: 'student@example.in', otp: code } });
    expect(other.statusCode).toBe(400);
  });
});

describe('the guess budget of an account', () => {
  it(`refuses codes after ${resetGuessBudget} wrong guesses, even the right one, until the school admin sets a new password`, async () => {
    const app = await createTestApp({ config: { smtp: sink.settings }, rateLimits: { resetPerAddress: 10_000, resetPerIp: 10_000 } });
    try {
      const lake = await createSchoolFixture(app.database.db, 'lake', 'Lake School');
      const email = 'teacher@example.in';
      const userId = lake.accounts.teacher.id;
      const call = (url: string, payload: object) => app.call({ method: 'POST', url, tenant: 'lake', payload });
      const codeRows = () => app.database.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
      const newCode = async () => {
        await app.database.db
          .update(passwordResetCodes)
          .set({ createdAt: new Date(Date.now() - (otpResendCooldownSeconds + 1) * 1000) })
          .where(eq(passwordResetCodes.userId, userId));
        const since = Date.now();
        expect((await call(paths.forgotPassword, { email })).statusCode).toBe(200);
        const mail = await sink.waitFor((message) => message.to.includes(email) && message.body.includes('Lake School') && message.receivedAt >= since);
        return codeOf(mail);
      };

      let spent = 0;
      let code = '';
      while (spent < resetGuessBudget) {
        code = await newCode();
        const wrong = code === '0000' ? '1111' : '0000';
        const tries = Math.min(otpMaxTries, resetGuessBudget - spent);
        for (let i = 0; i < tries; i += 1) expect((await call(paths.verifyOtp, { email, otp: wrong })).json().message).toBe(messages.otp.invalid);
        spent += tries;
      }
      // The last code still has tries left, yet the right entry is refused like any wrong one.
      expect(resetGuessBudget % otpMaxTries).not.toBe(0);
      const refused = await call(paths.verifyOtp, { email, otp: code });
      const unknown = await call(paths.verifyOtp, { email: 'nobody@example.in', otp: code });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toBe(unknown.body);

      // No new code is made, and the request is answered as for an address without an account.
      const rowsBefore = (await codeRows()).length;
      await app.database.db
        .update(passwordResetCodes)
        .set({ createdAt: new Date(Date.now() - (otpResendCooldownSeconds + 1) * 1000) })
        .where(eq(passwordResetCodes.userId, userId));
      const locked = await call(paths.forgotPassword, { email });
      expect(locked.body).toBe((await call(paths.forgotPassword, { email: 'nobody@example.in' })).body);
      expect((await codeRows()).length).toBe(rowsBefore);

      // The school admin's reset on /admin/accounts is the way back in, and lifts the lock.
      const adminToken = await app.signIn('lake', 'admin@example.in', fixturePassword);
      const reset = await app.call({
        method: 'POST',
        url: paths.accounts.resetPassword(userId),
        tenant: 'lake',
        token: adminToken,
        payload: { newPassword: 'Given-by-admin-7' },
      });
      expect(reset.statusCode).toBe(200);
      expect(await codeRows()).toEqual([]);
      const fresh = await newCode();
      const accepted = await call(paths.verifyOtp, { email, otp: fresh });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().message).toBe(messages.recovery.codeVerified);
    } finally {
      await app.close();
    }
  });
});

describe('rate limits', () => {
  it('limit requests per address (known or not) and per client address', async () => {
    const limited = await createTestApp({ config: { smtp: sink.settings }, rateLimits: { resetPerAddress: 3, resetPerIp: 5 } });
    try {
      await createSchoolFixture(limited.database.db, 'green');
      const send = (email: string, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: paths.forgotPassword,
          headers: { 'x-tenantid': 'green' },
          payload: { email },
          remoteAddress: ip,
        });
      for (const email of ['admin@example.in', 'ghost@example.in']) {
        for (let i = 0; i < 3; i += 1) expect((await send(email, `198.51.100.${i + (email.startsWith('a') ? 1 : 10)}`)).statusCode).toBe(200);
        const blocked = await send(email, '198.51.100.99');
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().message).toMatch(/^Too many password reset requests/);
      }
      for (let i = 0; i < 5; i += 1) expect((await send(`p${i}@example.in`, '192.0.2.1')).statusCode).toBe(200);
      expect((await send('p9@example.in', '192.0.2.1')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
