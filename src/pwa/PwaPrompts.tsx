/** "A new version is ready" with Reload, and an Install button when the browser offers one. */
import { useSyncExternalStore } from 'react';
import { applyUpdate, dismissInstall, dismissUpdate, promptInstall, pwaStore } from './pwa-state';
import { useLanguage } from '../i18n';
import { pwaTexts as text } from './texts';
import './pwa.css';

export function PwaPrompts() {
  useLanguage();
  const state = useSyncExternalStore(pwaStore.subscribe, pwaStore.getSnapshot, pwaStore.getSnapshot);
  if (!state.needRefresh && !state.canInstall) return null;
  return (
    <aside className="pwa-prompts" aria-label={text.regionLabel}>
      {state.needRefresh && (
        <div className="pwa-card" role="status">
          <p>
            <strong>{text.updateReady}</strong> {text.updateHint}
          </p>
          <div className="pwa-actions">
            <button type="button" className="btn btn-primary" disabled={state.updating} onClick={() => void applyUpdate()}>
              {state.updating ? text.reloading : text.reload}
            </button>
            {!state.updating && (
              <button type="button" className="btn btn-secondary" onClick={dismissUpdate}>
                {text.later}
              </button>
            )}
          </div>
        </div>
      )}
      {state.canInstall && !state.needRefresh && (
        <div className="pwa-card">
          <p>
            <strong>{text.installTitle}</strong> {text.installHint}
          </p>
          <div className="pwa-actions">
            <button type="button" className="btn btn-primary" onClick={() => void promptInstall()}>
              {text.install}
            </button>
            <button type="button" className="btn btn-secondary" onClick={dismissInstall}>
              {text.notNow}
            </button>
          </div>
        </div>
      )}
    </aside>
  );
}
