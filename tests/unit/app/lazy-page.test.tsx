/**
 * A page loaded ahead renders at once, with no Suspense fallback (src/kit/lazy-page.ts); the start
 * page of a signed-in address, and of /app, is the one loaded (src/app/start-page.ts).
 */
import { act, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage, pageLoadOf } from '../../../src/kit/lazy-page';
import { loadStartPage, startSectionOf } from '../../../src/app/start-page';

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
});

async function firstCommit(element: React.ReactElement): Promise<string> {
  const container = document.createElement('div');
  document.body.append(container);
  containers.push(container);
  const root = createRoot(container);
  await act(async () => root.render(<Suspense fallback={<p>Loading...</p>}>{element}</Suspense>));
  return container.textContent ?? '';
}

describe('a page made by lazyPage', () => {
  it('renders at once when loaded ahead, and behind the fallback when not', async () => {
    let imports = 0;
    const module = { default: () => <h1>Dashboard</h1> };
    const Ahead = lazyPage(() => {
      imports += 1;
      return Promise.resolve(module);
    });
    await Ahead.load();
    await Ahead.load();
    expect(imports).toBe(1);
    // act() renders the first commit without waiting for a pending module: what shows then is what a user sees first.
    const seen: string[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    containers.push(container);
    const root = createRoot(container);
    act(() => root.render(<Suspense fallback={<p>Loading...</p>}><Ahead /></Suspense>));
    seen.push(container.textContent ?? '');
    expect(seen).toEqual(['Dashboard']);

    let release: (value: typeof module) => void = () => undefined;
    const Later = lazyPage(() => new Promise<typeof module>((resolve) => (release = resolve)));
    const other = document.createElement('div');
    document.body.append(other);
    containers.push(other);
    const otherRoot = createRoot(other);
    act(() => otherRoot.render(<Suspense fallback={<p>Loading...</p>}><Later /></Suspense>));
    expect(other.textContent).toBe('Loading...');
    await act(async () => release(module));
    expect(other.textContent).toBe('Dashboard');
  });

  it('tries a failed load again', async () => {
    let tries = 0;
    const Page = lazyPage((): Promise<{ default: () => React.JSX.Element }> => {
      tries += 1;
      return tries === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: () => <p>Here</p> });
    });
    await expect(Page.load()).rejects.toThrow('offline');
    await Page.load();
    expect(await firstCommit(<Page />)).toBe('Here');
  });
});

describe('the start page', () => {
  it('is the page of a signed-in address or where /app leads, made to load ahead; none for a public page', async () => {
    const dashboard = startSectionOf('/admin', 'admin', true);
    expect(dashboard?.path).toBe('/admin');
    expect(pageLoadOf(dashboard?.page)).toBeTypeOf('function');
    expect(startSectionOf('/app', 'teacher', true)?.path).toBe('/admin');
    expect(startSectionOf('/app', 'parent', true)?.path).toBe('/student');
    expect(startSectionOf('/admin/homework', 'teacher', true)?.path).toBe('/admin/homework');
    expect(startSectionOf('/admin/students/edit/0197d000-0000-7000-8000-000000000001', 'admin', true)?.path).toBe('/admin/students/edit/:id');
    expect(startSectionOf('/home', null, false)).toBeUndefined();
    expect(startSectionOf('/login', null, true)).toBeUndefined();
    // Every page of the areas can be loaded ahead.
    for (const path of ['/admin', '/student', '/settings', '/admin/mark-attendance']) expect(pageLoadOf(startSectionOf(path, 'admin', true)?.page), path).toBeTypeOf('function');
    await expect(loadStartPage('/admin', 'admin', true)).resolves.toBeUndefined();
  });
});
