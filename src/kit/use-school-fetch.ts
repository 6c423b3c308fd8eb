/**
 * A read the device's copy cannot answer, asked of the school while online: how many read a
 * notification, a closed year's attendance (which a first sync leaves at the school:
 * docs/decisions.md "The school year"). Each answer belongs to its `key`: a new key reads again,
 * and an earlier key's answer is shown meanwhile only with `keepStale` (figures that refresh),
 * never for a screen whose key names what it shows (a class's day).
 */
import { useEffect, useState } from 'react';

export type Fetched<T> = { status: 'offline' } | { status: 'loading' } | { status: 'failed' } | { status: 'ok'; value: T };

/** Fetches while `enabled` and online, again whenever `key` changes; 'offline' otherwise. */
export function useSchoolFetch<T>(
  fetcher: (signal: AbortSignal) => Promise<T>,
  enabled: boolean,
  online: boolean | undefined,
  key: string,
  { keepStale = false }: { keepStale?: boolean } = {},
): Fetched<T> {
  const [held, setHeld] = useState<{ key: string; state: Fetched<T> }>({ key, state: { status: 'loading' } });
  useEffect(() => {
    if (!enabled || online === false) {
      setHeld({ key, state: { status: 'offline' } });
      return;
    }
    if (online === undefined) return;
    const controller = new AbortController();
    setHeld((current) => (current.state.status === 'ok' && (keepStale || current.key === key) ? current : { key, state: { status: 'loading' } }));
    fetcher(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setHeld({ key, state: { status: 'ok', value } });
      },
      () => {
        if (!controller.signal.aborted) setHeld({ key, state: { status: 'failed' } });
      },
    );
    return () => controller.abort();
    // `fetcher` is the key's; `key` says when to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, online, key]);
  if (!enabled || online === false) return { status: 'offline' };
  if (held.key !== key && !(keepStale && held.state.status === 'ok')) return { status: 'loading' };
  return held.state;
}
