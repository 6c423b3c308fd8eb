/**
 * /shared/{token}: what a family opens from the link the school sent on WhatsApp, without signing
 * in: one receipt or one report card (GET /api/shared/{token}, docs/api.md "Signed links") as the
 * school prints it, in the school's print language, with a Print button. The page's own words are
 * in the reader's language. Nothing else of the school is here, and nothing is kept on the device:
 * the answer is never cached, so the page needs a connection each time it opens.
 *
 * The two prints belong to the fees and exams features, which this feature may not import; the app
 * hands them in as `views` (src/app/shared-page.tsx), each its own chunk.
 */
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { messages } from '../../../contract/messages';
import { sharedAnswerSchema, sharedMessages, sharedPaths, type SharedAnswer, type SharedReceiptAnswer, type SharedReportCardAnswer } from '../../../contract/shared';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import { say, useLanguage, type TextsIn } from '../../i18n';
import { usePrintTexts } from '../../kit/print-texts';
import { sharedTexts as text } from './texts';
import './shared.css';

/** The prints the page shows, one per kind of record a link names. */
export interface SharedViews {
  receipt: ComponentType<{ answer: SharedReceiptAnswer; print: TextsIn }>;
  reportCard: ComponentType<{ answer: SharedReportCardAnswer; print: TextsIn }>;
}

/** The kit's loading line, without the records kit (this page has no mirror and no sync). */
function LoadingStatus({ text: words }: { text: string }) {
  return (
    <p className="loading-label" role="status">
      {words}
    </p>
  );
}

type Shown =
  | { state: 'loading' }
  | { state: 'open'; answer: SharedAnswer }
  | { state: 'expired' | 'notFound' | 'offline' | 'failed' }
  /** Too many links that opened nothing from this address: the server's message, with its wait. */
  | { state: 'limited'; message: string };

function shownFor(error: unknown): Shown {
  if (!isApiError(error)) return { state: 'failed' };
  if (error.noResponse) return { state: 'offline' };
  if (error.status === 410) return { state: 'expired' };
  // A 400 is a token the server could not even read: to the reader, a link that opens nothing.
  if (error.status === 404 || error.status === 400) return { state: 'notFound' };
  if (error.status === 429) return { state: 'limited', message: error.failure.serverMessage ?? error.message };
  return { state: 'failed' };
}

async function openLink(token: string, signal: AbortSignal): Promise<Shown> {
  try {
    const response = await apiRequest('GET', sharedPaths.record(token), { tenant: false, auth: false, background: true, signal });
    const parsed = sharedAnswerSchema.safeParse(response.data);
    return parsed.success ? { state: 'open', answer: parsed.data } : { state: 'failed' };
  } catch (error) {
    return shownFor(error);
  }
}

function SharedDocument({ answer, print, views }: { answer: SharedAnswer; print: TextsIn; views: SharedViews }) {
  if (answer.kind === 'receipt') return <views.receipt answer={answer} print={print} />;
  return <views.reportCard answer={answer} print={print} />;
}

export default function SharedPage({ views }: { views: SharedViews }) {
  const language = useLanguage();
  const { token = '' } = useParams();
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<Shown & { for: string }>({ state: 'loading', for: '' });
  const key = `${token}#${attempt}`;
  const current: Shown = shown.for === key ? shown : { state: 'loading' };
  const answer = current.state === 'open' ? current.answer : undefined;
  const print = usePrintTexts(answer?.school);

  useEffect(() => {
    const controller = new AbortController();
    openLink(token, controller.signal).then(
      (next) => {
        if (!controller.signal.aborted) setShown({ ...next, for: key });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [token, key]);

  const title = answer ? (answer.kind === 'receipt' ? text.title.receipt : text.title.reportCard) : text.title.opening;
  useEffect(() => {
    document.title = `${title} · ${messages.ui.productName}`;
  }, [title, language]);

  const problem = {
    expired: say(sharedMessages.expired),
    notFound: say(sharedMessages.notFound),
    offline: text.offline,
    failed: text.failed,
    limited: current.state === 'limited' ? say(current.message) : '',
  } as const;

  return (
    <main className="page shared-page" aria-busy={current.state === 'loading' || (answer !== undefined && !print)}>
      <header className="shared-bar no-print">
        <Link to="/home" className="shared-home" aria-label={text.home}>
          {messages.ui.productName}
        </Link>
        <h1 className="visually-hidden">{title}</h1>
        {answer && print && (
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            {text.print}
          </button>
        )}
      </header>
      {current.state === 'loading' && <LoadingStatus text={text.loading} />}
      {answer && !print && <LoadingStatus text={text.loading} />}
      {answer && print && (
        <Suspense fallback={<LoadingStatus text={text.loading} />}>
          <SharedDocument answer={answer} print={print} views={views} />
        </Suspense>
      )}
      {current.state !== 'loading' && current.state !== 'open' && (
        <div className="shared-problem">
          <p className={current.state === 'offline' ? 'alert alert-info' : 'alert alert-error'} role="alert" data-state={current.state}>
            {problem[current.state]}
          </p>
          {(current.state === 'offline' || current.state === 'failed' || current.state === 'limited') && (
            <button type="button" className="btn btn-secondary" onClick={() => setAttempt((n) => n + 1)}>
              {text.retry}
            </button>
          )}
        </div>
      )}
      {answer && (
        <div className="shared-note no-print">
          <p>{text.printTip}</p>
          <p>{text.private}</p>
        </div>
      )}
    </main>
  );
}
