/** A route whose screen comes in a later issue: the page header and the "on its way" panel. */
import { OnItsWayPanel } from '../../ui/OnItsWayPanel';
import { PageHeader } from '../../ui/PageHeader';

export interface PlaceholderPageProps {
  title: string;
  backTo?: string;
}

export default function PlaceholderPage({ title, backTo }: PlaceholderPageProps) {
  return (
    <main className="page">
      <PageHeader title={title} backTo={backTo} />
      <OnItsWayPanel />
    </main>
  );
}
