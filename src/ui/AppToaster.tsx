/** Toasts (spec section 9): auto-close after 3000 ms, focus the toasts with Alt+T. */
import { Toaster } from 'sonner';

export const toastDurationMs = 3000;
export const toastHotkey = ['altKey', 'KeyT'];

export function AppToaster() {
  return <Toaster duration={toastDurationMs} hotkey={toastHotkey} position="top-center" richColors closeButton />;
}
