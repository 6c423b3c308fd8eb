/**
 * Bearer tokens: HS256 JWTs signed with jose, bound to one tenant and one session version of
 * the user (raising the user's token_version ends every token issued before).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { tokenRoleName, type RoleName } from '../contract/roles';

export interface TokenSubject {
  userId: string;
  username: string;
  role: RoleName;
  tenantId: string;
  tokenVersion: number;
}

export interface VerifiedToken {
  userId: string;
  username: string;
  roleName: string;
  tenantId: string;
  tokenVersion: number;
  expiresAt: number;
}

const algorithm = 'HS256';
/** Tokens whose signature was checked lately; a device sends the same token with every request. */
const verifiedTokensKept = 5_000;

export class TokenService {
  /** Imported once: given the secret's bytes, jose imports a key on every call (a visible share of a signed-in request). */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * The exact token strings already verified, with their claims: checking an HMAC through WebCrypto
   * was a tenth of a signed-in list request's CPU. Only expiry is checked again on a hit; whether the
   * session still stands (token version) is the caller's check on every request either way.
   */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(subject: TokenSubject): Promise<string> {
    return new SignJWT({
      role: { roleName: tokenRoleName(subject.role) },
      tenantId: subject.tenantId,
      uid: subject.userId,
      sv: subject.tokenVersion,
    })
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setSubject(subject.username)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(await this.key);
  }

  /** Returns undefined for anything but a well-formed, unexpired token signed by us. */
  async verify(token: string): Promise<VerifiedToken | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Math.floor(Date.now() / 1000)) return known;
      this.verified.delete(token);
      return undefined;
    }
    const claims = await this.checkSignature(token);
    if (claims) {
      if (this.verified.size >= verifiedTokensKept) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, Object.freeze(claims));
    }
    return claims;
  }

  private async checkSignature(token: string): Promise<VerifiedToken | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: [algorithm] });
      const role = payload.role as { roleName?: unknown } | undefined;
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.exp !== 'number' ||
        typeof payload.tenantId !== 'string' ||
        typeof payload.uid !== 'string' ||
        typeof payload.sv !== 'number' ||
        typeof role?.roleName !== 'string'
      ) {
        return undefined;
      }
      return {
        userId: payload.uid,
        username: payload.sub,
        roleName: role.roleName,
        tenantId: payload.tenantId,
        tokenVersion: payload.sv,
        expiresAt: payload.exp,
      };
    } catch {
      return undefined;
    }
  }
}

/**
 * JWT_SECRET when set; otherwise a secret generated once and kept (mode 600) in DATA_DIR. Processes
 * that start together on one DATA_DIR agree on one secret: each writes its candidate to a file of
 * its own and links it into place, which only the first can do; every process then reads the winner.
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) {
    if (configured.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return configured;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const candidate = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(candidate, randomBytes(48).toString('base64url'), { mode: 0o600 });
  chmodSync(candidate, 0o600);
  try {
    linkSync(candidate, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(candidate);
  }
  return readFileSync(file, 'utf8').trim();
}
