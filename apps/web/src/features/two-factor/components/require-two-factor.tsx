import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { twoFactorStatusQueryOptions } from '../api/get-two-factor-status';

/**
 * A staff user who must have two-factor sign-in and has not set it up (a session from before it was required) is
 * kept on their profile, where it is set up, until they do: nothing else of the console first.
 */
export function RequireTwoFactor({ userId, staff }: { userId: string; staff: boolean }) {
  const location = useLocation();
  const status = useQuery({ ...twoFactorStatusQueryOptions(), enabled: staff });
  const profile = `/management/user/edit/${userId}`;
  if (staff && status.data?.required && !status.data.enabled && location.pathname !== profile) return <Navigate to={profile} replace />;
  return null;
}
