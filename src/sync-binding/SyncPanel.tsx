/**
 * The sync panel (docs/sync.md: "you always know which of your changes have not arrived yet"): the
 * connection and last sync, whether the browser keeps this device's data, the changes waiting for
 * the school (oldest first), the ones the school did not accept with its message and what they were
 * (kept until dismissed; copy and export in RefusedList), and the
 * "changed elsewhere" notices with both versions. Loaded only when opened.
 */
import { useState, useSyncExternalStore } from 'react';
import type { ConflictRow, KakshaDb, SyncState } from '../../sync';
import { t } from '../i18n';
import { Modal } from '../ui/Modal';
import { classIdOf, describeEntry } from './describe';
import { engineHost } from './engine-host';
import { FilesNotSent } from './FilesNotSent';
import { formatWhen } from './format';
import { readLookups } from './refused';
import { RefusedList } from './RefusedList';
import { useFileSummary, useSyncEngine } from './hooks';
import { syncTexts as text } from './texts';
import { useMirrorQuery } from './use-mirror-query';

const listLimit = 100;

async function readPanelData(db: KakshaDb, state: SyncState) {
  const waiting = await db.outbox.orderBy('seq').limit(listLimit).toArray();
  const classIds = new Set<string>();
  for (const entry of [...waiting, ...state.rejected]) {
    const id = classIdOf(entry);
    if (id) classIds.add(id);
  }
  const studentIds = new Set<string>();
  for (const conflict of state.conflicts) {
    const yours = conflict.yours as { studentId?: unknown; classId?: unknown } | null;
    if (typeof yours?.studentId === 'string') studentIds.add(yours.studentId);
    if (typeof yours?.classId === 'string') classIds.add(yours.classId);
  }
  const classes = await db.classes.bulkGet([...classIds]);
  const students = await db.students.bulkGet([...studentIds]);
  return {
    waiting,
    refused: await readLookups(db, state.rejected),
    classes: new Map(classes.filter((row) => row !== undefined).map((row) => [row.id, row])),
    students: new Map(students.filter((row) => row !== undefined).map((row) => [row.id, row])),
  };
}

function statusLabel(value: unknown): string {
  const labels: Record<string, string> = t.attendanceStatus;
  return typeof value === 'string' ? (labels[value] ?? value) : text.describe.deleted;
}

function describeConflict(conflict: ConflictRow, names: Map<string, { firstName: string; lastName: string }>): string {
  const yours = (conflict.yours ?? {}) as { studentId?: string; date?: string; status?: string };
  const kept = conflict.kept as { status?: string } | null;
  if (conflict.entity === 'attendance') {
    const student = yours.studentId ? names.get(yours.studentId) : undefined;
    const who = student ? `${student.firstName} ${student.lastName}` : text.describe.record('student', yours.studentId ?? '');
    return `${who} · ${yours.date ?? ''}: ${text.panel.conflictYours(statusLabel(yours.status), statusLabel(kept?.status))}`;
  }
  return text.describe.record(conflict.entity, conflict.recordId);
}

export default function SyncPanel({ state, onClose }: { state: SyncState; onClose: () => void }) {
  const engine = useSyncEngine();
  const persisted = useSyncExternalStore(engineHost.subscribe, engineHost.persistence, () => null);
  const files = useFileSummary();
  const [sending, setSending] = useState(false);
  const data = useMirrorQuery((db) => readPanelData(db, state), [state]);
  const classes = data?.classes ?? new Map();

  const sendNow = async () => {
    if (!engine) return;
    setSending(true);
    try {
      await engine.syncNow();
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={text.panel.title}
      onClose={onClose}
      actions={
        <>
          {state.online && state.pendingCount > 0 && (
            <button type="button" className="btn btn-secondary" disabled={sending || state.syncing} onClick={() => void sendNow()}>
              {sending || state.syncing ? text.panel.sending : text.panel.sendNow}
            </button>
          )}
          <button type="button" className="btn btn-primary" data-autofocus onClick={onClose}>
            {text.panel.close}
          </button>
        </>
      }
    >
      <dl className="sync-facts">
        <div>
          <dt>{text.panel.connection}</dt>
          <dd>{!state.online ? text.offline : state.serverDown ? text.serverDown : text.online}</dd>
        </div>
        <div>
          <dt>{text.panel.lastSync}</dt>
          <dd>{state.lastSyncAt ? formatWhen(state.lastSyncAt) : text.neverSynced}</dd>
        </div>
        {persisted && (
          <div>
            <dt>{text.panel.storage}</dt>
            <dd>{persisted === 'persisted' ? text.panel.persisted : text.panel.notPersisted}</dd>
          </div>
        )}
      </dl>

      <section className="sync-section" aria-labelledby="sync-waiting-heading">
        <h3 id="sync-waiting-heading">{text.panel.waitingHeading(state.pendingCount)}</h3>
        {state.pendingCount === 0 ? (
          <p className="sync-empty">{text.panel.waitingEmpty}</p>
        ) : (
          <ul className="sync-list">
            {(data?.waiting ?? []).map((entry) => (
              <li key={entry.id}>
                <span className="sync-item-title">{describeEntry(entry, classes)}</span>
                <span className="sync-item-meta">
                  {text.panel.savedAt(formatWhen(entry.createdAt))}
                  {entry.lastError && entry.attempts > 0 ? ` · ${text.panel.tries(entry.attempts, entry.lastError)}` : ''}
                </span>
              </li>
            ))}
            {state.pendingCount > listLimit && <li className="sync-more">{text.panel.more(state.pendingCount - listLimit)}</li>}
          </ul>
        )}
      </section>

      {files && <FilesNotSent files={files} engine={engine} />}

      {state.rejected.length > 0 && (
        <section className="sync-section" aria-labelledby="sync-rejected-heading">
          <h3 id="sync-rejected-heading">{text.panel.rejectedHeading(state.rejected.length)}</h3>
          {data && (
            <RefusedList
              entries={state.rejected}
              lookups={data.refused}
              engine={engine}
              limit={listLimit}
              dismissLabel={text.panel.dismiss}
              moreLabel={text.panel.more}
            />
          )}
        </section>
      )}

      {state.conflicts.length > 0 && (
        <section className="sync-section" aria-labelledby="sync-conflicts-heading">
          <h3 id="sync-conflicts-heading">{text.panel.conflictsHeading(state.conflicts.length)}</h3>
          <ul className="sync-list">
            {state.conflicts.slice(0, listLimit).map((conflict) => (
              <li key={conflict.seq ?? conflict.entryId} className="sync-item-problem">
                <span className="sync-item-title">{describeConflict(conflict, data?.students ?? new Map())}</span>
                <span className="sync-item-message">{conflict.message}</span>
                <button
                  type="button"
                  className="btn btn-secondary sync-dismiss"
                  onClick={() => conflict.seq !== undefined && void engine?.dismissConflict(conflict.seq)}
                >
                  {text.panel.dismiss}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Modal>
  );
}
