import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useAuth } from '@/lib/session';
import { loginPathReturningTo } from '../utils/landing-path';

/**
 * Guards signed-in pages: a signed-out visitor (or one whose session just ended) is sent to sign
 * in, and brought back afterwards. Signing out on purpose leads to a plain sign-in page.
 */
export function RequireAuth() {
  const { isInitialized, isLoggedIn, signedOutByUser } = useAuth();
  const location = useLocation();

  if (!isInitialized) return <PageLoader />;
  if (!isLoggedIn) {
    const returning = loginPathReturningTo(location.pathname + location.search);
    return <Navigate to={signedOutByUser ? '/login' : returning} replace />;
  }
  return <Outlet />;
}
