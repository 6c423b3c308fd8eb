/**
 * The tenant registry as clients see it: the global list for school selection, one school, and the
 * admin's edit of their own school's certificate details (address, phone, e-mail).
 */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../../contract/messages';
import { schoolDetailsInputSchema } from '../../../contract/school';
import { schools } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { tenantOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';

const columns = { tenantId: schools.tenantId, schoolName: schools.schoolName, schoolId: schools.schoolId };
const details = { ...columns, address: schools.address, phoneNumber: schools.phoneNumber, email: schools.email };

export const schoolRoutes: ZodPlugin = async (app) => {
  app.get('/schools/all', { config: { access: 'global' } }, async (_request, reply) => {
    const rows = await app.db.select(columns).from(schools).orderBy(asc(schools.schoolName));
    return sendEnvelope(reply, 200, messages.common.ok, rows);
  });

  app.get(
    '/schools/:id',
    { config: { access: 'signedIn' }, schema: { params: z.object({ id: z.string().max(64) }) } },
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
    '/schools/update/:tenantId',
    {
      config: { access: ['admin'], idempotency: 'runWrite' },
      schema: { params: z.object({ tenantId: z.string().max(64) }), body: schoolDetailsInputSchema },
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
};
