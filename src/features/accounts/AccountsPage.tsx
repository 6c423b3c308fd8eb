/**
 * /admin/accounts (admins; a teacher is told who manages accounts): registrations waiting for
 * approval, each approved with its record or rejected, and every account of the school, paged on
 * the server and filtered by username, role and status, with Reset password, Deactivate and
 * Reactivate. Straight to the server, not the mirror: offline the page says so, the actions wait
 * and nothing typed is lost.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { accountStatuses, type AccountStatus } from '../../../contract/auth';
import type { Account } from '../../../contract/account';
import { messages } from '../../../contract/messages';
import { roleNames, type RoleName } from '../../../contract/roles';
import type { LanguageCode } from '../../../contract/languages';
import { roleLabel, say, useLanguage } from '../../i18n';
import { adminHome } from '../../navigation/sections';
import { useSessionSnapshot } from '../../session/use-session';
import { PageHeader } from '../../ui/PageHeader';
import type { Column } from '../../ui/columns';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { ExportCsvButton } from '../../kit/ExportCsvButton';
import { Pager } from '../../kit/paging';
import { LoadProblem } from '../../kit/record-page';
import { RecordTable } from '../../kit/RecordTable';
import {
  deactivateAccount,
  fetchAccountPage,
  fetchPending,
  reactivateAccount,
  rejectAccount,
  type AccountFilter,
  type Outcome,
} from './accounts-service';
import { ApproveDialog } from './ApproveDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { accountsTexts as text } from './texts';
import { staffTitles } from '../../kit/staff-titles';
import { useOnline } from '../../kit/use-online';
import { useServerLoad } from './use-server-load';
import './accounts.css';
import { shortDate } from '../../ui/dates';

const pageSize = 20;

const same = (a: string, b: string | undefined) => a.toLowerCase() === (b ?? '').toLowerCase();

const baseColumns = (): Column<Account>[] => [
  { key: 'username', header: text.fields.username, text: (row) => row.username },
  { key: 'role', header: text.fields.role, text: (row) => roleLabel(row.roleName) },
];
const registered = (): Column<Account> => ({ key: 'registered', header: text.fields.registered, text: (row) => shortDate(row.createdAt) ?? '' });

const confirmedText = (row: Account) =>
  [row.addressConfirmed ? text.pending.confirmedYes : text.pending.confirmedNo, ...(row.registrations > 1 ? [text.pending.registrations({ count: row.registrations })] : [])].join(', ');

/** The pending table's columns in a language (their headers are read when made). */
const pendingColumns = (_language: LanguageCode): Column<Account>[] => [
  ...baseColumns(),
  registered(),
  {
    key: 'confirmed',
    header: text.fields.confirmed,
    text: confirmedText,
    cell: (row) => (
      <span className="acc-confirmed" data-confirmed={row.addressConfirmed}>
        {row.addressConfirmed ? text.pending.confirmedYes : text.pending.confirmedNo}
        {row.registrations > 1 && <span className="acc-claims">{text.pending.registrations({ count: row.registrations })}</span>}
      </span>
    ),
  },
  {
    key: 'suggested',
    header: text.pending.suggested,
    text: (row) => row.linkedName ?? text.pending.noSuggestion,
    cell: (row) => (row.linkedName ? row.linkedName : <span className="acc-muted">{text.pending.noSuggestion}</span>),
  },
];

