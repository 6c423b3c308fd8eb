/**
 * /admin/fee: the receipt register (search, date range, mode, cancelled), the day's collection by
 * mode for the cashier's closing, and dues and defaulters by class with CSV export; all from the
 * device's copy, so it reads offline. Receipts waiting for their number show Pending.
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { feeMessages, feePaths, type PaymentMode, paymentModes, type ReceiptStatus, receiptStatuses } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import { duesStanding } from '../../../contract/fee-dues';
import { formatRupees } from '../../../contract/money';
import { ApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import { ClosedYearNote, ExportCsvButton, LoadingStatus, PagerFor, RecordTable, SearchBar, useChosenYear, useSearchedPages, useStaffAccess, useWriteReport, YearChooser, type Column } from '../../kit';
import { useLanguage } from '../../i18n';
import { useOnline } from '../../kit/use-online';
import { adminHome } from '../../navigation/sections';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { shortDate } from '../../ui/dates';
import { SelectField, TextField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import type { FeeReceiptRow } from '../../../sync/modules/fees';
import { FeeSetup } from './FeeSetup';
import { classDues, classLabel, currentFeeYear, collectionByMode, compareReceipts, hasStructure, readFeeMirror, receiptNumberOf, todayIso, type ClassDuesRow, type FeeMirror } from './queries';
import { feeTexts as text, feeTitles } from './texts';
import './fees.css';

const all = 'all';

/** The register's columns, in the language of the moment. */
function registerColumns(): Column<FeeReceiptRow>[] {
  return [
  { key: 'receiptNumber', header: text.columns.number, text: receiptNumberOf },
  { key: 'paidOn', header: text.columns.date, text: (row) => shortDate(row.paidOn) ?? '' },
  { key: 'studentName', header: text.columns.student, text: (row) => row.studentName },
  { key: 'admissionId', header: text.columns.admissionId, text: (row) => row.admissionId },
  { key: 'className', header: text.columns.className, text: (row) => row.className },
  { key: 'mode', header: text.columns.mode, text: (row) => text.modes[row.mode] },
  { key: 'total', header: text.columns.amount, text: (row) => formatRupees(row.total), className: 'fee-num' },
  { key: 'status', header: text.columns.status, text: (row) => text.statuses[row.status] },
  ];
}

export default function FeeRegisterPage() {
  useLanguage();
  const mirror = useMirrorQuery(readFeeMirror, []);
  const { isAdmin } = useStaffAccess();
  return (
    <main className="page fee-page">
      <PageHeader
        title={feeTitles.fees}
        backTo={adminHome}
        right={
          isAdmin ? (
            <Link className="btn btn-primary" to="/admin/addfee">
              {text.register.collect}
            </Link>
          ) : undefined
        }
      />
      {!mirror && <LoadingStatus text={text.loading} />}
      {mirror && <Sections mirror={mirror} isAdmin={isAdmin} />}
    </main>
  );
}

/** The register and the defaulters show the chosen year (the current one unless another is chosen). */
function Sections({ mirror, isAdmin }: { mirror: FeeMirror; isAdmin: boolean }) {
  const year = useChosenYear(mirror.years) ?? currentFeeYear(mirror, todayIso());
  return (
    <>
      <YearChooser years={mirror.years} year={year} />
      <ClosedYearNote years={mirror.years} year={year} />
      <Register mirror={mirror} isAdmin={isAdmin} year={year} />
      <DayClosing mirror={mirror} />
      <Defaulters mirror={mirror} isAdmin={isAdmin} year={year} />
      {isAdmin && <FeeSetup mirror={mirror} />}
    </>
  );
}

