/**
 * Managing a school's accounts (/admin/accounts): list them with filters, set a new password for a
 * user, deactivate (which ends every session of that user at once: token_version is bumped and the
 * status checked on every request) and reactivate. Admins only; an admin cannot deactivate
 * themselves (so a school always keeps the active admin doing it).
 */
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { type Account, accountListQuerySchema, accountSchema, resetAccountPasswordSchema } from '../../../contract/account';
import { messages } from '../../../contract/messages';
import { passwordProblems } from '../../../contract/password';
import { paths, routeOf } from '../../../contract/paths';
import type { Db } from '../../db/client';
import { containsPattern, toPage, totalCount } from '../../db/paging';
import { users } from '../../db/core-tables';
import { AppError, conflict, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok, okList, okPage } from '../../module-kit/responses';
import { hashPassword } from '../../module-kit/passwords';
import { addressConfirmedColumn, registrationsColumn } from '../auth/registration-claims';
import { clearResetCodes } from '../password/reset-codes';

const idParams = z.object({ id: z.uuid(messages.accounts.notFound) });
const adminOnly = { access: ['admin'] } as const;
const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;

// Written against "users" by name: in a select list Drizzle leaves a single table's columns unqualified.
const linkedName = sql<string | null>`case
  when users.role = 'student' then (
    select s.first_name || ' ' || s.last_name from students s
    where s.tenant_id = users.tenant_id and s.id = users.student_id and s.deleted_at is null)
  when users.role = 'parent' then (
    select string_agg(s.first_name || ' ' || s.last_name, ', ' order by s.first_name)
    from parent_children pc join students s on s.tenant_id = pc.tenant_id and s.id = pc.student_id
    where pc.tenant_id = users.tenant_id and pc.user_id = users.id and pc.deleted_at is null and s.deleted_at is null)
  else (
    select t.first_name || ' ' || t.last_name from teachers t
    where t.tenant_id = users.tenant_id and t.id = users.teacher_id and t.deleted_at is null)
  end`;

const selection = {
  id: users.id,
  username: users.username,
  roleName: users.role,
  status: users.status,
  studentId: users.studentId,
  teacherId: users.teacherId,
  linkedName,
  createdAt: users.createdAt,
  addressConfirmed: addressConfirmedColumn,
  registrations: registrationsColumn,
};

type Filter = z.infer<typeof accountListQuerySchema>;

const ordering = [asc(users.username), asc(users.id)];

function withIsoDates<R extends { createdAt: Date }>(row: R): Omit<R, 'createdAt'> & { createdAt: string } {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

function where(tenantId: string, filter: Omit<Filter, 'page' | 'size'>): SQL | undefined {
  return and(
    eq(users.tenantId, tenantId),
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
    filter.search ? ilike(users.username, containsPattern(filter.search)) : undefined,
  );
}

async function select(db: Db, condition: SQL | undefined, limit?: number, offset?: number): Promise<Account[]> {
  let query = db.select(selection).from(users).where(condition).orderBy(...ordering).$dynamic();
  if (limit !== undefined) query = query.limit(limit).offset(offset ?? 0);
  return (await query).map(withIsoDates);
}

async function account(db: Db, tenantId: string, id: string): Promise<Account> {
  const [row] = await select(db, and(eq(users.tenantId, tenantId), eq(users.id, id)));
  if (!row) throw notFound(messages.accounts.notFound);
  return row;
}

export const accountManagementRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(paths.accounts.all), { config: adminOnly, schema: { response: okList(accountSchema), querystring: accountListQuerySchema.omit({ page: true, size: true }) } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, await select(app.db, where(tenantOf(request).tenantId, request.query)));
  });

  app.get(routeOf(paths.accounts.page), { config: adminOnly, schema: { response: okPage(accountSchema), querystring: accountListQuerySchema } }, async (request, reply) => {
    const { page, size, ...filter } = request.query;
    const condition = where(tenantOf(request).tenantId, filter);
    const result = await toPage(
      { page, size },
      async () => (await app.db.select({ value: count() }).from(users).where(condition))[0]?.value ?? 0,
      (limit, offset) =>
        app.db
          .select({ ...selection, total: totalCount })
          .from(users)
          .where(condition)
          .orderBy(...ordering)
          .limit(limit)
          .offset(offset),
      (rows) => rows.map(withIsoDates),
    );
    return sendEnvelope(reply, 200, messages.common.ok, result);
  });

  app.post(
    routeOf(paths.accounts.resetPassword),
    { config: adminWrite, schema: { response: ok(accountSchema), params: idParams, body: resetAccountPasswordSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const tenantId = tenantOf(request).tenantId;
        const target = await account(tx, tenantId, request.params.id);
        const problems = passwordProblems(request.body.newPassword, { email: target.username });
        if (problems.length > 0) throw new AppError(400, problems.join(' '), { fieldErrors: { newPassword: problems } });
        const passwordHash = await hashPassword(request.body.newPassword);
        // A new password also lifts a lock on reset codes (server/modules/password/reset-codes.ts).
        await clearResetCodes(tx, tenantId, target.id);
        await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(and(eq(users.tenantId, tenantId), eq(users.id, target.id)));
        return { message: messages.accounts.passwordReset, data: await account(tx, tenantId, target.id) };
      }),
  );

  app.post(routeOf(paths.accounts.deactivate), { config: adminWrite, schema: { response: ok(accountSchema), params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      if (request.params.id === userOf(request).id) throw conflict(messages.accounts.notYourself);
      const [target] = await tx
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, request.params.id)))
        .for('update');
      if (!target) throw notFound(messages.accounts.notFound);
      if (target.status !== 'active') throw conflict(messages.accounts.notActive);
      await tx
        .update(users)
        .set({ status: 'inactive', tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, target.id)));
      return { message: messages.accounts.deactivated, data: await account(tx, tenantId, target.id) };
    }),
  );

  app.post(routeOf(paths.accounts.reactivate), { config: adminWrite, schema: { response: ok(accountSchema), params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const updated = await tx
        .update(users)
        .set({ status: 'active' })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, request.params.id), eq(users.status, 'inactive')))
        .returning({ id: users.id });
      if (updated.length === 0) {
        await account(tx, tenantId, request.params.id); // 404 when there is no such account
        throw conflict(messages.accounts.notInactive);
      }
      return { message: messages.accounts.reactivated, data: await account(tx, tenantId, request.params.id) };
    }),
  );
};
