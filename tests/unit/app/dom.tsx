/** Rendering helpers for the page tests: a memory router in happy-dom, typing and clicking. */
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
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
  await act(async () => root.render(<RouterProvider router={router} />));
  return {
    router,
    container,
    root,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
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
