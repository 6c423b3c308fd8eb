/**
 * /admin/records: the admission register from the mirror, newest first, with academic year and
 * status filters, search, pages of 20 and CSV export of what the filters show. An admission made
 * on this device shows "Pending" until the school gives its number, and the number by itself once
 * it arrives. Per row: edit, the three certificates, and (admins) cancel. Below, the certificate
 * issue register with reprint links.
 */
import { say, useLanguage } from '../../i18n';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { academicYearLabel, academicYearOf, admissionStatuses, type AdmissionStatus } from '../../../contract/admission';
import { messages } from '../../../contract/messages';
import { todayIso } from '../../../contract/record-formats';
import { useSessionSnapshot } from '../../session/use-session';
import { useSyncEngine, useSyncState } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { adminHome } from '../../navigation/sections';
import { PageHeader } from '../../ui/PageHeader';
import {
  ConfirmDialog,
  LoadingStatus,
  mutationErrorMessage,
  NoticeArea,
  PagerFor,
  RecordTable,
  useNotice,
  useSearchedPages,
  useWriteReport,
  type Column,
} from '../../kit';
import { shortDate } from '../../ui/dates';
import { SelectField } from '../../ui/fields';
import { mayChangeClassOf, useChangeableClassIds } from '../../kit/taught-classes';
import { CertificateRegister } from './CertificateRegister';
import { editPath, newAdmissionPath, printPath } from './links';
import { entryKey, registerEntries, type RegisterEntry } from './queries';
import { SearchAndExport } from './SearchAndExport';
import { recordsTexts, recordsTitles } from './texts';
import './records.css';

const text = recordsTexts.register;
const allValue = 'all';

const numberOf = (entry: RegisterEntry) => entry.admission.admissionNumber ?? say(messages.admissions.pendingNumber);

/** The register's columns, in the language of the moment. */
function registerColumns(): Column<RegisterEntry>[] {
  return [
  {
    key: 'admissionNumber',
    header: text.columns.number,
    text: numberOf,
    cell: (entry) =>
      entry.admission.admissionNumber ?? (
        <span className="rec-number-pending">
          <span className="rec-pending-badge">{say(messages.admissions.pendingNumber)}</span>
          <span className="rec-pending-hint">{text.pendingHint}</span>
        </span>
      ),
  },
  { key: 'admissionDate', header: text.columns.date, text: (entry) => shortDate(entry.admission.admissionDate) ?? '' },
  { key: 'name', header: text.columns.name, text: (entry) => entry.name },
  { key: 'className', header: text.columns.class, text: (entry) => entry.className },
  {
    key: 'status',
    header: text.columns.status,
    text: (entry) => recordsTexts.statuses[entry.admission.status],
    cell: (entry) => (
      <span className="rec-status" data-status={entry.admission.status}>
        {recordsTexts.statuses[entry.admission.status]}
      </span>
    ),
  },
  { key: 'previousSchool', header: text.columns.previousSchool, text: (entry) => entry.admission.previousSchool ?? '' },
  ];
}

/** The academic years to choose from: every year in the register and the current one, newest first. */
function yearChoices(entries: readonly RegisterEntry[]): number[] {
  const years = new Set(entries.map((entry) => entry.year));
  years.add(academicYearOf(todayIso()));
  return [...years].sort((a, b) => b - a);
}

function AddedNotice({ entries, id }: { entries: readonly RegisterEntry[]; id: string }) {
  const state = useSyncState();
  const entry = entries.find((row) => row.admission.id === id);
  if (!entry) {
    // The school refused it: the entry left the register; say why here, not only in the sync panel.
    const refused = state?.rejected.find((item) => item.kind === 'admissions.create' && (item.body as { id?: unknown } | null)?.id === id);
    return refused ? (
      <p className="alert alert-error" role="alert">
        {recordsTexts.register.refused({ message: refused.message })}
      </p>
    ) : null;
  }
  const number = entry.admission.admissionNumber;
  return (
    <p className={`alert ${number ? 'alert-info' : 'alert-warning'}`} role="status" aria-live="polite">
      {number ? say(messages.admissions.added(number)) : recordsTexts.form.savedPending}
    </p>
  );
}

function RowActions({
  entry,
  isAdmin,
  mayEdit,
  onCancel,
}: {
  entry: RegisterEntry;
  isAdmin: boolean;
  mayEdit: boolean;
  onCancel: (entry: RegisterEntry) => void;
}) {
  const { admission } = entry;
  const who = entry.name || numberOf(entry);
  return (
    <div className="rec-row-actions" role="group" aria-label={text.actions({ name: who })}>
      {mayEdit && (
        <Link className="btn btn-secondary" to={editPath(entryKey(admission))}>
          {text.edit}
        </Link>
      )}
      {/* Certificates only for a student she may change: the server refuses the rest (server/modules/certificates/issue.ts). */}
      {mayEdit && (
        <>
          <Link className="btn btn-secondary" to={printPath('bonafide', admission.studentId)} title={say(messages.certificates.titles.bonafide)}>
            {text.printBonafide}
            <span className="visually-hidden"> {say(messages.certificates.titles.bonafide)}</span>
          </Link>
          <Link className="btn btn-secondary" to={printPath('transfer', admission.studentId)} title={say(messages.certificates.titles.transfer)}>
            {text.printTc}
            <span className="visually-hidden"> {say(messages.certificates.titles.transfer)}</span>
          </Link>
          <Link
            className="btn btn-secondary"
            to={printPath('studentDetails', admission.studentId)}
            title={say(messages.certificates.titles.studentDetails)}
          >
            {text.printStudentDetails}
            <span className="visually-hidden"> {say(messages.certificates.titles.studentDetails)}</span>
          </Link>
        </>
      )}
      {isAdmin && admission.status !== 'cancelled' && (
        <button type="button" className="btn btn-danger" onClick={() => onCancel(entry)}>
          {text.cancel}
        </button>
      )}
    </div>
  );
}

