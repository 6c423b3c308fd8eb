/** What the server writes into a page's html for the app to read (server/route-preloads.ts). */

/** The id of the JSON block listing files to prefetch once the page is idle (src/app/prefetch-after-load.ts). */
export const prefetchListId = 'kaksha-prefetch';

/**
 * The catalog areas a page paints from when the app starts on it in Hindi or Marathi (the rest of
 * the language follows: src/i18n/language.ts); the server preloads them beside the entry when the
 * request's Accept-Language asks for that language (server/route-preloads.ts).
 */
export const firstAreasOfPath: Readonly<Record<string, readonly string[]>> = { '/': ['app', 'landing'], '/home': ['app', 'landing'] };
