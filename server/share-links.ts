/**
 * Signed links a family opens without signing in (docs/decisions.md "WhatsApp and SMS"): one
 * receipt or one report card, named by a token that says which school and record it is and when it
 * expires, signed with a key of its own (server/keys.ts). The page shows that one record and
 * nothing else; a token for another record, another school or past its time opens nothing.
 */
import { jwtVerify, SignJWT } from 'jose';

export const shareKinds = ['receipt', 'reportCard'] as const;
export type ShareKind = (typeof shareKinds)[number];

export interface ShareTarget {
  tenantId: string;
  kind: ShareKind;
  /** The receipt's id, or the report card's `examId:studentId`. */
  id: string;
}

/** How long a link sent to a family opens. */
export const shareLinkDays = 30;

/** The app path of the page that shows the record: `/shared/<token>`. */
export const sharedPagePath = (token: string) => `/shared/${token}`;

export async function shareToken(key: Uint8Array, target: ShareTarget, now: Date = new Date(), days = shareLinkDays): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ tid: target.tenantId, k: target.kind, id: target.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + days * 86_400)
    .setAudience('kaksha-share')
    .sign(key);
}

export type ShareRead = { valid: true; target: ShareTarget } | { valid: false; expired: boolean };

export async function readShareToken(key: Uint8Array, token: string, now: Date = new Date()): Promise<ShareRead> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: 'kaksha-share', currentDate: now });
    const { tid, k, id } = payload as { tid?: unknown; k?: unknown; id?: unknown };
    if (typeof tid !== 'string' || typeof id !== 'string' || !(shareKinds as readonly unknown[]).includes(k)) return { valid: false, expired: false };
    return { valid: true, target: { tenantId: tid, kind: k as ShareKind, id } };
  } catch (error) {
    return { valid: false, expired: (error as { code?: string }).code === 'ERR_JWT_EXPIRED' };
  }
}
