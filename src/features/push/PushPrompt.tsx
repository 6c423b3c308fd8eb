/**
 * Phone push on the signed-in device (docs/decisions.md "Phone push on the device"), mounted by the
 * root layout only in a build configured for push. Signed in with permission not yet asked: a
 * dismissible card offers "Allow notifications" (the browser's question comes only from that tap).
 * Permission granted: the token is read and sent when it changed, at every sign-in. A message
 * arriving while the app is open is shown as a toast (the service worker shows no system
 * notification then) and starts a sync; a tapped notification's screen is opened here.
 */
import { useLanguage } from '../../i18n';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { appPath, openLinkMessage } from '../../push-config/open-link';
import { useSessionSnapshot } from '../../session/use-session';
import { useSyncEngine } from '../../sync-binding/hooks';
import type { DeviceMessaging } from './device-messaging';
import { browserTakesPush, pushSetup, type PushSetup } from './push-setup';
import { allowAndRegister, registerDevice, type Permission, type PushPlatform } from './token-flow';
import { pushTexts as text } from './texts';
import './push.css';

/** This device's answer to the card: asked again only after the next sign-in of another user. */
export const promptDismissedKey = 'kaksha_push_prompt_dismissed';

export function browserPlatform(setup: PushSetup): PushPlatform {
  return {
    permission: () => Notification.permission as Permission,
    requestPermission: async () => (await Notification.requestPermission()) as Permission,
    open: async () => {
      if (!browserTakesPush()) return undefined;
      const registration = await navigator.serviceWorker.ready;
      const { openFirebaseMessaging } = await import('./firebase-messaging');
      return openFirebaseMessaging(setup, registration);
    },
  };
}

export default function PushPrompt({ platform: given }: { platform?: PushPlatform }) {
  useLanguage();
  const platform = useMemo(() => given ?? (pushSetup && browserTakesPush() ? browserPlatform(pushSetup) : undefined), [given]);
  const { session } = useSessionSnapshot();
  const user = session?.username;
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const [permission, setPermission] = useState<Permission | undefined>(() => platform?.permission());
  const [dismissedBy, setDismissedBy] = useState(() => localStorage.getItem(promptDismissedKey));
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [messaging, setMessaging] = useState<DeviceMessaging>();

  // Permission granted before: this sign-in's user gets the device's token (sent when it changed).
  useEffect(() => {
    if (!platform || !user || permission !== 'granted' || messaging) return undefined;
    let live = true;
    void registerDevice(platform).then((outcome) => {
      if (live && outcome.kind === 'registered') setMessaging(outcome.messaging);
    });
    return () => {
      live = false;
    };
  }, [platform, user, permission, messaging]);

  useEffect(() => {
    if (!messaging || !user) return undefined;
    return messaging.onForeground((message) => {
      const link = appPath(message.link);
      toast(message.title || text.label, {
        description: message.body,
        ...(link ? { action: { label: text.open, onClick: () => navigate(link) } } : {}),
      });
      void engine?.syncNow();
    });
  }, [messaging, user, engine, navigate]);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
    const worker = navigator.serviceWorker;
    const listener = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; link?: unknown } | null;
      const link = data?.type === openLinkMessage ? appPath(data.link) : undefined;
      if (link) navigate(link);
    };
    worker.addEventListener('message', listener);
    return () => worker.removeEventListener('message', listener);
  }, [navigate]);

  if (!platform || !user || permission !== 'default' || dismissedBy === user) return null;

  const allow = async () => {
    setBusy(true);
    setNote('');
    const { permission: answer, outcome } = await allowAndRegister(platform);
    setBusy(false);
    setPermission(answer);
    if (answer === 'denied') toast.info(text.denied);
    if (outcome?.kind === 'registered') {
      setMessaging(outcome.messaging);
      toast.success(text.enabled);
    } else if (outcome) setNote(text.failed);
  };

  const notNow = () => {
    localStorage.setItem(promptDismissedKey, user);
    setDismissedBy(user);
  };

  return (
    <aside className="push-prompt" aria-label={text.label}>
      <div className="pwa-card">
        <p>{note || text.prompt}</p>
        <div className="pwa-actions">
          <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy} onClick={() => void allow()}>
            {text.allow}
          </button>
          <button type="button" className="btn btn-secondary" onClick={notNow}>
            {text.notNow}
          </button>
        </div>
      </div>
    </aside>
  );
}
