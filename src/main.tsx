/** Entry: theme, the startup session check (spec section 4), the language (docs/i18n.md), then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { sendPendingLanguage } from './i18n/account-language';
import { startLanguage, wholeLanguagePending } from './i18n/language';
import { whenLoadedAndIdle } from './app/after-load';
import { prefetchAfterLoad } from './app/prefetch-after-load';
import { registerServiceWorker } from './pwa/register-sw';
import { currentSchool } from './session/session-rules';
import { sessionStore } from './session/session-store';
import { loadStartPage } from './app/start-page';
import { engineHost } from './sync-binding/engine-host';
import { startDevanagariFont } from './ui/devanagari-font';
import './ui/theme.css';
import './ui/ui.css';
import './ui/devanagari.css';

// Our Content-Security-Policy allows no eval, and zod's probe for it (to compile faster object
// parsers) was a CSP violation on every page that parsed a form. zod reads this global config when
// it loads (zod/v4/core/core.js); setting it here keeps zod itself out of the entry.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } });
sessionStore.start();
engineHost.bind(sessionStore);
// After the first page's own files: workbox-window and the service worker's precache wait for it.
whenLoadedAndIdle(registerServiceWorker);
prefetchAfterLoad();
startDevanagariFont();

// Hindi and Marathi load their catalogs before the first render (from the service worker's cache
// offline): on the landing page only its own, the rest once it has loaded (language.ts). A
// signed-in start loads the page it opens as well (start-page.ts).
const session = sessionStore.current();
const startPage = session ? loadStartPage(location.pathname, session.role, currentSchool(sessionStore.stores) !== null) : undefined;
void Promise.all([startLanguage(), startPage]).then(() => {
  whenLoadedAndIdle(() => void wholeLanguagePending());
  void sendPendingLanguage();
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
});
