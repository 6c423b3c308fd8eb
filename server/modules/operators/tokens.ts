/**
 * Operator tokens: HS256 JWTs signed with a key derived for this purpose alone (server/keys.ts),
 * with their own audience, so a school's token can never pass as an operator's and the reverse.
 */
import { SignJWT, jwtVerify } from 'jose';

export interface OperatorTokenSubject {
  operatorId: string;
  username: string;
  tokenVersion: number;
}

export interface VerifiedOperatorToken extends OperatorTokenSubject {
  expiresAt: number;
}

const algorithm = 'HS256';
const audience = 'kaksha-operator';

export async function signOperatorToken(
  key: Uint8Array,
  ttlSeconds: number,
  subject: OperatorTokenSubject,
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
  const token = await new SignJWT({ oid: subject.operatorId, sv: subject.tokenVersion })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setSubject(subject.username)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt };
}

/** Undefined for anything but a well-formed, unexpired operator token signed by us. */
export async function verifyOperatorToken(key: Uint8Array, token: string): Promise<VerifiedOperatorToken | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [algorithm], audience });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.oid !== 'string' ||
      typeof payload.sv !== 'number' ||
      typeof payload.exp !== 'number'
    ) {
      return undefined;
    }
    return { operatorId: payload.oid, username: payload.sub, tokenVersion: payload.sv, expiresAt: payload.exp };
  } catch {
    return undefined;
  }
}
