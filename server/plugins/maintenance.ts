/**
 * Housekeeping that keeps stored data within its promised retention: run once when the app is
 * ready, then daily. A failing task is logged and retried at the next run; it never stops the app.
 * With several processes on one database, each task runs in one process at a time: the others
 * find its advisory lock taken and skip that run (server/db/client.ts, runExclusive).
 */
import type { FastifyInstance } from 'fastify';
import type { Coordination, Db } from '../db/client';

export interface MaintenanceTask {
  name: string;
  run(db: Db): Promise<unknown>;
}

export const maintenanceIntervalMs = 24 * 60 * 60 * 1000;

export function registerMaintenance(
  app: FastifyInstance,
  coordination: Coordination | undefined,
  tasks: MaintenanceTask[],
  intervalMs = maintenanceIntervalMs,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const runTask = async (task: MaintenanceTask) => {
    let result: unknown;
    const work = async () => {
      result = await task.run(app.db);
    };
    const ran = coordination ? await coordination.runExclusive(`maintenance:${task.name}`, work) : (await work(), true);
    if (ran) app.log.info({ task: task.name, result }, 'maintenance task done');
    else app.log.info({ task: task.name }, 'maintenance task skipped: another process is running it');
  };

  const runAll = async () => {
    for (const task of tasks) {
      try {
        await runTask(task);
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
