import type { TIpGroup, TNumberGroup, TSimWhitelist, TWhitelistNumber } from '@tarang/shared/whitelists/whitelist.schemas';
import { hexId, ORG_A } from '@/testing/signed-in';

/** Test data: an IP group as the API answers it (approved, with two destinations, unless told otherwise). */
export function makeIpGroup(overrides: Partial<TIpGroup> = {}): TIpGroup {
  return {
    id: hexId('e'),
    organizationId: ORG_A.id,
    organization: { id: ORG_A.id, tradeName: ORG_A.tradeName },
    name: 'Telemetry back ends',
    description: null,
    status: 'ACTIVE',
    reviewStatus: 'APPROVED',
    reviewReason: null,
    reviewedBy: { id: hexId('1'), label: 'Asha Rao' },
    reviewedAt: '2026-11-21T05:00:00.000Z',
    entries: [
      { address: '10.1.2.0/24', protocol: 'TCP', portFrom: 443, portTo: 443 },
      { address: '203.0.113.7/32', protocol: 'ANY', portFrom: 1, portTo: 65535 },
    ],
    proposedEntries: null,
    createdBy: { id: hexId('2'), label: 'Vikram Singh' },
    createdAt: '2026-11-20T04:30:00.000Z',
    updatedAt: '2026-11-21T05:00:00.000Z',
    ...overrides,
  };
}

/** Test data: a number group as the API answers it. */
export function makeNumberGroup(overrides: Partial<TNumberGroup> = {}): TNumberGroup {
  return {
    id: hexId('d'),
    organizationId: ORG_A.id,
    organization: { id: ORG_A.id, tradeName: ORG_A.tradeName },
    name: 'Fleet supervisors',
    description: null,
    numbersCount: 2,
    createdBy: { id: hexId('2'), label: 'Vikram Singh' },
    createdAt: '2026-11-20T04:30:00.000Z',
    updatedAt: '2026-11-22T09:15:00.000Z',
    ...overrides,
  };
}

/** Test data: a number of a group. */
export function makeWhitelistNumber(number: string): TWhitelistNumber {
  return { number, createdBy: { id: hexId('2'), label: 'Vikram Singh' }, createdAt: '2026-11-22T09:15:00.000Z' };
}

/** Test data: a SIM profile's IP whitelist as the API lists it (applied, one profile SIM, unless told otherwise). */
export function makeSimWhitelist(overrides: Partial<TSimWhitelist> = {}): TSimWhitelist {
  return {
    iccid: '8991100000000010001',
    simId: hexId('5'),
    primaryIccid: '8991100000000010001',
    organization: { id: ORG_A.id, tradeName: ORG_A.tradeName },
    operator: 'AIRTEL',
    kind: 'IP',
    group: { id: hexId('e'), name: 'Telemetry back ends' },
    itemsCount: 2,
    state: 'APPLIED',
    outdated: false,
    error: null,
    requestId: hexId('f'),
    batchJobId: 'BJ00000042',
    scheduledAt: null,
    updatedAt: '2026-11-22T09:15:00.000Z',
    ...overrides,
  };
}
