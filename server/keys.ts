/**
 * Keys derived from the one server secret (JWT_SECRET or the generated one), each for one purpose,
 * so a value made for one use can never pass as another: operator tokens are signed with a key that
 * school tokens are not, and reset codes are hashed with a key the database does not hold.
 */
import { hkdfSync } from 'node:crypto';

export interface DerivedKeys {
  /** HS256 key of operator tokens (docs/operators.md). */
  operatorToken: Uint8Array;
  /** HMAC key of one-time reset codes and reset tokens as stored. */
  resetCode: Buffer;
  /** AES-256-GCM key of secrets schools store (server/stored-secrets.ts): SECRETS_KEY, else derived. */
  storedSecrets: Buffer;
  /** HS256 key of the signed links a family opens without signing in (server/share-links.ts). */
  shareLink: Uint8Array;
}

export function deriveKeys(secret: string, secretsKey?: Buffer): DerivedKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'kaksha', purpose, 32));
  return {
    operatorToken: new Uint8Array(derive('operator-token')),
    resetCode: derive('reset-code'),
    storedSecrets: secretsKey ?? derive('stored-secrets'),
    shareLink: new Uint8Array(derive('share-link')),
  };
}
