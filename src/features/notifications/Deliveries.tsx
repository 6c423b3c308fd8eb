/**
 * A notification's deliveries (GET /api/notifications/{id}/deliveries, staff, online only: no
 * device holds them): per recipient and channel, where the message got to (waiting to go, sent,
 * delivered, read, failed), why it failed (the school's reasons translated, a provider's own words
 * as they came) and when, searched and paged like the other lists, with a count per status above.
 * A notification that has not reached the school yet has none to show.
 */
import { useCallback, useMemo, useState } from 'react';
import { channels, deliveryStatuses, type Delivery } from '../../../contract/messaging';
import { say, useLanguage } from '../../i18n';
import { PagerFor, RecordTable, SearchBar, useSearchedPages, type Column } from '../../kit';
import { fetchDeliveries } from '../../kit/messaging-service';
import { messagingTexts as text } from '../../kit/messaging-texts';
import { useSchoolFetch } from '../../kit/use-school-fetch';
import { shortDateTime } from '../../ui/dates';

interface DeliveryView extends Delivery {
  id: string;
}

/** The list's columns, in the language of the moment. */
function deliveryColumns(): Column<DeliveryView>[] {
  return [
    { key: 'recipient', header: text.deliveries.columns.recipient, text: (row) => row.recipientName },
    { key: 'channel', header: text.deliveries.columns.channel, text: (row) => text.channels[row.channel] },
    {
      key: 'status',
      header: text.deliveries.columns.status,
      text: (row) => text.deliveries.statuses[row.status],
      cell: (row) => (
        <span className="ms-status" data-status={row.status}>
          {text.deliveries.statuses[row.status]}
        </span>
      ),
    },
    { key: 'reason', header: text.deliveries.columns.reason, text: (row) => (row.reason ? say(row.reason) : '') },
    { key: 'at', header: text.deliveries.columns.at, text: (row) => shortDateTime(row.at) },
  ];
}

const channelOrder = new Map(channels.map((channel, index) => [channel, index]));

/** By recipient, then the channels in the order they are tried. */
function byRecipient(a: Delivery, b: Delivery): number {
  return a.recipientName.localeCompare(b.recipientName) || a.recipientUserId.localeCompare(b.recipientUserId) || channelOrder.get(a.channel)! - channelOrder.get(b.channel)!;
}

export function Deliveries({ notificationId, reached, online }: { notificationId: string; reached: boolean; online: boolean | undefined }) {
  const language = useLanguage();
  const [round, setRound] = useState(0);
  const fetcher = useCallback((signal: AbortSignal) => fetchDeliveries(notificationId, signal), [notificationId]);
  const deliveries = useSchoolFetch(fetcher, reached, online, `${notificationId}|${round}`, { keepStale: true });
  const rows = useMemo<DeliveryView[]>(
    () =>
      deliveries.status === 'ok'
        ? [...deliveries.value].sort(byRecipient).map((row) => ({ ...row, id: `${row.recipientUserId}|${row.studentId ?? ''}|${row.channel}` }))
        : [],
    [deliveries],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the headers change with the language
  const columns = useMemo(() => deliveryColumns(), [language]);
  const { found, paging, searchBar } = useSearchedPages(rows, columns);
  const counts = deliveryStatuses.flatMap((status) => {
    const count = rows.filter((row) => row.status === status).length;
    return count > 0 ? [{ status, count }] : [];
  });

  let body;
  if (!reached) body = <p className="field-hint">{text.deliveries.waiting}</p>;
  else if (deliveries.status === 'offline') body = <p className="field-hint">{text.deliveries.offline}</p>;
  else if (deliveries.status === 'loading') body = <p role="status">{text.deliveries.loading}</p>;
  else if (deliveries.status === 'failed') body = <p className="field-hint">{text.deliveries.failed}</p>;
  else
    body = (
      <>
        {counts.length > 0 && (
          <ul className="ms-counts">
            {counts.map(({ status, count }) => (
              <li key={status}>{text.deliveries.summary({ status: text.deliveries.statuses[status], count })}</li>
            ))}
          </ul>
        )}
        {rows.length > 0 && (
          <div className="rk-toolbar">
            <SearchBar {...searchBar} />
          </div>
        )}
        <RecordTable
          busy={found.stale}
          caption={text.deliveries.caption}
          captionHidden
          stackOnPhone
          columns={columns}
          rows={paging.pageRows}
          getRowId={(row) => row.id}
          emptyText={rows.length === 0 ? text.deliveries.empty : text.deliveries.noMatch}
        />
        <PagerFor paging={paging} />
      </>
    );

  return (
    <section className="panel ms-deliveries" aria-labelledby="ms-deliveries-heading">
      <h2 id="ms-deliveries-heading">{text.deliveries.heading}</h2>
      <p className="field-hint">{text.deliveries.intro}</p>
      {body}
      {reached && online === true && deliveries.status !== 'loading' && (
        <button type="button" className="btn btn-secondary" onClick={() => setRound((count) => count + 1)}>
          {text.deliveries.refresh}
        </button>
      )}
    </section>
  );
}
