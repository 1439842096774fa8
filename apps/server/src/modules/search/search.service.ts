import { MESSAGES } from '@tarang/shared/common/messages';
import { hasPermission } from '@tarang/shared/roles/auth-scopes';
import { type TSearchResult, type TSearchScope, ZSearchTerm } from '@tarang/shared/search/search.schemas';
import type { TDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { listOrganizations } from '../organizations/organizations.repository';
import { searchJobs } from '../requests/requests.repository';
import { searchSimsByIdentifier } from '../sims/sims.repository';
import { listUsers } from '../users/users.repository';

/**
 * Global search over what the caller may see: each group needs the module that lists it
 * (SIMs → Sim Inventory, users → User, organisations → Organisation), and every group is filtered by tenancy.
 * SIMs are found by any profile's ICCID, IMSI or MSISDN (prefix, or the last digits); JOBS (Request) by the batch job's
 * number ("BJ00000042", its start, or just 42) or by the id of the job or its request.
 */
export async function globalSearch(
  deps: TDeps,
  ctx: TRequestContext,
  rawTerm: string,
  from: TSearchScope[],
  limit: number,
): Promise<TSearchResult> {
  const actor = requireActor(ctx);
  const parsed = ZSearchTerm.safeParse(rawTerm);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? MESSAGES.emptySearch;
    throw new AppError('VALIDATION_FAILED', message, { errors: [{ path: 'term', message }] });
  }
  const term = parsed.data;
  const result: TSearchResult = { SIMS: [], JOBS: [], ORGS: [], USERS: [] };
  const tasks: Promise<void>[] = [];
  if (from.includes('sims') && hasPermission(actor.authScopes, 'sim-inventory')) {
    tasks.push(
      searchSimsByIdentifier(deps.db, actor.scope, term, limit).then((sims) => {
        result.SIMS = sims;
      }),
    );
  }
  if (from.includes('jobs') && hasPermission(actor.authScopes, 'request')) {
    tasks.push(
      searchJobs(deps.db, actor.scope, term, limit).then((jobs) => {
        result.JOBS = jobs;
      }),
    );
  }
  if (from.includes('orgs') && hasPermission(actor.authScopes, 'organisation')) {
    tasks.push(
      listOrganizations(deps.db, actor.scope, { page: 1, limit, search: term, sort: 'tradeName' }).then(({ rows }) => {
        result.ORGS = rows.map((o) => ({ id: o.id, tradeName: o.tradeName, brandName: o.brandName, email: o.email }));
      }),
    );
  }
  if (from.includes('users') && hasPermission(actor.authScopes, 'user')) {
    tasks.push(
      listUsers(deps.db, actor.scope, { page: 1, limit, search: term, sort: 'firstName' }).then(({ rows }) => {
        result.USERS = rows.map((u) => ({
          id: u.id,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          phone: u.phone,
          organization: u.organization ? { tradeName: u.organization.tradeName } : null,
        }));
      }),
    );
  }
  await Promise.all(tasks);
  return result;
}
