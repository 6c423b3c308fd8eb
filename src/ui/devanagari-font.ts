/**
 * When Devanagari is drawn in Kaksha's own face (src/ui/devanagari.css). A page the service worker
 * serves has both faces in its precache and uses them from the first paint. A first visit, served
 * from the network, draws Devanagari in the device's own font: on a slow link the two faces (about
 * 107 KB) would otherwise share it with the scripts the page needs to show at all, and a face that
 * arrives later lays the whole page out again (300-480 ms at CPU 4x). So a first visit keeps the
 * device's font when it has one, and the face comes with the next start; a device with no Devanagari
 * font of its own (its letters would show as boxes) loads both faces once the page has loaded, and
 * the face then joins the font stack in one relayout (docs/i18n.md "Devanagari font").
 */
import { whenLoadedAndIdle } from '../app/after-load';

export const devanagariFontAttribute = 'data-devanagari-font';
const family = '"Kaksha Devanagari"';
/** The weights devanagari.css declares, each with a letter of the face's range to load it by. */
const faces = [`400 1em ${family}`, `600 1em ${family}`];
const languagesInDevanagari = new Set(['hi', 'mr']);
const devanagariLetters = 'कखगघङचछजझञ';
/** Unassigned code points, which no font draws: each is the box a missing letter is drawn as. */
const missingLetters = '\u0378\u0379\u0380\u0381\u0382\u0383\u038B\u038D\u03A2\u0530';

function drawInKakshaFace(): void {
  document.documentElement.setAttribute(devanagariFontAttribute, '');
}

/**
 * Whether the page's font stack, as it stands, draws Devanagari letters: ten different letters
 * measure as ten boxes only when no font of the device has them.
 */
function deviceDrawsDevanagari(): boolean {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return true;
  context.font = `16px ${getComputedStyle(document.body).fontFamily}`;
  return context.measureText(devanagariLetters).width !== context.measureText(missingLetters).width;
}

/** An English page joins at once: its face loads only if Devanagari shows up on the screen. */
function afterLoad(): void {
  if (!languagesInDevanagari.has(document.documentElement.lang) || !document.fonts) {
    drawInKakshaFace();
    return;
  }
  if (deviceDrawsDevanagari()) return;
  void Promise.allSettled(faces.map((face) => document.fonts.load(face, 'क'))).then(drawInKakshaFace);
}

export function startDevanagariFont(): void {
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) drawInKakshaFace();
  else whenLoadedAndIdle(afterLoad);
}
