import type { TBlueprint, TPlan } from '@tarang/shared/plans/plan.schemas';
import { hexId } from '@/testing/signed-in';

/** Test data: a plan as the API answers it (staff's view unless told otherwise). */
export function makePlan(overrides: Partial<TPlan> = {}): TPlan {
  return {
    id: hexId('e'),
    name: 'Fleet 1.5 GB',
    description: null,
    operators: ['AIRTEL', 'VI'],
    dataMb: 1536,
    smsCount: 100,
    validityDays: 30,
    basePrice: 123450,
    overLimitAction: 'THROTTLE',
    status: 'ACTIVE',
    price: 123450,
    blueprintId: null,
    sharedCount: 2,
    createdAt: '2026-11-20T04:30:00.000Z',
    updatedAt: '2026-11-20T04:30:00.000Z',
    ...overrides,
  };
}

/** Test data: a share (blueprint) as the API answers it. */
export function makeShare(overrides: Partial<TBlueprint> & Pick<TBlueprint, 'id' | 'organizationId'>): TBlueprint {
  return {
    planId: hexId('e'),
    plan: { id: hexId('e'), name: 'Fleet 1.5 GB', status: 'ACTIVE' },
    organization: { id: overrides.organizationId, tradeName: 'Sanchar Connect' },
    price: 150000,
    parentBlueprintId: null,
    sharerPrice: 123450,
    sharedBy: { organizationId: null, label: 'Provider' },
    createdAt: '2026-11-21T04:30:00.000Z',
    updatedAt: '2026-11-21T04:30:00.000Z',
    ...overrides,
  };
}
