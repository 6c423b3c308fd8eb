/** Sign-in, session renewal, registration (registration-routes.ts) and the device push token (spec section 7). */
import { and, eq, sql } from 'drizzle-orm';
import { fcmTokenRemoveSchema, fcmTokenRequestSchema, loginDataSchema, loginRequestSchema, refreshDataSchema } from '../../../contract/auth';
import { messages } from '../../../contract/messages';
import { paths, routeOf } from '../../../contract/paths';
import { users } from '../../db/core-tables';
import { deviceTokens } from '../notifications/tables';
import { AppError, forbidden, unauthorized } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok, okEmpty } from '../../module-kit/responses';
import { verifyPassword } from '../../module-kit/passwords';
import { languageRoutes } from './language-routes';
import { buildLoginProfile } from './profile';
import { registrationRoutes } from './registration-routes';
import { schoolSignInFailures, signInLimits } from './sign-in-limits';

const statusMessages = {
  pending: messages.auth.pendingApproval,
  rejected: messages.auth.rejected,
  inactive: messages.auth.inactive,
} as const;

export const authRoutes: ZodPlugin = async (app) => {
  const countFailure = schoolSignInFailures(app);
  app.post(
    routeOf(paths.authUser),
    {
      config: { access: 'tenant' },
      schema: { response: ok(loginDataSchema), body: loginRequestSchema },
      preHandler: signInLimits(app),
    },
    async (request, reply) => {
      const school = tenantOf(request);
      const { username, password } = request.body;
      const attempt = await countFailure(request, reply);
      const [user] = await app.db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, school.tenantId), eq(users.username, username)));
      const passwordOk = await verifyPassword(user?.passwordHash, password);
      if (!user || !passwordOk) throw new AppError(401, messages.auth.badCredentials);
      await attempt.forgive();
      if (user.status !== 'active') throw new AppError(403, statusMessages[user.status], { status: user.status });

      const profile = await buildLoginProfile(app.db, school, user);
      const jwtToken = await app.tokens.sign({
        userId: user.id,
        username: user.username,
        role: user.role,
        tenantId: school.tenantId,
        tokenVersion: user.tokenVersion,
      });
      return sendEnvelope(reply, 200, messages.auth.loginSuccessServer, { jwtToken, profile, language: user.language });
    },
  );

  // Not a write of school data: a repeat simply issues another token.
  app.post(routeOf(paths.refresh), { config: { access: 'signedIn', idempotency: 'exempt' }, schema: { response: ok(refreshDataSchema) } }, async (request, reply) => {
    const user = userOf(request);
    const [row] = await app.db
      .select({ tokenVersion: users.tokenVersion, language: users.language })
      .from(users)
      .where(and(eq(users.tenantId, user.tenantId), eq(users.id, user.id)));
    if (!row) throw unauthorized();
    const jwtToken = await app.tokens.sign({
      userId: user.id,
      username: user.username,
      role: user.role,
      tenantId: user.tenantId,
      tokenVersion: row.tokenVersion,
    });
    return sendEnvelope(reply, 200, messages.auth.refreshed, { jwtToken, language: row.language });
  });

  // Registration and its code step: registration-routes.ts.
  await app.register(registrationRoutes);
  await app.register(languageRoutes);

  app.post(
    routeOf(paths.updateFcmToken),
    // Idempotent by nature (registers this device's token), and not school data. One row per
    // device: a token registered again by another user moves to them (docs/decisions.md
    // "Notifications and push").
    { config: { access: 'signedIn', idempotency: 'exempt' }, schema: { response: okEmpty, body: fcmTokenRequestSchema } },
    async (request, reply) => {
      const user = userOf(request);
      if (request.body.username !== user.username) throw forbidden();
      const token = request.body.fcmToken;
      await app.db
        .insert(deviceTokens)
        .values({ token, tenantId: user.tenantId, userId: user.id })
        .onConflictDoUpdate({ target: deviceTokens.token, set: { tenantId: user.tenantId, userId: user.id, updatedAt: sql`now()` } });
      return sendEnvelope(reply, 200, messages.fcm.saved, null);
    },
  );

  app.post(
    routeOf(paths.removeFcmToken),
    // Sign-out: this device stops receiving the user's pushes. Removing a token that is not the
    // user's (or is gone already) changes nothing and answers the same.
    { config: { access: 'signedIn', idempotency: 'exempt' }, schema: { response: okEmpty, body: fcmTokenRemoveSchema } },
    async (request, reply) => {
      const user = userOf(request);
      await app.db
        .delete(deviceTokens)
        .where(and(eq(deviceTokens.token, request.body.fcmToken), eq(deviceTokens.tenantId, user.tenantId), eq(deviceTokens.userId, user.id)));
      return sendEnvelope(reply, 200, messages.fcm.removed, null);
    },
  );

};
