/**
 * The sync indicator's room while its code or its first state is still loading: the screen below
 * never moves down under a finger about to tap (a mark sheet's rows moved 50 px when the bar arrived).
 * Its size is in ui.css, loaded with the first page, since sync.css comes with the bar.
 */
export function SyncBarSpace() {
  return <div className="sync-bar-space" aria-hidden="true" />;
}
