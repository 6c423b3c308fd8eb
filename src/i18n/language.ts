/**
 * The language the app shows (docs/i18n.md "Choosing the language"): chosen on the landing page,
 * at sign-in or in settings; until then the browser's. Kept on the device (localStorage, so it
 * holds offline and across reloads) and, for a signed-in user, on the account (account-language.ts).
 * Switching loads the language's catalogs, then tells the subscribed components to render again:
 * nothing reloads or remounts, so a half-filled form keeps what was typed.
 */
import { useSyncExternalStore } from 'react';
import { fallbackLanguage, isLanguageCode, languageFromPreferences, type LanguageCode } from '../../contract/languages';
import { firstAreasOfPath } from '../../contract/page-data';
import { activateCatalogs, hasWholeLanguage, loadCatalogs, loadFirstAreas } from './catalogs';

/** Where the device keeps the chosen language (our own key; the spec's keys are in storage-keys.ts). */
export const languageStorageKey = 'kakshaLanguage';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The language kept on this device, if one was chosen here. */
export function storedLanguage(): LanguageCode | undefined {
  const value = storage()?.getItem(languageStorageKey);
  return isLanguageCode(value) ? value : undefined;
}

/** The device's choice, else the first of the browser's languages that Kaksha speaks, else English. */
export function startingLanguage(): LanguageCode {
  if (typeof navigator === 'undefined') return storedLanguage() ?? fallbackLanguage;
  return storedLanguage() ?? languageFromPreferences(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

let current: LanguageCode = fallbackLanguage;
let latestRequest = 0;
const listeners = new Set<() => void>();

function apply(language: LanguageCode): void {
  activateCatalogs(language);
  current = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

export function currentLanguage(): LanguageCode {
  return current;
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows the app in `language` once its catalogs are here (from the service worker's cache when
 * offline). `remember` keeps it on the device. Of two quick switches the later one wins.
 */
export async function showLanguage(language: LanguageCode, { remember }: { remember: boolean }): Promise<void> {
  const request = ++latestRequest;
  if (remember) storage()?.setItem(languageStorageKey, language);
  await loadCatalogs(language);
  if (request === latestRequest && language !== current) apply(language);
}

/**
 * At startup, before the first render: the starting language, English when its catalogs cannot
 * load. On the landing page only its own areas are awaited; the rest loads once the page has
 * loaded (main.tsx), or as soon as another page needs it (WholeLanguage.tsx). Elsewhere every area
 * is awaited.
 */
export async function startLanguage(path = typeof location === 'undefined' ? '/' : location.pathname): Promise<void> {
  const language = startingLanguage();
  const firstAreas = firstAreasOfPath[path];
  try {
    if (!firstAreas) {
      await showLanguage(language, { remember: false });
      return;
    }
    const request = ++latestRequest;
    await loadFirstAreas(language, firstAreas);
    if (request === latestRequest && language !== current) apply(language);
  } catch (error) {
    console.warn('Could not load the language catalogs; showing English', error);
  }
}

let wholeWait: { language: LanguageCode; done: Promise<void> } | undefined;

/**
 * Every catalog of the active language, for a page that needs more than the landing page's areas:
 * undefined once they are here, else the wait (WholeLanguage.tsx suspends on it). When they cannot
 * load (offline before the service worker kept them), the app goes on in English.
 */
export function wholeLanguagePending(): Promise<void> | undefined {
  if (hasWholeLanguage(current)) return undefined;
  const language = current;
  if (wholeWait?.language !== language) {
    const done = loadCatalogs(language).catch((error: unknown) => {
      console.warn('Could not load the language catalogs; showing English', error);
      if (current === language) apply(fallbackLanguage);
    });
    wholeWait = { language, done };
  }
  return wholeWait.done;
}

/** The active language; a component that calls this renders again when it changes. */
export function useLanguage(): LanguageCode {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}
