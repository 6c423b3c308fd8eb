/**
 * The dashboards' section icons (issue 16 "tiles with icons"): small inline SVGs, one per section
 * title, drawn on the 24-unit grid of ./icons.tsx. Decorative: the tile's label names it.
 */
import type { ReactNode } from 'react';

const paths: Record<string, ReactNode> = {
  records: (
    <>
      <path d="M4 4h10l6 6v10H4Z" />
      <path d="M14 4v6h6M8 14h8M8 18h5" />
    </>
  ),
  students: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5" />
      <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.8c2 .8 3.2 2.6 3.5 5.2" />
    </>
  ),
  classes: (
    <>
      <rect x="3" y="4" width="18" height="12" rx="1" />
      <path d="M8 20h8M12 16v4M7 9h6" />
    </>
  ),
  attendance: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
      <path d="m9 15 2 2 4-4" />
    </>
  ),
  markAttendance: (
    <>
      <path d="M9 11l3 3 8-8" />
      <path d="M20 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h11" />
    </>
  ),
  teachers: (
    <>
      <circle cx="12" cy="7" r="3.5" />
      <path d="M5 21c.7-4 3.5-6.5 7-6.5s6.3 2.5 7 6.5" />
      <path d="m12 14.5 1.5 3-1.5 3.5-1.5-3.5Z" />
    </>
  ),
  teacherAttendance: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5 1.6 0 3 .5 4.2 1.4" />
      <path d="m15 18 2 2 4-4" />
    </>
  ),
  subjects: (
    <>
      <path d="M4 19V5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2Z" />
      <path d="M4 19a2 2 0 0 0 2 2h14M9 7h7" />
    </>
  ),
  mapping: (
    <>
      <circle cx="6" cy="6" r="2.5" />
      <circle cx="18" cy="18" r="2.5" />
      <circle cx="18" cy="6" r="2.5" />
      <path d="M8.5 6h7M7.8 7.8l8.4 8.4" />
    </>
  ),
  homework: (
    <>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </>
  ),
  notifications: (
    <>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
    </>
  ),
  fees: (
    <>
      <path d="M6 3h12M6 8h12M6 13h3c6.7 0 6.7-10 0-10" />
      <path d="m6 13 8.5 8" />
    </>
  ),
  timetable: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  events: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
      <path d="M8 14h2v2H8Z" />
    </>
  ),
  exams: (
    <>
      <path d="M9 3h6v3H9Z" />
      <path d="M16 4.5h2a2 2 0 0 1 2 2V20a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6.5a2 2 0 0 1 2-2h2" />
      <path d="M8 12h8M8 16h5" />
    </>
  ),
  reportCards: (
    <>
      <path d="M4 4h16v16H4Z" />
      <path d="M8 16v-3M12 16V9M16 16v-5" />
    </>
  ),
  results: (
    <>
      <path d="M8 21h8M12 17v4" />
      <path d="M7 4h10v5a5 5 0 0 1-10 0Z" />
      <path d="M17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />
    </>
  ),
  schools: (
    <>
      <path d="m2 9 10-5 10 5-10 5L2 9Z" />
      <path d="M6 11v5c2 2 10 2 12 0v-5" />
    </>
  ),
  accounts: (
    <>
      <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6Z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
  adminProfile: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c.9-4 4-6.5 8-6.5s7.1 2.5 8 6.5" />
    </>
  ),
  studentProfile: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c.9-4 4-6.5 8-6.5s7.1 2.5 8 6.5" />
    </>
  ),
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1" />
    </>
  ),
};

/** The icon of a section by its title key; a plain square for one without its own. */
export function TileIcon({ name }: { name: string | undefined }) {
  return (
    <svg className="tile-icon" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {(name && paths[name]) ?? <rect x="4" y="4" width="16" height="16" rx="3" />}
    </svg>
  );
}
