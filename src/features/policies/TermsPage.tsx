/** /terms-of-service (spec section 2; effective June 22, 2025). */
import { PolicyPage } from './PolicyPage';
import { termsOfService } from './terms-text';

export default function TermsPage() {
  return <PolicyPage document={termsOfService} other={{ to: '/privacy-policy', label: 'Privacy policy' }} />;
}
