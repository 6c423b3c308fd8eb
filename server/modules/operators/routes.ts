/**
 * Operator sign-in: no school involved. Rate limited per client address, and failures per username
 * and address and per username, like a school sign-in; the answer to a wrong username and to a
 * wrong password is the same.
 */
import type { FastifyRequest } from 'fastify';
import { messages } from '../../../contract/messages';
import { type OperatorSession, operatorSessionSchema, operatorSignInSchema } from '../../../contract/operator';
import { paths, routeOf } from '../../../contract/paths';
import { AppError } from '../../errors';
import { sendEnvelope } from '../../plugins/errors';
import { signInFailureLimits } from '../../plugins/failure-limits';
import { FixedWindowLimiter, rateLimitBy } from '../../plugins/rate-limit';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok } from '../../module-kit/responses';
import { verifyPassword } from '../../module-kit/passwords';
import { findOperator, noteSignIn } from './repository';
import { signOperatorToken } from './tokens';

function usernameOf(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
}

export const operatorRoutes: ZodPlugin = async (app) => {
  const { signInPerIp, windowMs } = app.config.rateLimits;
  const limits = rateLimitBy(
    [{ limiter: new FixedWindowLimiter('operator-sign-in:ip', { max: signInPerIp, windowMs }), key: (request) => request.ip }],
    () => messages.auth.tooManyAttempts,
  );
  const countFailure = signInFailureLimits(app, 'operator-sign-in', usernameOf);

  app.post(
    routeOf(paths.operatorSignIn),
    { config: { access: 'global' }, schema: { response: ok(operatorSessionSchema), body: operatorSignInSchema }, preHandler: limits },
    async (request, reply) => {
      const { username, password } = request.body;
      const attempt = await countFailure(request, reply);
      const operator = await findOperator(app.db, username);
      const ok = await verifyPassword(operator?.passwordHash, password);
      if (!operator || !ok) throw new AppError(401, messages.auth.badCredentials);
      await attempt.forgive();
      await noteSignIn(app.db, operator.id);
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
