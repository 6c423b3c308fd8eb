/** Suspense fallback of the lazily loaded pages (spec section 2: 'Loading...'). */
import { messages } from '../../contract/messages';

export function LoadingFallback() {
  return (
    <p className="loading-label" role="status">
      {messages.ui.loading}
    </p>
  );
}
