/** The server this test worker drives (tests/e2e/global-setup.ts starts one per worker). */
import { inject } from 'vitest';

export interface E2eServer {
  baseUrl: string;
  /** The build the server serves (a private copy): a test may publish a "new build" there. */
  staticDir: string;
  /** Where the server's mails land, one JSON file each (tests/e2e/support/public-site.ts). */
  mailDir: string;
}

/** A worker runs one file at a time, so its server is never driven by two files at once. */
export function e2eServer(): E2eServer {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const server = servers[(worker - 1) % servers.length];
  if (!server) throw new Error('no e2e server was started');
  return server;
}
