/**
 * Account recovery (spec: forgot password, a 4-digit one-time code, verify, resend) and changing a
 * password while signed in. Recovery answers never say whether an address has an account: the
 * request always gets the same answer after the same database work (reset-codes.ts), no sooner than
 * a fixed floor, the mail leaves after the answer, and every failed verification reads 'Invalid OTP.
 * Please try again.' Each account has a budget of wrong guesses (reset-codes.ts). A reset or a
 * change ends every older session.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { messages } from '../../../contract/messages';
import { paths, routeOf } from '../../../contract/paths';
import { codeSentDataSchema } from '../../../contract/registration';
import {
  changePasswordDataSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  otpResendCooldownSeconds,
  otpTtlSeconds,
  passwordProblems,
  resetPasswordRequestSchema,
  verifyOtpDataSchema,
  verifyOtpRequestSchema,
} from '../../../contract/password';
import { users } from '../../db/core-tables';
import { requestLanguage } from '../../i18n/request-language';
import { AppError, ValidationFailed, badRequest, unauthorized } from '../../errors';
import { createMailer, type MailMessage } from '../../mail/mailer';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { FixedWindowLimiter, rateLimitBy } from '../../plugins/rate-limit';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok, okEmpty } from '../../module-kit/responses';
import { hashPassword, verifyPassword } from '../../module-kit/passwords';
import { resetTokenTtlSeconds } from './codes';
import { resetCodeMail } from './mail';
import { clearResetCodes, consumeResetRecord, findResetRecord, issueResetCode, verifyResetCode } from './reset-codes';

/**
 * Recovery answers leave no sooner than this after the request arrived. A known address costs a
 * write (a code stored, a guess counted) that an unknown one does not; on embedded PGlite under load
 * that difference alone let a timing classifier tell the two apart 70 % of the time
 * (tests/api/password-recovery-uniform.test.ts). Held in onSend, after the answer is serialized, so
 * the limits' checks, the work and building the answer all fall inside it (session 11: a floor
 * counted from the handler's start, ended before the answer was built, still let the classifier
 * reach 68.5 % on PostgreSQL in the full suite). The whole request takes 5-8 ms on an idle machine.
 */
export const recoveryAnswerFloorMs = 30;

const arrivals = new WeakMap<FastifyRequest, number>();

/** Waits until `deadline` (performance.now() time) to within a loop turn, not to a timer's millisecond. */
async function waitUntil(deadline: number): Promise<void> {
  const left = deadline - performance.now();
  if (left > 2) await sleep(left - 2);
  while (performance.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
}

/** Route hooks that hold a recovery answer (its refusals included) until the floor has passed. */
const answerFloor = {
  onRequest: async (request: FastifyRequest) => {
    arrivals.set(request, performance.now());
  },
  onSend: async <T>(request: FastifyRequest, _reply: unknown, payload: T): Promise<T> => {
    const arrived = arrivals.get(request);
    if (arrived !== undefined) await waitUntil(arrived + recoveryAnswerFloorMs);
    return payload;
  },
};

function addressOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `${request.tenant?.tenantId ?? '-'}:${email}`;
}

