import { useOrganizationOptions } from '@/api/get-organization-options';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';

/**
 * The organisations the caller's devices may belong to: staff reach every one (and the provider's stock); an
 * organisation's user its own and, when the role may list organisations, those below it. `many`: more than one, so
 * the screens show whose each device is and let a new one go to another.
 */
export function useDeviceReach() {
  const { user } = useSignedIn();
  const staff = user.organization === null;
  const canList = useCan('organisation');
  const options = useOrganizationOptions(canList && !staff);
  return {
    staff,
    canList,
    own: user.organization,
    many: staff || (options.data?.length ?? 0) > 1,
  };
}
