/**
 * The sync panel (docs/sync.md: "you always know which of your changes have not arrived yet"): the
 * connection and last sync, whether the browser keeps this device's data, the changes waiting for
 * the school (oldest first), the ones the school did not accept with its message and what they were
 * (kept until dismissed; copy and export in RefusedList), and the
 * "changed elsewhere" notices with both versions. Loaded only when opened.
 */
import { useState, useSyncExternalStore } from 'react';
import type { ConflictRow, KakshaDb, SyncState } from '../../sync';
import { Modal } from '../ui/Modal';
import { conflictLineOf, describeEntry, loadChangeWords, type RefusedLookups } from './describe';
import { engineHost } from './engine-host';
import { FilesNotSent } from './FilesNotSent';
import { formatWhen } from './format';
import { readLookups, refusedValues } from './refused';
import { RefusedList } from './RefusedList';
import { useFileSummary, useSyncEngine } from './hooks';
import { say, useLanguage } from '../i18n';
import { syncTexts as text } from './texts';
import { useMirrorQuery } from './use-mirror-query';

const listLimit = 100;

async function readPanelData(db: KakshaDb, state: SyncState) {
  await loadChangeWords();
  const waiting = await db.outbox.orderBy('seq').limit(listLimit).toArray();
  const lookups = await readLookups(db, [...refusedValues(state.rejected), ...state.conflicts.map((conflict) => conflict.yours)]);
  return { waiting, lookups };
}

/** A "changed elsewhere" notice in its feature's words; else the record's table and id. */
function describeConflict(conflict: ConflictRow, lookups: RefusedLookups): string {
  const line = conflictLineOf(conflict.entity);
  return line ? line({ recordId: conflict.recordId, yours: conflict.yours, kept: conflict.kept }, lookups) : text.describe.record({ entity: conflict.entity, id: conflict.recordId.slice(0, 8) });
}

export default function SyncPanel({ state, onClose }: { state: SyncState; onClose: () => void }) {
  useLanguage();
  const engine = useSyncEngine();
  const persisted = useSyncExternalStore(engineHost.subscribe, engineHost.persistence, () => null);
  const files = useFileSummary();
  const [sending, setSending] = useState(false);
  const data = useMirrorQuery((db) => readPanelData(db, state), [state]);

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
        <h3 id="sync-waiting-heading">{text.panel.waitingHeading({ count: state.pendingCount })}</h3>
        {state.pendingCount === 0 ? (
          <p className="sync-empty">{text.panel.waitingEmpty}</p>
        ) : (
          <ul className="sync-list">
            {data?.waiting.map((entry) => (
              <li key={entry.id}>
                <span className="sync-item-title">{describeEntry(entry, data.lookups.classes)}</span>
                <span className="sync-item-meta">
                  {text.panel.savedAt({ when: formatWhen(entry.createdAt) })}
                  {entry.lastError && entry.attempts > 0 ? ` · ${text.panel.tries({ count: entry.attempts, error: say(entry.lastError) })}` : ''}
                </span>
              </li>
            ))}
            {state.pendingCount > listLimit && <li className="sync-more">{text.panel.more({ count: state.pendingCount - listLimit })}</li>}
          </ul>
        )}
      </section>

      {files && <FilesNotSent files={files} engine={engine} />}

      {state.rejected.length > 0 && (
        <section className="sync-section" aria-labelledby="sync-rejected-heading">
          <h3 id="sync-rejected-heading">{text.panel.rejectedHeading({ count: state.rejected.length })}</h3>
          {data && (
            <RefusedList
              entries={state.rejected}
              lookups={data.lookups}
              engine={engine}
              limit={listLimit}
              dismissLabel={text.panel.dismiss}
              moreLabel={(count) => text.panel.more({ count })}
            />
          )}
        </section>
      )}

      {state.conflicts.length > 0 && (
        <section className="sync-section" aria-labelledby="sync-conflicts-heading">
          <h3 id="sync-conflicts-heading">{text.panel.conflictsHeading({ count: state.conflicts.length })}</h3>
          <ul className="sync-list">
            {data && state.conflicts.slice(0, listLimit).map((conflict) => (
              <li key={conflict.seq ?? conflict.entryId} className="sync-item-problem">
                <span className="sync-item-title">{describeConflict(conflict, data.lookups)}</span>
                <span className="sync-item-message">{say(conflict.message)}</span>
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
