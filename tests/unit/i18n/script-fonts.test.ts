import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { askForScriptFonts, devanagariFamily } from '../../../src/i18n/script-fonts';

const stylesheet = readFileSync(path.resolve(import.meta.dirname, '../../../src/ui/devanagari.css'), 'utf8');

/** What each @font-face of devanagari.css declares: its family and its weight (or range). */
function declaredFaces(): { family: string; weight: string }[] {
  return [...stylesheet.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => ({
    family: /font-family:\s*'([^']+)'/.exec(body)?.[1] ?? '',
    weight: /font-weight:\s*([\d ]+);/.exec(body)?.[1]?.trim() ?? '',
  }));
}

function recordingFontSet(answer: () => Promise<FontFace[]>) {
  const asked: { font: string; text: string | undefined }[] = [];
  const fonts = {
    load(font: string, text?: string) {
      asked.push({ font, text });
      return answer();
    },
  } as unknown as FontFaceSet;
  return { fonts, asked };
}

describe('the Devanagari faces asked for at start', () => {
  it('asks for every face devanagari.css declares, by its family and first weight, with a Devanagari letter', () => {
    const { fonts, asked } = recordingFontSet(() => Promise.resolve([]));
    askForScriptFonts('hi', fonts);
    const faces = declaredFaces();
    expect(faces.length).toBe(2);
    expect(asked).toEqual(
      faces.map((face) => ({ font: `${face.weight.split(' ')[0]} 1em "${face.family}"`, text: 'क' })),
    );
    expect(faces.every((face) => face.family === devanagariFamily)).toBe(true);
  });

  it('asks the same for Marathi, and nothing for English (an English page never fetches the font)', () => {
    const marathi = recordingFontSet(() => Promise.resolve([]));
    askForScriptFonts('mr', marathi.fonts);
    expect(marathi.asked).toHaveLength(2);
    const english = recordingFontSet(() => Promise.resolve([]));
    askForScriptFonts('en', english.fonts);
    expect(english.asked).toEqual([]);
  });

  it('leaves a face that cannot load to the next font of the stack, without an unhandled rejection', async () => {
    const { fonts, asked } = recordingFontSet(() => Promise.reject(new Error('network')));
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      askForScriptFonts('hi', fonts);
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', note);
    }
    expect(asked).toHaveLength(2);
    expect(unhandled).toEqual([]);
  });

  it('does nothing where the browser has no font loading API', () => {
    expect(() => askForScriptFonts('hi', undefined)).not.toThrow();
  });
});
