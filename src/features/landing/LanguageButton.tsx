/**
 * The navbar's language button (spec: "an English language button"). It lists the languages the
 * site has texts for; today that is English, the fallback of every other language.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDownIcon, GlobeIcon } from './icons';
import { landingLanguages, landingTexts, type LandingTexts } from './texts';

interface Props {
  texts: LandingTexts;
  language: string;
  onChange: (language: string) => void;
}

export function LanguageButton({ texts, language, onChange }: Props) {
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
        aria-label={texts.nav.languageButton(texts.languageName)}
        onClick={() => setOpen((value) => !value)}
      >
        <GlobeIcon />
        <span aria-hidden="true">{texts.languageName}</span>
        <ChevronDownIcon />
      </button>
      {open && (
        <ul className="lp-lang-menu" id={listId} role="menu" aria-label={texts.nav.language}>
          {landingLanguages.map((code) => (
            <li key={code} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={code === language}
                lang={code}
                onClick={() => {
                  onChange(code);
                  setOpen(false);
                  buttonRef.current?.focus();
                }}
              >
                {landingTexts(code).languageName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
