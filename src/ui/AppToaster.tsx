/**
 * Toasts (spec section 9): auto-close after 3000 ms, focus the toasts with Alt+T. At the bottom of
 * the screen, so they never cover the sync indicator at the top of every signed-in screen.
 */
import { Toaster } from 'sonner';

export const toastDurationMs = 3000;
export const toastHotkey = ['altKey', 'KeyT'];

export function AppToaster() {
  return <Toaster duration={toastDurationMs} hotkey={toastHotkey} position="bottom-center" richColors closeButton />;
}
