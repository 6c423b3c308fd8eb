/**
 * Secrets a school keeps with us for its own accounts elsewhere (its payment gateway's key secret
 * and webhook secret), encrypted at rest with AES-256-GCM under the server's key (server/keys.ts):
 * a copy of the database alone does not give them away. Stored as `v1.<iv>.<tag>.<ciphertext>`
 * (base64url); the tenant is bound in as associated data, so one school's ciphertext does not
 * decrypt as another's.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const version = 'v1';

export function sealSecret(key: Buffer, tenantId: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(tenantId, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [version, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The secret, or null when the value was sealed under another key or for another school. */
export function openSecret(key: Buffer, tenantId: string, sealed: string): string | null {
  const [tag, iv, auth, body] = sealed.split('.');
  if (tag !== version || !iv || !auth || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(tenantId, 'utf8'));
    decipher.setAuthTag(Buffer.from(auth, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
