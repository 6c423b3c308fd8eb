/**
 * /maintenance (spec section 2): where a request that got no response at all sends the user. It
 * offers to continue offline, retries on demand, polls GET /api/health every 5 s and goes back by
 * itself as soon as the server answers.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { skip } from 'rxjs';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { online$ } from '../../../sync/connectivity';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import { t, useLanguage } from '../../i18n';
import { areaHomePath } from '../../session/login-redirect';
import { useSessionSnapshot } from '../../session/use-session';
import { returnPathOf } from './return-path';
import './maintenance.css';

export const healthPollMs = 5000;

/** True once the server answers at all (any HTTP status). */
async function serverAnswers(signal?: AbortSignal): Promise<boolean> {
  try {
    await apiRequest('GET', paths.health, { tenant: false, auth: false, background: true, signal });
    return true;
  } catch (error) {
    return isApiError(error) && !error.noResponse;
  }
}

export default function MaintenancePage() {
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const { session } = useSessionSnapshot();
  const target = returnPathOf(location.state) ?? (session ? areaHomePath(session.role) : '/home');
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);
  const left = useRef(false);

  const goBack = useCallback(() => {
    if (left.current) return;
    left.current = true;
    navigate(target, { replace: true });
  }, [navigate, target]);

  useEffect(() => {
    document.title = `${t.maintenance.title} · ${messages.ui.productName}`;
  }, [language]);

  useEffect(() => {
    const controller = new AbortController();
    const poll = async () => {
      if (await serverAnswers(controller.signal)) goBack();
    };
    const timer = window.setInterval(() => void poll(), healthPollMs);
    // Coming back online is a good moment to ask again (skip the current value: we just failed).
    const subscription = online$.pipe(skip(1)).subscribe((online) => {
      if (online) void poll();
    });
    return () => {
      window.clearInterval(timer);
      subscription.unsubscribe();
      controller.abort();
    };
  }, [goBack]);

  const retry = async () => {
    setChecking(true);
    setStillDown(false);
    const answered = await serverAnswers();
    setChecking(false);
    if (answered) goBack();
    else setStillDown(true);
  };

  return (
    <main className="page maintenance-page">
      <section className="panel maintenance-panel" aria-labelledby="maintenance-title">
        <h1 id="maintenance-title">{t.maintenance.title}</h1>
        <p>{t.maintenance.body}</p>
        <p className="maintenance-note">{t.maintenance.auto}</p>
        <div className="actions">
          <button type="button" className="btn btn-secondary" onClick={goBack}>
            {t.maintenance.continueOffline}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void retry()} disabled={checking}>
            {checking ? t.maintenance.checking : t.common.retry}
          </button>
        </div>
        <p className="maintenance-status" role="status">
          {stillDown ? t.maintenance.stillDown : ''}
        </p>
      </section>
    </main>
  );
}
