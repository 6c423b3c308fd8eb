/**
 * Tenancy and authentication for every /api route, by the route's declared `access`.
 * A route that declares no access is refused at start-up: nothing is open by accident. Operator
 * tokens are checked by the operators module, whose check app.ts hands in (plugins know no module).
 *
 * The school and the user's session columns are read through caches that the change feed empties
 * in every process the moment a change commits (trusted-cache.ts), so a signed-in request costs
 * no database read of its own; a deactivation, password change or reset still ends a session at once.
 * Session rows the cache misses at the same moment are read together (db/batched-reads.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { anyOf, isUuid } from '../db/any-of';
import { batchedReads } from '../db/batched-reads';
import type { Coordination } from '../db/client';
import { headers } from '../../contract/envelope';
import { messages } from '../../contract/messages';
import { parseRoleName } from '../../contract/roles';
import type { School } from '../../contract/school';
import { schools, users } from '../db/core-tables';
import { AppError, forbidden, unauthorized } from '../errors';
import type { Access, AuthUser, OperatorUser } from '../types';
import { TrustedCache } from './trusted-cache';

/** How long an entry may be served without a change notice (a bound, should one ever be lost). */
export const accessCacheMs = 10_000;

interface SessionRow {
  id: string;
  username: string;
  role: string;
  status: string;
  studentId: string | null;
  teacherId: string | null;
  tokenVersion: number;
}

/** Cache keys are the change feed's payloads (migration 0009's triggers). */
const schoolKey = (tenantId: string) => `school:${tenantId}`;
const userKey = (tenantId: string, userId: string) => `user:${tenantId}:${userId}`;

/** Who calls an operator route (a valid operator token whose session still holds), or a 401. */
export type OperatorAuthenticator = (app: FastifyInstance, request: FastifyRequest) => Promise<OperatorUser>;

export function registerAccessControl(app: FastifyInstance, coordination?: Coordination, authenticateOperator?: OperatorAuthenticator): void {
  app.decorateRequest('tenant', null);
  app.decorateRequest('user', null);
  app.decorateRequest('operator', null);

  const schoolCache = new TrustedCache<School>(accessCacheMs);
  const sessionCache = new TrustedCache<SessionRow>(accessCacheMs);
  if (coordination) {
    const feed = coordination.changes();
    const unsubscribe = [feed.subscribe(schoolCache), feed.subscribe(sessionCache)];
    app.addHook('onClose', async () => unsubscribe.forEach((stop) => stop()));
  }

  async function findSchool(tenantId: string): Promise<School | undefined> {
    return schoolCache.read(schoolKey(tenantId), async () => {
      const [row] = await app.db
        .select({ tenantId: schools.tenantId, schoolName: schools.schoolName, schoolId: schools.schoolId })
        .from(schools)
        .where(eq(schools.tenantId, tenantId));
      return row;
    });
  }

  const readSessionRows = batchedReads<SessionRow>(async (tenantId, userIds) => {
    const rows = await app.db
      .select({
        id: users.id,
        username: users.username,
        role: users.role,
        status: users.status,
        studentId: users.studentId,
        teacherId: users.teacherId,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), anyOf(users.id, userIds, 'uuid')));
    return new Map(rows.map((row) => [row.id, row]));
  });

  async function findSessionRow(tenantId: string, userId: string): Promise<SessionRow | undefined> {
    // Our tokens carry uuids; anything else would spoil the array parameter of everyone's read.
    if (!isUuid(userId)) return undefined;
    return sessionCache.read(userKey(tenantId, userId), () => readSessionRows(tenantId, userId));
  }

  async function resolveTenant(request: FastifyRequest): Promise<School> {
    const raw = request.headers[headers.tenant.toLowerCase()];
    const tenantId = typeof raw === 'string' ? raw.trim() : '';
    const school = tenantId && tenantId.length <= 63 ? await findSchool(tenantId) : undefined;
    if (!school) throw new AppError(400, messages.tenant.missing);
    return school;
  }

  async function authenticate(request: FastifyRequest, school: School): Promise<AuthUser> {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized();
    const token = await app.tokens.verify(match[1]);
    if (!token || token.tenantId !== school.tenantId) throw unauthorized();
    const user = await findSessionRow(school.tenantId, token.userId);
    const role = parseRoleName(token.roleName);
    if (!user || !role || user.role !== role || user.status !== 'active' || user.tokenVersion !== token.tokenVersion) {
      throw unauthorized();
    }
    return {
      id: user.id,
      username: user.username,
      role,
      tenantId: school.tenantId,
      studentId: user.studentId,
      teacherId: user.teacherId,
      tokenExpiresAt: token.expiresAt,
    };
  }

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no access`);
    }
    if (route.config.access === 'operator' && !authenticateOperator) {
      throw new Error(`Route ${route.method} ${route.url} is for operators, and no operator authentication was given`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access: Access | undefined = request.routeOptions.config?.access;
    if (access === undefined || access === 'global') return;
    if (access === 'operator') {
      if (!authenticateOperator) throw unauthorized();
      request.operator = await authenticateOperator(app, request);
      return;
    }
    const school = await resolveTenant(request);
    request.tenant = school;
    if (access === 'tenant') return;
    const user = await authenticate(request, school);
    request.user = user;
    if (access !== 'signedIn' && !access.includes(user.role)) throw forbidden();
  });
}

/** The tenant and user of a route whose access guarantees them. */
export function tenantOf(request: FastifyRequest): School {
  if (!request.tenant) throw new Error('tenantOf() used on a route without tenant access');
  return request.tenant;
}

export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error('userOf() used on a route without signed-in access');
  return request.user;
}

export function operatorOf(request: FastifyRequest): OperatorUser {
  if (!request.operator) throw new Error('operatorOf() used on a route without operator access');
  return request.operator;
}
