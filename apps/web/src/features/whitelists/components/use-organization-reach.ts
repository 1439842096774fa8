import { useOrganizationOptions } from '@/api/get-organization-options';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';

/**
 * The organisations a group may belong to, as the screens need to know it: staff reach every organisation (and must
 * name one); an organisation user reaches its own and, when its role may list organisations, those below it.
 * `many`: more than one, so the screens show whose each group is and let a new one be given to another.
 */
export function useOrganizationReach() {
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
