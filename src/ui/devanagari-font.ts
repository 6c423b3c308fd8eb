/**
 * When Devanagari is drawn in Kaksha's own face (src/ui/devanagari.css). A page the service worker
 * serves has both faces in its precache and uses them from the first paint. A first visit, served
 * from the network, draws Devanagari in the device's own font until the page has loaded: on a slow
 * link the two faces (about 107 KB) would otherwise share it with the scripts the page needs to show
 * at all. A page in Hindi or Marathi then loads both faces before the face joins the font stack, so
 * the page is laid out again once, not once per face (docs/i18n.md "Devanagari font").
 */
import { whenLoadedAndIdle } from '../app/after-load';

export const devanagariFontAttribute = 'data-devanagari-font';
const family = '"Kaksha Devanagari"';
/** The weights devanagari.css declares, each with a letter of the face's range to load it by. */
const faces = [`400 1em ${family}`, `600 1em ${family}`];
const languagesInDevanagari = new Set(['hi', 'mr']);

function drawInKakshaFace(): void {
  document.documentElement.setAttribute(devanagariFontAttribute, '');
}

/** An English page joins at once: its face loads only if Devanagari shows up on the screen. */
function afterLoad(): void {
  if (!languagesInDevanagari.has(document.documentElement.lang) || !document.fonts) {
    drawInKakshaFace();
    return;
  }
  void Promise.allSettled(faces.map((face) => document.fonts.load(face, 'क'))).then(drawInKakshaFace);
}

export function startDevanagariFont(): void {
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) drawInKakshaFace();
  else whenLoadedAndIdle(afterLoad);
}
