/** The public site's own line icons (24 px grid, stroke = currentColor); decorative unless labelled. */
import type { ReactNode, SVGProps } from 'react';
import type { FeatureIcon } from './texts';
import type { SocialId } from './site';

function Svg({ children, size = 24, ...props }: SVGProps<SVGSVGElement> & { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

const featurePaths: Record<FeatureIcon, ReactNode> = {
  students: (
    <>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3.5 19c.6-3.2 2.8-5 5.5-5s4.9 1.8 5.5 5" />
      <circle cx="17" cy="9" r="2.4" />
      <path d="M16 13.6c2.4-.2 4.1 1.3 4.6 4.4" />
    </>
  ),
  planning: (
    <>
      <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5v-15Z" />
      <path d="M4 20.5A2.5 2.5 0 0 1 6.5 18H20v3H6.5" />
      <path d="M9 8h7M9 11.5h5" />
    </>
  ),
  schedule: (
    <>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 9.5h17M8 3v4M16 3v4" />
      <path d="M8 13h2M12 13h2M16 13h.5M8 16.5h2M12 16.5h2" />
    </>
  ),
  communication: (
    <>
      <path d="M4 5h16v10H9l-5 4V5Z" />
      <path d="M8 9h8M8 12h5" />
    </>
  ),
  analytics: (
    <>
      <path d="M4 20V4M4 20h16" />
      <path d="M8 16v-4M12 16V8M16 16v-6" />
    </>
  ),
  secure: (
    <>
      <path d="M12 3 5 6v5.5c0 4.3 3 7.9 7 9.5 4-1.6 7-5.2 7-9.5V6l-7-3Z" />
      <path d="m9 12 2.2 2.2L15.5 10" />
    </>
  ),
  attendance: (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1" />
      <path d="m8.5 10 1.3 1.3L12 9M8.5 15.5l1.3 1.3L12 14.5M14 10.5h2M14 16h2" />
    </>
  ),
  mobile: (
    <>
      <rect x="7" y="2.5" width="10" height="19" rx="2.2" />
      <path d="M11 18.5h2" />
      <path d="M3.5 9.5a7 7 0 0 1 0 5M20.5 9.5a7 7 0 0 1 0 5" />
    </>
  ),
};

export function FeatureGlyph({ icon }: { icon: FeatureIcon }) {
  return <Svg size={28}>{featurePaths[icon]}</Svg>;
}

export const CheckIcon = () => (
  <Svg size={20} strokeWidth="2.2">
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Svg>
);

export const MenuIcon = () => (
  <Svg>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Svg>
);

export const CloseIcon = () => (
  <Svg>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);

export const GlobeIcon = () => (
  <Svg size={20}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3Z" />
  </Svg>
);

export const ChevronLeftIcon = () => (
  <Svg>
    <path d="m15 5-7 7 7 7" />
  </Svg>
);

export const ChevronRightIcon = () => (
  <Svg>
    <path d="m9 5 7 7-7 7" />
  </Svg>
);

export const ChevronDownIcon = () => (
  <Svg size={20}>
    <path d="m6 9 6 6 6-6" />
  </Svg>
);

export const StarIcon = ({ filled }: { filled: boolean }) => (
  <Svg size={20} fill={filled ? 'currentColor' : 'none'} strokeWidth="1.5">
    <path d="m12 3.5 2.6 5.4 5.9.8-4.3 4.1 1 5.9-5.2-2.8-5.2 2.8 1-5.9-4.3-4.1 5.9-.8L12 3.5Z" />
  </Svg>
);

export const MapPinIcon = () => (
  <Svg size={20}>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.3" />
  </Svg>
);

export const PhoneIcon = () => (
  <Svg size={20}>
    <path d="M5 4h3.5l1.5 4-2 1.3a11 11 0 0 0 6.7 6.7l1.3-2 4 1.5V19a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />
  </Svg>
);

export const MailIcon = () => (
  <Svg size={20}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
  </Svg>
);

export const PlayIcon = () => (
  <Svg size={20}>
    <circle cx="12" cy="12" r="9" />
    <path d="m10 8.5 5.5 3.5-5.5 3.5v-7Z" fill="currentColor" />
  </Svg>
);

export const StoreIcon = () => (
  <Svg size={20}>
    <path d="M5 3.5v17l9-8.5-9-8.5Z" />
    <path d="m5 3.5 12 6.8-3 1.7M5 20.5l12-6.8-3-1.7M17 10.3l3 1.7-3 1.7" />
  </Svg>
);

export const ArrowRightIcon = () => (
  <Svg size={20}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Svg>
);

const socialPaths: Record<SocialId, ReactNode> = {
  youtube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
      <path d="m10 9 5 3-5 3V9Z" fill="currentColor" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M7.5 10.5v6M7.5 7.5v.01M11 16.5v-6M11 13c0-1.5 1-2.5 2.5-2.5S16 11.5 16 13v3.5" />
    </>
  ),
  x: <path d="M4 4l16 16M20 4 4 20" />,
  facebook: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M13 21v-8h2.5l.5-3h-3V8.5c0-.9.4-1.5 1.6-1.5H16V4.4c-.4 0-1.3-.1-2.3-.1-2.3 0-3.7 1.3-3.7 3.8V10H7.5v3H10v8" />
    </>
  ),
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17 7v.01" />
    </>
  ),
};

export function SocialGlyph({ id }: { id: SocialId }) {
  return <Svg size={20}>{socialPaths[id]}</Svg>;
}

/** The Kaksha mark: an open book under a roof, the classroom. */
export function KakshaMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path d="M6 14 16 7l10 7" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      <path
        d="M8 16.5c2.8-.6 5.5-.1 8 1.6 2.5-1.7 5.2-2.2 8-1.6V25c-2.8-.6-5.5-.1-8 1.6-2.5-1.7-5.2-2.2-8-1.6v-8.5Z"
        fill="#fbbf24"
      />
      <path d="M16 18.1v8.5" stroke="#1d4ed8" strokeWidth="1.4" />
    </svg>
  );
}
