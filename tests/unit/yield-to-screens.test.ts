/** The sync job's turn for the screens between two transactions (sync/yield-to-screens.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import { yieldToScreens } from '../../sync/yield-to-screens';

function setVisibility(value: DocumentVisibilityState | undefined) {
  if (value === undefined) delete (document as { visibilityState?: unknown }).visibilityState;
  else Object.defineProperty(document, 'visibilityState', { value, configurable: true });
}

afterEach(() => setVisibility(undefined));

async function order(): Promise<string[]> {
  const events: string[] = [];
  setTimeout(() => events.push('queued task'), 0);
  await yieldToScreens();
  events.push('job goes on');
  await new Promise((resolve) => setTimeout(resolve, 5));
  return events;
}

describe('yieldToScreens', () => {
  it('on a visible page, lets a task queued before it run first', async () => {
    setVisibility('visible');
    expect(await order()).toEqual(['queued task', 'job goes on']);
  });

  it('on a hidden page (timers held to one a second, nothing to show), goes on at once', async () => {
    setVisibility('hidden');
    expect(await order()).toEqual(['job goes on', 'queued task']);
  });
});
