/**
 * Every API answer says `Cache-Control: no-store` (docs/decisions.md "Answers are never cached"):
 * what a school keeps (its pupils, marks, fees, accounts, a homework's files) must stay in no shared
 * cache (a proxy, a school's network appliance) and in no browser's back-button or disk cache after
 * sign-out. A route may set its own only when it is public (`access: 'global'`) and holds no
 * school's data: the API description is `no-cache`. Errors and not-found answers under /api are
 * no-store too, so no cache learns which ids exist. The built app's files are not API answers and
 * keep their own rules (static-app.ts).
 */
import type { FastifyInstance } from 'fastify';

export const apiCacheControl = 'no-store';

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApiUrl(request.url)) return payload;
    const publicRoute = request.routeOptions.config?.access === 'global';
    if (!(publicRoute && reply.hasHeader('cache-control'))) reply.header('Cache-Control', apiCacheControl);
    return payload;
  });
}
