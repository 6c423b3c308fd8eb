/**
 * A server read for the admin screens: runs when online for each new `key`, keeps the last answer
 * on screen while the next one loads (paging, filtering) and while offline, and can be retried.
 */
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from './accounts-service';

export interface ServerLoad<T> {
  value: T | undefined;
  loading: boolean;
  error: string | undefined;
  retry: () => void;
}

export function useServerLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string, online: boolean | undefined): ServerLoad<T> {
  const [state, setState] = useState<{ value?: T; loading: boolean; error?: string }>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  const loadedKey = useRef<string | null>(null);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    if (online !== true || loadedKey.current === key) return undefined;
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true, error: undefined }));
    latest.current(controller.signal).then(
      (value) => {
        loadedKey.current = key;
        setState({ value, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, loading: false, error: failureMessage(error) }));
      },
    );
    return () => controller.abort();
  }, [key, online, attempt]);

  return {
    value: state.value,
    loading: state.loading,
    error: state.error,
    retry: () => {
      loadedKey.current = null;
      setAttempt((n) => n + 1);
    },
  };
}
