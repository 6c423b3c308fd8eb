/**
 * Starts the messaging loop with the app: every `deliveryIntervalMs` (as the push loop), one
 * process at a time under the `messaging-delivery` advisory lock. Says once at start which
 * channels the server cannot send on.
 */
import type { FastifyInstance } from 'fastify';
import { registerBackgroundLoop } from '../../module-kit/background-loop';
import type { Providers } from './providers';
import { sendDueMessages } from './sender';

export function registerMessagingLoop(app: FastifyInstance, providers: Providers): void {
  app.addHook('onReady', async () => {
    for (const note of providers.offNotes) app.log.info(note);
  });
  registerBackgroundLoop(app, {
    name: 'messaging-delivery',
    intervalMs: app.config.deliveryIntervalMs,
    runAtStart: true,
    work: async () => {
      const report = await sendDueMessages(app.db, providers);
      if (report.sent + report.retried + report.failed + report.skipped + report.deferred > 0) app.log.info({ report }, 'messages to parents');
    },
  });
}
