import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { messages } from '../../../contract/messages';
import { sendEnvelope } from '../../plugins/errors';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { config: { access: 'global' } }, async (_request, reply) => {
    await app.db.execute(sql`select 1`);
    reply.header('Cache-Control', 'no-store');
    return sendEnvelope(reply, 200, messages.common.healthy, { status: 'ok' });
  });
};
