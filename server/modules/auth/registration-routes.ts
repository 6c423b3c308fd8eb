/**
 * POST /Register and its code step (docs/decisions.md, "Hardening"). The register answer
 * depends only on the request and on whether this server can mail: never on whether the address
 * already has an account or is on a school record. Codes and mails go out after the answer, like
 * recovery's, so their time does not show either.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRequestSchema } from '../../../contract/auth';
import { messages } from '../../../contract/messages';
import { otpResendCooldownSeconds, otpTtlSeconds } from '../../../contract/password';
import {
  codeSentDataSchema,
  type ConfirmRegistrationData,
  confirmRegistrationDataSchema,
  confirmRegistrationRequestSchema,
  type RegisterData,
  registerDataSchema,
  registrationCodeLength,
  registrationCodesPerAccount,
  type RegistrationCodeStep,
  resendRegistrationCodeRequestSchema,
} from '../../../contract/registration';
import { roleFromCode, type RoleName } from '../../../contract/roles';
import { paths, routeOf } from '../../../contract/paths';
import type { LanguageCode } from '../../../contract/languages';
import { users } from '../../db/core-tables';
import { requestLanguage } from '../../i18n/request-language';
import { badRequest } from '../../errors';
import { createMailer, type MailMessage } from '../../mail/mailer';
import { tenantOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { FixedWindowLimiter, rateLimitBy } from '../../plugins/rate-limit';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { created, ok } from '../../module-kit/responses';
import { verifyPassword } from '../../module-kit/passwords';
import { linkConfirmedAccount, registerAccount } from './registration';
import { claimableStatuses, claimByPassword, countRegistration, recordClaim, reviewOf } from './registration-claims';
import { confirmRegistration, issueClaimCode, issueRegistrationCode } from './registration-codes';
import { claimNoticeMail, existingAccountMail, registrationCodeMail } from './registration-mail';
import { registrationLimit } from './sign-in-limits';

const codeStep: RegistrationCodeStep = {
  length: registrationCodeLength,
  expiresInSeconds: otpTtlSeconds,
  resendAfterSeconds: otpResendCooldownSeconds,
  maxCodes: registrationCodesPerAccount,
};

function addressOf(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
  return `${request.tenant?.tenantId ?? '-'}:${username}`;
}

/** Per client and per address, with recovery's numbers (RESET_LIMIT_PER_IP / _PER_ADDRESS); each step counts apart. */
function codeLimits(app: FastifyInstance, step: 'register' | 'confirm' | 'resend') {
  const { resetPerIp, resetPerAddress, resetWindowMs } = app.config.rateLimits;
  const limiter = (scope: string, max: number) => new FixedWindowLimiter(`registration-${step}:${scope}`, { max, windowMs: resetWindowMs });
  return rateLimitBy(
    [
      { limiter: limiter('ip', resetPerIp), key: (request) => request.ip },
      { limiter: limiter('address', resetPerAddress), key: addressOf },
    ],
    messages.common.rateLimited,
  );
}

