/**
 * "Pay online" on /student/fees (docs/decisions.md "Online fee payment"): the family ticks what to
 * pay (overdue first; this year's installments or last year's dues, one year at a time; part of an
 * installment where the school allows it), sees the fine and any convenience charge before paying,
 * and pays through the school's Razorpay checkout. The checkout's answer only says the payment was
 * made; the receipt is the school's, issued when the gateway tells it, and arrives by sync: the page
 * asks the school until it is numbered. Paying needs a connection; offline the button says so.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { academicYearLabel } from '../../../contract/admission';
import { principalLeft } from '../../../contract/fee-dues';
import type { StudentDues } from '../../../contract/fees';
import { formatRupees, parseRupees } from '../../../contract/money';
import { convenienceCharge, paymentMessages, type PaymentOrder } from '../../../contract/payments';
import { say, useLanguage } from '../../i18n';
import { useOnline } from '../../kit/use-online';
import { useSchoolFetch } from '../../kit/use-school-fetch';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { shortDate } from '../../ui/dates';
import { confirmCheckout, fetchPaymentSettings, keptPaymentSettings, payThroughCheckout, readOrder, startOrder } from './payment-service';
import { feeTexts as text } from './texts';

/** How long the page asks for the receipt before saying it will come later. */
const receiptWaitMs = 90_000;
const askEveryMs = 2_000;

type Phase =
  | { kind: 'choosing' }
  | { kind: 'busy'; what: string }
  | { kind: 'waiting'; order: PaymentOrder; message: string; slow: boolean }
  | { kind: 'issued'; order: PaymentOrder }
  | { kind: 'failed'; message: string };

interface Line {
  installmentId: string;
  label: string;
  dueDate: string;
  left: number;
  fine: number;
  year: number;
}

function linesOf(dues: StudentDues | null | undefined): Line[] {
  if (!dues) return [];
  return dues.installments
    .filter((line) => principalLeft(line) > 0)
    .map((line) => ({ installmentId: line.installmentId, label: `${line.head} ${line.label}`.trim(), dueDate: line.dueDate, left: principalLeft(line), fine: line.fine, year: dues.academicYear }));
}

