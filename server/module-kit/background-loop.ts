/**
 * Work the server does on a clock rather than in a request (sending pushes and messages, asking
 * the gateway about unpaid orders, the day's fee reminders): every `intervalMs` (0: never, the
 * tests run it themselves), one run at a time in this process and, under the named advisory lock
 * (server/db/client.ts runExclusive), in all processes; a failed run is logged and the next one
 * comes. The app's close waits for a run under way.
 */
import type { FastifyInstance } from 'fastify';

export interface BackgroundLoop {
  /** The advisory lock's name, and the log's word for it. */
  name: string;
  intervalMs: number;
  /** Runs once as the app is ready, before the first interval (for work already due). */
  runAtStart?: boolean;
  work: () => Promise<void>;
}

export function registerBackgroundLoop(app: FastifyInstance, loop: BackgroundLoop): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = async () => {
    try {
      if (app.coordination) await app.coordination.runExclusive(loop.name, loop.work);
      else await loop.work();
    } catch (error) {
      app.log.error({ err: error }, `${loop.name} failed`);
    }
  };
  const tick = () => {
    running ??= run().finally(() => {
      running = undefined;
    });
  };
  app.addHook('onReady', async () => {
    if (loop.intervalMs <= 0) return;
    if (loop.runAtStart) tick();
    timer = setInterval(tick, loop.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
