import type { TRequest, TRequestPreview } from '../api/types';

export const ICCID_A = '8991100000000010001';
export const ICCID_B = '8991100000000010019';
export const ICCID_C = '8991100000000010027';

export function makeRequest(overrides: Partial<TRequest> = {}): TRequest {
  return {
    id: 'f'.repeat(24),
    type: 'SUSPEND',
    status: 'RUNNING',
    batchJobId: 'BJ00000042',
    jobId: 'e'.repeat(24),
    simsCount: 4,
    profile: 'AIRTEL+BSNL',
    reason: null,
    organization: { id: 'a'.repeat(24), tradeName: 'Sanchar Connect' },
    createdBy: { id: '1'.repeat(24), label: 'Asha Rao' },
    counts: { total: 4, queued: 2, inFlight: 1, succeeded: 1, failed: 0, cancelled: 0 },
    scheduledAt: null,
    createdAt: '2026-11-22T04:30:00.000Z',
    startedAt: '2026-11-22T04:30:01.000Z',
    finishedAt: null,
    closedAt: null,
    target: { iccids: [ICCID_A, ICCID_B], iccidCount: 2 },
    ...overrides,
  };
}

export function makePreview(overrides: Partial<TRequestPreview> = {}): TRequestPreview {
  return {
    type: 'SUSPEND',
    total: 3,
    valid: 2,
    invalid: 1,
    operators: { AIRTEL: 1, BSNL: 1 },
    profile: 'AIRTEL+BSNL',
    rows: [{ row: 3, iccid: ICCID_A, reason: 'Listed twice (first at row 1)' }],
    reasons: { 'Listed twice (first at row 1)': 1 },
    ...overrides,
  };
}
