/**
 * The pull cursor: opaque to clients, a position in the server's change order plus what the user
 * could see when it was issued.
 *
 * - `x`, `r`: the position: every change (txid, rev) at or before it has been handed out;
 * - `i`: the fence of the first page of a pull from empty: tombstones written before it cannot
 *   concern a record the client holds, so they are left out (a fresh mirror needs none);
 * - `f`: the scope fingerprint; a different one now means the client must start over.
 */
import { z } from 'zod';

export const cursorVersion = 1;

export interface Position {
  /** xid8 as a decimal string. */
  txid: string;
  rev: number;
}

export interface Cursor {
  position: Position;
  initialFence: string | null;
  fingerprint: string;
}

/** The largest xid8 (an unsigned 64-bit number): a position beyond it was never issued. */
const largestXid8 = 2n ** 64n - 1n;
const decimal = z
  .string()
  .regex(/^\d{1,20}$/)
  .refine((value) => BigInt(value) <= largestXid8);
const wireSchema = z.object({
  v: z.literal(cursorVersion),
  x: decimal,
  r: z.number().int().nonnegative(),
  i: decimal.optional(),
  f: z.string().regex(/^[0-9a-f]{16}$/),
});

export const startPosition: Position = { txid: '0', rev: 0 };

export function encodeCursor(cursor: Cursor): string {
  const wire = {
    v: cursorVersion,
    x: cursor.position.txid,
    r: cursor.position.rev,
    ...(cursor.initialFence ? { i: cursor.initialFence } : {}),
    f: cursor.fingerprint,
  };
  return Buffer.from(JSON.stringify(wire)).toString('base64url');
}

/** Undefined for anything that is not a cursor this server version issued. */
export function decodeCursor(raw: string): Cursor | undefined {
  try {
    const parsed = wireSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (!parsed.success) return undefined;
    const { x, r, i, f } = parsed.data;
    return { position: { txid: x, rev: r }, initialFence: i ?? null, fingerprint: f };
  } catch {
    return undefined;
  }
}

export function comparePositions(a: Position, b: Position): number {
  const ax = BigInt(a.txid);
  const bx = BigInt(b.txid);
  if (ax !== bx) return ax < bx ? -1 : 1;
  return a.rev - b.rev;
}
