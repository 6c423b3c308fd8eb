/** Rendering helpers for the page tests: a memory router in happy-dom with the app's sections, typing and clicking. */
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { features } from '../../../src/app/features';
import { SectionsContext, sectionsOf } from '../../../src/navigation/sections';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const sections = sectionsOf(features);

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/** Roots still mounted: tests/unit/setup.ts unmounts them after each test, so none outlives it. */
const mounted = new Set<() => void>();

/** Unmounts every view a test rendered and left mounted (a screen that follows the language would re-render in the next file's test). */
export function unmountAll(): void {
  for (const unmount of [...mounted]) unmount();
}

export interface Rendered {
  router: ReturnType<typeof createMemoryRouter>;
  container: HTMLElement;
  root: Root;
  unmount(): void;
}

export async function renderRoutes(routes: RouteObject[], url: string, before = '/home'): Promise<Rendered> {
  const router = createMemoryRouter([...routes, { path: '*', element: <Elsewhere /> }], {
    initialEntries: [before, url],
    initialIndex: 1,
  });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <SectionsContext.Provider value={sections}>
        <RouterProvider router={router} />
      </SectionsContext.Provider>,
    ),
  );
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    act(() => root.unmount());
    container.remove();
  };
  mounted.add(unmount);
  return { router, container, root, unmount };
}

export function renderRoute(path: string, element: ReactElement, url: string, before = '/home'): Promise<Rendered> {
  return renderRoutes([{ path, element }], url, before);
}

export function byLabel<T extends HTMLElement = HTMLInputElement>(container: HTMLElement, label: string): T {
  const labelElement = Array.from(container.querySelectorAll('label')).find((l) => l.textContent?.trim() === label);
  const id = labelElement?.getAttribute('for');
  const element = id ? container.ownerDocument.getElementById(id) : null;
  if (!element) throw new Error(`no field labelled ${label}`);
  return element as T;
}

export function button(container: HTMLElement, text: string | RegExp): HTMLButtonElement {
  const found = Array.from(container.querySelectorAll('button')).find((b) =>
    typeof text === 'string' ? b.textContent?.trim() === text : text.test(b.textContent ?? ''),
  );
  if (!found) throw new Error(`no button ${String(text)}`);
  return found;
}

export async function type(input: HTMLInputElement | HTMLSelectElement, value: string): Promise<void> {
  const prototype = input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.click();
  });
}

export async function submit(form: HTMLFormElement): Promise<void> {
  await act(async () => {
    form.requestSubmit();
  });
}

/** Stubs fetch with one answer per matching path. */
export function stubApi(routes: Record<string, { status: number; body: unknown }>) {
  const requests: { url: string; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push({ url: request.url, body: await request.text() });
      const path = new URL(request.url).pathname;
      const reply = routes[path];
      if (!reply) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return requests;
}

export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/**
 * Polls `condition` every 10 ms (about 3 s in all) and fails naming `what` when it never holds.
 * Each look runs inside act(): a condition that reads the device's database lets the screens'
 * queries answer meanwhile, and their updates are applied before the test reads the screen.
 */
export async function until(condition: () => boolean | Promise<boolean>, what: string, tries = 300): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    let held = false;
    await act(async () => {
      held = await condition();
      if (!held) await new Promise((resolve) => setTimeout(resolve, 10));
    });
    if (held) return;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Awaits `work` (a read of the device's database, a write as another device would) inside act():
 * the screens still mounted may answer meanwhile (a live query, the sync state), and their updates
 * are applied before the test reads the screen again.
 */
export function meanwhile<T>(work: () => Promise<T>): Promise<T> {
  return act(work);
}

/** Types into a textarea as a user would (`type` is for inputs and selects). */
export async function typeArea(area: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
