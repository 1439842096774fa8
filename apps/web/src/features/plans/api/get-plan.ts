import { plansResource } from './get-plans';

/** GET /plans/{id}. */
export const usePlan = (id: string, options?: { enabled?: boolean }) => plansResource.useOne(id, options);