export default function RecordsPage() {
  const engine = useSyncEngine();
  const { session } = useSessionSnapshot();
  const isAdmin = session?.role === 'admin';
  // A teacher admits to and edits only the classes they teach (the server's rule, students/service.ts).
  const changeable = useChangeableClassIds();
  const mayAdmit = changeable === null || (changeable !== undefined && changeable.size > 0);
  const report = useWriteReport();
  const [notice, setNotice] = useNotice();
  const [params, setParams] = useSearchParams();
  const entries = useMirrorQuery(registerEntries, []);

  const yearParam = params.get('year') ?? allValue;
  const statusParam = params.get('status') ?? allValue;
  const year = /^\d{4}$/.test(yearParam) ? Number(yearParam) : null;
  const status = (admissionStatuses as readonly string[]).includes(statusParam) ? (statusParam as AdmissionStatus) : null;
  const [cancelling, setCancelling] = useState<RegisterEntry | null>(null);
  const [busy, setBusy] = useState(false);

  const filtered = useMemo(
    () => (entries ?? []).filter((entry) => (year === null || entry.year === year) && (status === null || entry.admission.status === status)),
    [entries, year, status],
  );
  const language = useLanguage();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the headers change with the language
  const columns = useMemo(() => registerColumns(), [language]);
  const { found, paging, searchBar } = useSearchedPages(filtered, columns, `${year}|${status}`);
  const years = useMemo(() => yearChoices(entries ?? []), [entries]);

  const setFilter = (name: 'year' | 'status', value: string) => {
    const next = new URLSearchParams(params);
    if (value === allValue) next.delete(name);
    else next.set(name, value);
    next.delete('added');
    setParams(next, { replace: true });
  };

  const confirmCancel = async () => {
    if (!engine || !cancelling) return;
    setBusy(true);
    setNotice(null);
    try {
      report.saved(messages.admissions.cancelled, await engine.mutate('admissions.cancel', { id: cancelling.admission.id }));
      setCancelling(null);
    } catch (error) {
      setCancelling(null);
      setNotice({ tone: 'error', text: mutationErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const added = params.get('added');
  return (
    <main className="page rec-page">
      <PageHeader
        title={recordsTitles.records}
        backTo={adminHome}
        right={
          mayAdmit ? (
            <Link className="btn btn-primary" to={newAdmissionPath}>
              {text.newAdmission}
            </Link>
          ) : undefined
        }
      />
      {(!engine || entries === undefined) && <LoadingStatus text={recordsTexts.loadingMirror} />}
      <NoticeArea notice={notice} />
      {entries && (
        <>
          {added && <AddedNotice entries={entries} id={added} />}
          <section aria-labelledby="rec-register-heading">
            <h2 id="rec-register-heading" className="rec-heading">
              {text.heading}
            </h2>
            <div className="rec-toolbar">
              <SelectField label={text.yearFilter} value={year === null ? allValue : String(year)} onChange={(event) => setFilter('year', event.target.value)}>
                <option value={allValue}>{text.allYears}</option>
                {years.map((value) => (
                  <option key={value} value={String(value)}>
                    {academicYearLabel(value)}
                  </option>
                ))}
              </SelectField>
              <SelectField label={text.statusFilter} value={status ?? allValue} onChange={(event) => setFilter('status', event.target.value)}>
                <option value={allValue}>{text.allStatuses}</option>
                {admissionStatuses.map((value) => (
                  <option key={value} value={value}>
                    {recordsTexts.statuses[value]}
                  </option>
                ))}
              </SelectField>
            </div>
            <SearchAndExport searchBar={searchBar} found={found.rows} columns={columns} csvName={text.csvName} />
            <RecordTable
              busy={found.stale}
              caption={text.heading}
              captionHidden
              columns={columns}
              rows={paging.pageRows}
              getRowId={(entry) => entry.admission.id}
              emptyText={entries.length === 0 ? text.empty : text.noMatch}
              actionsHeader={text.columns.actions}
              actions={(entry) => (
                <RowActions
                  entry={entry}
                  isAdmin={isAdmin}
                  mayEdit={mayChangeClassOf(changeable, entry.student?.classId ?? entry.admission.classId)}
                  onCancel={setCancelling}
                />
              )}
            />
            <PagerFor paging={paging} />
          </section>
          <CertificateRegister />
        </>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={text.cancelTitle}
        confirmLabel={text.cancelConfirm}
        cancelLabel={text.cancelKeep}
        busy={busy}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling(null)}
      >
        {cancelling && <p>{text.cancelQuestion({ number: numberOf(cancelling), name: cancelling.name })}</p>}
      </ConfirmDialog>
    </main>
  );
}
