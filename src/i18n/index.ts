/**
 * The app's texts in English, Hindi and Marathi (docs/i18n.md): the typed readers of the catalogs
 * (translate.ts), the spec's messages in the user's language (`say`), the chosen language
 * (language.ts) and what Intl writes in it (formats.ts).
 */
import { t } from './translate';

export { say } from './catalogs';
export { listOf } from './formats';
export { currentLanguage, showLanguage, useLanguage } from './language';
export { around, t, tr } from './translate';
export { inLanguage, useTextsIn, type TextsIn } from './texts-in';

/** A role's label ('admin' -> 'Administrator'); the raw name for roles we do not know. */
export function roleLabel(role: string | null | undefined): string {
  const name = role?.toLowerCase();
  if (name === 'admin' || name === 'teacher' || name === 'student' || name === 'parent') return t.dashboard.roles[name];
  return role || '';
}
