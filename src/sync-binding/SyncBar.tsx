/**
 * The sync indicator every signed-in screen shows (docs/sync.md "Connectivity"): online or offline,
 * how many changes are waiting, the last successful sync, and a Details button for the panel of
 * waiting, not accepted and changed-elsewhere changes. The short status is a polite live region;
 * a full disk and a session that must be renewed are alerts with what to do.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '../../contract/messages';
import type { SyncState } from '../../sync';
import type { QueuedFile } from './file-queue';
import { chooseSchool, currentSchool } from '../session/session-rules';
import { sessionStore } from '../session/session-store';
import { formatWhen } from './format';
import { useFileSummary, useSyncState } from './hooks';
import { say, useLanguage } from '../i18n';
import { SyncBarSpace } from './SyncBarSpace';
import { syncTexts as text } from './texts';
import './sync.css';

const SyncPanel = lazy(() => import('./SyncPanel'));

/** "Sign in again": end the refused session (the outbox stays) but keep this tab's school. */
function useSignInAgain() {
  const navigate = useNavigate();
  return () => {
    const school = currentSchool(sessionStore.stores);
    sessionStore.end();
    if (school) chooseSchool(sessionStore.stores, school.tenantId, school.schoolName ?? '');
    void navigate('/login', { replace: true });
  };
}

/** A file the school refuses while the app is open is told at once (the bar and panel keep it). */
function useRefusedFileToasts(refused: QueuedFile[] | undefined) {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!refused) {
      seen.current = null;
      return;
    }
    // The ones already refused when the app opened are in the bar's count, not news.
    if (seen.current === null) {
      seen.current = new Set(refused.map((file) => file.id));
      return;
    }
    for (const file of refused) {
      if (seen.current.has(file.id)) continue;
      seen.current.add(file.id);
      toast.error(text.fileRefused({ name: file.fileName, reason: say(file.refused?.message ?? '') }));
    }
  }, [refused]);
}

export function SyncBar() {
  const state = useSyncState();
  const signInAgain = useSignInAgain();
  const files = useFileSummary();
  useRefusedFileToasts(files?.refused);
  if (!state) return <SyncBarSpace />;
  return <SyncBarView state={state} onSignInAgain={signInAgain} filesNotSent={files?.refused.length ?? 0} />;
}

/** The indicator for a given state (no hooks into the engine: rendered as is in tests). */
export function SyncBarView({ state, onSignInAgain, filesNotSent = 0 }: { state: SyncState; onSignInAgain: () => void; filesNotSent?: number }) {
  useLanguage();
  const [open, setOpen] = useState(false);

  const connection = !state.online ? 'offline' : state.serverDown ? 'down' : 'online';
  const connectionText = connection === 'offline' ? text.offline : connection === 'down' ? text.serverDown : text.online;
  const attention = state.rejected.length + state.conflicts.length + filesNotSent > 0;

  return (
    <div className="sync-area">
      <div className="sync-bar" data-connection={connection} data-attention={attention || undefined}>
        <p className="sync-status" role="status" aria-live="polite" aria-label={text.regionLabel}>
          <span className="sync-dot" aria-hidden="true" />
          <span className="sync-connection">{connectionText}</span>
          <span className="sync-sep" aria-hidden="true">
            ·
          </span>
          <span className="sync-waiting" data-count={state.pendingCount}>
            {text.pending({ count: state.pendingCount })}
          </span>
          {state.rejected.length > 0 && (
            <span className="sync-problem">
              <span className="sync-sep" aria-hidden="true">
                ·
              </span>
              {text.notAccepted({ count: state.rejected.length })}
            </span>
          )}
          {state.conflicts.length > 0 && (
            <span className="sync-problem">
              <span className="sync-sep" aria-hidden="true">
                ·
              </span>
              {text.changedElsewhere({ count: state.conflicts.length })}
            </span>
          )}
          {filesNotSent > 0 && (
            <span className="sync-problem">
              <span className="sync-sep" aria-hidden="true">
                ·
              </span>
              {text.filesNotSent({ count: filesNotSent })}
            </span>
          )}
        </p>
        <span className="sync-last">
          {state.syncing ? text.syncing : state.lastSyncAt ? text.lastSync({ when: formatWhen(state.lastSyncAt) }) : text.neverSynced}
        </span>
        <button
          type="button"
          className="sync-details"
          aria-haspopup="dialog"
          aria-label={text.detailsLabel}
          title={text.detailsLabel}
          onClick={() => setOpen(true)}
        >
          {text.details}
        </button>
      </div>
      {state.storageFull && (
        <p className="alert alert-error sync-alert" role="alert">
          {say(messages.sync.storageFull)}
        </p>
      )}
      {state.needsSignIn && (
        <div className="alert alert-warning sync-alert" role="alert">
          <p>{text.needsSignIn}</p>
          <button type="button" className="btn btn-primary" onClick={onSignInAgain}>
            {text.signInAgain}
          </button>
        </div>
      )}
      {open && (
        <Suspense fallback={null}>
          <SyncPanel state={state} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
