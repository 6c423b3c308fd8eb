/**
 * Housekeeping that keeps stored data within its promised retention: run once when the app is
 * ready, then daily. A failing task is logged and retried at the next run; it never stops the app.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';

export interface MaintenanceTask {
  name: string;
  run(db: Db): Promise<unknown>;
}

export const maintenanceIntervalMs = 24 * 60 * 60 * 1000;

export function registerMaintenance(app: FastifyInstance, tasks: MaintenanceTask[], intervalMs = maintenanceIntervalMs): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const runAll = async () => {
    for (const task of tasks) {
      try {
        const result = await task.run(app.db);
        app.log.info({ task: task.name, result }, 'maintenance task done');
      } catch (error) {
        app.log.error({ err: error, task: task.name }, 'maintenance task failed');
      }
    }
  };

  app.addHook('onReady', async () => {
    running = runAll();
    await running;
    timer = setInterval(() => {
      running = runAll();
    }, intervalMs);
    timer.unref();
  });

  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
