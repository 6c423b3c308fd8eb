/** What the error boundary and the router's error element show: 'Oops! Something went wrong.' */
import { messages } from '../../contract/messages';
import { say, t, useLanguage } from '../i18n';

export function ErrorScreen() {
  useLanguage();
  return (
    <main className="error-screen" role="alert">
      <h1>{say(messages.ui.errorBoundary)}</h1>
      <p>{t.common.errorHint}</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t.common.reload}
        </button>
        <a className="btn btn-secondary" href="/home">
          {t.common.goHome}
        </a>
      </div>
    </main>
  );
}
