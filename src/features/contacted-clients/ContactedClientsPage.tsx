/**
 * /admin/contacted-clients: the demo requests of the public contact form, for operators of the
 * Kaksha service only (docs/operators.md). List, search, filter, mark as contacted, export CSV.
 * It signs operators in by itself; a school's session plays no part.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { ContactedClient } from '../../../contract/contact';
import type { OperatorSession } from '../../../contract/operator';
import { messages } from '../../../contract/messages';
import { PageHeader } from '../../ui/PageHeader';
import { saveFile } from '../../ui/csv';
import { contactRequestsCsv } from './contacted-clients-csv';
import { ContactedClientsTable } from './ContactedClientsTable';
import { listContactRequests, OperatorApiError, setContacted } from './operator-api';
import { loadOperatorSession, saveOperatorSession } from './operator-session';
import { OperatorSignIn } from './OperatorSignIn';
import { operatorTexts as text } from './texts';
import { say, useLanguage } from '../../i18n';
import './contacted-clients.css';

/** The list's filters in the menu's order (the texts are a catalog reader, whose keys cannot be listed). */
const filters = ['all', 'open', 'done'] as const;
type Filter = (typeof filters)[number];
type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'loaded'; clients: ContactedClient[] };

export function matches(client: ContactedClient, query: string, filter: Filter): boolean {
  if (filter === 'open' && client.contactedAt) return false;
  if (filter === 'done' && !client.contactedAt) return false;
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [client.clientFullName, client.clientEmail, client.clientPhone, client.instituteName, client.message].some((value) =>
    value?.toLowerCase().includes(needle),
  );
}

export default function ContactedClientsPage() {
  useLanguage();
  const [session, setSession] = useState<OperatorSession | null>(() => loadOperatorSession());
  const [notice, setNotice] = useState<string | undefined>();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState('');
  const [exporting, setExporting] = useState(false);
  const deferredQuery = useDeferredValue(query);

  const signOut = useCallback((message?: string) => {
    saveOperatorSession(null);
    setSession(null);
    setNotice(message);
  }, []);

  const handleError = useCallback(
    (error: unknown, show: (message: string) => void) => {
      if (error instanceof OperatorApiError && error.status === 401) signOut(messages.auth.sessionExpired);
      else show(error instanceof Error ? error.message : messages.network.unexpected);
    },
    [signOut],
  );

  const refresh = useCallback(async () => {
    if (!session) return;
    setLoad({ kind: 'loading' });
    try {
      setLoad({ kind: 'loaded', clients: await listContactRequests(session.jwtToken) });
    } catch (error) {
      handleError(error, (message) => setLoad({ kind: 'error', message }));
    }
  }, [session, handleError]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const clients = useMemo(() => (load.kind === 'loaded' ? load.clients : []), [load]);
  const shown = useMemo(() => clients.filter((client) => matches(client, deferredQuery, filter)), [clients, deferredQuery, filter]);

  const toggle = async (client: ContactedClient) => {
    if (!session || busyId) return;
    setBusyId(client.id);
    setActionError('');
    try {
      const { client: updated } = await setContacted(session.jwtToken, client.id, !client.contactedAt);
      setLoad((current) =>
        current.kind === 'loaded'
          ? { kind: 'loaded', clients: current.clients.map((item) => (item.id === updated.id ? updated : item)) }
          : current,
      );
    } catch (error) {
      handleError(error, setActionError);
    } finally {
      setBusyId(null);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const csv = await contactRequestsCsv(shown);
      saveFile(csv, `kaksha-demo-requests-${new Date().toISOString().slice(0, 10)}.csv`);
    } finally {
      setExporting(false);
    }
  };

  if (!session) {
    return (
      <main className="page cc-page">
        <PageHeader title={text.title} backTo="/home" />
        <OperatorSignIn
          notice={notice}
          onSignedIn={(signedIn) => {
            saveOperatorSession(signedIn);
            setNotice(undefined);
            setSession(signedIn);
          }}
        />
      </main>
    );
  }

  return (
    <main className="page cc-page">
      <PageHeader
        title={text.title}
        backTo="/home"
        right={
          <>
            <span className="cc-operator">{text.signedInAs({ name: session.username })}</span>
            <button type="button" className="btn btn-secondary" onClick={() => signOut()}>
              {text.signOut}
            </button>
          </>
        }
      />
      <div className="cc-toolbar">
        <div className="field cc-search">
          <label className="field-label" htmlFor="cc-search">
            {text.search}
          </label>
          <input
            id="cc-search"
            className="field-input"
            type="search"
            placeholder={text.searchPlaceholder}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="cc-filter">
            {text.filter}
          </label>
          <select id="cc-filter" className="field-input" value={filter} onChange={(event) => setFilter(event.target.value as Filter)}>
            {filters.map((key) => (
              <option key={key} value={key}>
                {text.filters[key]}
              </option>
            ))}
          </select>
        </div>
        <div className="cc-actions">
          <button type="button" className="btn btn-secondary" onClick={() => void refresh()} disabled={load.kind === 'loading'}>
            {text.refresh}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void exportCsv()} disabled={exporting || shown.length === 0}>
            {exporting ? text.exporting : text.exportCsv}
          </button>
        </div>
      </div>
      {actionError && (
        <p className="alert alert-error" role="alert">
          {say(actionError)}
        </p>
      )}
      {load.kind === 'loading' && (
        <p className="loading-label" role="status">
          {say(messages.ui.loading)}
        </p>
      )}
      {load.kind === 'error' && (
        <div className="alert alert-error" role="alert">
          <p>{say(load.message)}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void refresh()}>
            {text.retry}
          </button>
        </div>
      )}
      {load.kind === 'loaded' && (
        <>
          <p className="cc-count" role="status">
            {shown.length === clients.length ? text.count({ total: clients.length }) : text.countOf({ shown: shown.length, total: clients.length })}
          </p>
          {shown.length === 0 ? (
            <p className="panel panel-plain">{clients.length === 0 ? text.empty : text.noMatch}</p>
          ) : (
            <ContactedClientsTable clients={shown} busyId={busyId} onToggle={(client) => void toggle(client)} />
          )}
        </>
      )}
    </main>
  );
}
