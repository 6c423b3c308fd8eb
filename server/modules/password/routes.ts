/**
 * Account recovery (spec: forgot password, a 4-digit one-time code, verify, resend) and changing a
 * password while signed in. Recovery answers never say whether an address has an account: the
 * request always gets the same answer, the mail leaves in the background, and every failed
 * verification reads 'Invalid OTP. Please try again.' A reset or a change ends every older session.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { messages } from '../../../contract/messages';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  otpResendCooldownSeconds,
  otpTtlSeconds,
  passwordProblems,
  resetPasswordRequestSchema,
  verifyOtpRequestSchema,
} from '../../../contract/password';
import { passwordResetCodes, users } from '../../db/schema';
import { AppError, ValidationFailed, badRequest, unauthorized } from '../../errors';
import { createMailer } from '../../mail/mailer';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { FixedWindowLimiter, rateLimitBy } from '../../plugins/rate-limit';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { findResetRecord, issueCode, resetTokenTtlSeconds, verifyCode } from './codes';
import { resetCodeMail } from './mail';

function addressOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `${request.tenant?.tenantId ?? '-'}:${email}`;
}

export const passwordRoutes: ZodPlugin = async (app) => {
  const { resetPerIp, resetPerAddress, resetWindowMs, signInPerUsername, windowMs } = app.config.rateLimits;
  const limiter = (max: number, window: number) => new FixedWindowLimiter({ max, windowMs: window });
  const recoveryLimits = () =>
    rateLimitBy(
      [
        { limiter: limiter(resetPerIp, resetWindowMs), key: (request) => request.ip },
        { limiter: limiter(resetPerAddress, resetWindowMs), key: addressOf },
      ],
      messages.recovery.tooManyRequests,
    );
  const changeLimit = rateLimitBy(
    [{ limiter: limiter(signInPerUsername, windowMs), key: (request) => `${request.tenant?.tenantId}:${request.user?.id}` }],
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

  async function activeUser(tenantId: string, email: string) {
    const [user] = await app.db
      .select({ id: users.id, username: users.username, status: users.status })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.username, email)));
    return user?.status === 'active' ? user : undefined;
  }

  app.post(
    '/forgotPassword',
    { config: { access: 'tenant' }, schema: { body: forgotPasswordRequestSchema }, preHandler: recoveryLimits() },
    async (request, reply) => {
      const school = tenantOf(request);
      const user = await activeUser(school.tenantId, request.body.email);
      if (user) {
        const result = await issueCode(app.db, app.keys.resetCode, school.tenantId, user.id);
        if (result.issued) {
          const delivery = mailer
            .send(resetCodeMail(user.username, school.schoolName, result.code))
            .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'))
            .finally(() => sending.delete(delivery));
          sending.add(delivery);
        }
      }
      return sendEnvelope(reply, 200, messages.recovery.codeSent, {
        expiresInSeconds: otpTtlSeconds,
        resendAfterSeconds: otpResendCooldownSeconds,
      });
    },
  );

  app.post(
    '/verifyOtp',
    { config: { access: 'tenant' }, schema: { body: verifyOtpRequestSchema }, preHandler: recoveryLimits() },
    async (request, reply) => {
      const school = tenantOf(request);
      const user = await activeUser(school.tenantId, request.body.email);
      const result = user
        ? await verifyCode(app.db, app.keys.resetCode, school.tenantId, user.id, request.body.otp)
        : { ok: false as const };
      if (!result.ok) throw badRequest(messages.otp.invalid);
      return sendEnvelope(reply, 200, messages.recovery.codeVerified, {
        resetToken: result.resetToken,
        expiresInSeconds: resetTokenTtlSeconds,
      });
    },
  );

  app.post(
    '/resetPassword',
    { config: { access: 'tenant' }, schema: { body: resetPasswordRequestSchema }, preHandler: recoveryLimits() },
    async (request, reply) => {
      const school = tenantOf(request);
      const { email, resetToken, newPassword } = request.body;
      const user = await activeUser(school.tenantId, email);
      const record = user && (await findResetRecord(app.db, app.keys.resetCode, school.tenantId, user.id, resetToken));
      if (!user || !record) throw badRequest(messages.recovery.resetSessionExpired);
      const problems = passwordProblems(newPassword, { email: user.username });
      if (problems.length > 0) throw new ValidationFailed(problems.join(' '), { newPassword: problems });

      const passwordHash = await hashPassword(newPassword);
      await app.db.transaction(async (tx) => {
        const consumed = await tx
          .update(passwordResetCodes)
          .set({ consumedAt: new Date() })
          .where(and(eq(passwordResetCodes.id, record.id), isNull(passwordResetCodes.consumedAt)))
          .returning({ id: passwordResetCodes.id });
        if (consumed.length === 0) throw badRequest(messages.recovery.resetSessionExpired);
        await tx
          .update(passwordResetCodes)
          .set({ consumedAt: new Date() })
          .where(
            and(
              eq(passwordResetCodes.tenantId, school.tenantId),
              eq(passwordResetCodes.userId, user.id),
              ne(passwordResetCodes.id, record.id),
              isNull(passwordResetCodes.consumedAt),
            ),
          );
        await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(and(eq(users.tenantId, school.tenantId), eq(users.id, user.id)));
      });
      request.log.info({ userId: user.id }, 'password reset; older sessions ended');
      return sendEnvelope(reply, 200, messages.recovery.passwordReset, null);
    },
  );

  app.post(
    '/changePassword',
    // Exempt from Idempotency-Key: credentials, not school data; a stored answer must not hold a token.
    { config: { access: 'signedIn', idempotency: 'exempt' }, schema: { body: changePasswordRequestSchema }, preHandler: changeLimit },
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
      const [updated] = await app.db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(and(eq(users.tenantId, user.tenantId), eq(users.id, user.id)))
        .returning({ tokenVersion: users.tokenVersion });
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
