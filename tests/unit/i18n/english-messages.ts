/** A Lingui instance of its own holding the English of messages.po, as compiled for the app. */
import { setupI18n } from '@lingui/core';
import { messages as englishSpec } from '../../../src/i18n/locales/en/messages.po';

export const i18n = setupI18n();

export function setupEnglishMessages(): void {
  i18n.load('en', englishSpec);
  i18n.activate('en');
}
