/** GET /api/docs/openapi.json and /api/docs: the API's own description, made once from the routes. */
import { z } from 'zod';
import { paths, routeOf } from '../../../contract/paths';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { buildOpenApi, type OpenApiDocument } from './openapi';
import { renderDocsPage } from './page';

const documentAnswer = {
  200: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }),
};
const pageAnswer = { 200: z.string().meta({ description: 'The same description as an HTML page.', format: 'binary' }) };

export const docsRoutes: ZodPlugin = async (app) => {
  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  // Every route is registered by the time the first request arrives.
  const describe = () => (document ??= buildOpenApi(app.routeCatalogue, app.serverModules));

  app.get(routeOf(paths.docs.openapi), { config: { access: 'global' }, schema: { response: documentAnswer } }, async (_request, reply) => {
    return reply.header('Cache-Control', 'no-cache').send(describe());
  });

  app.get(routeOf(paths.docs.page), { config: { access: 'global' }, schema: { response: pageAnswer } }, async (_request, reply) => {
    page ??= renderDocsPage(describe(), paths.docs.openapi);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });
};
