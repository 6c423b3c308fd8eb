/**
 * Sign-out that asks first when changes are waiting (docs/sync.md "Connectivity": "3 changes have not
 * reached the school yet"; attached files waiting to be sent count as changes). Signing out never
 * deletes them: they stay in this user's databases and go out when the same user signs in here
 * again. It deletes the files this user kept for reading offline (docs/decisions.md "Homework
 *").
 */
import { useState, type ReactNode } from 'react';
import { messages } from '../../contract/messages';
import { removeDeviceToken } from '../api/device-token';
import { Modal } from '../ui/Modal';
import { useFileSummary, useSyncEngine, useSyncState } from './hooks';
import { forgetKeptFiles } from './kept-files';
import { say, useLanguage } from '../i18n';
import { syncTexts as text } from './texts';

export interface SignOutControl {
  /** Signs out at once when nothing is waiting; otherwise opens the question. */
  confirmSignOut: () => void;
  /** The question's dialog: render it once on the page. */
  signOutDialog: ReactNode;
}

export function useSignOut(endSession: () => void): SignOutControl {
  const engine = useSyncEngine();
  const state = useSyncState();
  const filesWaiting = useFileSummary()?.waiting ?? 0;
  const [asking, setAsking] = useState<number | null>(null);
  useLanguage();
  const [sending, setSending] = useState(false);
  const waiting = asking === null ? 0 : state ? state.pendingCount + filesWaiting : asking;

  // The device's push token leaves the school first, while the session is still valid.
  const signOut = () => {
    void Promise.allSettled([removeDeviceToken(), engine ? forgetKeptFiles(engine) : undefined]).finally(endSession);
  };

  const confirmSignOut = () => {
    if (!engine) {
      signOut();
      return;
    }
    if (state) {
      if (state.pendingCount + filesWaiting > 0) setAsking(state.pendingCount + filesWaiting);
      else signOut();
      return;
    }
    void engine.pendingCount().then((count) => (count + filesWaiting > 0 ? setAsking(count + filesWaiting) : signOut()));
  };

  const sendNow = async () => {
    if (!engine) return;
    setSending(true);
    try {
      await engine.syncNow();
    } finally {
      setSending(false);
    }
  };

  const signOutDialog = (
    <Modal
      open={asking !== null}
      role="alertdialog"
      title={waiting > 0 ? text.signOut.title : text.signOut.allSent}
      onClose={() => setAsking(null)}
      actions={
        <>
          <button type="button" className="btn btn-secondary" data-autofocus onClick={() => setAsking(null)}>
            {text.signOut.stay}
          </button>
          {waiting > 0 && state?.online && (
            <button type="button" className="btn btn-secondary" disabled={sending} onClick={() => void sendNow()}>
              {sending ? text.panel.sending : text.signOut.sendNow}
            </button>
          )}
          <button
            type="button"
            className={waiting > 0 ? 'btn btn-danger' : 'btn btn-primary'}
            onClick={() => {
              setAsking(null);
              signOut();
            }}
          >
            {waiting > 0 ? text.signOut.signOutAnyway : text.signOut.signOut}
          </button>
        </>
      }
    >
      {waiting > 0 && <p className="sign-out-count">{say(messages.sync.waiting(waiting))}</p>}
      {waiting > 0 && <p>{text.signOut.body}</p>}
    </Modal>
  );

  return { confirmSignOut, signOutDialog };
}
