/**
 * Approving a registration links the account to its record: a student account to its student, a
 * teacher to their teacher record (an admin optionally), a parent to one or more children. The
 * link the server found at registration (or the record with the account's e-mail) is chosen to
 * begin with; nothing is sent until the choice the role needs is made. An address never confirmed
 * by its code comes here only past the page's warning, and is sent as such.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Account } from '../../../contract/account';
import type { ApproveAccount } from '../../../contract/auth';
import { messages } from '../../../contract/messages';
import type { KakshaDb } from '../../../sync';
import { roleLabel, useLanguage } from '../../i18n';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { AccountDialog, AccountDialogButtons, type AccountDialogProps, type AccountFormProps } from './AccountDialog';
import { approveAccount } from './accounts-service';
import { RecordPicker, suggestedIds, type PickerKind } from './RecordPicker';
import { accountsTexts as text } from './texts';
import { studentsTable } from '../../../sync/modules/students';
import { teachersTable } from '../../../sync/modules/teachers';

async function suggestionsFor(db: KakshaDb, account: Account): Promise<string[]> {
  switch (account.roleName) {
    case 'student':
      return account.studentId ? [account.studentId] : suggestedIds(await db.tableOf(studentsTable).toArray(), 'emailId', account.username);
    case 'parent':
      return suggestedIds(await db.tableOf(studentsTable).toArray(), 'parentEmail', account.username);
    case 'teacher':
    case 'admin':
      return account.teacherId ? [account.teacherId] : suggestedIds(await db.tableOf(teachersTable).toArray(), 'emailId', account.username);
  }
}

function linksFor(account: Account, selected: readonly string[]): ApproveAccount | string {
  const [first] = selected;
  switch (account.roleName) {
    case 'student':
      return first ? { studentId: first } : messages.accounts.chooseStudent;
    case 'teacher':
      return first ? { teacherId: first } : messages.accounts.chooseTeacher;
    case 'admin':
      return first ? { teacherId: first } : {};
    case 'parent':
      return selected.length > 0 ? { childStudentIds: [...selected] } : messages.accounts.chooseChildren;
  }
}

/**
 * The approval the server is sent. An address never confirmed reaches this dialog only after the
 * admin answered the warning (AccountsPage), which is what `unconfirmed: true` says.
 */
function bodyFor(account: Account, selected: readonly string[]): ApproveAccount | string {
  const links = linksFor(account, selected);
  if (typeof links === 'string' || account.addressConfirmed) return links;
  return { ...links, unconfirmed: true };
}

function ApproveForm({ account, online, onDone, onClose }: AccountFormProps) {
  useLanguage();
  const formId = useId();
  const suggested = useMirrorQuery((db) => suggestionsFor(db, account), [account]);
  const [selected, setSelected] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = selected ?? suggested ?? [];
  const kind: PickerKind = account.roleName === 'student' || account.roleName === 'parent' ? 'student' : 'teacher';

  useEffect(() => {
    setError('');
  }, [selected]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !online) return;
    const body = bodyFor(account, chosen);
    if (typeof body === 'string') {
      setError(body);
      return;
    }
    setBusy(true);
    const outcome = await approveAccount(account.id, body);
    setBusy(false);
    if (outcome.ok) onDone(outcome);
    else setError(outcome.message);
  };

  return (
    <>
      <p>
        {text.approve.intro[account.roleName]} ({roleLabel(account.roleName)})
      </p>
      {!account.addressConfirmed && <p className="alert alert-warning">{text.approve.unconfirmedNote}</p>}
      <form id={formId} noValidate onSubmit={submit} aria-busy={busy}>
        <RecordPicker
          kind={kind}
          multiple={account.roleName === 'parent'}
          selected={chosen}
          suggested={suggested ?? []}
          onChange={setSelected}
          error={error || undefined}
        />
      </form>
      <AccountDialogButtons formId={formId} busy={busy} online={online} onClose={onClose} labels={text.approve} />
    </>
  );
}

export function ApproveDialog(props: AccountDialogProps) {
  useLanguage();
  return <AccountDialog {...props} title={(username) => text.approve.title({ username })} Form={ApproveForm} />;
}
