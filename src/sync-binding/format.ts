/** Times as the sync indicator shows them: the time of day when it is today, else day and time. */
export function formatWhen(ms: number, now: number = Date.now(), locale?: string): string {
  const when = new Date(ms);
  const today = new Date(now);
  const sameDay =
    when.getFullYear() === today.getFullYear() && when.getMonth() === today.getMonth() && when.getDate() === today.getDate();
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(when);
  if (sameDay) return time;
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(when);
  return `${day}, ${time}`;
}
