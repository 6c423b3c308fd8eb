/** Placeholder until the public-site issue builds this screen (it replaces this file). */
import { t } from '../../i18n';
import { OnItsWayPanel } from '../../ui/OnItsWayPanel';
import { PageHeader } from '../../ui/PageHeader';

export default function PrivacyPage() {
  return (
    <main className="page">
      <PageHeader title={t.titles.privacy} />
      <OnItsWayPanel />
    </main>
  );
}
