/** The app: error boundary, router, toasts. */
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { whenLoadedAndIdle } from './after-load';
import { useLoadedApart } from './loaded-apart';
import { routes } from './routes';

const router = createBrowserRouter(routes);

// Out of the entry and out of the first paint's way (loaded once the page has loaded): sonner
// shows toasts raised before its Toaster mounted once it does.
const loadToaster = () => import('../ui/AppToaster').then((module) => module.AppToaster);

export function App() {
  const [toasts, setToasts] = useState(false);
  useEffect(() => whenLoadedAndIdle(() => setToasts(true)), []);
  const AppToaster = useLoadedApart(loadToaster, toasts);
  return (
    <ErrorBoundary>
      <RouterProvider router={router} />
      {AppToaster && <AppToaster />}
    </ErrorBoundary>
  );
}
