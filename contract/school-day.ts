/**
 * The school's day and time (India's, UTC+5:30 all year) and the server's UTC day. Plain functions
 * without zod, so screens that read the mirror at start take them without the contract's schemas
 * (docs/decisions.md "Cold start"); contract/record-formats.ts re-exports them.
 */
const indiaOffsetMs = (5 * 60 + 30) * 60_000;

/**
 * The school's day as YYYY-MM-DD: India's (UTC+5:30 all year), which turns 5 h 30 min before UTC's,
 * so a payment taken at 1 am is not "in the future" on the server.
 */
export function schoolTodayIso(now: Date = new Date()): string {
  return new Date(now.getTime() + indiaOffsetMs).toISOString().slice(0, 10);
}

/** The school's time of day as HH:MM (India's). */
export function schoolClockNow(now: Date = new Date()): string {
  return new Date(now.getTime() + indiaOffsetMs).toISOString().slice(11, 16);
}

/** Today as YYYY-MM-DD (server clock, UTC). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
