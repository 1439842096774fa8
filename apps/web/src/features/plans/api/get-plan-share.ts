import { planSharesResource } from './get-plan-shares';

/** GET /plans/share/{id}: a share in the caller's reach (its own blueprint, or one made below it). */
export const usePlanShare = (id: string, options?: { enabled?: boolean }) => planSharesResource.useOne(id, options);
