/**
 * The change feed: triggers on `users` and `schools` NOTIFY on one channel when a column that a
 * process caches changes (migration 0009), and every process LISTENs, so a cache entry is dropped
 * in every process as soon as the change commits (docs/deployment.md, "Caches").
 *
 * On PostgreSQL a dedicated connection listens; it reconnects after an error, and while it is
 * down `listening` is false: the caches must not be trusted then (a notification may be missed),
 * so they read the database. The pool's connections LISTEN as well: PostgreSQL hands a session its
 * own notification before the COMMIT answer, so the process that made a change has forgotten the
 * stale entry before its write returns, without waiting for the dedicated connection's delivery.
 * On PGlite (one process, one session) the notification also arrives before the COMMIT answer.
 */
import pg from 'pg';

export const changeChannel = 'kaksha_changes';

export interface ChangeHandlers {
  /** A payload such as `user:<tenant>:<id>` or `school:<tenant>`. */
  changed(payload: string): void;
  /** True once notifications are sure to arrive; false while they may be missed. */
  listening(on: boolean): void;
}

export interface ChangeFeed {
  subscribe(handlers: ChangeHandlers): () => void;
  close(): Promise<void>;
}

/** Fans one stream of notifications out to the subscribers, remembering whether it is live. */
export class ChangeHub {
  private readonly subscribers = new Set<ChangeHandlers>();
  private live = false;

  subscribe(handlers: ChangeHandlers): () => void {
    this.subscribers.add(handlers);
    handlers.listening(this.live);
    return () => this.subscribers.delete(handlers);
  }

  changed(payload: string) {
    for (const subscriber of this.subscribers) subscriber.changed(payload);
  }

  setListening(on: boolean) {
    if (this.live === on) return;
    this.live = on;
    for (const subscriber of this.subscribers) subscriber.listening(on);
  }
}

export interface ListenerOptions {
  /** Waits before reconnecting: 250 ms, doubled after each failure, at most this. */
  maxBackoffMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The dedicated LISTEN connection to PostgreSQL, reconnecting until closed. The hub is told
 * `listening(false)` the moment the connection fails and `listening(true)` once LISTEN is in
 * place again.
 */
export function listenOnPostgres(url: string, hub: ChangeHub, options: ListenerOptions = {}): ChangeFeed {
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let backoff = 250;

  const lost = (error: unknown) => {
    hub.setListening(false);
    if (closed) return;
    options.onError?.(error);
    const failed = client;
    client = undefined;
    failed?.removeAllListeners();
    failed?.on('error', () => {});
    void failed?.end().catch(() => {});
    if (retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, backoff);
    retry.unref();
    backoff = Math.min(backoff * 2, maxBackoffMs);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: 'kaksha-change-feed' });
    client = next;
    next.on('error', lost);
    next.on('end', () => {
      if (client === next) lost(new Error('change feed connection ended'));
    });
    next.on('notification', (message) => {
      if (message.channel === changeChannel && message.payload) hub.changed(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${changeChannel}`);
      if (closed || client !== next) return;
      backoff = 250;
      hub.setListening(true);
    } catch (error) {
      if (client === next) lost(error);
    }
  };

  void connect();
  return {
    subscribe: (handlers) => hub.subscribe(handlers),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      hub.setListening(false);
      const last = client;
      client = undefined;
      last?.removeAllListeners();
      last?.on('error', () => {});
      await last?.end().catch(() => {});
    },
  };
}

/** Makes a pool connection hear the feed too (see the header: a process sees its own commits first). */
export async function listenOnPoolConnection(client: pg.ClientBase, hub: ChangeHub): Promise<void> {
  client.on('notification', (message) => {
    if (message.channel === changeChannel && message.payload) hub.changed(message.payload);
  });
  await client.query(`LISTEN ${changeChannel}`);
}