export const registrationRoutes: ZodPlugin = async (app) => {
  // The recovery notion of "mail works": SMTP, or in development the log; production without SMTP
  // drops mail, so registrations there skip the code step and wait for an admin.
  const mailer = createMailer(app.config.smtp, app.config.production, app.log);
  const mails = mailer.kind !== 'disabled';
  if (!mails) app.log.warn('SMTP is not configured: registrations wait for an admin (no confirmation codes)');
  const background = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...background]);
    mailer.close();
  });

  /** Runs the work after the answer; failures are logged, never shown. */
  function afterAnswer(request: FastifyRequest, work: () => Promise<MailMessage | undefined>) {
    const task = work()
      .then((mail) => (mail ? mailer.send(mail) : undefined))
      .catch((error: unknown) => request.log.error({ err: error }, 'registration mail failed'))
      .finally(() => background.delete(task));
    background.add(task);
  }

  /**
   * A mail's language (docs/i18n.md "Texts the server writes"): the account's own, read with the
   * account by the statements that find it anyway, else the one the request came in.
   */
  const codeMail = async (tenantId: string, schoolName: string, userId: string, username: string, role: RoleName, language: LanguageCode) => {
    const result = await issueRegistrationCode(app.db, app.keys.resetCode, tenantId, userId);
    return result.issued ? registrationCodeMail(username, schoolName, role, result.code, language) : undefined;
  };

  /** A competing claim's code, mailed to the address like any registration's. */
  const claimCodeMail = async (claimId: string, schoolName: string, username: string, role: RoleName, language: LanguageCode) => {
    if (!mails) return undefined;
    if (role === 'admin') return claimNoticeMail(username, schoolName, language);
    const result = await issueClaimCode(app.db, app.keys.resetCode, claimId);
    return result.issued ? registrationCodeMail(username, schoolName, role, result.code, language, { competing: true }) : undefined;
  };

  /** After the answer: keeps a registration competing with an unconfirmed account (its own hash, its own code). */
  const claimAccount = async (
    tenantId: string,
    schoolName: string,
    userId: string,
    username: string,
    role: RoleName,
    passwordHash: string,
    language: LanguageCode,
  ) => {
    const claimId = await recordClaim(app.db, tenantId, userId, role, passwordHash, randomUUID());
    if (claimId) return claimCodeMail(claimId, schoolName, username, role, language);
    // Confirmed or settled meanwhile: like any other account.
    return mails ? existingAccountMail(username, schoolName, language) : undefined;
  };

  async function pendingAccount(tenantId: string, username: string, password: string) {
    const [user] = await app.db
      .select({ id: users.id, username: users.username, role: users.role, status: users.status, passwordHash: users.passwordHash, language: users.language })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.username, username)));
    const passwordOk = await verifyPassword(user?.passwordHash, password);
    return user && passwordOk && user.status === 'pending' && user.role !== 'admin' ? user : undefined;
  }

  async function claimOf(tenantId: string, username: string, password: string) {
    const [user] = await app.db
      .select({ id: users.id, language: users.language })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.username, username), inArray(users.status, [...claimableStatuses])));
    if (!user || (await reviewOf(app.db, tenantId, user.id)).addressConfirmed) return undefined;
    const claim = await claimByPassword(app.db, tenantId, user.id, password);
    return claim && { ...claim, language: user.language };
  }

  app.post(
    routeOf(paths.register),
    {
      config: { access: 'tenant' },
      schema: { response: created(registerDataSchema), body: registerRequestSchema },
      preHandler: [registrationLimit(app), codeLimits(app, 'register')],
    },
    async (request, reply) => {
      const school = tenantOf(request);
      const outcome = await registerAccount(app.db, school.tenantId, request.body);
      const role = roleFromCode(request.body.role.id) as RoleName;
      const step = mails && role !== 'admin' ? codeStep : null;
      const { username } = request.body;
      const requested = requestLanguage(request);

      if (outcome.kind === 'created' && step) {
        afterAnswer(request, () => codeMail(school.tenantId, school.schoolName, outcome.userId, username, role, requested));
      } else if (outcome.kind === 'existing') {
        // Registering again with the same password and role is the registrant coming back to the
        // code step (a reload, a lost mail). Anyone else's registration of an address never
        // confirmed is kept as a claim with its own code (registration-claims.ts); of any other
        // account it is counted (while pending) and only makes the owner get a notice.
        const same = outcome.status === 'pending' && outcome.role === role && outcome.samePassword;
        const claimable = !same && (claimableStatuses as readonly string[]).includes(outcome.status) && !outcome.addressConfirmed;
        const { tenantId, schoolName } = school;
        const language = outcome.language ?? requested;
        if (same && step) {
          afterAnswer(request, () => codeMail(tenantId, schoolName, outcome.userId, username, role, language));
        } else if (claimable) {
          afterAnswer(request, () => claimAccount(tenantId, schoolName, outcome.userId, username, role, outcome.passwordHash, language));
        } else if (!same) {
          afterAnswer(request, async () => {
            if (outcome.status === 'pending') await countRegistration(app.db, tenantId, outcome.userId);
            return mails ? existingAccountMail(username, schoolName, language) : undefined;
          });
        }
      }
      const data: RegisterData = { status: 'pending', role, codeStep: step };
      return sendEnvelope(reply, 201, step ? messages.register.codeSent : messages.register.successPending, data);
    },
  );

  app.post(
    routeOf(paths.registerConfirm),
    { config: { access: 'tenant' }, schema: { response: ok(confirmRegistrationDataSchema), body: confirmRegistrationRequestSchema }, preHandler: codeLimits(app, 'confirm') },
    async (request, reply) => {
      const school = tenantOf(request);
      const { username, password, code } = request.body;
      // The password binds the code to its registration: an owner who got a code for someone
      // else's registration of their address cannot activate that account from their own screen;
      // their own registration's code makes the account theirs (registration-codes.ts).
      const account = await confirmRegistration(app.db, app.keys.resetCode, school.tenantId, username, password, code);
      if (!account) throw badRequest(messages.otp.invalid);
      const status = await linkConfirmedAccount(app.db, school.tenantId, account);
      request.log.info({ userId: account.id, status }, 'registration confirmed by mailed code');
      const data: ConfirmRegistrationData = { status };
      return sendEnvelope(reply, 200, status === 'active' ? messages.register.successActive : messages.register.confirmedPending, data);
    },
  );

  app.post(
    routeOf(paths.registerResendCode),
    { config: { access: 'tenant' }, schema: { response: ok(codeSentDataSchema), body: resendRegistrationCodeRequestSchema }, preHandler: codeLimits(app, 'resend') },
    async (request, reply) => {
      const school = tenantOf(request);
      const { username, password } = request.body;
      const account = await pendingAccount(school.tenantId, username, password);
      const requested = requestLanguage(request);
      if (account && mails) {
        afterAnswer(request, () => codeMail(school.tenantId, school.schoolName, account.id, account.username, account.role, account.language ?? requested));
      } else if (mails) {
        // Perhaps a competing claim's registrant: found by password after the answer (one check per claim).
        afterAnswer(request, async () => {
          const claim = await claimOf(school.tenantId, username, password);
          return claim ? claimCodeMail(claim.id, school.schoolName, username, claim.role, claim.language ?? requested) : undefined;
        });
      }
      return sendEnvelope(reply, 200, messages.register.codeResent, {
        expiresInSeconds: otpTtlSeconds,
        resendAfterSeconds: otpResendCooldownSeconds,
      });
    },
  );
};
