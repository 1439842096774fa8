import type { TSim, TSimOperation } from '@tarang/shared/sims/sim.schemas';
import { hexId, ORG_A } from '@/testing/signed-in';

/** Test SIMs with real-format identifiers (Luhn-valid ICCIDs of the 8991 10 … series). */
export const ICCIDS = ['8991100000000000076', '8991100000000000092', '8991100000000000126'] as const;

export function makeSim(i: number, overrides: Partial<TSim> = {}): TSim {
  const iccid = ICCIDS[i] ?? `89911000000000${String(1000 + i)}`;
  return {
    id: hexId(String(i + 1)),
    iccid,
    primary: { ICCID: iccid, IMSI: `4041000000000${String(i + 10)}`, MSISDN: `+91500000000${String(i + 10)}`, operator: 'AIRTEL' },
    provisioned: [],
    profile: 'AIRTEL',
    status: 'IN_STOCK',
    intendedStatus: null,
    statusReason: null,
    organization: null,
    planId: null,
    activatedAt: null,
    expiresAt: null,
    apn: null,
    staticIp: null,
    imeiLock: false,
    lockedImei: null,
    lastImei: null,
    label: null,
    tags: [],
    version: 1,
    createdAt: '2026-11-20T04:30:00.000Z',
    updatedAt: '2026-11-20T04:30:00.000Z',
    ...overrides,
  };
}

export const ALLOCATED_SIM = makeSim(1, {
  status: 'ALLOCATED',
  organization: { id: ORG_A.id, tradeName: ORG_A.tradeName },
  provisioned: [{ ICCID: '8991400000000000016', IMSI: '404530000000008', MSISDN: null, operator: 'BSNL' }],
  profile: 'AIRTEL+BSNL',
  // 18:45 UTC is 00:15 the next day in Asia/Kolkata.
  expiresAt: '2027-03-30T18:45:00.000Z',
  tags: ['meters'],
  label: 'Gateway 7',
});

export function makeOperation(overrides: Partial<TSimOperation> = {}): TSimOperation {
  return {
    id: hexId('e'),
    kind: 'UPLOAD',
    status: 'RUNNING',
    total: 10,
    totalIsEstimate: false,
    processed: 4,
    succeeded: 4,
    skipped: 0,
    alreadyPresent: 0,
    error: null,
    fileName: 'sims.csv',
    createdAt: '2026-11-20T04:30:00.000Z',
    startedAt: '2026-11-20T04:30:01.000Z',
    finishedAt: null,
    ...overrides,
  };
}

export const listBody = (rows: TSim[], meta: Partial<{ total: number; totalIsEstimate: boolean; nextCursor: string | null }> = {}) => ({
  success: true,
  data: rows,
  meta: { limit: 25, total: rows.length, totalIsEstimate: false, nextCursor: null, ...meta },
});
