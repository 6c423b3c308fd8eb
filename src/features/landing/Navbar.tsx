/**
 * The public navbar (spec section 2): anchors to the sections, links to /school-selection and
 * /login, Get started to #contact, the language button. Transparent over the hero, solid once the
 * page is scrolled more than 20 px; below 1240 px the links move into a menu overlay that locks scroll.
 */
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { CloseIcon, KakshaMark, MenuIcon } from './icons';
import { LanguageButton } from './LanguageButton';
import type { LanguageCode } from '../../../contract/languages';
import type { LandingTexts } from './texts';
import { useScrolledPast, useScrollLock } from './use-page-effects';

/** Spec section 9: the navbar turns solid after 20 px of scrolling. */
export const solidAfterPx = 20;

export const sectionAnchors = ['features', 'benefits', 'about', 'contact', 'testimonials', 'faq'] as const;

interface Props {
  texts: LandingTexts;
  language: LanguageCode;
}

export function Navbar({ texts, language }: Props) {
  const solid = useScrolledPast(solidAfterPx);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  useScrollLock(menuOpen);

  const closeMenu = (returnFocus: boolean) => {
    flushSync(() => setMenuOpen(false));
    if (returnFocus) menuButtonRef.current?.focus();
  };

  useEffect(() => {
    if (!menuOpen) return undefined;
    const overlay = overlayRef.current;
    overlay?.querySelector<HTMLElement>('button, a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButtonRef.current?.focus();
        return;
      }
      if (event.key !== 'Tab' || !overlay) return;
      const items = Array.from(overlay.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    // The overlay is for narrow screens only: widening the window closes it.
    const wide = window.matchMedia('(min-width: 1240px)');
    const onWide = () => wide.matches && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [menuOpen]);

  const anchorLinks = (onNavigate?: () => void) =>
    sectionAnchors.map((id) => (
      <li key={id}>
        <a href={`#${id}`} onClick={onNavigate}>
          {texts.nav[id]}
        </a>
      </li>
    ));

  return (
    <header className={`lp-nav${solid ? ' is-solid' : ''}`} data-solid={solid ? 'true' : 'false'}>
      <div className="lp-nav-inner">
        <Link to="/home" className="lp-brand" aria-label={texts.nav.homeLabel}>
          <KakshaMark />
          <span aria-hidden="true">Kaksha</span>
        </Link>
        <nav aria-label={texts.nav.label} className="lp-nav-links">
          <ul>{anchorLinks()}</ul>
        </nav>
        <div className="lp-nav-actions">
          <LanguageButton texts={texts} language={language} />
          <Link to="/school-selection" className="lp-nav-text-link">
            {texts.nav.chooseSchool}
          </Link>
          <Link to="/login" className="btn btn-secondary lp-btn-sm">
            {texts.nav.signIn}
          </Link>
          <a href="#contact" className="btn btn-primary lp-btn-sm">
            {texts.nav.getStarted}
          </a>
        </div>
        <button
          ref={menuButtonRef}
          type="button"
          className="lp-menu-button icon-button"
          aria-label={texts.nav.openMenu}
          aria-expanded={menuOpen}
          aria-controls="lp-menu"
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
      </div>
      {menuOpen && (
        <div id="lp-menu" className="lp-menu" role="dialog" aria-modal="true" aria-label={texts.nav.menuTitle} ref={overlayRef}>
          <div className="lp-menu-top">
            <span className="lp-brand" aria-hidden="true">
              <KakshaMark />
              <span>Kaksha</span>
            </span>
            <button type="button" className="icon-button" aria-label={texts.nav.closeMenu} onClick={() => closeMenu(true)}>
              <CloseIcon />
            </button>
          </div>
          <nav aria-label={texts.nav.label}>
            <ul className="lp-menu-links">{anchorLinks(() => closeMenu(false))}</ul>
          </nav>
          <div className="lp-menu-actions">
            <LanguageButton texts={texts} language={language} />
            <Link to="/school-selection" className="btn btn-secondary btn-block">
              {texts.nav.chooseSchool}
            </Link>
            <Link to="/login" className="btn btn-secondary btn-block">
              {texts.nav.signIn}
            </Link>
            <a href="#contact" className="btn btn-primary btn-block" onClick={() => closeMenu(false)}>
              {texts.nav.getStarted}
            </a>
          </div>
        </div>
      )}
    </header>
  );
}
