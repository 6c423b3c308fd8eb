/** /privacy-policy (spec section 2; effective June 22, 2025). */
import { t, useLanguage } from '../../i18n';
import { PolicyPage } from './PolicyPage';
import { privacyPolicy } from './privacy-text';

export default function PrivacyPage() {
  useLanguage();
  return <PolicyPage document={privacyPolicy} other={{ to: '/terms-of-service', label: t.policies.terms.title }} />;
}
