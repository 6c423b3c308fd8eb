/** Each e2e worker reads the run's school clock (tests/e2e/support/school-clock.mjs). */
import { inject } from 'vitest';
import { shiftDate } from './school-clock.mjs';

const setting = inject('schoolClock');
process.env.KAKSHA_E2E_CLOCK = setting;
const [start, origin] = setting.split(':').map(Number) as [number, number];
shiftDate(globalThis, start, origin);
