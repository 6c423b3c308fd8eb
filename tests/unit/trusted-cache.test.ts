/** The session cache's rules (server/plugins/trusted-cache.ts): when it may answer without the database. */
import { describe, expect, it } from 'vitest';
import { TrustedCache } from '../../server/plugins/trusted-cache';

function loader(values: string[]) {
  const calls = { count: 0 };
  const load = async () => values[calls.count++] ?? 'last';
  return { calls, load };
}

describe('TrustedCache', () => {
  it('reads the database every time until the change feed is listening', async () => {
    const cache = new TrustedCache<string>(10_000);
    const { calls, load } = loader(['a', 'b']);
    expect(await cache.read('user:s:1', load)).toBe('a');
    expect(await cache.read('user:s:1', load)).toBe('b');
    expect(calls.count).toBe(2);
  });

  it('answers from memory while listening, and reads again after a change to that key only', async () => {
    const cache = new TrustedCache<string>(10_000);
    cache.listening(true);
    const one = loader(['v1', 'v2']);
    const two = loader(['w1']);
    await cache.read('user:s:1', one.load);
    await cache.read('user:s:2', two.load);
    expect(await cache.read('user:s:1', one.load)).toBe('v1');
    cache.changed('user:s:1');
    expect(await cache.read('user:s:1', one.load)).toBe('v2');
    expect(await cache.read('user:s:2', two.load)).toBe('w1');
    expect([one.calls.count, two.calls.count]).toEqual([2, 1]);
  });

  it('forgets everything and stops trusting itself when the feed drops, until it is back', async () => {
    const cache = new TrustedCache<string>(10_000);
    cache.listening(true);
    const { calls, load } = loader(['a', 'b', 'c', 'd']);
    await cache.read('k', load);
    cache.listening(false);
    expect(await cache.read('k', load)).toBe('b');
    expect(await cache.read('k', load)).toBe('c');
    cache.listening(true);
    expect(await cache.read('k', load)).toBe('d');
    expect(await cache.read('k', load)).toBe('d');
    expect(calls.count).toBe(4);
  });

  it('does not keep a value read while a change arrived (it may be the old one)', async () => {
    const cache = new TrustedCache<string>(10_000);
    cache.listening(true);
    let release: (value: string) => void = () => {};
    const slow = cache.read('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.changed('k');
    release('old');
    expect(await slow).toBe('old');
    expect(await cache.read('k', async () => 'new')).toBe('new');
  });

  it('reads again once an entry is older than its lifetime', async () => {
    let now = 1_000;
    const cache = new TrustedCache<string>(10_000, () => now);
    cache.listening(true);
    const { calls, load } = loader(['a', 'b']);
    await cache.read('k', load);
    now += 9_999;
    expect(await cache.read('k', load)).toBe('a');
    now += 1;
    expect(await cache.read('k', load)).toBe('b');
    expect(calls.count).toBe(2);
  });

  it('keeps nothing for a key that is not found', async () => {
    const cache = new TrustedCache<string>(10_000);
    cache.listening(true);
    let reads = 0;
    const missing = async () => {
      reads += 1;
      return undefined;
    };
    await cache.read('k', missing);
    await cache.read('k', missing);
    expect(reads).toBe(2);
  });

  it('sends one read for a key asked again while its read is out, and a new one once a change arrived', async () => {
    const cache = new TrustedCache<string>(10_000);
    cache.listening(true);
    const releases: ((value: string) => void)[] = [];
    const load = () => new Promise<string>((resolve) => releases.push(resolve));
    const first = cache.read('school:s', load);
    const joined = cache.read('school:s', load);
    expect(releases).toHaveLength(1);
    cache.changed('school:s');
    const afterChange = cache.read('school:s', load);
    expect(releases).toHaveLength(2);
    releases[0]!('old');
    releases[1]!('new');
    expect(await Promise.all([first, joined, afterChange])).toEqual(['old', 'old', 'new']);
    expect(await cache.read('school:s', load)).toBe('new');
    expect(releases).toHaveLength(2);
  });

  it('does not share reads while the feed is down', async () => {
    const cache = new TrustedCache<string>(10_000);
    const { calls, load } = loader(['a', 'b']);
    expect(await Promise.all([cache.read('k', load), cache.read('k', load)])).toEqual(['a', 'b']);
    expect(calls.count).toBe(2);
  });

  it('lets a failed read fail everyone who joined it, and the next request reads again', async () => {
    const cache = new TrustedCache<string>(10_000);
    cache.listening(true);
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('database gone');
    };
    const results = await Promise.allSettled([cache.read('k', failing), cache.read('k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    expect(await cache.read('k', async () => 'back')).toBe('back');
  });
});
