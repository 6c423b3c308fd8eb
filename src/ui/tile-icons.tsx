/**
 * A dashboard tile's icon: the shapes its feature gives
 * (src/kit/feature.ts), stroked on the 24-unit grid of ./icons.tsx. Decorative: the tile's label names it.
 */
import type { ReactNode } from 'react';

/** A plain square for a tile without shapes of its own. */
export function TileIcon({ shapes }: { shapes: ReactNode }) {
  return (
    <svg className="tile-icon" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {shapes ?? <rect x="4" y="4" width="16" height="16" rx="3" />}
    </svg>
  );
}