export function PayOnline({ studentId, schoolName, dues, previous }: { studentId: string; schoolName: string; dues: StudentDues | undefined; previous: StudentDues | null }) {
  useLanguage();
  const engine = useSyncEngine();
  const online = useOnline();
  const kept = useMirrorQuery((db) => keptPaymentSettings(db), []);
  const fetched = useSchoolFetch((signal) => fetchPaymentSettings(engine?.db, signal), Boolean(engine), online, 'settings');
  const settings = fetched.status === 'ok' ? fetched.value : kept;
  // Last year's dues first: they are the oldest.
  const lines = useMemo(() => [...linesOf(previous), ...linesOf(dues)], [previous, dues]);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [phase, setPhase] = useState<Phase>({ kind: 'choosing' });

  useEffect(() => {
    setChosen(new Map());
    setPhase({ kind: 'choosing' });
  }, [studentId]);

  // After the checkout: ask the school until the receipt is numbered.
  useEffect(() => {
    if (phase.kind !== 'waiting') return;
    let live = true;
    const started = Date.now();
    const ask = async () => {
      while (live) {
        await new Promise((resolve) => setTimeout(resolve, askEveryMs));
        if (!live) return;
        const answer = await readOrder(phase.order.id);
        if (!live) return;
        if (answer.ok && answer.data.receiptNumber) {
          void engine?.syncNow();
          setPhase({ kind: 'issued', order: answer.data });
          return;
        }
        if (Date.now() - started > receiptWaitMs) {
          setPhase((current) => (current.kind === 'waiting' ? { ...current, slow: true } : current));
          return;
        }
      }
    };
    void ask();
    return () => {
      live = false;
    };
    // The order's id names the wait; its other fields change as it is read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase.kind === 'waiting' ? phase.order.id : null]);

  if (!settings?.enabled || lines.length === 0) return null;

  const picked = lines.filter((line) => chosen.has(line.installmentId));
  const amounts = picked.map((line) => ({ line, amount: settings.partialAllowed ? parseRupees(chosen.get(line.installmentId) ?? '') : line.left }));
  const years = new Set(picked.map((line) => line.year));
  const badAmount = amounts.some(({ line, amount }) => amount === undefined || amount <= 0 || amount > line.left);
  const principal = amounts.reduce((sum, { amount }) => sum + (amount ?? 0), 0);
  const fine = picked.reduce((sum, line) => sum + line.fine, 0);
  const charge = convenienceCharge(principal + fine, settings.chargeBasisPoints);
  const total = principal + fine + charge;
  const problem = years.size > 1 ? text.online.oneYear : badAmount ? text.online.badAmount : undefined;
  const offline = online === false;

  const toggle = (line: Line, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(line.installmentId, (line.left / 100).toFixed(2));
      else next.delete(line.installmentId);
      return next;
    });

  const pay = async () => {
    if (problem || picked.length === 0 || offline) return;
    setPhase({ kind: 'busy', what: text.online.opening });
    const started = await startOrder({ studentId, items: amounts.map(({ line, amount }) => ({ installmentId: line.installmentId, amount: amount ?? 0 })) });
    if (!started.ok) return setPhase({ kind: 'failed', message: started.message });
    const order = started.data;
    let result;
    try {
      result = await payThroughCheckout(settings.checkoutUrl, {
        key: order.keyId,
        amount: order.amount,
        currency: 'INR',
        order_id: order.gatewayOrderId,
        name: schoolName,
        description: order.items.map((item) => item.label).join(', '),
      });
    } catch {
      return setPhase({ kind: 'failed', message: text.online.checkoutFailed });
    }
    if (!result) return setPhase({ kind: 'failed', message: text.online.notCompleted });
    setPhase({ kind: 'busy', what: text.online.confirming });
    const confirmed = await confirmCheckout(order.id, result);
    // Even unconfirmed here, the school hears from the gateway itself: wait for the receipt all the same.
    setPhase({ kind: 'waiting', order: confirmed.ok ? confirmed.data : order, message: confirmed.ok ? (confirmed.message ?? paymentMessages.received) : paymentMessages.received, slow: false });
  };

  return (
    <section className="panel fee-section fee-pay" aria-labelledby="fee-pay-heading">
      <h2 id="fee-pay-heading">{text.online.heading}</h2>
      {phase.kind === 'issued' ? (
        <p className="alert alert-success" role="status">
          {text.online.issued({ number: phase.order.receiptNumber ?? '' })}{' '}
          {phase.order.receiptId && <Link to={`/student/fees/details/${phase.order.receiptId}`}>{text.online.openReceipt}</Link>}
        </p>
      ) : phase.kind === 'waiting' ? (
        <p className="alert alert-info" role="status">
          {say(phase.message)} {phase.slow ? text.online.slow : ''}
        </p>
      ) : (
        <>
          <fieldset className="fee-pay-lines">
            <legend>{text.online.choose}</legend>
            {lines.map((line) => {
              const on = chosen.has(line.installmentId);
              const inputId = `fee-pay-${line.installmentId}`;
              return (
                <div key={line.installmentId} className="fee-pay-line">
                  <label className="fee-check">
                    <input type="checkbox" checked={on} onChange={(event) => toggle(line, event.target.checked)} />{' '}
                    {line.label} · {academicYearLabel(line.year)} · {shortDate(line.dueDate)} · {formatRupees(line.left)}
                  </label>
                  {on && settings.partialAllowed && (
                    <span className="field">
                      <label className="field-label" htmlFor={inputId}>
                        {text.online.amountOf({ label: line.label })}
                      </label>
                      <input
                        id={inputId}
                        className="field-input"
                        inputMode="decimal"
                        value={chosen.get(line.installmentId) ?? ''}
                        onChange={(event) => setChosen((current) => new Map(current).set(line.installmentId, event.target.value))}
                      />
                    </span>
                  )}
                </div>
              );
            })}
          </fieldset>
          {picked.length > 0 && (
            <dl className="fee-pay-sum">
              {fine > 0 && (
                <>
                  <dt>{text.online.fine}</dt>
                  <dd>{formatRupees(fine)}</dd>
                </>
              )}
              {charge > 0 && (
                <>
                  <dt>{text.online.charge}</dt>
                  <dd>{formatRupees(charge)}</dd>
                </>
              )}
              <dt>{text.online.total}</dt>
              <dd>{formatRupees(total)}</dd>
            </dl>
          )}
          {problem && picked.length > 0 && (
            <p className="alert alert-warning" role="alert">
              {problem}
            </p>
          )}
          {phase.kind === 'failed' && (
            <p className="alert alert-error" role="alert">
              {say(phase.message)}
            </p>
          )}
          {offline && <p className="field-hint">{text.online.offline}</p>}
          <button type="button" className="btn btn-primary" disabled={offline || picked.length === 0 || Boolean(problem) || phase.kind === 'busy'} onClick={() => void pay()}>
            {phase.kind === 'busy' ? phase.what : text.online.pay({ amount: formatRupees(total) })}
          </button>
        </>
      )}
    </section>
  );
}