function Register({ mirror, isAdmin, year }: { mirror: FeeMirror; isAdmin: boolean; year: number }) {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const mode = (paymentModes as readonly string[]).includes(params.get('mode') ?? '') ? (params.get('mode') as PaymentMode) : null;
  const status = (receiptStatuses as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as ReceiptStatus) : null;
  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (!value || value === all) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };
  const rows = useMemo(
    () =>
      [...mirror.receipts]
        .filter(
          (row) =>
            row.academicYear === year && (!from || row.paidOn >= from) && (!to || row.paidOn <= to) && (!mode || row.mode === mode) && (!status || row.status === status),
        )
        .sort(compareReceipts),
    [mirror, from, to, mode, status, year],
  );
  const language = useLanguage();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the headers change with the language
  const columns = useMemo(() => registerColumns(), [language]);
  const { found, paging, searchBar } = useSearchedPages(rows, columns, `${year}|${from}|${to}|${mode}|${status}`);
  return (
    <section aria-labelledby="fee-register" className="fee-section">
      <h2 id="fee-register">{text.register.heading}</h2>
      <div className="fee-toolbar">
        <TextField label={text.register.from} type="date" value={from} onChange={(event) => setFilter('from', event.target.value)} />
        <TextField label={text.register.to} type="date" value={to} onChange={(event) => setFilter('to', event.target.value)} />
        <SelectField label={text.register.mode} value={mode ?? all} onChange={(event) => setFilter('mode', event.target.value)}>
          <option value={all}>{text.register.all}</option>
          {paymentModes.map((value) => (
            <option key={value} value={value}>
              {text.modes[value]}
            </option>
          ))}
        </SelectField>
        <SelectField label={text.register.status} value={status ?? all} onChange={(event) => setFilter('status', event.target.value)}>
          <option value={all}>{text.register.all}</option>
          {receiptStatuses.map((value) => (
            <option key={value} value={value}>
              {text.statuses[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="fee-toolbar">
        <SearchBar {...searchBar} />
        <ExportCsvButton filename={text.register.csvName} columns={columns} rows={found.rows} />
      </div>
      <RecordTable
        stackOnPhone
        busy={found.stale}
        caption={text.register.heading}
        captionHidden
        columns={columns}
        rows={paging.pageRows}
        getRowId={(row) => row.id}
        emptyText={mirror.receipts.length === 0 ? (isAdmin ? text.register.empty : text.register.officeOnly) : text.register.noMatch}
        actionsHeader={text.columns.actions}
        actions={(row) => (
          <span className="fee-actions">
            <Link to={`/admin/fees/details/${row.id}`} aria-label={text.register.viewLabel({ number: receiptNumberOf(row) })}>
              {text.register.view}
            </Link>
            {isAdmin && row.status === 'paid' && row.receiptNumber && (
              <Link to={`/admin/fees/edit/${row.id}`} aria-label={text.register.correctLabel({ number: receiptNumberOf(row) })}>
                {text.register.correct}
              </Link>
            )}
          </span>
        )}
      />
      <PagerFor paging={paging} />
    </section>
  );
}

function DayClosing({ mirror }: { mirror: FeeMirror }) {
  useLanguage();
  const [day, setDay] = useState(todayIso());
  const totals = collectionByMode(mirror.receipts, day);
  const sum = totals.reduce((total, row) => total + row.total, 0);
  const count = totals.reduce((total, row) => total + row.count, 0);
  return (
    <section aria-labelledby="fee-closing" className="fee-section panel">
      <h2 id="fee-closing">{text.closing.heading}</h2>
      <TextField label={text.closing.day} type="date" value={day} onChange={(event) => setDay(event.target.value || todayIso())} />
      {count === 0 ? (
        <p>{text.closing.none}</p>
      ) : (
        <table className="fee-table">
          <caption>{text.closing.caption({ day: shortDate(day) ?? day })}</caption>
          <thead>
            <tr>
              <th scope="col">{text.columns.mode}</th>
              <th scope="col" className="fee-num">
                {text.closing.receipts}
              </th>
              <th scope="col" className="fee-num">
                {text.columns.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.map((row) => (
              <tr key={row.mode}>
                <th scope="row">{text.modes[row.mode]}</th>
                <td className="fee-num">{row.count}</td>
                <td className="fee-num">{formatRupees(row.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{text.closing.total}</th>
              <td className="fee-num">{count}</td>
              <td className="fee-num">{formatRupees(sum)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}

type DuesRow = ClassDuesRow;

/** A class's dues as of today: what each student owes now and since when, and what is still to come. */
function duesColumnsOn(today: string): Column<DuesRow>[] {
  const standing = (row: DuesRow) => duesStanding(row.dues, today);
  return [
    { key: 'name', header: text.columns.student, text: (row) => row.name },
    { key: 'admissionId', header: text.columns.admissionId, text: (row) => row.admissionId },
    { key: 'since', header: text.columns.overdueSince, text: (row) => shortDate(standing(row).owedSince ?? '') ?? '' },
    { key: 'overdue', header: text.columns.overdue, text: (row) => formatRupees(row.dues.overdue), className: 'fee-num' },
    { key: 'fine', header: text.columns.overdueFine, text: (row) => formatRupees(standing(row).owedFine), className: 'fee-num' },
    { key: 'notYetDue', header: text.columns.notYetDue, text: (row) => formatRupees(standing(row).notYetDue), className: 'fee-num' },
    { key: 'total', header: text.columns.total, text: (row) => formatRupees(row.dues.totalOutstanding), className: 'fee-num' },
  ];
}

function Defaulters({ mirror, isAdmin, year }: { mirror: FeeMirror; isAdmin: boolean; year: number }) {
  const online = useOnline() !== false;
  const report = useWriteReport();
  const [reminding, setReminding] = useState(false);
  const [classId, setClassId] = useState('');
  const [onlyOverdue, setOnlyOverdue] = useState(true);
  const today = todayIso();
  const rows = useMemo(() => classDues(mirror, classId, today, onlyOverdue, year), [mirror, classId, onlyOverdue, today, year]);
  const language = useLanguage();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the headers change with the language
  const duesColumns = useMemo(() => duesColumnsOn(today), [today, language]);
  const label = classLabel(mirror.classes, classId);
  const remind = async () => {
    setReminding(true);
    try {
      const response = await apiRequest('POST', feePaths.remind, { json: { classId } });
      report.saved(response.message ?? feeMessages.remindersSent(0));
    } catch (failure) {
      report.failed(failure, failure instanceof ApiError ? failure.message : messages.network.unexpected);
    } finally {
      setReminding(false);
    }
  };
  return (
    <section aria-labelledby="fee-defaulters" className="fee-section">
      <h2 id="fee-defaulters">{text.defaulters.heading}</h2>
      <div className="fee-toolbar">
        <SelectField label={text.defaulters.chooseClass} value={classId} onChange={(event) => setClassId(event.target.value)}>
          <option value="">{text.defaulters.pick}</option>
          {mirror.classes.map((row) => (
            <option key={row.id} value={row.id}>
              {classLabel(mirror.classes, row.id)}
            </option>
          ))}
        </SelectField>
        <label className="fee-check">
          <input type="checkbox" checked={onlyOverdue} onChange={(event) => setOnlyOverdue(event.target.checked)} /> {text.defaulters.onlyOverdue}
        </label>
        {classId && <ExportCsvButton filename={text.defaulters.csvName({ className: label.replace(/\s+/g, '-') })} columns={duesColumns} rows={rows} />}
        {classId && isAdmin && year === currentFeeYear(mirror, today) && (
          <button type="button" className="btn" disabled={!online || reminding} onClick={() => void remind()} title={online ? undefined : text.defaulters.remindOffline}>
            {text.defaulters.remind}
          </button>
        )}
      </div>
      {classId && !hasStructure(mirror, classId, today, year) && <p>{text.defaulters.noStructure}</p>}
      {classId && hasStructure(mirror, classId, today, year) && (
        <RecordTable stackOnPhone caption={text.defaulters.caption({ className: label })} columns={duesColumns} rows={rows} getRowId={(row) => row.id} emptyText={text.defaulters.empty} />
      )}
    </section>
  );
}
