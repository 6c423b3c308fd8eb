/**
 * A component loaded apart from the screen beside it (src/app/loaded-apart.ts): its stand-in until
 * it is here, no load while it is not wanted, at once on a later mount, a failed load for the error
 * boundary; and never a Suspense fallback, which would hold a lazy page beside it back.
 */
import { act, Component, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useLoadedApart } from '../../../src/app/loaded-apart';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

let root: Root | undefined;
let container: HTMLElement;

function render(node: ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(node));
}

afterEach(() => {
  act(() => root?.unmount());
  container.remove();
  root = undefined;
});

const Bar = () => <p>sync bar</p>;

function Apart({ load, wanted }: { load: () => Promise<ComponentType>; wanted: boolean }) {
  const Loaded = useLoadedApart(load, wanted);
  return Loaded ? <Loaded /> : <p>space</p>;
}

describe('useLoadedApart', () => {
  it('shows the stand-in until the component is here, loads nothing while not wanted, and a later mount renders it at once', async () => {
    let calls = 0;
    let arrive: () => void = () => undefined;
    const load = () => {
      calls += 1;
      return new Promise<ComponentType>((resolve) => (arrive = () => resolve(Bar)));
    };
    function Host() {
      const [wanted, setWanted] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setWanted(true)}>
            want
          </button>
          <Apart load={load} wanted={wanted} />
        </>
      );
    }
    render(<Host />);
    expect(calls).toBe(0);
    act(() => container.querySelector('button')!.click());
    expect(calls).toBe(1);
    expect(container.querySelector('p')!.textContent).toBe('space');
    await act(async () => arrive());
    expect(container.querySelector('p')!.textContent).toBe('sync bar');

    act(() => root!.unmount());
    root = createRoot(container);
    act(() => root!.render(<Apart load={load} wanted />));
    expect(container.textContent).toBe('sync bar');
    expect(calls).toBe(1);
  });

  it('never shows a Suspense fallback, so a lazy page beside it is not held back', async () => {
    let arrive: () => void = () => undefined;
    const load = () => new Promise<ComponentType>((resolve) => (arrive = () => resolve(Bar)));
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Apart load={load} wanted />
        <p>page</p>
      </Suspense>,
    );
    expect(container.textContent).toBe('spacepage');
    await act(async () => arrive());
    expect(container.textContent).toBe('sync barpage');
  });

  it('gives a load that failed to the error boundary', async () => {
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override render() {
        return this.state.failed ? <p>Something went wrong</p> : this.props.children;
      }
    }
    const errors = console.error;
    console.error = () => undefined;
    try {
      render(
        <Boundary>
          <Apart load={() => Promise.reject(new Error('gone'))} wanted />
        </Boundary>,
      );
      await act(async () => undefined);
    } finally {
      console.error = errors;
    }
    expect(container.textContent).toBe('Something went wrong');
  });
});
