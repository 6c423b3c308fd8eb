/** /terms-of-service (spec section 2; effective June 22, 2025). */
import { t, useLanguage } from '../../i18n';
import { PolicyPage } from './PolicyPage';
import { termsOfService } from './terms-text';

export default function TermsPage() {
  useLanguage();
  return <PolicyPage document={termsOfService} other={{ to: '/privacy-policy', label: t.policies.privacy.title }} />;
}
