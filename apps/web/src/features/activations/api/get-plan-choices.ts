import { useQuery } from '@tanstack/react-query';
import type { TBlueprint, TPlan } from '@tarang/shared/plans/plan.schemas';
import { planSharesResource } from '@/features/plans/api/get-plan-shares';
import { plansResource } from '@/features/plans/api/get-plans';
import { api } from '@/lib/api-client';

/** At most this many plans are offered (the API's page limit). */
const CHOICES_LIMIT = 500;

/** A plan an activation can buy: the buyer's blueprint of it, at the buyer's price per SIM (integer paise). */
export type TPlanChoice = {
  blueprintId: string;
  planId: string;
  name: string;
  price: number;
  /** Validity in days, when the caller may read the plan itself. */
  validityDays: number | null;
  dataMb: number | null;
  smsCount: number | null;
};

const fromPlan = (p: TPlan, blueprintId: string, price: number): TPlanChoice => ({
  blueprintId,
  planId: p.id,
  name: p.name,
  price,
  validityDays: p.validityDays,
  dataMb: p.dataMb,
  smsCount: p.smsCount,
});

/** GET /plans?status=ACTIVE: the caller's active plans (an organisation's carry its blueprint and its price). */
async function activePlans(signal?: AbortSignal): Promise<TPlan[]> {
  const response = await api.get<TPlan[]>(plansResource.path, { params: { status: 'ACTIVE', limit: CHOICES_LIMIT }, signal });
  return response.data;
}

/** An organisation user buys with its own blueprints: the plans shared to it, each at its price. */
async function ownChoices(signal?: AbortSignal): Promise<TPlanChoice[]> {
  return (await activePlans(signal)).flatMap((p) => (p.blueprintId ? [fromPlan(p, p.blueprintId, p.price)] : []));
}

/**
 * Staff buy for an organisation with that organisation's blueprints (GET /plans/share?organizationId=), at its price;
 * the plans themselves (staff read them all) add validity and allowances. Retired plans are not offered.
 */
async function organizationChoices(organizationId: string, signal?: AbortSignal): Promise<TPlanChoice[]> {
  const [shares, plans] = await Promise.all([
    api.get<TBlueprint[]>(planSharesResource.path, { params: { organizationId, limit: CHOICES_LIMIT }, signal }),
    activePlans(signal),
  ]);
  const byId = new Map(plans.map((p) => [p.id, p]));
  return shares.data
    .filter((b) => b.organizationId === organizationId && b.plan.status === 'ACTIVE')
    .map((b) => {
      const plan = byId.get(b.planId);
      return plan
        ? fromPlan(plan, b.id, b.price)
        : { blueprintId: b.id, planId: b.planId, name: b.plan.name, price: b.price, validityDays: null, dataMb: null, smsCount: null };
    });
}

/**
 * The plans an activation for `organizationId` can use. `staff`: that organisation's blueprints (nothing until one is
 * chosen); otherwise the caller's own. Under the plans' key: a change to a plan or to a share (which makes the plans
 * stale too) reads these again.
 */
export function usePlanChoices({ staff, organizationId }: { staff: boolean; organizationId: string | null }) {
  const id = staff ? (organizationId ?? '') : 'own';
  return useQuery(
    plansResource.readOptions(
      plansResource.keys.of('activation-choices', id),
      (signal) => (staff ? organizationChoices(id, signal) : ownChoices(signal)),
      { enabled: !staff || Boolean(organizationId), staleTime: 30_000 },
    ),
  );
}
