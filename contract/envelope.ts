/** The response envelope and page shape of docs/api.md, shared by server and client. */
import { z } from 'zod';

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), message: z.string(), data });
}

/** Any answer as a client reads it before it knows what it holds: each field as far as it is there. */
export const answerEnvelopeSchema = envelopeSchema(z.unknown()).partial();
export type AnswerEnvelope = z.output<typeof answerEnvelopeSchema>;

export interface Page<T> {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.number(),
    size: z.number(),
    totalElements: z.number(),
    totalPages: z.number(),
  });
}

/** What a delete answers: the id that is gone. */
export const deletedSchema = z.object({ id: z.string() });

/** Every refusal (4xx, 5xx): the envelope with `data` null or details (`fieldErrors`, the import report ...). */
export const failureEnvelopeSchema = envelopeSchema(z.unknown());

export const defaultPageSize = 20;
export const firstPage = 0;
export const maxPageSize = 200;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(firstPage),
  size: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const columnSearchQuerySchema = pageQuerySchema.extend({
  column: z.string().min(1).max(64),
  value: z.string().max(200).default(''),
});

export interface FieldErrors {
  fieldErrors: Record<string, string[]>;
}

/** Header names of docs/api.md (kept in headers.ts, which has no zod). */
export { headers } from './headers';
