/**
 * A cold start's first screen goes before the work it does not need (docs/decisions.md "Cold
 * start"): the sync bar, the file sender, the engine's first job and the storage request wait until
 * the screen's mirror reads have all answered once and that has been painted. A screen that reads
 * no mirror, or one whose read never answers (a query that stays undefined), holds nothing back for
 * longer than `fallbackMs` from the page's start. Once drawn, it stays drawn for the page's life: a
 * sign-in later in the same page starts its engine's work at once.
 */
const fallbackMs = 5000;

let drawn = false;
let pending = 0;
let checking = false;
let resolveDrawn: () => void = () => undefined;
const whenDrawn = new Promise<void>((resolve) => {
  resolveDrawn = resolve;
});

function draw(): void {
  if (drawn) return;
  drawn = true;
  resolveDrawn();
}

/** After the frame that shows the answers: a read released and another begun in one commit keeps it held. */
function checkSoon(): void {
  if (checking || drawn) return;
  checking = true;
  const check = () => {
    checking = false;
    if (pending === 0) draw();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(check, 0));
  else setTimeout(check, 0);
}

if (typeof window !== 'undefined') setTimeout(draw, Math.max(0, fallbackMs - performance.now()));

/** A screen's read that has not answered yet; call the returned function once it has (or is gone). */
export function holdFirstScreen(): () => void {
  if (drawn) return () => undefined;
  pending += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    pending -= 1;
    if (pending === 0) checkSoon();
  };
}

/**
 * A read that waits for the first screen asks for it to be drawn: with nothing else holding it
 * after the next frame (a screen whose every read waits), it is drawn then, not at the fallback.
 */
export function nudgeFirstScreen(): void {
  if (pending === 0) checkSoon();
}

export function isFirstScreenDrawn(): boolean {
  return drawn;
}

/**
 * Resolves once the first screen is drawn. The entry imports this module dynamically (engine-host,
 * RequireAuth), so it rides with the mirror's reads, not in the first page's bundle.
 */
export function firstScreenDrawn(): Promise<void> {
  return whenDrawn;
}
