/**
 * The language kept on the account (docs/i18n.md "Choosing the language"), so a parent's phone and
 * a family tablet agree. Signing in shows the account's language; a choice made while signed in
 * goes to the account too, at once or, offline, as soon as the device is online again (it waits
 * on the device meanwhile). An account that never chose one takes the device's.
 */
import { isLanguageCode, type LanguageCode } from '../../contract/languages';
import { paths } from '../../contract/paths';
import { sessionStore } from '../session/session-store';
import { currentLanguage, showLanguage } from './language';

/** A choice not yet on the account (our own key, beside the chosen language's). */
export const pendingLanguageKey = 'kakshaLanguagePending';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function pending(): LanguageCode | undefined {
  const value = storage()?.getItem(pendingLanguageKey);
  return isLanguageCode(value) ? value : undefined;
}

let sending: Promise<void> | null = null;

/** Sends the choice waiting on the device, if any, when signed in and online. */
export function sendPendingLanguage(): Promise<void> {
  const language = pending();
  if (!language || !sessionStore.current() || navigator.onLine === false) return Promise.resolve();
  sending ??= import('../api/client')
    .then(({ apiRequest }) => apiRequest('PUT', paths.accountLanguage, { json: { language }, background: true }))
    .then((answer) => {
      if (answer.success && pending() === language) storage()?.removeItem(pendingLanguageKey);
    })
    .catch((error: unknown) => console.warn('The language could not reach the account yet', error))
    .finally(() => {
      sending = null;
    });
  return sending;
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void sendPendingLanguage());

// A choice waiting for one account is never sent to the next one who signs in on this device.
sessionStore.subscribe(() => {
  if (!sessionStore.getSnapshot().session) storage()?.removeItem(pendingLanguageKey);
});

/** The user picks a language (landing page, sign-in, settings): shown now, kept here and on the account. */
export async function chooseLanguage(language: LanguageCode): Promise<void> {
  await showLanguage(language, { remember: true });
  if (!sessionStore.current()) return;
  storage()?.setItem(pendingLanguageKey, language);
  await sendPendingLanguage();
}

/**
 * What a sign-in or a token renewal says the account's language is: shown and kept on the device,
 * unless a choice made here is still on its way to the account; an account without one takes
 * this device's.
 */
export async function adoptAccountLanguage(language: LanguageCode | null | undefined): Promise<void> {
  if (pending()) return sendPendingLanguage();
  if (language) return showLanguage(language, { remember: true });
  if (language === null) {
    storage()?.setItem(pendingLanguageKey, currentLanguage());
    return sendPendingLanguage();
  }
  return undefined;
}
