/**
 * The app's own list of its API routes, as declared (method, url, access, idempotency, schemas, module):
 * what the schema fuzz test (tests/api/schema-fuzz.test.ts) drives, so a new route is covered
 * without anyone listing it.
 */
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import type { IdempotencyMode } from './idempotency';
import type { Access } from '../types';

export interface CataloguedRoute {
  method: HTTPMethods;
  url: string;
  access: Access | undefined;
  idempotency: IdempotencyMode | undefined;
  schema: FastifySchema | undefined;
  /** The server module that declared it (server/modules/index.ts). */
  module: string | undefined;
  /** Its own body limit, when it declares one (else the app's). */
  bodyLimit: number | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalogue: readonly CataloguedRoute[];
  }
}

export function registerRouteCatalogue(app: FastifyInstance): void {
  const routes: CataloguedRoute[] = [];
  app.decorate('routeCatalogue', routes);
  app.addHook('onRoute', function (route) {
    if (!route.url.startsWith('/api')) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      routes.push({
        method: method as HTTPMethods,
        url: route.url,
        access: route.config?.access,
        idempotency: route.config?.idempotency,
        schema: route.schema,
        module: this.moduleName,
        bodyLimit: route.bodyLimit,
      });
    }
  });
}
