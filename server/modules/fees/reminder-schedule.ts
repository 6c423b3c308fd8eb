/**
 * Runs the schools' scheduled fee reminders (reminders.ts `remindOnSchedule`) from the school's
 * reminder time each day, on the delivery interval, one process at a time (the `fee-reminders`
 * advisory lock; each school's day is also claimed in its own row). Schools without reminder days
 * are never read.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerBackgroundLoop } from '../../module-kit/background-loop';
import { schoolClockNow, schoolTodayIso } from '../../../contract/record-formats';
import type { Db } from '../../db/client';
import { schoolsWithReminderDays } from '../messaging/settings';
import { reminderTime, remindOnSchedule } from './reminders';
import { feeReminderRuns } from './tables';

/** One pass: every school due today and not yet run. Answers the students reminded per school. */
export async function runFeeReminders(db: Db, now: Date = new Date()): Promise<Record<string, number>> {
  if (schoolClockNow(now) < reminderTime) return {};
  const schools = await schoolsWithReminderDays(db);
  if (schools.length === 0) return {};
  const today = schoolTodayIso(now);
  const ran = await db
    .select({ tenantId: feeReminderRuns.tenantId })
    .from(feeReminderRuns)
    .where(and(eq(feeReminderRuns.day, today), inArray(feeReminderRuns.tenantId, schools.map((school) => school.tenantId))));
  const done = new Set(ran.map((row) => row.tenantId));
  const reminded: Record<string, number> = {};
  for (const school of schools) {
    if (done.has(school.tenantId)) continue;
    reminded[school.tenantId] = await remindOnSchedule(db, school.tenantId, school.days, now);
  }
  return reminded;
}

/** A minute between passes at most: the day's run needs no finer clock. */
const passEveryMs = 60_000;

export function registerFeeReminderSchedule(app: FastifyInstance): void {
  registerBackgroundLoop(app, {
    name: 'fee-reminders',
    intervalMs: app.config.deliveryIntervalMs <= 0 ? 0 : Math.max(app.config.deliveryIntervalMs, passEveryMs),
    runAtStart: true,
    work: async () => {
      const reminded = await runFeeReminders(app.db);
      if (Object.keys(reminded).length > 0) app.log.info({ reminded }, 'scheduled fee reminders');
    },
  });
}
