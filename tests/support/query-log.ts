/**
 * Records the SQL statements the app sends through Drizzle (text and parameters), so a test can say
 * which statements a request ran. Works on PGlite and node-postgres: both sessions read the logger
 * from their options, and each transaction's session is built from the same options.
 */
import type { Logger } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

export interface LoggedQuery {
  sql: string;
  params: unknown[];
}

export interface QueryLog {
  /** The statements logged while `work` ran. */
  during(work: () => Promise<unknown>): Promise<LoggedQuery[]>;
  /**
   * Resolves once no statement has run for `ms`: work an earlier request left for after its answer
   * (a mail, a code) is done and cannot show up in the next `during` (seen on a loaded machine).
   */
  quiet(ms?: number, timeoutMs?: number): Promise<void>;
  stop(): void;
}

interface LoggingSession {
  logger: Logger;
  options: { logger?: Logger };
}

export function recordQueries(db: Db): QueryLog {
  const session = db._.session as unknown as LoggingSession;
  const before = { logger: session.logger, optionsLogger: session.options.logger };
  let sink: LoggedQuery[] | null = null;
  let lastAt = Date.now();
  const logger: Logger = {
    logQuery(sql, params) {
      lastAt = Date.now();
      sink?.push({ sql, params });
    },
  };
  session.logger = logger;
  session.options.logger = logger;
  return {
    async during(work) {
      const log: LoggedQuery[] = [];
      sink = log;
      try {
        await work();
      } finally {
        sink = null;
      }
      return log;
    },
    async quiet(ms = 300, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() - lastAt < ms) {
        if (Date.now() > deadline) throw new Error(`statements kept running for ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, ms - (Date.now() - lastAt)));
      }
    },
    stop() {
      session.logger = before.logger;
      session.options.logger = before.optionsLogger;
    },
  };
}

/**
 * The school's row read by the access layer for a request of that school (server/plugins/access.ts):
 * a cache keyed by the school, read or not as the change feed and the clock decide, never by the
 * address a request names. Tests that compare two requests' statements leave it out.
 */
export const readsTheSchool = (sql: string) => /^select "tenant_id", "school_name", "school_id" from "schools" where "schools"\."tenant_id" = \$1$/.test(sql);
