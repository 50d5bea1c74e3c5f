import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useAuth } from '@/lib/session';
import { landingPath } from '../utils/landing-path';

/**
 * Guards the sign-in pages: a signed-in visitor goes on to the `returnUrl` or their default
 * path. Signing in on one of these pages ends the same way.
 */
export function GuestOnly() {
  const { isInitialized, activeRole } = useAuth();
  const { search } = useLocation();

  if (!isInitialized) return <PageLoader />;
  if (activeRole !== null) return <Navigate to={landingPath(search, activeRole)} replace />;
  return <Outlet />;
}
