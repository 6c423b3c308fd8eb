/** The installed app's start page (/app): sends the user straight to where they work. */
import { Navigate } from 'react-router';
import { appStartPath } from '../session/login-redirect';
import { currentSchool } from '../session/session-rules';
import { sessionStore } from '../session/session-store';
import { useSessionSnapshot } from '../session/use-session';

export function AppStart() {
  const { session } = useSessionSnapshot();
  return <Navigate to={appStartPath(session?.role, currentSchool(sessionStore.stores) !== null)} replace />;
}
