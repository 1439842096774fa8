import { z } from 'zod';
import { ZListQuery } from '../common/api';
import { multilineText, text, ZId } from '../common/text';
import { ZAuthScopes } from './auth-scopes';

/** STAFF roles are for platform staff (no organisation); ORGANIZATION roles for organisation users. */
export const ZRoleKind = z.enum(['STAFF', 'ORGANIZATION']);

export const ZRole = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  organizationId: z.string().nullable(),
  kind: ZRoleKind,
  authScopes: ZAuthScopes,
  system: z.boolean(),
  usersCount: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRole = z.infer<typeof ZRole>;

const ZRoleName = text().trim().min(1, 'name is required').max(100, 'name must be at most 100 characters');

export const ZRoleCreate = z
  .object({
    name: ZRoleName,
    description: multilineText().trim().max(500).nullish(),
    organizationId: ZId.nullish(),
    /** Only platform roles (no organisationId) may be STAFF roles. */
    kind: ZRoleKind.default('ORGANIZATION'),
    authScopes: ZAuthScopes,
  })
  .strict();
export type TRoleCreate = z.infer<typeof ZRoleCreate>;

export const ZRoleUpdate = z
  .object({ name: ZRoleName.optional(), description: multilineText().trim().max(500).nullish(), authScopes: ZAuthScopes.optional() })
  .strict();
export type TRoleUpdate = z.infer<typeof ZRoleUpdate>;

export const ZRoleGetQuery = z.object({ _id: ZId.optional(), hydrate: z.enum(['permissions']).optional() }).strict();

export const ZRoleListQuery = ZListQuery.extend({ organizationId: ZId.optional() }).strict();
