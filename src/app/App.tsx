/** The app: error boundary, router, toasts. */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { routes } from './routes';

const router = createBrowserRouter(routes);

// Out of the entry: sonner shows toasts raised before its Toaster mounted once it does.
const AppToaster = lazy(() => import('../ui/AppToaster').then((module) => ({ default: module.AppToaster })));

export function App() {
  return (
    <ErrorBoundary>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </ErrorBoundary>
  );
}
