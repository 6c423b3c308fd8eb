/** Reading database errors the same way on PGlite and node-postgres (Drizzle wraps both). */

/** The constraint a unique violation (SQLSTATE 23505) names, or undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return undefined;
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = cause;
  }
  return undefined;
}
