/**
 * An edited notification's earlier versions, as the school kept them (online only: the versions
 * are not synced to devices), newest change first, each with when and by whom it was replaced.
 */
import { useLanguage } from '../../i18n';
import { useCallback } from 'react';
import { shortDateTime } from '../../ui/dates';
import { fetchHistory } from './school-reads';
import { useSchoolFetch } from '../../kit/use-school-fetch';
import { notificationTexts as text } from './texts';

export function History({ notificationId, online, nameOf }: { notificationId: string; online: boolean | undefined; nameOf: (userId: string | null) => string }) {
  useLanguage();
  const fetcher = useCallback((signal: AbortSignal) => fetchHistory(notificationId, signal), [notificationId]);
  const history = useSchoolFetch(fetcher, true, online, notificationId);
  if (history.status === 'offline') return <p className="field-hint">{text.history.offline}</p>;
  if (history.status === 'loading') return null;
  if (history.status === 'failed') return <p className="field-hint">{text.history.failed}</p>;
  if (history.value.length === 0) return null;
  const versions = [...history.value].reverse();
  return (
    <details className="panel nt-history">
      <summary>{text.history.heading({ count: versions.length })}</summary>
      <ol>
        {versions.map((revision) => (
          <li key={`${revision.rev}-${revision.editedAt}`}>
            <p className="nt-meta">{text.history.replaced({ when: shortDateTime(revision.editedAt), who: nameOf(revision.editedBy) })}</p>
            <p>
              <strong>{revision.version.title}</strong>
            </p>
            <p className="nt-message">{revision.version.message}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}
