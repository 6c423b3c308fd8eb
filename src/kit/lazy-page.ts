/**
 * A page's module loaded when it is first shown, as `React.lazy`, that can also be loaded ahead
 * (`load`) and then renders at once. `React.lazy` over a plain promise suspends on its first render
 * even when the module is already here: the area's Suspense fallback shows, and React holds the
 * page back up to 300 ms after a fallback. A page opened directly (a reload on the dashboard, a
 * bookmark) is loaded before the first render (`loadStartPage` in src/app/start-page.ts) and so never
 * shows the fallback (docs/decisions.md "Cold start").
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & { load(): Promise<unknown> };

export function lazyPage<P extends object>(importPage: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () =>
    (loading ??= importPage().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // A thenable that answers within `then` when the module is here: React.lazy renders it without suspending.
  const here = (module: { default: ComponentType<P> }) => ({ then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve(module) }) as unknown as Promise<{ default: ComponentType<P> }>;
  return Object.assign(lazy(() => (loaded ? here(loaded) : load())), { load });
}

/** The load of a page element made by `lazyPage`, if it is one. */
export function pageLoadOf(element: unknown): (() => Promise<unknown>) | undefined {
  const type = (element as { type?: { load?: unknown } } | null)?.type;
  return typeof type?.load === 'function' ? (type.load as () => Promise<unknown>) : undefined;
}
