import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { messages } from '../../../contract/messages';
import { paths, routeOf } from '../../../contract/paths';
import { sendEnvelope } from '../../plugins/errors';
import { ok } from '../../module-kit/responses';

export const healthRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(paths.health), { config: { access: 'global' }, schema: { response: ok(z.object({ status: z.literal('ok') })) } }, async (_request, reply) => {
    await app.db.execute(sql`select 1`);
    reply.header('Cache-Control', 'no-store');
    return sendEnvelope(reply, 200, messages.common.healthy, { status: 'ok' });
  });
};
