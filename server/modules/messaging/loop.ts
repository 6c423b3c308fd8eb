/**
 * Starts the messaging loop with the app: every `deliveryIntervalMs` (as the push loop), one
 * process at a time under the `messaging-delivery` advisory lock. Says once at start which
 * channels the server cannot send on.
 */
import type { FastifyInstance } from 'fastify';
import type { Providers } from './providers';
import { sendDueMessages } from './sender';

export function registerMessagingLoop(app: FastifyInstance, providers: Providers): void {
  const { deliveryIntervalMs } = app.config;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = async () => {
    const work = async () => {
      const report = await sendDueMessages(app.db, providers);
      if (report.sent + report.retried + report.failed + report.skipped + report.deferred > 0) app.log.info({ report }, 'messages to parents');
    };
    try {
      if (app.coordination) await app.coordination.runExclusive('messaging-delivery', work);
      else await work();
    } catch (error) {
      app.log.error({ err: error }, 'messages to parents failed');
    }
  };
  const tick = () => {
    running ??= run().finally(() => {
      running = undefined;
    });
  };
  app.addHook('onReady', async () => {
    for (const note of providers.offNotes) app.log.info(note);
    if (deliveryIntervalMs <= 0) return;
    tick();
    timer = setInterval(tick, deliveryIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
