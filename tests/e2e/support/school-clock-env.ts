/** The run's school clock (tests/e2e/support/school-clock.mjs) for a process or a browser context of the run. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { shiftDate } from './school-clock.mjs';

const clockModule = pathToFileURL(path.join(import.meta.dirname, 'school-clock.mjs')).href;

/** The environment of a process started by the run: its clock on the run's school day. */
export function onSchoolClock(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import=${clockModule}`.trim() };
}

/** Every page of the context on the run's school clock, as the server. */
export async function putOnSchoolClock(context: BrowserContext): Promise<void> {
  const [start, origin] = (process.env.KAKSHA_E2E_CLOCK ?? '').split(':').map(Number);
  if (!start || !origin) throw new Error('KAKSHA_E2E_CLOCK is not set: the e2e setup sets it for the run');
  await context.addInitScript(`(${shiftDate.toString()})(globalThis, ${start}, ${origin});`);
}
