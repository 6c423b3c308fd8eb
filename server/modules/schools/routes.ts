/** The tenant registry as clients see it: the global list for school selection, and one school. */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../../contract/messages';
import { schools } from '../../db/schema';
import { notFound } from '../../errors';
import { tenantOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import type { ZodPlugin } from '../../plugins/zod-validation';

const columns = { tenantId: schools.tenantId, schoolName: schools.schoolName, schoolId: schools.schoolId };

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
        .select({ ...columns, address: schools.address, phoneNumber: schools.phoneNumber, email: schools.email })
        .from(schools)
        .where(eq(schools.tenantId, tenant.tenantId));
      if (!row) throw notFound(messages.schools.notFound);
      return sendEnvelope(reply, 200, messages.common.ok, row);
    },
  );
};
