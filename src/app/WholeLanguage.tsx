/**
 * The pages past the landing page: they render once every catalog of the active language is here
 * (the app may start on the landing page with its own areas only: language.ts startLanguage).
 */
import { use } from 'react';
import { Outlet } from 'react-router';
import { useLanguage, wholeLanguagePending } from '../i18n/language';

export function WholeLanguage() {
  useLanguage();
  const pending = wholeLanguagePending();
  if (pending) use(pending);
  return <Outlet />;
}
