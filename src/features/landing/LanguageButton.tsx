/**
 * The navbar's language button (spec: "an English language button"), a real choice of English,
 * Hindi and Marathi (docs/i18n.md): each named in its own script; the choice is kept on the device
 * and shown at once, without a reload.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { languageCodes, languageNames, type LanguageCode } from '../../../contract/languages';
import { chooseLanguage } from '../../i18n/account-language';
import { ChevronDownIcon, GlobeIcon } from './icons';
import type { LandingTexts } from './texts';

interface Props {
  texts: LandingTexts;
  language: LanguageCode;
}

export function LanguageButton({ texts, language }: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    rootRef.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="lp-lang" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="lp-lang-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={texts.language.button({ name: languageNames[language] })}
        onClick={() => setOpen((value) => !value)}
      >
        <GlobeIcon />
        <span aria-hidden="true">{languageNames[language]}</span>
        <ChevronDownIcon />
      </button>
      {open && (
        <ul className="lp-lang-menu" id={listId} role="menu" aria-label={texts.language.label}>
          {languageCodes.map((code) => (
            <li key={code} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={code === language}
                lang={code}
                onClick={() => {
                  void chooseLanguage(code);
                  setOpen(false);
                  buttonRef.current?.focus();
                }}
              >
                {languageNames[code]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
