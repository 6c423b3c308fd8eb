/**
 * A short-lived in-process cache that the change feed keeps honest (server/db/changes.ts): an
 * entry is dropped as soon as any process commits a change to it, and while the feed is down the
 * cache is not trusted at all, so every read goes to the database. Without a feed (an app built
 * without coordination) it never trusts itself. While a key's read is out, a request for the same
 * key joins it instead of reading again (at 9 am, 500 requests miss the school's entry at once),
 * unless a change arrived since that read went out.
 */
import type { ChangeHandlers } from '../db/changes';

export class TrustedCache<V> implements ChangeHandlers {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private readonly reading = new Map<string, { generation: number; value: Promise<V | undefined> }>();
  /** Moves on every change, so a read that raced with a change does not store what it read. */
  private generation = 0;
  private trusted = false;
  private lastSweep = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value of `key`, or what `load` reads (kept when nothing changed meanwhile). */
  async read(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const now = this.now();
    if (this.trusted) {
      const cached = this.entries.get(key);
      if (cached && now - cached.at < this.ttlMs) return cached.value;
    }
    const generation = this.generation;
    const out = this.trusted ? this.reading.get(key) : undefined;
    if (out && out.generation === generation) return out.value;
    const value = load();
    if (this.trusted) this.reading.set(key, { generation, value });
    try {
      const found = await value;
      if (found !== undefined && this.trusted && generation === this.generation) {
        this.sweep(now);
        this.entries.set(key, { value: found, at: now });
      }
      return found;
    } finally {
      if (this.reading.get(key)?.value === value) this.reading.delete(key);
    }
  }

  changed(key: string) {
    this.generation += 1;
    this.entries.delete(key);
  }

  listening(on: boolean) {
    this.generation += 1;
    this.trusted = on;
    this.entries.clear();
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.ttlMs) return;
    this.lastSweep = now;
    for (const [key, entry] of this.entries) if (now - entry.at >= this.ttlMs) this.entries.delete(key);
  }
}
