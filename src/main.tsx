/** Entry: theme, the startup session check (spec section 4), then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prefetchAfterLoad } from './app/prefetch-after-load';
import { registerServiceWorker } from './pwa/register-sw';
import { sessionStore } from './session/session-store';
import { engineHost } from './sync-binding/engine-host';
import './ui/theme.css';
import './ui/ui.css';

sessionStore.start();
engineHost.bind(sessionStore);
registerServiceWorker();
prefetchAfterLoad();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