function PendingSection({ online, reloadKey, onDone }: { online: boolean | undefined; reloadKey: number; onDone: (outcome: Outcome) => void }) {
  const language = useLanguage();
  const columns = useMemo(() => pendingColumns(language), [language]);
  const pending = useServerLoad((signal) => fetchPending(signal), `pending|${reloadKey}`, online);
  const [approving, setApproving] = useState<Account | null>(null);
  /** An address never confirmed, whose warning is shown before the approval dialog. */
  const [warning, setWarning] = useState<Account | null>(null);
  const [rejecting, setRejecting] = useState<Account | null>(null);
  const [busy, setBusy] = useState(false);
  const [rejectError, setRejectError] = useState('');
  const canAct = online === true;

  const reject = async () => {
    if (!rejecting || busy || !canAct) return;
    setBusy(true);
    const outcome = await rejectAccount(rejecting.id);
    setBusy(false);
    if (!outcome.ok) {
      setRejectError(outcome.message);
      return;
    }
    setRejecting(null);
    onDone(outcome);
  };

  return (
    <section className="panel" aria-labelledby="acc-pending" aria-busy={pending.loading}>
      <h2 id="acc-pending">{text.pending.heading}</h2>
      {pending.error && <LoadProblem error={pending.error} retry={pending.retry} retryLabel={text.retry} online={canAct} />}
      {pending.value === undefined && pending.loading && online === true && <p role="status">{text.loading}</p>}
      {pending.value && (
        <RecordTable
          caption={text.pending.caption}
          captionHidden
          columns={columns}
          rows={pending.value}
          getRowId={(row) => row.id}
          emptyText={text.pending.none}
          actions={(row) => (
            <div className="acc-actions">
              <button
                type="button"
                className="btn btn-primary"
                aria-label={text.pending.approveLabel({ username: row.username })}
                disabled={!canAct}
                onClick={() => (row.addressConfirmed ? setApproving(row) : setWarning(row))}
              >
                {text.pending.approve}
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                aria-label={text.pending.rejectLabel({ username: row.username })}
                disabled={!canAct}
                onClick={() => {
                  setRejectError('');
                  setRejecting(row);
                }}
              >
                {text.pending.reject}
              </button>
            </div>
          )}
        />
      )}
      <ConfirmDialog
        open={warning !== null}
        title={text.pending.unconfirmedTitle}
        confirmLabel={text.pending.unconfirmedContinue}
        busy={!canAct}
        onConfirm={() => {
          setApproving(warning);
          setWarning(null);
        }}
        onCancel={() => setWarning(null)}
      >
        {warning && (
          <>
            <p>{text.pending.unconfirmedBody({ username: warning.username })}</p>
            {warning.registrations > 1 && <p>{text.pending.unconfirmedClaims({ count: warning.registrations })}</p>}
            <p>{text.pending.unconfirmedAdvice}</p>
          </>
        )}
      </ConfirmDialog>
      <ApproveDialog
        account={approving}
        online={canAct}
        onClose={() => setApproving(null)}
        onDone={onDone}
      />
      <ConfirmDialog
        open={rejecting !== null}
        title={text.pending.rejectTitle}
        confirmLabel={text.pending.rejectConfirm}
        busy={busy || !canAct}
        onConfirm={() => void reject()}
        onCancel={() => setRejecting(null)}
      >
        <p>{rejecting ? text.pending.rejectBody({ username: rejecting.username }) : ''}</p>
        {rejectError && (
          <p className="alert alert-error" role="alert">
            {say(rejectError)}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** The search is sent once typing pauses, not on every key. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function AllAccountsSection({
  online,
  reloadKey,
  me,
  onDone,
}: {
  online: boolean | undefined;
  reloadKey: number;
  me: string | undefined;
  onDone: (outcome: Outcome) => void;
}) {
  useLanguage();
  const searchId = useId();
  const roleId = useId();
  const statusId = useId();
  const ownNoteId = useId();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleName | ''>('');
  const [status, setStatus] = useState<AccountStatus | ''>('');
  const settledSearch = useSettled(search);
  const filter: AccountFilter = { search: settledSearch || undefined, role: role || undefined, status: status || undefined };
  const filterKey = JSON.stringify(filter);
  // A new filter starts at the first page.
  const [paging, setPaging] = useState({ filterKey, page: 0 });
  const page = paging.filterKey === filterKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  const list = useServerLoad((signal) => fetchAccountPage(page, pageSize, filter, signal), `${filterKey}|${page}|${reloadKey}`, online);
  const [resetting, setResetting] = useState<Account | null>(null);
  const [deactivating, setDeactivating] = useState<Account | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState('');
  const canAct = online === true;

  const run = async (account: Account, action: (id: string) => Promise<Outcome>) => {
    if (busy || !canAct) return false;
    setBusy(account.id);
    setActionError('');
    const outcome = await action(account.id);
    setBusy(null);
    if (!outcome.ok) {
      setActionError(outcome.message);
      return false;
    }
    onDone(outcome);
    return true;
  };

  const columns: Column<Account>[] = [
    {
      ...baseColumns()[0]!,
      cell: (row) =>
        same(row.username, me) ? (
          <>
            {row.username} <span className="acc-muted">{text.all.you}</span>
          </>
        ) : (
          row.username
        ),
    },
    baseColumns()[1]!,
    {
      key: 'status',
      header: text.fields.status,
      text: (row) => text.statuses[row.status],
      cell: (row) => (
        <span className="acc-status" data-status={row.status}>
          {text.statuses[row.status]}
        </span>
      ),
    },
    { key: 'linked', header: text.fields.linked, text: (row) => row.linkedName ?? text.all.notLinked },
    registered(),
  ];

  const total = list.value?.totalElements ?? 0;
  const pageCount = Math.max(1, list.value?.totalPages ?? 1);

  return (
    <section className="panel" aria-labelledby="acc-all" aria-busy={list.loading}>
      <h2 id="acc-all">{text.all.heading}</h2>
      <form className="acc-filters" role="search" aria-label={text.all.filters} onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label className="field-label" htmlFor={searchId}>
            {text.all.search}
          </label>
          <input id={searchId} className="field-input" type="search" autoComplete="off" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={roleId}>
            {text.fields.role}
          </label>
          <select id={roleId} className="field-input" value={role} onChange={(event) => setRole(event.target.value as RoleName | '')}>
            <option value="">{text.all.anyRole}</option>
            {roleNames.map((name) => (
              <option key={name} value={name}>
                {roleLabel(name)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={statusId}>
            {text.fields.status}
          </label>
          <select id={statusId} className="field-input" value={status} onChange={(event) => setStatus(event.target.value as AccountStatus | '')}>
            <option value="">{text.all.anyStatus}</option>
            {accountStatuses.map((name) => (
              <option key={name} value={name}>
                {text.statuses[name]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {actionError && (
        <p className="alert alert-error" role="alert">
          {say(actionError)}
        </p>
      )}
      {list.error && <LoadProblem error={list.error} retry={list.retry} retryLabel={text.retry} online={canAct} />}
      {list.value === undefined && list.loading && online === true && <p role="status">{text.loading}</p>}
      {list.value && (
        <>
          <div className="acc-count-row">
            <p className="acc-count" aria-live="polite">
              {text.all.count({ total })}
            </p>
            <ExportCsvButton filename="accounts" columns={columns} rows={list.value.content} />
          </div>
          <p id={ownNoteId} className="visually-hidden">
            {say(messages.accounts.notYourself)}
          </p>
          <RecordTable
            caption={text.all.caption}
            captionHidden
            columns={columns}
            rows={list.value.content}
            getRowId={(row) => row.id}
            emptyText={text.all.none}
            actions={(row) => {
              const own = same(row.username, me);
              const disabled = !canAct || own || busy !== null;
              const described = own ? ownNoteId : undefined;
              return (
                <div className="acc-actions">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={text.reset.label({ username: row.username })}
                    aria-describedby={described}
                    title={own ? say(messages.accounts.notYourself) : undefined}
                    disabled={disabled}
                    onClick={() => setResetting(row)}
                  >
                    {text.reset.button}
                  </button>
                  {row.status === 'active' && (
                    <button
                      type="button"
                      className="btn btn-danger"
                      aria-label={text.deactivate.label({ username: row.username })}
                      aria-describedby={described}
                      title={own ? say(messages.accounts.notYourself) : undefined}
                      disabled={disabled}
                      onClick={() => {
                        setActionError('');
                        setDeactivating(row);
                      }}
                    >
                      {text.deactivate.button}
                    </button>
                  )}
                  {row.status === 'inactive' && (
                    <button
                      type="button"
                      className="btn btn-primary"
                      aria-label={text.reactivate.label({ username: row.username })}
                      disabled={disabled}
                      onClick={() => void run(row, reactivateAccount)}
                    >
                      {busy === row.id ? text.working : text.reactivate.button}
                    </button>
                  )}
                  {own && <span className="acc-muted acc-own">{say(messages.accounts.notYourself)}</span>}
                </div>
              );
            }}
          />
          <Pager page={Math.min(page, pageCount - 1)} pageCount={pageCount} onPageChange={setPage} total={total} pageSize={pageSize} />
        </>
      )}
      <ResetPasswordDialog
        account={resetting}
        online={canAct}
        onClose={() => setResetting(null)}
        onDone={onDone}
      />
      <ConfirmDialog
        open={deactivating !== null}
        title={text.deactivate.title}
        confirmLabel={text.deactivate.confirm}
        busy={busy !== null || !canAct}
        onConfirm={() => {
          if (!deactivating) return;
          void run(deactivating, deactivateAccount).then((done) => {
            if (done) setDeactivating(null);
          });
        }}
        onCancel={() => setDeactivating(null)}
      >
        <p>{deactivating ? text.deactivate.body({ username: deactivating.username }) : ''}</p>
        {actionError && deactivating && (
          <p className="alert alert-error" role="alert">
            {say(actionError)}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

export default function AccountsPage() {
  useLanguage();
  const { session } = useSessionSnapshot();
  const known = useOnline();
  const [reloadKey, setReloadKey] = useState(0);
  const [lastOutcome, setLastOutcome] = useState('');

  if (session?.role !== 'admin') {
    return (
      <main className="page accounts-page">
        <PageHeader title={staffTitles.accounts} backTo={adminHome} />
        <p className="alert alert-info" role="status">
          {text.adminOnly}
        </p>
      </main>
    );
  }

  const done = (outcome: Outcome) => {
    toast.success(say(outcome.message));
    setLastOutcome(outcome.message);
    setReloadKey((n) => n + 1);
  };

  return (
    <main className="page accounts-page">
      <PageHeader title={staffTitles.accounts} backTo={adminHome} />
      {known === false && (
        <p className="alert alert-warning" role="status">
          {text.offline}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="acc-outcome">
        {say(lastOutcome)}
      </p>
      <PendingSection online={known} reloadKey={reloadKey} onDone={done} />
      <AllAccountsSection online={known} reloadKey={reloadKey} me={session.username} onDone={done} />
    </main>
  );
}
