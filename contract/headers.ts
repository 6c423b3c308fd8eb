/**
 * Header names of docs/api.md and the default tenant, in a module without zod so the app's entry chunk
 * can use them without pulling in the schema library (envelope.ts and school.ts re-export them).
 */
export const headers = {
  tenant: 'X-TenantID',
  idempotencyKey: 'Idempotency-Key',
  idempotentReplayed: 'Idempotent-Replayed',
  /** The language the client shows (`en`, `hi` or `mr`): the server writes its mails in it (docs/api.md). */
  language: 'Accept-Language',
} as const;

/**
 * Sent as `X-TenantID` when no school has been chosen (spec section 7: "a default school database
 * identifier"). It is never a real tenant, so the server answers `Please select school before login.`
 */
export const defaultTenantId = 'kaksha';
