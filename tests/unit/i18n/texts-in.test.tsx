/**
 * Texts in a print's language (src/i18n/texts-in.ts, docs/i18n.md "Prints"): a report card or a
 * receipt reads its words in the school's print language while the screen stays in the user's,
 * after that language's catalogs are loaded; English is there at once.
 */
import { act } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { fallbackLanguage, type LanguageCode } from '../../../contract/languages';
import { inLanguage, showLanguage, t, useLanguage, useTextsIn } from '../../../src/i18n';
import { currentLanguage } from '../../../src/i18n/language';
import { renderRoute, settle } from '../app/dom';

afterAll(() => showLanguage(fallbackLanguage, { remember: false }));

describe('inLanguage', () => {
  it('renders in Hindi and Marathi while the screen stays English', async () => {
    expect(await inLanguage('hi', ({ t: printed }) => printed.printLanguage.heading)).toBe('प्रिंट की भाषा');
    expect(await inLanguage('mr', ({ tr, locale }) => [tr('auth.signIn'), locale])).toEqual(['साइन इन करा', 'mr-IN-u-nu-latn']);
    expect(currentLanguage()).toBe('en');
    expect(t.printLanguage.heading).toBe('Print language');
    expect(document.documentElement.lang).not.toBe('hi');
  });
});

describe('useTextsIn', () => {
  function Receipt({ language }: { language: LanguageCode }) {
    useLanguage();
    const printed = useTextsIn(language);
    return (
      <div>
        <h1 data-testid="screen">{t.printLanguage.heading}</h1>
        <p data-testid="print">{printed ? printed.t.printLanguage.heading : 'loading'}</p>
      </div>
    );
  }
  const text = (view: { container: HTMLElement }, id: string) => view.container.querySelector(`[data-testid="${id}"]`)!.textContent;

  it('gives English at once, and keeps the print in its language when the screen switches', async () => {
    const view = await renderRoute('/receipt', <Receipt language="en" />, '/receipt');
    expect(text(view, 'print')).toBe('Print language');
    await act(() => showLanguage('mr', { remember: false }));
    expect(text(view, 'screen')).toBe('छपाईची भाषा');
    expect(text(view, 'print')).toBe('Print language');
    await act(() => showLanguage('en', { remember: false }));
  });

  it('loads a print language the screen does not show, and the screen stays in its own', async () => {
    await act(() => showLanguage('en', { remember: false }));
    const view = await renderRoute('/receipt', <Receipt language="hi" />, '/receipt');
    await act(() => settle(50));
    expect(text(view, 'print')).toBe('प्रिंट की भाषा');
    expect(text(view, 'screen')).toBe('Print language');
    expect(currentLanguage()).toBe('en');
  });
});
