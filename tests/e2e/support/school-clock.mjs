/**
 * The end-to-end run's clock: every process of the run (the seed, each server, each test worker)
 * and every page see the same school day, whatever day the run happens on, with time flowing from
 * there as it does really. KAKSHA_E2E_CLOCK is "<fixed start ms>:<real ms when the run began>";
 * loaded with `node --import` into the seed and the servers, applied by the global setup to its own
 * process (the mail sink) and by each worker's setup, and injected into each page
 * (tests/e2e/support/school-clock-env.ts). Only Date moves: timers,
 * performance.now() and the database's own clock keep real time.
 */
export function shiftDate(target, start, origin) {
  const RealDate = target.Date;
  if (RealDate.kakshaShifted) return;
  const shift = start - origin;
  class SchoolDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + shift);
      else super(...args);
    }
    static now() {
      return RealDate.now() + shift;
    }
  }
  SchoolDate.kakshaShifted = true;
  target.Date = SchoolDate;
}

/** `KAKSHA_E2E_CLOCK` for a run beginning now, whose first moment is `day` at `time` in India. */
export function schoolClockSetting(day, time = '10:30') {
  return `${Date.parse(`${day}T${time}:00+05:30`)}:${Date.now()}`;
}

const setting = globalThis.process?.env?.KAKSHA_E2E_CLOCK;
if (setting) {
  const [start, origin] = setting.split(':').map(Number);
  shiftDate(globalThis, start, origin);
}
