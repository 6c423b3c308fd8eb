/** Sync: the pull endpoint of docs/api.md "Sync" (writes go through the ordinary resource paths). */
import { messages } from '../../../contract/messages';
import { pullQuerySchema, pullResponseSchemaOf } from '../../../contract/sync';
import { paths, routeOf } from '../../../contract/paths';
import { userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok } from '../../module-kit/responses';
import { pull } from './pull';
import { pushRoutes } from './push';

export const syncRoutes: ZodPlugin = async (app) => {
  await app.register(pushRoutes);
  // The answer names the entities this server was built with (app.ts `entities`).
  const response = ok(pullResponseSchemaOf(app.syncedEntities));
  app.get(routeOf(paths.sync.pull), { config: { access: 'signedIn' }, schema: { response, querystring: pullQuerySchema } }, async (request, reply) => {
    const { cursor, limit } = request.query;
    const page = await pull(app.db, app.syncSources, userOf(request), cursor, limit);
    reply.header('Cache-Control', 'no-store');
    return sendEnvelope(reply, 200, page.reset ? messages.syncPull.reset : messages.syncPull.pulled, page);
  });
};
