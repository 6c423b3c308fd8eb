import { shortDateTime, timeOfDay } from '../ui/dates';

/** Times as the sync indicator shows them: the time of day when it is today, else date and time. */
export function formatWhen(ms: number, now: number = Date.now()): string {
  const when = new Date(ms);
  const today = new Date(now);
  const sameDay =
    when.getFullYear() === today.getFullYear() && when.getMonth() === today.getMonth() && when.getDate() === today.getDate();
  return sameDay ? timeOfDay(when) : shortDateTime(when);
}
