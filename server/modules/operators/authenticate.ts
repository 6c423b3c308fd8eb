/** Who is calling an operator route: a valid operator token whose session version still holds. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operators } from './tables';
import { unauthorized } from '../../errors';
import type { OperatorUser } from '../../types';
import { verifyOperatorToken } from './tokens';

export async function authenticateOperator(app: FastifyInstance, request: FastifyRequest): Promise<OperatorUser> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw unauthorized();
  const token = await verifyOperatorToken(app.keys.operatorToken, match[1]);
  if (!token) throw unauthorized();
  const [operator] = await app.db
    .select({ id: operators.id, username: operators.username, tokenVersion: operators.tokenVersion })
    .from(operators)
    .where(eq(operators.id, token.operatorId));
  if (!operator || operator.tokenVersion !== token.tokenVersion) throw unauthorized();
  return { id: operator.id, username: operator.username };
}
