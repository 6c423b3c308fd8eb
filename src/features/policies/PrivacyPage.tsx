/** /privacy-policy (spec section 2; effective June 22, 2025). */
import { PolicyPage } from './PolicyPage';
import { privacyPolicy } from './privacy-text';

export default function PrivacyPage() {
  return <PolicyPage document={privacyPolicy} other={{ to: '/terms-of-service', label: 'Terms of service' }} />;
}
