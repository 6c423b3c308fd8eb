/**
 * /settings (spec section 2), for all four roles: the stored profile, the files kept on this device
 * and the space given them, Change Password, the Delete Account modal (opened directly by
 * ?action=deleteAccount), the language (kept on the device and the account, docs/i18n.md) and
 * Logout; for a parent, online, their choices of WhatsApp and SMS messages (MessagingChoicesPanel.tsx).
 * States: loading, error, no data, loaded.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../contract/messages';
import { roleLabel, say, t, useLanguage } from '../../i18n';
import { areaHomePath, deleteAccountAction } from '../../session/login-redirect';
import { displayName, parentDisplayName, type ProfileData } from '../../session/profile';
import { readStoredProfile } from '../../session/session-rules';
import { sessionStore } from '../../session/session-store';
import { useSessionSnapshot } from '../../session/use-session';
import { useSignOut } from '../../sync-binding/use-sign-out';
import { LanguagePicker } from '../../ui/LanguagePicker';
import { LoadingFallback } from '../../ui/LoadingFallback';
import { PageHeader } from '../../ui/PageHeader';
import { ChangePasswordDialog } from './change-password/ChangePasswordDialog';
import { DeleteAccountModal } from './DeleteAccountModal';
import { KeptFilesPanel } from './KeptFilesPanel';
import { MessagingChoicesPanel } from './MessagingChoicesPanel';
import { childrenRows, isParentProfile, parentProfileRows, profileRows } from '../../kit/profile-rows';
import { ProfileList } from '../../kit/ProfileList';
import '../../kit/profile.css';

type ProfileState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'noData' }
  | { kind: 'loaded'; profile: ProfileData };

function loadProfile(): ProfileState {
  try {
    const stored = readStoredProfile(sessionStore.stores);
    if (stored.kind === 'missing') return { kind: 'noData' };
    if (stored.kind === 'unreadable') return { kind: 'error', message: messages.settings.localLoadFailed };
    return { kind: 'loaded', profile: stored.profile };
  } catch {
    return { kind: 'error', message: messages.settings.loadFailed };
  }
}

export default function SettingsPage() {
  useLanguage();
  const navigate = useNavigate();
  const { session } = useSessionSnapshot();
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<ProfileState>({ kind: 'loading' });
  const [changeOpen, setChangeOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(() => params.get('action') === deleteAccountAction);

  useEffect(() => {
    setState(loadProfile());
  }, []);

  const closeDelete = useCallback(() => {
    setDeleteOpen(false);
    if (params.get('action') === deleteAccountAction) {
      const next = new URLSearchParams(params);
      next.delete('action');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  const logout = () => {
    sessionStore.end();
    navigate('/login', { replace: true });
  };
  // Changes still waiting for the school: ask before signing out (they stay on the device).
  const { confirmSignOut, signOutDialog } = useSignOut(logout);

  const username = session?.username ?? null;
  const role = session?.role;
  const profile = state.kind === 'loaded' ? state.profile : null;
  // A parent's stored entry is their first child's: their own rows and the children are apart.
  const parent = profile !== null && isParentProfile(profile, role);

  return (
    <main className="page settings-page">
      <PageHeader title={t.settings.title} backTo={areaHomePath(role)} />

      <section className="panel settings-panel" aria-labelledby="settings-profile">
        <h2 id="settings-profile">{t.settings.profileHeading}</h2>
        {state.kind === 'loading' && <LoadingFallback />}
        {state.kind === 'error' && (
          <div className="settings-state">
            <p className="alert alert-error" role="alert">
              {say(state.message)}
            </p>
            <button type="button" className="btn btn-secondary" onClick={confirmSignOut}>
              {t.settings.loginAgain}
            </button>
          </div>
        )}
        {state.kind === 'noData' && (
          <div className="settings-state">
            <p className="alert alert-info" role="status">
              {say(messages.settings.noData)}
            </p>
            <button type="button" className="btn btn-secondary" onClick={confirmSignOut}>
              {t.settings.loginAgain}
            </button>
          </div>
        )}
        {state.kind === 'loaded' && (
          <ProfileList rows={parent ? parentProfileRows(state.profile, username) : profileRows(state.profile, username)} />
        )}
      </section>

      {state.kind === 'loaded' && parent && (
        <section className="panel settings-panel" aria-labelledby="settings-children">
          <h2 id="settings-children">{t.settings.childrenHeading}</h2>
          {childrenRows(state.profile).length === 0 ? (
            <p className="alert alert-info">{t.settings.noChildren}</p>
          ) : (
            <ul className="profile-children">
              {childrenRows(state.profile).map((child) => (
                <li key={child.id} className="profile-child">
                  <h3 id={`settings-child-${child.id}`}>{child.name}</h3>
                  <ProfileList rows={child.rows} labelledBy={`settings-child-${child.id}`} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {role === 'parent' && <MessagingChoicesPanel />}

      <KeptFilesPanel role={role} />

      <section className="panel settings-panel" aria-labelledby="settings-language">
        <h2 id="settings-language">{t.settings.languageHeading}</h2>
        <LanguagePicker className="settings-language" />
        <p className="field-hint">{t.settings.languageHint}</p>
      </section>

      <section className="panel settings-panel" aria-labelledby="settings-account">
        <h2 id="settings-account">{t.settings.accountHeading}</h2>
        <div className="settings-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setChangeOpen(true)}>
            {t.settings.changePassword}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => setDeleteOpen(true)}>
            {t.settings.deleteAccount}
          </button>
          <button type="button" className="btn btn-primary" onClick={confirmSignOut}>
            {t.settings.logout}
          </button>
        </div>
      </section>

      <DeleteAccountModal
        open={deleteOpen}
        onClose={closeDelete}
        name={parent ? parentDisplayName(profile, username) : displayName(profile, username)}
        userId={username ?? profile?.username ?? ''}
        role={roleLabel(role)}
      />
      <ChangePasswordDialog open={changeOpen} onClose={() => setChangeOpen(false)} />
      {signOutDialog}
    </main>
  );
}
