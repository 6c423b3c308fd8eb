/** Spec sections 4 and 8: signed in, but the profile could not be stored; the user signs in again. */
import { messages } from '../../contract/messages';
import { sessionStore } from '../session/session-store';
import { useSessionSnapshot } from '../session/use-session';
import { say, useLanguage } from '../i18n';
import { Modal } from '../ui/Modal';

export function ProfileLoadErrorDialog() {
  useLanguage();
  const { profileError } = useSessionSnapshot();
  const dismiss = () => sessionStore.dismissProfileError();
  return (
    <Modal
      open={profileError}
      role="alertdialog"
      title={say(messages.profileLoad.title)}
      onClose={dismiss}
      actions={
        <button type="button" className="btn btn-primary" onClick={dismiss} data-autofocus>
          {say(messages.common.ok)}
        </button>
      }
    >
      <p>{say(messages.profileLoad.body)}</p>
    </Modal>
  );
}
