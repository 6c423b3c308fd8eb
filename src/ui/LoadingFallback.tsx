/** Suspense fallback of the lazily loaded pages (spec section 2: 'Loading...'). */
import { messages } from '../../contract/messages';
import { say, useLanguage } from '../i18n';

export function LoadingFallback() {
  useLanguage();
  return (
    <p className="loading-label" role="status">
      {say(messages.ui.loading)}
    </p>
  );
}
