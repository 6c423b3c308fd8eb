/**
 * The app update and install prompts (src/pwa/pwa-state.ts): "Reload" first lets the sync engine
 * go idle (no change half-written), then activates the waiting version; a version taking control
 * reloads only after the same; the install button appears with `beforeinstallprompt`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyUpdate, dismissUpdate, promptInstall, pwaEvents, pwaStore, reloadWhenIdle } from '../../../src/pwa/pwa-state';
import { engineHost } from '../../../src/sync-binding/engine-host';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('app update', () => {
  it('Reload waits for the engine to be idle before activating the new version', async () => {
    const order: string[] = [];
    let idle!: () => void;
    vi.spyOn(engineHost, 'quiesce').mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          order.push('quiesce');
          idle = () => {
            order.push('idle');
            resolve();
          };
        }),
    );
    pwaEvents.needRefresh(async () => {
      order.push('activate');
    });
    expect(pwaStore.getSnapshot().needRefresh).toBe(true);

    const updating = applyUpdate();
    expect(pwaStore.getSnapshot().updating).toBe(true);
    await Promise.resolve();
    expect(order).toEqual(['quiesce']);
    idle();
    await updating;
    expect(order).toEqual(['quiesce', 'idle', 'activate']);
  });

  it('a version that takes control reloads the tab only once the engine is idle', async () => {
    const order: string[] = [];
    vi.spyOn(engineHost, 'quiesce').mockImplementation(async () => {
      order.push('quiesce');
    });
    await reloadWhenIdle(() => order.push('reload'));
    expect(order).toEqual(['quiesce', 'reload']);
  });

  it('Later hides the prompt', () => {
    pwaEvents.needRefresh(async () => undefined);
    dismissUpdate();
    expect(pwaStore.getSnapshot().needRefresh).toBe(false);
  });
});

describe('install', () => {
  it('offers installation when the browser fires beforeinstallprompt, and prompts on request', async () => {
    const prompt = vi.fn(async () => undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(pwaStore.getSnapshot().canInstall).toBe(true);
    await promptInstall();
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(pwaStore.getSnapshot().canInstall).toBe(false);
  });
});
