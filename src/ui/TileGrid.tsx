/** Dashboard tiles: one link per section with its icon. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TileIcon } from './tile-icons';

export interface Tile {
  to: string;
  label: string;
  /** A line of figures under the label (the homework tile's counts). */
  detail?: string;
  /** The section's icon shapes (its feature's, src/kit/feature.ts). */
  icon?: ReactNode;
}

export function TileGrid({ tiles, labelledBy }: { tiles: readonly Tile[]; labelledBy: string }) {
  return (
    <ul className="tile-grid" aria-labelledby={labelledBy}>
      {tiles.map((tile) => (
        <li key={tile.to}>
          <Link className="tile" to={tile.to}>
            <TileIcon shapes={tile.icon} />
            <span>{tile.label}</span>
            {tile.detail && <span className="tile-detail">{tile.detail}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
