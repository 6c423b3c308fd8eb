/**
 * Operator sign-in: no school involved. Rate limited per client address and per username like a
 * school sign-in; the answer to a wrong username and to a wrong password is the same.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { messages } from '../../../contract/messages';
import { type OperatorSession, operatorSessionSchema, operatorSignInSchema } from '../../../contract/operator';
import { paths, routeOf } from '../../../contract/paths';
import { operators } from '../../db/schema';
import { AppError } from '../../errors';
import { sendEnvelope } from '../../plugins/errors';
import { FixedWindowLimiter, rateLimitBy } from '../../plugins/rate-limit';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok } from '../../module-kit/responses';
import { verifyPassword } from '../auth/passwords';
import { findOperator } from './repository';
import { signOperatorToken } from './tokens';

function usernameOf(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
}

export const operatorRoutes: ZodPlugin = async (app) => {
  const { signInPerIp, signInPerUsername, windowMs } = app.config.rateLimits;
  const limits = rateLimitBy(
    [
      { limiter: new FixedWindowLimiter('operator-sign-in:ip', { max: signInPerIp, windowMs }), key: (request) => request.ip },
      { limiter: new FixedWindowLimiter('operator-sign-in:user', { max: signInPerUsername, windowMs }), key: usernameOf },
    ],
    () => messages.auth.tooManyAttempts,
  );

  app.post(
    routeOf(paths.operatorSignIn),
    { config: { access: 'global' }, schema: { response: ok(operatorSessionSchema), body: operatorSignInSchema }, preHandler: limits },
    async (request, reply) => {
      const { username, password } = request.body;
      const operator = await findOperator(app.db, username);
      const ok = await verifyPassword(operator?.passwordHash, password);
      if (!operator || !ok) throw new AppError(401, messages.auth.badCredentials);
      await app.db.update(operators).set({ lastSignInAt: new Date() }).where(eq(operators.id, operator.id));
      const { token, expiresAt } = await signOperatorToken(app.keys.operatorToken, app.config.operatorTokenTtlSeconds, {
        operatorId: operator.id,
        username: operator.username,
        tokenVersion: operator.tokenVersion,
      });
      const data: OperatorSession = { jwtToken: token, username: operator.username, expiresAt };
      return sendEnvelope(reply, 200, messages.operators.signedIn, data);
    },
  );
};
