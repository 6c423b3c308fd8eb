/** Settings from the environment, read once. Every variable is documented in README.md. */
import path from 'node:path';
import { razorpayDefaults } from '../contract/payments';

export interface RateLimitSettings {
  /** Sign-in attempts allowed per client address per window. */
  signInPerIp: number;
  /**
   * Failed sign-ins allowed per username (within one school) from one client address per window:
   * past it that address is refused for that user, other addresses are not (docs/decisions.md).
   */
  signInPerUserAddress: number;
  /** Failed sign-ins allowed per username from all addresses together per window: the second line. */
  signInPerUsername: number;
  /** Registrations allowed per client address per window. */
  registerPerIp: number;
  windowMs: number;
  /** Public contact requests allowed per client address per contact window. */
  contactPerIp: number;
  contactWindowMs: number;
  /** Password-reset calls (request, verify, reset) allowed per client address per reset window. */
  resetPerIp: number;
  /** Password-reset calls allowed per e-mail address (within one school) per reset window. */
  resetPerAddress: number;
  resetWindowMs: number;
  /** Signed links that opened nothing (unsigned, altered, expired, gone) allowed per client address per link window. */
  sharedLinkFailuresPerIp: number;
  sharedLinkWindowMs: number;
}

/** FCM_SERVICE_ACCOUNT_FILE: a service account key JSON; FCM_API_URL: the FCM endpoint's origin. */
export interface FcmSettings {
  serviceAccountFile: string;
  apiUrl: string;
}

/** Online fee payment through each school's Razorpay account (server/modules/payments/). */
export interface PaymentGatewaySettings {
  /** RAZORPAY_API_URL: where the server reaches Razorpay's API. */
  razorpayApiUrl: string;
  /** RAZORPAY_CHECKOUT_URL: the checkout script the payer's browser loads. */
  razorpayCheckoutUrl: string;
  /** PAYMENT_POLL_INTERVAL_MS: how often unpaid orders are asked about; 0: never (tests drive it). */
  pollIntervalMs: number;
}

/**
 * WhatsApp and SMS to parents (server/modules/messaging/): the service's provider accounts. A
 * channel whose credentials are not given is off for every school (said once at start).
 */
export interface MessagingProviderSettings {
  /** WHATSAPP_API_URL: the Graph API's origin; WHATSAPP_API_VERSION: its version (`v21.0`). */
  whatsappApiUrl: string;
  whatsappApiVersion: string;
  /** WHATSAPP_ACCESS_TOKEN_FILE, WHATSAPP_APP_SECRET_FILE: files holding the system user's token and the app secret. */
  whatsappAccessTokenFile?: string;
  whatsappAppSecretFile?: string;
  /** WHATSAPP_VERIFY_TOKEN: what Meta's webhook verification must repeat. */
  whatsappVerifyToken?: string;
  /** SMS_API_URL: MSG91's API origin; SMS_CREDENTIALS_FILE: JSON `{ "authKey": ..., "reportToken": ... }`. */
  smsApiUrl: string;
  smsCredentialsFile?: string;
}

/** Outgoing mail (password reset codes). Absent: codes go to the log, in development only. */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections each process keeps to PostgreSQL (PG_POOL_SIZE). */
  databasePoolSize: number;
  jwtSecret?: string;
  tokenTtlSeconds: number;
  production: boolean;
  logLevel: string;
  rateLimits: RateLimitSettings;
  /** Folder of the built PWA; not served when absent (tests of the API alone). */
  staticDir?: string;
  trustProxy: boolean;
  smtp?: SmtpSettings;
  /** Lifetime of an operator's token (docs/operators.md). */
  operatorTokenTtlSeconds: number;
  /** Worker processes `npm start` runs on the one port (PostgreSQL only; docs/deployment.md). */
  webConcurrency: number;
  /** Phone push through FCM HTTP v1 (server/modules/notifications/fcm-client.ts); absent: no pushes. */
  fcm?: FcmSettings;
  /** How often scheduled notifications are published and queued pushes sent; 0: never (tests drive it). */
  deliveryIntervalMs: number;
  /** REDIS_URL: rate limits are counted in this Redis instead of the database (docs/deployment.md). */
  redisUrl?: string;
  /** REDIS_KEY_PREFIX: what Kaksha's keys in Redis start with, so installations can share one Redis. */
  redisKeyPrefix: string;
  /** UPLOADS_IN_FLIGHT: attachment uploads one process receives at once; beyond it 503 with Retry-After. */
  uploadsInFlight: number;
  payments: PaymentGatewaySettings;
  /**
   * SECRETS_KEY: 32 bytes, base64, that encrypt what schools store of their own accounts elsewhere
   * (the payment gateway's secrets); absent: derived from the server secret (server/keys.ts).
   */
  secretsKey?: Buffer;
  messaging: MessagingProviderSettings;
  /** PUBLIC_URL: the address families open Kaksha at, for links in WhatsApp and SMS messages. */
  publicUrl: string;
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
  signInPerUserAddress: 10,
  signInPerUsername: 100,
  registerPerIp: 20,
  windowMs: 60_000,
  contactPerIp: 10,
  contactWindowMs: 3_600_000,
  resetPerIp: 30,
  resetPerAddress: 10,
  resetWindowMs: 900_000,
  sharedLinkFailuresPerIp: 30,
  sharedLinkWindowMs: 900_000,
};

function smtpFromEnv(env: NodeJS.ProcessEnv): SmtpSettings | undefined {
  const host = env.SMTP_HOST?.trim();
  if (!host) return undefined;
  const secure = env.SMTP_SECURE === '1' || env.SMTP_SECURE === 'true';
  return {
    host,
    port: intFromEnv(env, 'SMTP_PORT', secure ? 465 : 587),
    secure,
    user: env.SMTP_USER || undefined,
    pass: env.SMTP_PASS || undefined,
    from: env.SMTP_FROM || 'Kaksha <no-reply@localhost>',
  };
}

function redisUrlFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return undefined;
  // The value may hold a password: messages name only what is wrong with it.
  let protocol: string;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    throw new Error('REDIS_URL must be a URL such as redis://127.0.0.1:6379 (or rediss:// for TLS)');
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:') throw new Error(`REDIS_URL must start with redis:// or rediss://, got "${protocol}//"`);
  return raw;
}

function urlFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be a URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

function secretsKeyFromEnv(env: NodeJS.ProcessEnv): Buffer | undefined {
  const raw = env.SECRETS_KEY?.trim();
  if (!raw) return undefined;
  const key = Buffer.from(raw, 'base64');
  // The message never repeats the value: it is a secret.
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  return key;
}

function fileFromEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? path.resolve(raw) : undefined;
}

function versionFromEnv(env: NodeJS.ProcessEnv): string {
  const raw = env.WHATSAPP_API_VERSION?.trim() || 'v21.0';
  if (!/^v\d{1,3}\.\d{1,3}$/.test(raw)) throw new Error(`WHATSAPP_API_VERSION must look like v21.0, got "${raw}"`);
  return raw;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: intFromEnv(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Math.max(1, intFromEnv(env, 'PG_POOL_SIZE', 10)),
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: intFromEnv(env, 'TOKEN_TTL_SECONDS', 7 * 24 * 3600),
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL || 'info',
    rateLimits: {
      signInPerIp: intFromEnv(env, 'SIGNIN_LIMIT_PER_IP', defaultRateLimits.signInPerIp),
      signInPerUserAddress: intFromEnv(env, 'SIGNIN_LIMIT_PER_USER_ADDRESS', defaultRateLimits.signInPerUserAddress),
      signInPerUsername: intFromEnv(env, 'SIGNIN_LIMIT_PER_USER', defaultRateLimits.signInPerUsername),
      registerPerIp: intFromEnv(env, 'REGISTER_LIMIT_PER_IP', defaultRateLimits.registerPerIp),
      windowMs: defaultRateLimits.windowMs,
      contactPerIp: intFromEnv(env, 'CONTACT_LIMIT_PER_IP', defaultRateLimits.contactPerIp),
      contactWindowMs: defaultRateLimits.contactWindowMs,
      resetPerIp: intFromEnv(env, 'RESET_LIMIT_PER_IP', defaultRateLimits.resetPerIp),
      resetPerAddress: intFromEnv(env, 'RESET_LIMIT_PER_ADDRESS', defaultRateLimits.resetPerAddress),
      resetWindowMs: defaultRateLimits.resetWindowMs,
      sharedLinkFailuresPerIp: intFromEnv(env, 'SHARED_LINK_LIMIT_PER_IP', defaultRateLimits.sharedLinkFailuresPerIp),
      sharedLinkWindowMs: defaultRateLimits.sharedLinkWindowMs,
    },
    staticDir: env.STATIC_DIR === '' ? undefined : path.resolve(env.STATIC_DIR || './dist'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    smtp: smtpFromEnv(env),
    operatorTokenTtlSeconds: intFromEnv(env, 'OPERATOR_TOKEN_TTL_SECONDS', 8 * 3600),
    webConcurrency: Math.max(1, intFromEnv(env, 'WEB_CONCURRENCY', 1)),
    fcm: env.FCM_SERVICE_ACCOUNT_FILE?.trim()
      ? { serviceAccountFile: path.resolve(env.FCM_SERVICE_ACCOUNT_FILE.trim()), apiUrl: (env.FCM_API_URL?.trim() || 'https://fcm.googleapis.com').replace(/\/+$/, '') }
      : undefined,
    deliveryIntervalMs: Math.max(0, intFromEnv(env, 'DELIVERY_INTERVAL_MS', 5000)),
    redisUrl: redisUrlFromEnv(env),
    redisKeyPrefix: env.REDIS_KEY_PREFIX?.trim() || 'kaksha:',
    uploadsInFlight: Math.max(1, intFromEnv(env, 'UPLOADS_IN_FLIGHT', 4)),
    payments: {
      razorpayApiUrl: urlFromEnv(env, 'RAZORPAY_API_URL', razorpayDefaults.apiUrl),
      razorpayCheckoutUrl: urlFromEnv(env, 'RAZORPAY_CHECKOUT_URL', razorpayDefaults.checkoutUrl),
      pollIntervalMs: Math.max(0, intFromEnv(env, 'PAYMENT_POLL_INTERVAL_MS', 60_000)),
    },
    secretsKey: secretsKeyFromEnv(env),
    publicUrl: urlFromEnv(env, 'PUBLIC_URL', `http://localhost:${intFromEnv(env, 'PORT', 3000)}`),
    messaging: {
      whatsappApiUrl: urlFromEnv(env, 'WHATSAPP_API_URL', 'https://graph.facebook.com'),
      whatsappApiVersion: versionFromEnv(env),
      whatsappAccessTokenFile: fileFromEnv(env, 'WHATSAPP_ACCESS_TOKEN_FILE'),
      whatsappAppSecretFile: fileFromEnv(env, 'WHATSAPP_APP_SECRET_FILE'),
      whatsappVerifyToken: env.WHATSAPP_VERIFY_TOKEN?.trim() || undefined,
      smsApiUrl: urlFromEnv(env, 'SMS_API_URL', 'https://control.msg91.com'),
      smsCredentialsFile: fileFromEnv(env, 'SMS_CREDENTIALS_FILE'),
    },
  };
}
