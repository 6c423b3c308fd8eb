/**
 * The hero's drawing: a teacher's phone marking VI B's attendance offline beside a laptop with the
 * school dashboard. Drawn inline, not an image file, so that its words are the page's language
 * (the `landing.hero.art` texts) and in the page's fonts; to assistive technology it is one image
 * with its description (`illustrationAlt`).
 */
import type { LandingTexts } from './texts';

type ArtTexts = LandingTexts['hero']['art'];

const rows = [
  { y: 84, avatar: '#bfdbfe', name: 'first', present: true },
  { y: 120, avatar: '#fde68a', name: 'second', present: true },
  { y: 156, avatar: '#fecaca', name: 'third', present: false },
  { y: 192, avatar: '#c7d2fe', name: 'fourth', present: true },
] as const;

const tiles = [
  { x: 24, fill: '#eff6ff', bar: '#93c5fd', ink: '#1d4ed8', value: () => '96%' },
  { x: 122, fill: '#fef3c7', bar: '#fcd34d', ink: '#b45309', value: (art: ArtTexts) => art.collected },
  { x: 220, fill: '#dcfce7', bar: '#86efac', ink: '#15803d', value: () => '612' },
] as const;

export function HeroArt({ art, description }: { art: ArtTexts; description: string }) {
  return (
    <svg className="lp-hero-art" role="img" aria-label={description} width={560} height={440} viewBox="0 0 560 440" fontFamily="inherit">
      <defs>
        <linearGradient id="lp-hero-sky" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#dbeafe" />
          <stop offset="1" stopColor="#eef2ff" />
        </linearGradient>
      </defs>
      <circle cx="330" cy="210" r="190" fill="url(#lp-hero-sky)" />
      <circle cx="470" cy="70" r="26" fill="#fde68a" />
      <g transform="translate(196 92)">
        <rect width="330" height="214" rx="14" fill="#0f172a" />
        <rect x="10" y="10" width="310" height="194" rx="6" fill="#fff" />
        <rect x="10" y="10" width="310" height="28" rx="6" fill="#eff6ff" />
        <circle cx="26" cy="24" r="5" fill="#1d4ed8" />
        <rect x="38" y="19" width="70" height="10" rx="5" fill="#93c5fd" />
        {tiles.map((tile) => {
          const value = tile.value(art);
          return (
            <g key={tile.x}>
              <rect x={tile.x} y="52" width="86" height="56" rx="8" fill={tile.fill} />
              <rect x={tile.x + 10} y="62" width="40" height="8" rx="4" fill={tile.bar} />
              {/* "₹4.2 लाख" is longer than "₹4.2L": smaller, so that it stays inside its tile. */}
              <text x={tile.x + 10} y="96" fontSize={value.length > 6 ? 14 : 18} fontWeight="700" fill={tile.ink}>
                {value}
              </text>
            </g>
          );
        })}
        <g fill="#3b82f6">
          <rect x="34" y="168" width="18" height="24" rx="3" />
          <rect x="62" y="150" width="18" height="42" rx="3" />
          <rect x="90" y="160" width="18" height="32" rx="3" />
          <rect x="118" y="138" width="18" height="54" rx="3" />
          <rect x="146" y="146" width="18" height="46" rx="3" />
        </g>
        <path d="M190 180c20-8 34-30 56-30s36 16 62-2" fill="none" stroke="#f59e0b" strokeWidth="4" strokeLinecap="round" />
      </g>
      <path d="M176 306h380l-18 20H194z" fill="#cbd5e1" />
      <g transform="translate(40 70)">
        <rect width="176" height="340" rx="26" fill="#0f172a" />
        <rect x="9" y="9" width="158" height="322" rx="18" fill="#fff" />
        <rect x="66" y="16" width="44" height="6" rx="3" fill="#1e293b" />
        <text x="22" y="50" fontSize="13" fontWeight="700" fill="#0f172a">
          {art.sheetTitle}
        </text>
        <text x="22" y="68" fontSize="11" fill="#64748b">
          {art.today}
        </text>
        <g fontSize="11" fill="#0f172a">
          {rows.map((row) => (
            <g key={row.name} transform={`translate(20 ${row.y})`}>
              <rect width="136" height="30" rx="8" fill="#f8fafc" />
              <circle cx="15" cy="15" r="8" fill={row.avatar} />
              <text x="30" y="19">
                {art[row.name]}
              </text>
              <rect x="100" y="7" width="28" height="16" rx="8" fill={row.present ? '#16a34a' : '#dc2626'} />
              <text x="114" y="19" fill="#fff" fontWeight="700" textAnchor="middle">
                {row.present ? art.present : art.absent}
              </text>
            </g>
          ))}
        </g>
        <rect x="20" y="240" width="136" height="36" rx="10" fill="#1d4ed8" />
        <text x="88" y="262" fontSize="11" fontWeight="700" fill="#fff" textAnchor="middle">
          {art.save}
        </text>
        <g transform="translate(20 288)">
          <rect width="136" height="30" rx="15" fill="#fef3c7" />
          <path d="M14 19h14a5 5 0 0 0 0-10 7 7 0 0 0-13 2 4 4 0 0 0-1 8Z" fill="none" stroke="#b45309" strokeWidth="1.8" />
          <path d="M11 7l19 15" stroke="#b45309" strokeWidth="1.8" />
          <text x="38" y="19" fontSize="10" fontWeight="600" fill="#92400e">
            {art.savedOffline}
          </text>
        </g>
      </g>
      <g transform="translate(470 330)">
        <circle r="30" fill="#1d4ed8" />
        <path d="M-12 4a10 10 0 0 0 19 3M12-4A10 10 0 0 0-7-7" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        <path d="m7 7 1-6 5 4M-7-7l-1 6-5-4" fill="#fff" />
      </g>
    </svg>
  );
}
