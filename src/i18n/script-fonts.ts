/**
 * The Devanagari faces of src/ui/devanagari.css, asked for as the app starts in Hindi or Marathi
 * rather than when the first page's text is laid out after its code has run, so that their
 * download runs beside the scripts'. Through the Font Loading API, which tries each face's sources
 * in order: a device with Noto Sans Devanagari installed answers from `local()` and downloads
 * nothing, which a `<link rel="preload">` could not know (docs/i18n.md "Devanagari font").
 */
import type { LanguageCode } from '../../contract/languages';

export const devanagariFamily = 'Kaksha Devanagari';
/** The weights devanagari.css declares a file for (600 also draws 700 and 800). */
const devanagariWeights = [400, 600] as const;

export function askForScriptFonts(language: LanguageCode, fonts: FontFaceSet | undefined): void {
  if (language === 'en' || !fonts) return;
  for (const weight of devanagariWeights) {
    // A face that fails to load leaves the text in the next font of the stack, as CSS would.
    fonts.load(`${weight} 1em "${devanagariFamily}"`, 'क').catch(() => undefined);
  }
}
