/** Spec sections 4 and 8: signed in, but the profile could not be stored; the user signs in again. */
import { messages } from '../../contract/messages';
import { sessionStore } from '../session/session-store';
import { useSessionSnapshot } from '../session/use-session';
import { Modal } from '../ui/Modal';

export function ProfileLoadErrorDialog() {
  const { profileError } = useSessionSnapshot();
  const dismiss = () => sessionStore.dismissProfileError();
  return (
    <Modal
      open={profileError}
      role="alertdialog"
      title={messages.profileLoad.title}
      onClose={dismiss}
      actions={
        <button type="button" className="btn btn-primary" onClick={dismiss} data-autofocus>
          {messages.common.ok}
        </button>
      }
    >
      <p>{messages.profileLoad.body}</p>
    </Modal>
  );
}
