import type { TActivation } from '@tarang/shared/activations/activation.schemas';
import type { TPlan } from '@tarang/shared/plans/plan.schemas';

export function makeActivation(overrides: Partial<TActivation> = {}): TActivation {
  return {
    id: 'd'.repeat(24),
    organizationId: 'a'.repeat(24),
    organization: { id: 'a'.repeat(24), tradeName: 'Sanchar Connect' },
    blueprintId: 'b'.repeat(24),
    plan: { id: 'c'.repeat(24), name: 'Fleet 1 GB', validityDays: 30 },
    price: 15_000,
    simsCount: 4,
    amounts: { held: 60_000, captured: 15_000, released: 0, remaining: 45_000 },
    holdStatus: 'HELD',
    status: 'RUNNING',
    request: { id: 'f'.repeat(24), batchJobId: 'BJ00000042', jobId: 'e'.repeat(24) },
    counts: { succeeded: 1, failed: 0, cancelled: 0 },
    scheduledAt: null,
    createdBy: { id: '1'.repeat(24), label: 'Asha Rao' },
    createdAt: '2026-11-21T18:45:00.000Z',
    ...overrides,
  };
}

export function makePlan(overrides: Partial<TPlan> = {}): TPlan {
  return {
    id: 'c'.repeat(24),
    name: 'Fleet 1 GB',
    description: null,
    operators: ['AIRTEL', 'BSNL'],
    dataMb: 1024,
    smsCount: 100,
    validityDays: 30,
    basePrice: null,
    overLimitAction: 'BAR',
    status: 'ACTIVE',
    price: 15_000,
    blueprintId: 'b'.repeat(24),
    sharedCount: 0,
    createdAt: '2026-11-20T04:30:00.000Z',
    updatedAt: '2026-11-20T04:30:00.000Z',
    ...overrides,
  };
}
