import { ZAuthScopes } from '@tarang/shared/roles/auth-scopes';
import { ZRoleCreate, ZRoleKind } from '@tarang/shared/roles/role.schemas';
import { z } from 'zod';

const fields = ZRoleCreate.shape;
const blankToNull = (value: string): string | null | undefined => (value.trim() === '' ? null : value.trim());
const ZId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character id');

export const NO_MODULE = 'Choose at least one module';
export const STAFF_ROLE_ORGANIZATION = 'A role owned by an organisation cannot be a staff role';

/** The role form: the shared schema's field rules on the strings a form holds, plus the permission matrix. */
export const ZRoleForm = z
  .object({
    name: fields.name,
    description: z.string().transform(blankToNull).pipe(z.string().max(500, 'description must be at most 500 characters').nullish()),
    kind: ZRoleKind,
    /** '' = a platform role (no organisation). */
    organizationId: z.string().transform(blankToNull).pipe(ZId.nullish()),
    authScopes: ZAuthScopes,
  })
  .superRefine((values, ctx) => {
    if (!Object.values(values.authScopes).some((s) => s.allowed))
      ctx.addIssue({ code: 'custom', path: ['authScopes'], message: NO_MODULE });
    if (values.kind === 'STAFF' && values.organizationId)
      ctx.addIssue({ code: 'custom', path: ['organizationId'], message: STAFF_ROLE_ORGANIZATION });
  });
