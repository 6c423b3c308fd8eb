import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module, at the page's start (its state is the page's, once per load). */
async function freshFirstScreen() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'performance'] });
  vi.resetModules();
  return import('../../src/sync-binding/first-screen');
}

const frames = async (count: number) => {
  for (let index = 0; index < count; index += 1) await vi.advanceTimersByTimeAsync(20);
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the first screen on a cold start', () => {
  it("holds the sync bar and the engine's work until every read of the screen has answered and been painted", async () => {
    const screen = await freshFirstScreen();
    let started = false;
    void screen.firstScreenDrawn().then(() => {
      started = true;
    });
    const today = screen.holdFirstScreen();
    const notices = screen.holdFirstScreen();
    today();
    await frames(3);
    expect(started).toBe(false);
    // The next panel's read begins in the commit that shows the last one's answer.
    notices();
    const trends = screen.holdFirstScreen();
    await frames(3);
    expect(started).toBe(false);
    trends();
    trends();
    await frames(3);
    expect(started).toBe(true);
    expect(screen.isFirstScreenDrawn()).toBe(true);
    // Later screens hold nothing back.
    screen.holdFirstScreen();
    expect(screen.isFirstScreenDrawn()).toBe(true);
  });

  it('draws a screen whose every read waits for it after the next frame, not at the fallback; a read that holds keeps it', async () => {
    const screen = await freshFirstScreen();
    const notices = screen.holdFirstScreen();
    // A tile's count asks while the screen's own read is out: nothing is drawn for it.
    screen.nudgeFirstScreen();
    await frames(3);
    expect(screen.isFirstScreenDrawn()).toBe(false);
    notices();
    await frames(3);
    expect(screen.isFirstScreenDrawn()).toBe(true);

    const alone = await freshFirstScreen();
    alone.nudgeFirstScreen();
    expect(alone.isFirstScreenDrawn()).toBe(false);
    await frames(3);
    expect(alone.isFirstScreenDrawn()).toBe(true);
  });

  it('holds nothing back past five seconds from the start, for a read that never answers', async () => {
    const screen = await freshFirstScreen();
    screen.holdFirstScreen();
    vi.advanceTimersByTime(4900);
    expect(screen.isFirstScreenDrawn()).toBe(false);
    vi.advanceTimersByTime(200);
    expect(screen.isFirstScreenDrawn()).toBe(true);
    await expect(screen.firstScreenDrawn()).resolves.toBeUndefined();
  });
});
