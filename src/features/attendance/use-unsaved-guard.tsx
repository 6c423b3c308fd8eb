/** Asks before leaving (another page, class or date, or closing the tab) with marks not saved yet. */
import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Modal } from '../../ui/Modal';
import { attendanceTexts as text } from './texts';

export function useUnsavedGuard(dirty: boolean): ReactNode {
  const blocker = useBlocker(dirty);

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      role="alertdialog"
      title={text.unsavedTitle}
      onClose={() => blocker.reset?.()}
      actions={
        <>
          <button type="button" className="btn btn-primary" data-autofocus onClick={() => blocker.reset?.()}>
            {text.stay}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => blocker.proceed?.()}>
            {text.leave}
          </button>
        </>
      }
    >
      <p>{text.leaveUnsaved}</p>
    </Modal>
  );
}
