/**
 * /school-selection (spec section 2): search the schools, choose one, sign in to it. The choice is
 * kept in this tab's session storage (tenant id and school name) and the user goes to /login.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../contract/messages';
import type { SchoolListEntry } from '../../../contract/school';
import { say, t, useLanguage } from '../../i18n';
import { chooseSchool, currentSchool } from '../../session/session-rules';
import { sessionStore } from '../../session/session-store';
import { SchoolIcon, SearchIcon } from '../../ui/icons';
import { LanguagePicker } from '../../ui/LanguagePicker';
import { LoadingFallback } from '../../ui/LoadingFallback';
import { PageHeader } from '../../ui/PageHeader';
import { bottomBarRef } from '../../ui/bottom-bar';
import { fetchSchools, filterSchools } from './schools-service';
import './school-selection.css';

type LoadState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; schools: SchoolListEntry[] };

export default function SchoolSelectionPage() {
  useLanguage();
  const navigate = useNavigate();
  const searchId = useId();
  const legendId = useId();
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string>(() => currentSchool(sessionStore.stores)?.tenantId ?? '');

  useEffect(() => {
    const controller = new AbortController();
    fetchSchools(controller.signal).then(
      (schools) => setState({ kind: 'loaded', schools }),
      () => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  const schools = useMemo(() => (state.kind === 'loaded' ? state.schools : []), [state]);
  const shown = useMemo(() => filterSchools(schools, query), [schools, query]);
  const chosen = schools.find((school) => school.tenantId === selected);

  const signIn = () => {
    if (!chosen) return;
    const session = sessionStore.current();
    // A token is valid for one school only: choosing another one ends the current session.
    if (session?.claims.tenantId && session.claims.tenantId !== chosen.tenantId) sessionStore.end();
    chooseSchool(sessionStore.stores, chosen.tenantId, chosen.schoolName);
    navigate('/login');
  };

  return (
    <main className="page school-page">
      <PageHeader title={t.schoolSelection.title} backTo="/home" right={<LanguagePicker />} />
      <p className="school-intro">{t.schoolSelection.subtitle}</p>

      {state.kind === 'loading' && <LoadingFallback />}

      {state.kind === 'failed' && (
        <div className="alert alert-error" role="alert">
          <p>{say(messages.schools.loadFailed)}</p>
          <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
            {t.common.retry}
          </button>
        </div>
      )}

      {state.kind === 'loaded' && (
        <>
          <div className="field school-search">
            <label className="field-label" htmlFor={searchId}>
              {t.schoolSelection.searchLabel}
            </label>
            <input
              id={searchId}
              className="field-input"
              type="search"
              autoComplete="off"
              placeholder={t.schoolSelection.searchPlaceholder}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
            <SearchIcon />
          </div>
          <p className="school-count" role="status">
            {shown.length > 0 ? shown.length === schools.length ? t.schoolSelection.countAll({ total: schools.length }) : t.schoolSelection.countSome({ shown: shown.length, total: schools.length }) : ''}
          </p>
          {shown.length === 0 ? (
            <p className="school-empty" role="status">
              {say(messages.schools.noneFound)}
            </p>
          ) : (
            <fieldset className="school-list" aria-labelledby={legendId}>
              <legend id={legendId} className="visually-hidden">
                {t.schoolSelection.listLabel}
              </legend>
              <ul>
                {shown.map((school) => (
                  <li key={school.tenantId}>
                    <label className="school-option">
                      <input
                        type="radio"
                        name="school"
                        value={school.tenantId}
                        checked={selected === school.tenantId}
                        onChange={() => setSelected(school.tenantId)}
                      />
                      <SchoolIcon />
                      <span className="school-name">{school.schoolName}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
        </>
      )}

      <div className="school-actionbar" ref={bottomBarRef}>
        <button type="button" className="btn btn-primary" disabled={!chosen} onClick={signIn}>
          {chosen ? t.schoolSelection.signInTo({ school: chosen.schoolName }) : say(messages.schools.selectToSignIn)}
        </button>
      </div>
    </main>
  );
}
