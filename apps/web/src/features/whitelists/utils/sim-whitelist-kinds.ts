import { getModule } from '@tarang/shared/modules/module-catalogue';
import type { TWhitelistKind } from '@tarang/shared/whitelists/whitelist.schemas';

/**
 * The two whitelists a SIM holds, by kind: the catalogue module whose permissions guard them, the API path of the
 * SIMs' whitelists, the console's list page, and the groups applied to SIMs (their module and translation prefix).
 */
export type TSimWhitelistKind = {
  kind: TWhitelistKind;
  module: 'whitelist-ip' | 'whitelist-numbers';
  apiPath: '/whitelist/ip' | '/whitelist/numbers';
  /** The list page; `/add` and `/edit/{iccid}` below it. */
  route: string;
  groupModule: 'ip-group' | 'number-group';
  /** The prefix of the kind's own words in the `whitelists` namespace (`simWhitelists.ip.title`). */
  words: 'ip' | 'numbers';
};

const routeOf = (module: string) => getModule(module)?.path ?? '/white-listing';

export const SIM_WHITELIST_KINDS: Readonly<Record<TWhitelistKind, TSimWhitelistKind>> = {
  IP: {
    kind: 'IP',
    module: 'whitelist-ip',
    apiPath: '/whitelist/ip',
    route: routeOf('whitelist-ip'),
    groupModule: 'ip-group',
    words: 'ip',
  },
  NUMBER: {
    kind: 'NUMBER',
    module: 'whitelist-numbers',
    apiPath: '/whitelist/numbers',
    route: routeOf('whitelist-numbers'),
    groupModule: 'number-group',
    words: 'numbers',
  },
};

/** The kind a page of the shell is about, by its module ('whitelist-ip' → IP); null for any other module. */
export function simWhitelistKindOf(moduleId: string | undefined): TSimWhitelistKind | null {
  return Object.values(SIM_WHITELIST_KINDS).find((k) => k.module === moduleId) ?? null;
}

/** The edit page of one SIM's whitelist of a kind (`/white-listing/ip/edit/8991…`). */
export const simWhitelistEditHref = (kind: TWhitelistKind, iccid: string) =>
  `${SIM_WHITELIST_KINDS[kind].route}/edit/${encodeURIComponent(iccid)}`;
