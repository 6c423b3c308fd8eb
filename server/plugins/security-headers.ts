/**
 * Helmet's headers on every answer. The middleware is built once: @fastify/helmet builds it again
 * for every request, re-parsing the CSP directives each time (about 6 % of a signed-in list
 * request's CPU in `bench:api`).
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { ServerConfig } from '../config';

/**
 * Where the payer's browser talks to the payment gateway: its checkout script, the frames and
 * requests that script makes (Razorpay's from *.razorpay.com; a stand-in's from its own origin).
 */
function gatewayOrigins(payments: ServerConfig['payments']): string[] {
  const origins = new Set([new URL(payments.razorpayCheckoutUrl).origin, new URL(payments.razorpayApiUrl).origin]);
  if ([...origins].some((origin) => origin.endsWith('.razorpay.com'))) origins.add('https://*.razorpay.com');
  return [...origins];
}

export function registerSecurityHeaders(app: FastifyInstance, config: Pick<ServerConfig, 'production' | 'payments'>): void {
  const gateway = gatewayOrigins(config.payments);
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...gateway],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...gateway],
        'font-src': ["'self'", 'data:'],
        // A build configured for phone push gets its device token from Firebase's two endpoints.
        'connect-src': ["'self'", 'https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com', ...gateway],
        'frame-src': gateway,
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        // Plain HTTP on a school's own network must keep working; HTTPS deployments set NODE_ENV=production.
        'upgrade-insecure-requests': config.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
