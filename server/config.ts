/** Settings from the environment, read once. Every variable is documented in README.md. */
import path from 'node:path';

export interface RateLimitSettings {
  /** Sign-in attempts allowed per client address per window. */
  signInPerIp: number;
  /** Sign-in attempts allowed per username (within one school) per window. */
  signInPerUsername: number;
  /** Registrations allowed per client address per window. */
  registerPerIp: number;
  windowMs: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  tokenTtlSeconds: number;
  production: boolean;
  logLevel: string;
  rateLimits: RateLimitSettings;
  /** Folder of the built PWA; not served when absent (tests of the API alone). */
  staticDir?: string;
  trustProxy: boolean;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

export const defaultRateLimits: RateLimitSettings = {
  signInPerIp: 30,
  signInPerUsername: 10,
  registerPerIp: 20,
  windowMs: 60_000,
};

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: intFromEnv(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: intFromEnv(env, 'TOKEN_TTL_SECONDS', 7 * 24 * 3600),
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL || 'info',
    rateLimits: {
      signInPerIp: intFromEnv(env, 'SIGNIN_LIMIT_PER_IP', defaultRateLimits.signInPerIp),
      signInPerUsername: intFromEnv(env, 'SIGNIN_LIMIT_PER_USER', defaultRateLimits.signInPerUsername),
      registerPerIp: intFromEnv(env, 'REGISTER_LIMIT_PER_IP', defaultRateLimits.registerPerIp),
      windowMs: defaultRateLimits.windowMs,
    },
    staticDir: env.STATIC_DIR === '' ? undefined : path.resolve(env.STATIC_DIR || './dist'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}
