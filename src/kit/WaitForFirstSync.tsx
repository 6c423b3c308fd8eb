/**
 * A screen that reads the school's records waits for them: until the device's first sync has
 * brought them all (sync/state.ts `FirstSyncState`), it says so with what has arrived of what the
 * screen needs and what is left, never a figure or a claim ("every class is marked", "no classes
 * are assigned to you", "not marked yet") made from a mirror that is still filling. A marking sheet
 * is therefore never offered before its class and day are on the device.
 *
 *   <WaitForFirstSync needs={['classes', 'students', 'attendance']}>{the screen}</WaitForFirstSync>
 *
 * A section declares `needs` (src/navigation/sections.ts) and the router wraps its page, with the
 * page's header while it waits; a part of a screen (a dashboard's figures) wraps itself in place.
 * Arrival is the whole first pull: its pages come in the school's write order, not entity by
 * entity, so no entity is known complete before the last page (docs/sync-engine.md "First sync").
 */
import type { ReactNode } from 'react';
import { groupIndian } from '../../contract/money';
import type { SyncEntity } from '../../contract/sync-entities';
import type { FirstSyncState } from '../../sync';
import { useFirstSync, useSyncEngine, useSyncState } from '../sync-binding/hooks';
import { useLanguage } from '../i18n';
import { PageHeader } from '../ui/PageHeader';
import { firstSyncTexts as text } from './first-sync-texts';
import './first-sync.css';

export interface WaitForFirstSyncProps {
  /** The mirror tables the screen reads: their progress is listed while it waits. */
  needs: readonly SyncEntity[];
  children: ReactNode;
  /** A whole page: the header it shows while it waits. Absent: the wait is shown in place. */
  page?: { title: string | (() => string); back: string };
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, count) => total + count, 0);

/**
 * One line per needed entity: received of expected (or so far, when the server did not say what it
 * brings); entities the user has none of are left out.
 */
export function progressLines(needs: readonly SyncEntity[], first: Pick<FirstSyncState, 'received' | 'expected'>): string[] {
  return needs.flatMap((entity) => {
    const received = first.received[entity] ?? 0;
    const expected = first.expected?.[entity];
    const name = text.entities[entity];
    if (first.expected === null) return [text.soFar({ name, received: groupIndian(received) })];
    // The server said what it brings and this is none of it.
    if (expected === undefined) return [];
    if (expected === 0 && received === 0) return [];
    if (received >= expected) return [text.done({ name, count: groupIndian(received) })];
    return [text.of({ name, received: groupIndian(received), expected: groupIndian(expected) })];
  });
}

function Reading() {
  useLanguage();
  return (
    <p className="loading-label" role="status">
      {text.reading}
    </p>
  );
}

export function FirstSyncProgress({ needs }: { needs: readonly SyncEntity[] }) {
  useLanguage();
  const first = useFirstSync();
  const state = useSyncState();
  if (!first || !state) return <Reading />;
  const why = state.needsSignIn
    ? text.signIn
    : !state.online
      ? first.pages === 0
        ? text.notStarted
        : text.offline
      : state.serverDown
        ? text.serverDown
        : text.online;
  const lines = progressLines(needs, first);
  const received = sum(first.received);
  const expected = first.expected ? Math.max(sum(first.expected), received) : null;
  return (
    <section className="panel first-sync" aria-labelledby="first-sync-heading" aria-busy="true">
      <h2 id="first-sync-heading">{text.heading}</h2>
      <p>{why}</p>
      {lines.length > 0 && (
        <ul className="first-sync-lines" aria-label={text.listLabel}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {expected !== null && expected > 0 && <progress className="first-sync-bar" aria-label={text.progressLabel} value={received} max={expected} />}
      <p className="first-sync-total" role="status">
        {expected !== null ? text.total({ received: groupIndian(received), expected: groupIndian(expected), pages: first.pages }) : text.totalSoFar({ received: groupIndian(received), pages: first.pages })}
      </p>
    </section>
  );
}

export function WaitForFirstSync({ needs, children, page }: WaitForFirstSyncProps) {
  useLanguage();
  const engine = useSyncEngine();
  const first = useFirstSync();
  // Without an engine (none on this device, or still opening) the screens say so themselves.
  if (!engine || first?.arrived) return <>{children}</>;
  const waiting = first ? <FirstSyncProgress needs={needs} /> : <Reading />;
  if (!page) return waiting;
  return (
    <main className="page">
      <PageHeader title={typeof page.title === 'function' ? page.title() : page.title} backTo={page.back} />
      {waiting}
    </main>
  );
}
