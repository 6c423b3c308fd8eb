/**
 * The tenant registry as clients see it: the public list for school selection (tenant id and name
 * of each school, nothing more), the signed-in caller's own school, and the admin's edit of their
 * own school's certificate details (address, phone, e-mail). No answer to a signed-in user names
 * another school (docs/decisions.md, "Hardening"). The admin's settings: absence alerts, ranks on
 * report cards, and the language prints are made in (docs/i18n.md "Prints").
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../contract/messages';
import { schoolDetailsInputSchema, schoolDetailsSchema, schoolListEntrySchema, schoolSchema, schoolSettingsInputSchema } from '../../../contract/school';
import { paths, routeOf } from '../../../contract/paths';
import { schools } from '../../db/core-tables';
import { forbidden, notFound } from '../../errors';
import { tenantOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok, okList } from '../../module-kit/responses';

const columns = { tenantId: schools.tenantId, schoolName: schools.schoolName, schoolId: schools.schoolId };
const listed = { tenantId: schools.tenantId, schoolName: schools.schoolName };
const details = { ...columns, address: schools.address, phoneNumber: schools.phoneNumber, email: schools.email, absenceAlerts: schools.absenceAlerts, showRanks: schools.showRanks, printLanguage: schools.printLanguage };

/**
 * `GET /schools/all` is two lists (spec section 7): without a token the public one for school
 * selection, with a bearer token the tenant-specific one, which holds only the caller's own school.
 * The router tells them apart by the Authorization header, so each has its own access rule.
 */
type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type RouteHandler = Parameters<ReturnType<ConstraintStrategy['storage']>['set']>[1];

const credentials: ConstraintStrategy = {
  name: 'credentials',
  storage() {
    const handlers = new Map<unknown, RouteHandler>();
    return {
      get: (value) => handlers.get(value) ?? null,
      set: (value, handler) => {
        handlers.set(value, handler);
      },
    };
  },
  deriveConstraint: (request) => {
    const header = request.headers.authorization;
    return typeof header === 'string' && /^Bearer\s/i.test(header) ? 'bearer' : 'none';
  },
  mustMatchWhenDerived: false,
};

export const schoolRoutes: ZodPlugin = async (app) => {
  if (!app.hasConstraintStrategy(credentials.name)) app.addConstraintStrategy(credentials);
  app.get(
    routeOf(paths.schools.all),
    { constraints: { credentials: 'bearer' }, config: { access: 'signedIn' }, schema: { response: okList(schoolSchema) } },
    async (request, reply) => {
      const { tenantId } = tenantOf(request);
      const rows = await app.db.select(columns).from(schools).where(eq(schools.tenantId, tenantId));
      return sendEnvelope(reply, 200, messages.common.ok, rows);
    },
  );

  app.get(routeOf(paths.schools.all), { config: { access: 'global' }, schema: { response: okList(schoolListEntrySchema) } }, async (_request, reply) => {
    const rows = await app.db.select(listed).from(schools).orderBy(asc(schools.schoolName));
    return sendEnvelope(reply, 200, messages.common.ok, rows);
  });

  app.get(
    routeOf(paths.schools.one),
    { config: { access: 'signedIn' }, schema: { response: ok(schoolDetailsSchema), params: z.object({ id: z.string().max(64) }) } },
    async (request, reply) => {
      const { id } = request.params;
      const tenant = tenantOf(request);
      // A school sees only itself: by tenant id or by its school id.
      if (id !== tenant.tenantId && id !== tenant.schoolId) throw notFound(messages.schools.notFound);
      const [row] = await app.db
        .select(details)
        .from(schools)
        .where(eq(schools.tenantId, tenant.tenantId));
      if (!row) throw notFound(messages.schools.notFound);
      return sendEnvelope(reply, 200, messages.common.ok, row);
    },
  );

  app.put(
    routeOf(paths.schools.update),
    {
      config: { access: ['admin'], idempotency: 'runWrite' },
      schema: { response: ok(schoolDetailsSchema), params: z.object({ tenantId: z.string().max(64) }), body: schoolDetailsInputSchema },
    },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const tenantId = tenantOf(request).tenantId;
        // An admin edits only the school they are signed in to.
        if (request.params.tenantId !== tenantId) throw forbidden();
        const [row] = await tx.update(schools).set(request.body).where(eq(schools.tenantId, tenantId)).returning(details);
        if (!row) throw notFound(messages.schools.notFound);
        return { message: messages.schools.updated, data: row };
      }),
  );

  app.put(
    routeOf(paths.schools.settings),
    {
      config: { access: ['admin'], idempotency: 'runWrite' },
      schema: { response: ok(schoolDetailsSchema), params: z.object({ tenantId: z.string().max(64) }), body: schoolSettingsInputSchema },
    },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const tenantId = tenantOf(request).tenantId;
        if (request.params.tenantId !== tenantId) throw forbidden();
        const { absenceAlerts, showRanks, printLanguage } = request.body;
        const [row] = await tx.update(schools).set({ absenceAlerts, showRanks, printLanguage }).where(eq(schools.tenantId, tenantId)).returning(details);
        if (!row) throw notFound(messages.schools.notFound);
        return { message: messages.schools.settingsUpdated, data: row };
      }),
  );
};
