/**
 * When Devanagari is drawn in Kaksha's own face (src/ui/devanagari.css). A page the service worker
 * serves has both faces in its precache and uses them from the first paint. A first visit, served
 * from the network, draws Devanagari in the device's own font until the page has loaded, then
 * takes Kaksha's: on a slow link the two faces (about 107 KB) would otherwise share it with the
 * scripts the page needs to show at all (docs/i18n.md "Devanagari font").
 */
import { whenLoadedAndIdle } from '../app/after-load';

export const devanagariFontAttribute = 'data-devanagari-font';

function drawInKakshaFace(): void {
  document.documentElement.setAttribute(devanagariFontAttribute, '');
}

export function startDevanagariFont(): void {
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) drawInKakshaFace();
  else whenLoadedAndIdle(drawInKakshaFace);
}
