import type { TExecutor } from '../../db/database';
import { fieldError } from '../../http/app-error';
import type { TActor } from '../../http/request-context';
import { findOrganization } from '../organizations/organizations.repository';

/**
 * Whose group a new IP or number group is: the organisation named, which must be in the caller's reach (404 naming
 * `organizationId` otherwise, as for a missing one); an organisation user who names none makes one for their own.
 * Staff must name it (422): the provider itself has no SIMs to whitelist.
 */
export async function groupOwner(db: TExecutor, actor: TActor, organizationId: string | undefined): Promise<string> {
  if (!organizationId) {
    if (actor.organizationId) return actor.organizationId;
    throw fieldError('UNPROCESSABLE', 'organizationId', 'organizationId is required: name the organisation the group is for');
  }
  if (!(await findOrganization(db, actor.scope, organizationId))) throw fieldError('NOT_FOUND', 'organizationId', 'Organisation not found');
  return organizationId;
}
