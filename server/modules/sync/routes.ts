/** Sync: the pull endpoint of docs/api.md "Sync" (writes go through the ordinary resource paths). */
import { messages } from '../../../contract/messages';
import { pullQuerySchema } from '../../../contract/sync';
import { userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { pull } from './pull';

export const syncRoutes: ZodPlugin = async (app) => {
  app.get('/sync/pull', { config: { access: 'signedIn' }, schema: { querystring: pullQuerySchema } }, async (request, reply) => {
    const { cursor, limit } = request.query;
    const page = await pull(app.db, userOf(request), cursor, limit);
    reply.header('Cache-Control', 'no-store');
    return sendEnvelope(reply, 200, page.reset ? messages.syncPull.reset : messages.syncPull.pulled, page);
  });
};
