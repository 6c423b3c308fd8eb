/**
 * /admin/addfee: the counter. Find a student in the device's copy (name or admission ID), see their
 * dues (what is owed now and since when, the year's outstanding split into overdue and not yet
 * due), tick the installments being paid (part payments allowed), the mode with its reference, the
 * fine received or waived with a reason. A payment dated before today is back-dated: a late fine
 * the earlier date removes is shown and needs a reason, as the school requires (contract/fee-dues.ts
 * `fineRemovedByDate`). Written to the device through the outbox, so it works offline: the receipt
 * opens at once, provisional, until the school gives it its number.
 */
import { say, useLanguage } from '../../i18n';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { academicYearLabel } from '../../../contract/admission';
import { duesWith, fineOf, fineRemovedByDate, principalLeft } from '../../../contract/fee-dues';
import { counterPaymentModes, earliestPaymentDate, feeMessages, indianDate, type CounterPaymentMode } from '../../../contract/fees';
import { formatRupees, parseRupees, rupeesInput } from '../../../contract/money';
import { LoadingStatus, normalizeText, useChosenYear, useWriteReport, YearChooser } from '../../kit';
import { standingLines } from '../../kit/fee-standing';
import { stackCell, stackRowHeader, stackTable } from '../../kit/stacked-table';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { shortDate } from '../../ui/dates';
import { SelectField, TextField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { classInYear, classLabel, currentFeeYear, duesOf, duesSourcesOf, firstFeeYear, hasStructure, previousYearDues, readFeeMirror, studentName, todayIso, type FeeMirror } from './queries';
import { feeTexts as text, feeTitles } from './texts';
import './fees.css';

export default function CollectFeePage() {
  useLanguage();
  const mirror = useMirrorQuery(readFeeMirror, []);
  const [studentId, setStudentId] = useState<string | null>(null);
  return (
    <main className="page fee-page">
      <PageHeader title={feeTitles.addFee} backTo="/admin/fee" />
      {!mirror && <LoadingStatus text={text.loading} />}
      {mirror && !studentId && <StudentFinder mirror={mirror} onChoose={setStudentId} />}
      {mirror && studentId && <YearOfPayment mirror={mirror} studentId={studentId} onChange={() => setStudentId(null)} />}
    </main>
  );
}

function StudentFinder({ mirror, onChoose }: { mirror: FeeMirror; onChoose: (id: string) => void }) {
  const [query, setQuery] = useState('');
  const needle = normalizeText(query);
  const found = useMemo(
    () =>
      needle.length === 0
        ? []
        : mirror.students
            .filter((row) => normalizeText(`${studentName(row)} ${row.admissionId ?? ''}`).includes(needle))
            .slice(0, 20),
    [mirror, needle],
  );
  return (
    <section className="panel" aria-labelledby="fee-find">
      <h2 id="fee-find">{text.collect.findStudent}</h2>
      <TextField label={text.collect.searchLabel} hint={text.collect.findHint} value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" type="search" />
      {needle && found.length === 0 && <p role="status">{text.collect.noMatch}</p>}
      <ul className="fee-found">
        {found.map((row) => (
          <li key={row.id}>
            <button type="button" className="btn fee-found-btn" onClick={() => onChoose(row.id)}>
              <strong>{studentName(row)}</strong> · {classLabel(mirror.classes, row.classId)} · {row.admissionId ?? text.pending}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Which year's fees are being taken: the current year's unless another is chosen; what is left of
 * last year, once it closed, is said above the form and taken by choosing that year (a receipt pays
 * one year's installments).
 */
function YearOfPayment({ mirror, studentId, onChange }: { mirror: FeeMirror; studentId: string; onChange: () => void }) {
  const year = useChosenYear(mirror.years) ?? currentFeeYear(mirror);
  const previous = year === currentFeeYear(mirror) ? previousYearDues(mirror, studentId, todayIso()) : null;
  return (
    <>
      <YearChooser years={mirror.years} year={year} />
      {previous && (
        <p className="alert alert-warning" role="note">
          {text.family.previousLeft({ amount: formatRupees(previous.totalOutstanding), year: academicYearLabel(previous.academicYear) })}
        </p>
      )}
      <PaymentForm key={`${studentId}|${year}`} mirror={mirror} studentId={studentId} academicYear={year} onChange={onChange} />
    </>
  );
}

interface Choice {
  chosen: boolean;
  amount: string;
}

function PaymentForm({ mirror, studentId, academicYear, onChange }: { mirror: FeeMirror; studentId: string; academicYear: number; onChange: () => void }) {
  const engine = useSyncEngine();
  const report = useWriteReport();
  const navigate = useNavigate();
  const formId = useId();
  const student = mirror.students.find((row) => row.id === studentId);
  const today = todayIso();
  const dues = useMemo(() => duesOf(mirror, studentId, today, academicYear), [mirror, studentId, today, academicYear]);
  const structured = hasStructure(mirror, classInYear(mirror, studentId, academicYear), today, academicYear);
  const open = dues.installments.filter((line) => principalLeft(line) > 0);
  const fineDue = dues.installments.reduce((sum, line) => sum + line.fine, 0);
  const lines = standingLines(dues, today);
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(open.map((line) => [line.installmentId, { chosen: line.dueDate <= today, amount: rupeesInput(principalLeft(line)) }])),
  );
  const [paidOn, setPaidOn] = useState(today);
  const [mode, setMode] = useState<CounterPaymentMode>('cash');
  const [reference, setReference] = useState('');
  const [bank, setBank] = useState('');
  const [fine, setFine] = useState(rupeesInput(fineDue));
  const [fineWaived, setFineWaived] = useState('0');
  const [waiverReason, setWaiverReason] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const items = open
    .filter((line) => choices[line.installmentId]?.chosen)
    .map((line) => ({ line, amount: parseRupees(choices[line.installmentId]?.amount ?? '') }));
  const finePaise = parseRupees(fine || '0');
  const waivedPaise = parseRupees(fineWaived || '0');
  const total = items.reduce((sum, item) => sum + (item.amount ?? 0), finePaise ?? 0);
  const earliest = earliestPaymentDate(today, firstFeeYear(mirror));
  // A date the school takes, before today, with amounts that read: back-dated.
  const backdated = (date: string) => date >= earliest && date < today && items.every((item) => item.amount !== undefined && item.amount > 0);
  const draft = { studentId, paidOn, items: items.map((item) => ({ installmentId: item.line.installmentId, amount: item.amount ?? 0 })), fine: 0, fineWaived: 0 };
  const sources = duesSourcesOf(mirror, studentId, today, academicYear);
  // The fine the earlier date removes, and the fine left to take as of that date.
  const removed = backdated(paidOn) ? fineRemovedByDate(sources, draft, today) : 0;
  const fineDueOn = (date: string) => (backdated(date) ? fineOf(duesWith(sources, { ...draft, paidOn: date }, today)) : fineDue);
  const fineDueDated = fineDueOn(paidOn);
  const changeDate = (date: string) => {
    setPaidOn(date);
    setFine(rupeesInput(fineDueOn(date)));
  };

  const problem = (): string | undefined => {
    if (items.some((item) => item.amount === undefined || item.amount <= 0) || finePaise === undefined || waivedPaise === undefined) return text.collect.badAmount;
    for (const item of items) if ((item.amount ?? 0) > principalLeft(item.line)) return feeMessages.overpaid(`${item.line.head} ${item.line.label}`);
    if (items.length === 0 && !finePaise) return text.collect.nothingChosen;
    if (paidOn > today) return feeMessages.paidOnFuture;
    if (paidOn < earliest) return feeMessages.paidOnTooEarly(indianDate(earliest));
    if ((finePaise ?? 0) + (waivedPaise ?? 0) > fineDueDated) return feeMessages.fineTooMuch;
    if ((waivedPaise ?? 0) > 0 && !waiverReason.trim()) return feeMessages.waiverReason;
    if (removed > 0 && !waiverReason.trim()) return feeMessages.backdatedReason(formatRupees(removed), indianDate(paidOn));
    if (mode === 'cheque' && (!reference.trim() || !bank.trim())) return feeMessages.chequeDetails;
    if ((mode === 'upi' || mode === 'bankTransfer') && !reference.trim()) return feeMessages.referenceNeeded;
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const why = problem();
    setError(why);
    if (why || !engine) return;
    setBusy(true);
    let id: string | undefined;
    const ok = await report.attempt(async () => {
      const result = await engine.mutate('feeReceipts.create', {
        studentId,
        paidOn,
        mode,
        reference: reference.trim() || undefined,
        bank: mode === 'cheque' ? bank.trim() : undefined,
        items: items.map((item) => ({ installmentId: item.line.installmentId, amount: item.amount ?? 0 })),
        fine: finePaise ?? 0,
        fineWaived: waivedPaise ?? 0,
        waiverReason: waiverReason.trim() || undefined,
        remark: remark.trim() || undefined,
      });
      id = String(result.result);
      return result;
    }, text.collect.collected);
    setBusy(false);
    if (ok && id) void navigate(`/admin/fees/details/${id}`);
  };

  if (!student) return null;
  return (
    <form className="fee-collect" onSubmit={(event) => void submit(event)} aria-labelledby={`${formId}-student`} noValidate>
      <section className="panel">
        <h2 id={`${formId}-student`}>
          {studentName(student)} · {classLabel(mirror.classes, student.classId)} · {student.admissionId ?? text.pending}
        </h2>
        <button type="button" className="btn btn-link" onClick={onChange}>
          {text.collect.change}
        </button>
      </section>
      <section className="panel" aria-labelledby={`${formId}-dues`}>
        <h2 id={`${formId}-dues`}>{text.collect.duesHeading}</h2>
        {!structured && <p>{text.collect.noStructure}</p>}
        {structured && open.length === 0 && <p>{text.collect.nothingDue}</p>}
        {structured && (
          <div className="fee-standing">
            <p className="fee-next">{lines.owedNow}</p>
            {lines.year && <p>{lines.year}</p>}
          </div>
        )}
        {open.length > 0 && (
          <div className="fee-table-wrap">
            <table className={`fee-table ${stackTable.className}`} {...stackTable.table} aria-labelledby={`${formId}-dues`}>
              <thead {...stackTable.rowgroup}>
                <tr {...stackTable.row}>
                  <th scope="col" {...stackTable.columnheader}>
                    {text.columns.pay}
                  </th>
                  <th scope="col" {...stackTable.columnheader}>
                    {text.columns.head}
                  </th>
                  <th scope="col" {...stackTable.columnheader}>
                    {text.columns.dueDate}
                  </th>
                  <th scope="col" className="fee-num" {...stackTable.columnheader}>
                    {text.columns.outstanding}
                  </th>
                  <th scope="col" {...stackTable.columnheader}>
                    {text.columns.amount}
                  </th>
                </tr>
              </thead>
              <tbody {...stackTable.rowgroup}>
                {open.map((line) => {
                  const what = `${line.head} ${line.label}`;
                  const choice = choices[line.installmentId] ?? { chosen: false, amount: '' };
                  const set = (next: Partial<Choice>) => setChoices((current) => ({ ...current, [line.installmentId]: { ...choice, ...next } }));
                  return (
                    <tr key={line.installmentId} data-overdue={line.dueDate < today || undefined} {...stackTable.row}>
                      <td className="fee-pay" {...stackCell(text.columns.pay)}>
                        <input type="checkbox" aria-label={text.collect.payThis({ what })} checked={choice.chosen} onChange={(event) => set({ chosen: event.target.checked })} />
                      </td>
                      <th scope="row" {...stackRowHeader()}>
                        {what}
                      </th>
                      <td {...stackCell(text.columns.dueDate)}>{shortDate(line.dueDate)}</td>
                      <td className="fee-num" {...stackCell(text.columns.outstanding)}>
                        {formatRupees(principalLeft(line))}
                      </td>
                      <td {...stackCell(text.columns.amount)}>
                        <input
                          className="field-input fee-amount"
                          inputMode="decimal"
                          aria-label={text.collect.amountLabel({ what })}
                          value={choice.amount}
                          disabled={!choice.chosen}
                          onChange={(event) => set({ amount: event.target.value })}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="panel fee-payment" aria-labelledby={`${formId}-payment`}>
        <h2 id={`${formId}-payment`}>{text.collect.payment}</h2>
        <TextField label={text.collect.paidOn} type="date" value={paidOn} min={earliest} max={today} onChange={(event) => changeDate(event.target.value)} />
        {removed > 0 && (
          <p className="fee-backdated" role="status">
            {text.collect.backdated({ amount: formatRupees(removed), date: shortDate(paidOn) ?? paidOn })}
          </p>
        )}
        <SelectField label={text.collect.mode} value={mode} onChange={(event) => setMode(event.target.value as CounterPaymentMode)}>
          {counterPaymentModes.map((value) => (
            <option key={value} value={value}>
              {text.modes[value]}
            </option>
          ))}
        </SelectField>
        {mode !== 'cash' && <TextField label={text.collect.reference[mode]} value={reference} onChange={(event) => setReference(event.target.value)} />}
        {mode === 'cheque' && <TextField label={text.collect.bank} value={bank} onChange={(event) => setBank(event.target.value)} />}
        {fineDue > 0 && (
          <>
            <p>{text.collect.fineDue({ amount: formatRupees(fineDueDated) })}</p>
            <TextField label={text.collect.finePaid} inputMode="decimal" value={fine} onChange={(event) => setFine(event.target.value)} />
            <TextField label={text.collect.fineWaived} inputMode="decimal" value={fineWaived} onChange={(event) => setFineWaived(event.target.value)} />
            {((parseRupees(fineWaived || '0') ?? 0) > 0 || removed > 0) && (
              <TextField label={text.collect.waiverReason} value={waiverReason} onChange={(event) => setWaiverReason(event.target.value)} />
            )}
          </>
        )}
        <TextField label={text.collect.remark} value={remark} onChange={(event) => setRemark(event.target.value)} />
        <p className="fee-total" aria-live="polite">
          {text.collect.total({ amount: formatRupees(total) })}
        </p>
        {error && (
          <p className="alert alert-error" role="alert">
            {say(error)}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy || !engine}>
          {busy ? text.collect.saving : text.collect.submit}
        </button>
      </section>
    </form>
  );
}
