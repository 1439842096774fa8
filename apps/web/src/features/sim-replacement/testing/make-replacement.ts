import type { TReplacement } from '@tarang/shared/sims/replacement.schemas';
import { hexId, ORG_A } from '@/testing/signed-in';

/** Luhn-valid ICCIDs of the test SIMs: an old one and the new one taking its place, and a second pair. */
export const OLD_ICCID = '8991100000000020009';
export const NEW_ICCID = '8991100000000020017';
export const OLD_ICCID_2 = '8991100000000020025';
export const NEW_ICCID_2 = '8991100000000020033';

/** Test data: a replacement as GET /sim/replacements answers it (done, unless told otherwise). */
export function makeReplacement(overrides: Partial<TReplacement> = {}): TReplacement {
  return {
    id: hexId('d'),
    old: { id: hexId('3'), iccid: OLD_ICCID, status: 'REPLACED' },
    new: { id: hexId('4'), iccid: NEW_ICCID, status: 'ACTIVE' },
    operator: 'AIRTEL',
    organization: { id: ORG_A.id, tradeName: ORG_A.tradeName },
    reason: 'Damaged in the meter box',
    state: 'DONE',
    error: null,
    requestId: hexId('f'),
    batchJobId: 'BJ00000042',
    createdAt: '2026-11-22T09:15:00.000Z',
    completedAt: '2026-11-22T09:16:00.000Z',
    moved: null,
    ...overrides,
  };
}
