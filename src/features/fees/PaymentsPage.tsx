/**
 * /admin/payments (admins, online: GET /api/payments/all): every online payment with its state,
 * its receipt and what the office must look at (another amount than the order's, paid twice, dues
 * paid at the counter meanwhile, money left over), newest first, 20 a page; payments the gateway
 * reported for no order of the school; a refund through the gateway, with its reason, which cancels
 * the receipt and keeps its number.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatRupees } from '../../../contract/money';
import { orderStatuses, type OrderStatus, type PaymentOrder } from '../../../contract/payments';
import { say, useLanguage } from '../../i18n';
import { ConfirmDialog, LoadingStatus, useStaffAccess, useWriteReport } from '../../kit';
import { messages } from '../../../contract/messages';
import { stackCell, stackRowHeader, stackTable } from '../../kit/stacked-table';
import { useOnline } from '../../kit/use-online';
import { useSchoolFetch } from '../../kit/use-school-fetch';
import { shortDateTime } from '../../ui/dates';
import { SelectField, TextField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { readOrderPage, readUnmatched, refundOrder } from './payment-service';
import { feeTexts as text, feeTitles } from './texts';
import './fees.css';

const all = 'all';

export default function PaymentsPage() {
  useLanguage();
  const online = useOnline();
  const report = useWriteReport();
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page')) || 0);
  const status = (orderStatuses as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as OrderStatus) : undefined;
  const flagged = params.get('flagged') === 'true';
  const [reload, setReload] = useState(0);
  const key = `${page}|${status ?? ''}|${flagged}|${reload}`;
  // The school answers admins only; a teacher who opens the address is told so, not sent a 403.
  const { isAdmin } = useStaffAccess();
  const orders = useSchoolFetch((signal) => readOrderPage({ page, status, flagged }, signal), isAdmin, online, key, { keepStale: true });
  const unmatched = useSchoolFetch((signal) => readUnmatched(signal), isAdmin, online, String(reload));
  const [refunding, setRefunding] = useState<PaymentOrder | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const setFilter = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null || value === all) next.delete(name);
    else next.set(name, value);
    if (name !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };

  const refund = async () => {
    if (!refunding) return;
    if (!reason.trim()) return setError(text.payments.reasonNeeded);
    setBusy(true);
    const answer = await refundOrder(refunding.id, reason.trim());
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    report.saved(answer.message ?? '');
    setRefunding(null);
    setReason('');
    setError(undefined);
    setReload((n) => n + 1);
  };

  const content = orders.status === 'ok' ? orders.value : undefined;
  return (
    <main className="page fee-page">
      <PageHeader title={feeTitles.payments} backTo="/admin/fee" />
      {!isAdmin && <p className="alert alert-warning">{say(messages.auth.forbidden)}</p>}
      {isAdmin && orders.status === 'offline' && <p className="alert alert-info">{text.payments.offline}</p>}
      {orders.status === 'failed' && <p className="alert alert-error">{text.payments.failed}</p>}
      {orders.status === 'loading' && <LoadingStatus text={text.payments.loading} />}
      <div className="fee-toolbar">
        <SelectField label={text.payments.state} value={status ?? all} onChange={(event) => setFilter('status', event.target.value)}>
          <option value={all}>{text.register.all}</option>
          {orderStatuses.map((value) => (
            <option key={value} value={value}>
              {text.payments.statuses[value]}
            </option>
          ))}
        </SelectField>
        <label className="fee-check">
          <input type="checkbox" checked={flagged} onChange={(event) => setFilter('flagged', event.target.checked ? 'true' : null)} /> {text.payments.flaggedOnly}
        </label>
      </div>
      {content && content.content.length === 0 && <p className="panel">{text.payments.empty}</p>}
      {content && content.content.length > 0 && (
        <table className={`fee-table ${stackTable.className}`} {...stackTable.table}>
          <caption className="visually-hidden">{feeTitles.payments}</caption>
          <thead {...stackTable.rowgroup}>
            <tr {...stackTable.row}>
              <th scope="col" {...stackTable.columnheader}>
                {text.payments.student}
              </th>
              <th scope="col" {...stackTable.columnheader}>
                {text.payments.started}
              </th>
              <th scope="col" className="fee-num" {...stackTable.columnheader}>
                {text.columns.amount}
              </th>
              <th scope="col" {...stackTable.columnheader}>
                {text.payments.state}
              </th>
              <th scope="col" {...stackTable.columnheader}>
                {text.payments.receipt}
              </th>
              <th scope="col" {...stackTable.columnheader}>
                {text.payments.needsLook}
              </th>
              <th scope="col" {...stackTable.columnheader}>
                {text.columns.actions}
              </th>
            </tr>
          </thead>
          <tbody {...stackTable.rowgroup}>
            {content.content.map((order) => (
              <tr key={order.id} data-flagged={order.flags.length > 0 || undefined} {...stackTable.row}>
                <th scope="row" {...stackRowHeader()}>
                  {order.studentName}
                </th>
                <td {...stackCell(text.payments.started)}>{shortDateTime(order.createdAt)}</td>
                <td className="fee-num" {...stackCell(text.columns.amount)}>
                  {formatRupees(order.amount)}
                </td>
                <td {...stackCell(text.payments.state)}>{text.payments.statuses[order.status]}</td>
                <td {...stackCell(text.payments.receipt)}>
                  {order.receiptId && order.receiptNumber ? <Link to={`/admin/fees/details/${order.receiptId}`}>{order.receiptNumber}</Link> : '–'}
                </td>
                <td {...stackCell(text.payments.needsLook)}>
                  {order.flags.length === 0
                    ? '–'
                    : order.flags.map((flag) => (flag === 'excess' ? text.payments.flags.excess({ amount: formatRupees(order.excess) }) : text.payments.flags[flag])).join('; ')}
                </td>
                <td {...stackCell(text.columns.actions)}>
                  {order.status === 'paid' && (
                    <button type="button" className="btn btn-secondary" disabled={online === false} onClick={() => setRefunding(order)}>
                      {text.payments.refund}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {content && content.totalPages > 1 && (
        <nav className="fee-toolbar" aria-label={text.payments.pages}>
          <button type="button" className="btn btn-secondary" disabled={page === 0} onClick={() => setFilter('page', String(page - 1))}>
            {text.payments.newer}
          </button>
          <span>{text.payments.pageOf({ page: page + 1, pages: content.totalPages })}</span>
          <button type="button" className="btn btn-secondary" disabled={page + 1 >= content.totalPages} onClick={() => setFilter('page', String(page + 1))}>
            {text.payments.older}
          </button>
        </nav>
      )}
      {unmatched.status === 'ok' && unmatched.value.length > 0 && (
        <section className="fee-section" aria-labelledby="fee-unmatched">
          <h2 id="fee-unmatched">{text.payments.unmatchedHeading}</h2>
          <ul>
            {unmatched.value.map((payment) => (
              <li key={payment.paymentId}>
                {payment.paymentId} · {formatRupees(payment.amount)} · {shortDateTime(payment.receivedAt)} · {text.payments.flags[payment.flag === 'excess' ? 'unknownOrder' : payment.flag]}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ConfirmDialog
        open={refunding !== null}
        title={text.payments.refundTitle({ amount: formatRupees(refunding?.amount ?? 0) })}
        confirmLabel={text.payments.refund}
        busy={busy}
        onConfirm={() => void refund()}
        onCancel={() => {
          setRefunding(null);
          setError(undefined);
        }}
      >
        <p>{text.payments.refundQuestion({ name: refunding?.studentName ?? '', number: refunding?.receiptNumber ?? '–' })}</p>
        <TextField label={text.payments.reason} value={reason} onChange={(event) => setReason(event.target.value)} />
        {error && (
          <p className="alert alert-error" role="alert">
            {say(error)}
          </p>
        )}
      </ConfirmDialog>
    </main>
  );
}
