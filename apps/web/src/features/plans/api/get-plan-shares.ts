import { useQuery } from '@tanstack/react-query';
import type { TBlueprint } from '@tarang/shared/plans/plan.schemas';
import { defineResource } from '@/lib/resource';

export const PLAN_SHARES = 'plan-shares';

/** The shares of plans (blueprints): /plans/share and /plans/share/{id}. */
export const planSharesResource = defineResource<TBlueprint>(PLAN_SHARES, '/plans/share');

/** The API's largest page. */
const PAGE_LIMIT = 500;

/**
 * Every share of a plan inside the caller's reach (GET /plans/share?planId=, page after page, newest first). A plan
 * is shared at most once with each organisation, so this is bounded by the organisations the caller sees.
 */
export async function getAllPlanShares(planId: string, signal?: AbortSignal): Promise<TBlueprint[]> {
  const rows: TBlueprint[] = [];
  for (let page = 1; ; page++) {
    const answer = await planSharesResource.fetchPage({ planId, page, limit: PAGE_LIMIT }, signal);
    rows.push(...answer.rows);
    if (answer.rows.length < PAGE_LIMIT || rows.length >= answer.total) return rows;
  }
}

/** The shares of one plan in the caller's reach. */
export const usePlanShares = (planId: string | undefined) =>
  useQuery({
    ...planSharesResource.readOptions(planSharesResource.keys.of('plan', planId), (signal) => getAllPlanShares(planId ?? '', signal)),
    enabled: Boolean(planId),
  });