export const passwordRoutes: ZodPlugin = async (app) => {
  const { resetPerIp, resetPerAddress, resetWindowMs, signInPerUserAddress, windowMs } = app.config.rateLimits;
  const limiter = (name: string, max: number, window: number) => new FixedWindowLimiter(name, { max, windowMs: window });
  // Each recovery step counts on its own, as it always has.
  const recoveryLimits = (step: string) =>
    rateLimitBy(
      [
        { limiter: limiter(`recovery-${step}:ip`, resetPerIp, resetWindowMs), key: (request) => request.ip },
        { limiter: limiter(`recovery-${step}:address`, resetPerAddress, resetWindowMs), key: addressOf },
      ],
      messages.recovery.tooManyRequests,
    );
  // One signed-in user guessing their current password: the bound of one user's failures from one address.
  const changeLimit = rateLimitBy(
    [{ limiter: limiter('change-password:user', signInPerUserAddress, windowMs), key: (request) => `${request.tenant?.tenantId}:${request.user?.id}` }],
    () => messages.password.tooManyAttempts,
  );

  const mailer = createMailer(app.config.smtp, app.config.production, app.log);
  if (mailer.kind !== 'smtp') {
    app.log.warn(
      mailer.kind === 'log'
        ? 'SMTP is not configured: password reset codes are printed to this log (development only)'
        : 'SMTP is not configured: password reset e-mails cannot be sent (set SMTP_HOST, see README)',
    );
  }
  const sending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...sending]);
    mailer.close();
  });

  /**
   * Mail is written and leaves after the answer, so neither adds to the time of a known address's
   * request (nor to what it allocates before its answer).
   */
  function sendLater(log: FastifyRequest['log'], message: () => MailMessage) {
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => mailer.send(message()))
      .catch((error: unknown) => log.error({ err: error }, 'password reset mail failed'))
      .finally(() => sending.delete(delivery));
    sending.add(delivery);
  }

  app.post(
    routeOf(paths.forgotPassword),
    {
      config: { access: 'tenant' },
      schema: { response: ok(codeSentDataSchema), body: forgotPasswordRequestSchema },
      ...answerFloor,
      preHandler: recoveryLimits('forgot'),
    },
    async (request, reply) => {
      const school = tenantOf(request);
      const result = await issueResetCode(app.db, app.keys.resetCode, school.tenantId, request.body.email);
      // The account's language, else the one the request came in (read either way, so it costs the same).
      const language = requestLanguage(request);
      if (result.issued) sendLater(request.log, () => resetCodeMail(result.username, school.schoolName, result.code, result.language ?? language));
      return sendEnvelope(reply, 200, messages.recovery.codeSent, {
        expiresInSeconds: otpTtlSeconds,
        resendAfterSeconds: otpResendCooldownSeconds,
      });
    },
  );

  app.post(
    routeOf(paths.verifyOtp),
    {
      config: { access: 'tenant' },
      schema: { response: ok(verifyOtpDataSchema), body: verifyOtpRequestSchema },
      ...answerFloor,
      preHandler: recoveryLimits('verify'),
    },
    async (request, reply) => {
      const school = tenantOf(request);
      const result = await verifyResetCode(app.db, app.keys.resetCode, school.tenantId, request.body.email, request.body.otp);
      if (!result.ok) throw badRequest(messages.otp.invalid);
      return sendEnvelope(reply, 200, messages.recovery.codeVerified, {
        resetToken: result.resetToken,
        expiresInSeconds: resetTokenTtlSeconds,
      });
    },
  );

  app.post(
    routeOf(paths.resetPassword),
    { config: { access: 'tenant' }, schema: { response: okEmpty, body: resetPasswordRequestSchema }, preHandler: recoveryLimits('reset') },
    async (request, reply) => {
      const school = tenantOf(request);
      const { email, resetToken, newPassword } = request.body;
      const record = await findResetRecord(app.db, app.keys.resetCode, school.tenantId, email, resetToken);
      if (!record) throw badRequest(messages.recovery.resetSessionExpired);
      const problems = passwordProblems(newPassword, { email: record.username });
      if (problems.length > 0) throw new ValidationFailed(problems.join(' '), { newPassword: problems });

      const passwordHash = await hashPassword(newPassword);
      await app.db.transaction(async (tx) => {
        if (!(await consumeResetRecord(tx, school.tenantId, record.userId, record.id))) {
          throw badRequest(messages.recovery.resetSessionExpired);
        }
        await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(and(eq(users.tenantId, school.tenantId), eq(users.id, record.userId)));
      });
      request.log.info({ userId: record.userId }, 'password reset; older sessions ended');
      return sendEnvelope(reply, 200, messages.recovery.passwordReset, null);
    },
  );

  app.post(
    routeOf(paths.changePassword),
    // Exempt from Idempotency-Key: credentials, not school data; a stored answer must not hold a token.
    { config: { access: 'signedIn', idempotency: 'exempt' }, schema: { response: ok(changePasswordDataSchema), body: changePasswordRequestSchema }, preHandler: changeLimit },
    async (request, reply) => {
      const user = userOf(request);
      const { currentPassword, newPassword } = request.body;
      const [row] = await app.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(and(eq(users.tenantId, user.tenantId), eq(users.id, user.id)));
      if (!row) throw unauthorized();
      // 400, not 401: a wrong current password must not look like an ended session to the client.
      if (!(await verifyPassword(row.passwordHash, currentPassword))) {
        throw new AppError(400, messages.password.currentWrong, { fieldErrors: { currentPassword: [messages.password.currentWrong] } });
      }
      const problems = passwordProblems(newPassword, { email: user.username, current: currentPassword });
      if (problems.length > 0) throw new ValidationFailed(problems.join(' '), { newPassword: problems });

      const passwordHash = await hashPassword(newPassword);
      const [updated] = await app.db.transaction(async (tx) => {
        await clearResetCodes(tx, user.tenantId, user.id);
        return tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(and(eq(users.tenantId, user.tenantId), eq(users.id, user.id)))
          .returning({ tokenVersion: users.tokenVersion });
      });
      if (!updated) throw unauthorized();
      const jwtToken = await app.tokens.sign({
        userId: user.id,
        username: user.username,
        role: user.role,
        tenantId: user.tenantId,
        tokenVersion: updated.tokenVersion,
      });
      return sendEnvelope(reply, 200, messages.password.changed, { jwtToken });
    },
  );
};
