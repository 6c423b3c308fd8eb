/** Entry: theme, the startup session check (spec section 4), then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { sessionStore } from './session/session-store';
import './ui/theme.css';
import './ui/ui.css';

sessionStore.start();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
