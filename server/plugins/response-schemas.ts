/**
 * Routes declare their answers' zod schemas (`schema.response`, server/module-kit/responses.ts):
 * they document the API (/api/docs) and, when checking is on (the API tests), every answer is
 * checked against its schema before it goes out, so a route that drifts from the contract fails
 * its tests. Answers are serialised with JSON.stringify as before either way: checking costs a
 * parse of every answer, which the pull and attendance paths do not pay in production
 * (docs/decisions.md, "Module kit").
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && 'safeParse' in schema;
}

export function registerResponseSchemas(app: FastifyInstance, check: boolean): void {
  app.decorate('checksResponses', check);
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!isZodSchema(schema)) throw new Error(`${method} ${url}: response schemas must be zod schemas from contract/`);
    if (!check) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        const where = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
        throw new Error(`${method} ${url} answered ${httpStatus} outside its response schema: ${where}`);
      }
      return JSON.stringify(data);
    };
  });
}
