/**
 * Lets routes declare zod schemas from contract/ as their body, query and params schemas.
 * A failure becomes ValidationFailed: a 400 with the field errors, before the handler runs.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyTypeProvider, RawServerDefault } from 'fastify';
import type { z } from 'zod';
import { ValidationFailed } from '../errors';

function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && 'safeParse' in schema;
}

export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

export function describeFieldErrors(fieldErrors: Record<string, string[]>): string {
  const unique = new Set(Object.values(fieldErrors).flat());
  return [...unique].join(' ');
}

export function registerZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    if (!isZodSchema(schema)) throw new Error('Route schemas must be zod schemas from contract/');
    return (data: unknown) => {
      const result = schema.safeParse(data);
      if (result.success) return { value: result.data };
      const fieldErrors = fieldErrorsOf(result.error);
      return { error: new ValidationFailed(describeFieldErrors(fieldErrors), fieldErrors) };
    };
  });
}

/** Parses a value that did not come through a route schema (an uploaded row, say). */
export function parseWith<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsOf(result.error);
  throw new ValidationFailed(describeFieldErrors(fieldErrors), fieldErrors);
}

/**
 * Type provider: a route's zod schemas type its request.body, query and params. Replies are not
 * typed by the response schemas: handlers answer through sendEnvelope and runWrite, and the
 * response schemas describe and (in tests) check what goes out (response-schemas.ts).
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: unknown;
}

/** A plugin whose routes are typed by their zod schemas. */
export type ZodPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, ZodTypeProvider>;
