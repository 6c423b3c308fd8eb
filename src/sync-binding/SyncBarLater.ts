/**
 * The sync bar as RequireAuth loads it: once the first screen is drawn (first-screen.ts), so its code
 * and its reads do not hold back a cold start's figures. Its space stands in until then.
 */
import { firstScreenDrawn } from './first-screen';

export async function syncBarLater() {
  await firstScreenDrawn();
  const { SyncBar } = await import('./SyncBar');
  return SyncBar;
}
