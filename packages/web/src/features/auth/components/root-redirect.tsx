import { Navigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useAuth } from '@/lib/session';
import { defaultPathOf } from '../utils/landing-path';

/** The root path: the active role's default path when signed in, otherwise sign-in. */
export function RootRedirect() {
  const { isInitialized, activeRole } = useAuth();

  if (!isInitialized) return <PageLoader />;
  return <Navigate to={activeRole === null ? '/login' : defaultPathOf(activeRole)} replace />;
}
