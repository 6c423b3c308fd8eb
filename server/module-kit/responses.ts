/**
 * A route's `schema.response`: the envelope (contract/envelope.ts) around the contract schema of
 * its `data`, by status. Refusals (4xx, 5xx) share one envelope, documented once (/api/docs).
 * The schemas describe and, in tests, check the answers; they do not serialise them
 * (server/plugins/response-schemas.ts).
 */
import { z } from 'zod';
import { deletedSchema, envelopeSchema, pageSchema } from '../../contract/envelope';

type Answer = z.ZodType;

/** 200 with `data` of this shape. */
export const ok = (data: Answer) => ({ 200: envelopeSchema(data) });

/** 201 with `data` of this shape (a create). */
export const created = (data: Answer) => ({ 201: envelopeSchema(data) });

/** 200 with a list. */
export const okList = (item: Answer) => ok(z.array(item));

/** 200 with a page of `item`s. */
export const okPage = (item: Answer) => ok(pageSchema(item));

/** 200 with `{ id }` (a delete). */
export const okDeleted = ok(deletedSchema);

/** 200 with `data: null`. */
export const okEmpty = ok(z.null());
