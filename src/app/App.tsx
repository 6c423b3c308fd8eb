/** The app: error boundary, router, toasts. */
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppToaster } from '../ui/AppToaster';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <ErrorBoundary>
      <RouterProvider router={router} />
      <AppToaster />
    </ErrorBoundary>
  );
}
