/**
 * Suspense fallback of the lazily loaded pages (spec section 2: 'Loading...', the `page.loading`
 * text of the app catalog, which is here before the screens' catalogs when the app starts in Hindi
 * or Marathi on the landing page).
 */
import { t, useLanguage } from '../i18n';

export function LoadingFallback() {
  useLanguage();
  return (
    <p className="loading-label" role="status">
      {t.page.loading}
    </p>
  );
}
