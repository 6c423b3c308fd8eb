/**
 * A BatchWrite must describe its route exactly (server/module-kit/batch-writes.ts): the batch push
 * applies a run of its entries without the route's own request pipeline, so a hook of the route's
 * own, another access rule or another body schema would be skipped or differ. The app refuses to
 * start instead.
 */
import Fastify, { type RouteOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkBatchWrites, defineBatchWrite } from '../../server/module-kit/batch-writes';

const body = z.object({ n: z.number() });
const write = defineBatchWrite({
  method: 'POST',
  path: '/api/things/mark',
  access: ['admin'],
  body,
  async write(_tx, _user, bodies) {
    return bodies.map(() => ({ message: 'ok' }));
  },
});

let apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

async function start(route: Partial<RouteOptions> | null) {
  const app = Fastify();
  apps.push(app);
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  checkBatchWrites(app, [write]);
  if (route) {
    await app.register(async (scope) => {
      scope.route({
        method: 'POST',
        url: '/api/things/mark',
        config: { access: write.access, idempotency: 'runWrite' },
        schema: { body },
        handler: async () => ({ ok: true }),
        ...route,
      } as RouteOptions);
    });
  }
  await app.ready();
}

describe('checkBatchWrites', () => {
  it('starts when the route is the one the BatchWrite describes', async () => {
    await expect(start({})).resolves.toBeUndefined();
  });

  it('refuses a route with a hook of its own (a rate limit the batch would skip)', async () => {
    await expect(start({ preHandler: async () => undefined })).rejects.toThrow('the route has its own preHandler hook');
    await expect(start({ onRequest: [async () => undefined] })).rejects.toThrow('the route has its own onRequest hook');
  });

  it('refuses another access rule, another body schema, or a write outside runWrite', async () => {
    await expect(start({ config: { access: ['admin', 'teacher'], idempotency: 'runWrite' } })).rejects.toThrow("config.access is not the BatchWrite's access");
    await expect(start({ schema: { body: z.object({ n: z.number() }) } })).rejects.toThrow("body schema is not the BatchWrite's body");
    await expect(start({ config: { access: write.access, idempotency: 'exempt' } })).rejects.toThrow('through runWrite()');
  });

  it('refuses a BatchWrite whose route does not exist', async () => {
    await expect(start(null)).rejects.toThrow('BatchWrite without its route: POST /api/things/mark');
  });
});
