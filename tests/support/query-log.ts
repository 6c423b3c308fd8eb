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
  const logger: Logger = {
    logQuery(sql, params) {
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
    stop() {
      session.logger = before.logger;
      session.options.logger = before.optionsLogger;
    },
  };
}
