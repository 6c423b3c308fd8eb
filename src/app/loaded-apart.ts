/**
 * A component whose code loads apart from the screen it sits beside, rendered once it is here,
 * without a Suspense boundary. React holds back the reveal of a lazy page until 300 ms after the
 * last Suspense fallback was shown (its throttle of retries): the sync bar's fallback, shown when
 * the engine arrived, kept a cold start's dashboard from the screen for 300 ms with its code
 * already loaded (docs/decisions.md "Dashboards under a second").
 */
import { useEffect, useState, type ComponentType } from 'react';

const loadedComponents = new WeakMap<() => Promise<ComponentType>, ComponentType>();

/**
 * The component `load` gives, or null until it has loaded (and while `wanted` is false). Loaded
 * once per page: a later mount renders it at once. A load that fails is thrown in render, for the
 * error boundary, as a lazy component's would be.
 */
export function useLoadedApart(load: () => Promise<ComponentType>, wanted = true): ComponentType | null {
  const [, setLoaded] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const component = loadedComponents.get(load) ?? null;
  useEffect(() => {
    if (!wanted || component) return;
    let gone = false;
    load().then(
      (loaded) => {
        loadedComponents.set(load, loaded);
        if (!gone) setLoaded((count) => count + 1);
      },
      (error: unknown) => {
        if (!gone) setFailure({ error });
      },
    );
    return () => {
      gone = true;
    };
  }, [load, wanted, component]);
  if (failure) throw failure.error;
  return wanted ? component : null;
}
