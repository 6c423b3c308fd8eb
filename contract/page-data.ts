/** What the server writes into a page's html for the app to read (server/route-preloads.ts). */

/** The id of the JSON block listing files to prefetch once the page is idle (src/app/prefetch-after-load.ts). */
export const prefetchListId = 'kaksha-prefetch';
