import { useQuery } from '@tanstack/react-query';
import type { TWhitelistKind } from '@tarang/shared/whitelists/whitelist.schemas';
import { ipGroupsResource } from './get-ip-groups';
import { numberGroupsResource } from './get-number-groups';

/** A group as a picker or a filter offers it: its name, whose it is, and how many destinations or numbers it holds. */
export type TGroupChoice = { id: string; name: string; organization: { id: string; tradeName: string }; items: number };

/** The most groups one read brings (the API's largest page); a picker of more would need a search. */
export const GROUP_CHOICES_MAX = 500;

type TChoicesOptions = {
  /** Only groups that can go onto SIMs now: IP groups active and with approved entries, number groups with numbers. */
  applicable: boolean;
  /** Whether the role may read the groups at all (the `ip-group` / `number-group` module). */
  enabled: boolean;
};

/**
 * The IP groups (GET /whitelist/ip-group) or number groups (GET /whitelist/number-group) of the caller's reach, by
 * name. An IP group that waits for review of a change still applies its approved entries, so it is offered.
 */
export function useGroupChoices(kind: TWhitelistKind, { applicable, enabled }: TChoicesOptions) {
  const ip = kind === 'IP';
  const ipParams = { page: 1, limit: GROUP_CHOICES_MAX, sort: 'name', ...(applicable ? { status: 'ACTIVE' } : {}) };
  const numberParams = { page: 1, limit: GROUP_CHOICES_MAX, sort: 'name' };
  const ipGroups = useQuery({
    ...ipGroupsResource.listOptions(['choices', ipParams], (signal) => ipGroupsResource.fetchPage(ipParams, signal), {
      enabled: enabled && ip,
    }),
    select: (page) =>
      page.rows
        .filter((g) => !applicable || (g.status === 'ACTIVE' && g.entries.length > 0))
        .map((g): TGroupChoice => ({ id: g.id, name: g.name, organization: g.organization, items: g.entries.length })),
  });
  const numberGroups = useQuery({
    ...numberGroupsResource.listOptions(['choices', numberParams], (signal) => numberGroupsResource.fetchPage(numberParams, signal), {
      enabled: enabled && !ip,
    }),
    select: (page) =>
      page.rows
        .filter((g) => !applicable || g.numbersCount > 0)
        .map((g): TGroupChoice => ({ id: g.id, name: g.name, organization: g.organization, items: g.numbersCount })),
  });
  return ip ? ipGroups : numberGroups;
}
