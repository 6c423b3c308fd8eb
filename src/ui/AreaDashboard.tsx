/** The shared shape of the /admin and /student dashboards: who and where, then the section tiles. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { t, useLanguage } from '../i18n';
import { SettingsIcon } from './icons';
import { PageHeader } from './PageHeader';
import { TileGrid, type Tile } from './TileGrid';
import './dashboard.css';

export interface AreaDashboardProps {
  title: string;
  schoolName: string;
  greeting: string;
  detail: string;
  tiles: readonly Tile[];
  /** More header controls before the settings link (the notifications bell). */
  headerExtra?: ReactNode;
  /** The day's figures, between the welcome and the section tiles. */
  children?: ReactNode;
}

export function AreaDashboard({ title, schoolName, greeting, detail, tiles, headerExtra, children }: AreaDashboardProps) {
  useLanguage();
  return (
    <main className="page">
      <PageHeader
        title={title}
        noBack
        right={
          <>
            {headerExtra}
            <Link to="/settings" className="icon-button" aria-label={t.common.settings} title={t.common.settings}>
              <SettingsIcon />
            </Link>
          </>
        }
      />
      <section className="panel dashboard-intro" aria-label={schoolName}>
        <p className="dashboard-school">{schoolName}</p>
        <h2>{greeting}</h2>
        <p className="dashboard-detail">{detail}</p>
      </section>
      {children}
      <h2 id="dashboard-sections" className="dashboard-sections-heading">
        {t.dashboard.sectionsHeading}
      </h2>
      <TileGrid tiles={tiles} labelledBy="dashboard-sections" />
    </main>
  );
}
