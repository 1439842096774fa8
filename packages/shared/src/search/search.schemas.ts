import { z } from 'zod';
import { MESSAGES } from '../common/messages';
import { text, trimmedText } from '../common/text';

/** Global search scopes (spec §2): chips Sims, Requests, Users, Organizations. */
export const SEARCH_SCOPES = ['sims', 'jobs', 'orgs', 'users'] as const;
export type TSearchScope = (typeof SEARCH_SCOPES)[number];

export const ZSearchTerm = trimmedText().min(1, MESSAGES.emptySearch).max(100, 'Search term must be at most 100 characters');

export const ZSearchQuery = z
  .object({
    from: text()
      .max(100)
      .optional()
      .transform((v, ctx) => {
        const parts = (v ?? SEARCH_SCOPES.join(','))
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        for (const p of parts) {
          if (!(SEARCH_SCOPES as readonly string[]).includes(p)) {
            ctx.addIssue({ code: 'custom', message: `from must be a comma list of ${SEARCH_SCOPES.join(', ')}` });
            return z.NEVER;
          }
        }
        return parts as TSearchScope[];
      }),
    limit: z.coerce.number().int().min(1).max(20).default(5),
  })
  .strict();

export const ZSearchSim = z.object({
  id: z.string(),
  primary: z.object({ ICCID: z.string() }).nullable(),
  provisioned: z.array(z.object({ ICCID: z.string() })),
  profile: z.string(),
  organization: z.object({ tradeName: z.string() }).nullable(),
});
export const ZSearchJob = z.object({
  id: z.string(),
  batchJobId: z.string(),
  simsCount: z.number(),
  status: z.string(),
  profile: z.string(),
});
export const ZSearchOrg = z.object({
  id: z.string(),
  tradeName: z.string(),
  brandName: z.string().nullable(),
  email: z.string().nullable(),
});
export const ZSearchUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  organization: z.object({ tradeName: z.string() }).nullable(),
});

export const ZSearchResult = z.object({
  SIMS: z.array(ZSearchSim),
  JOBS: z.array(ZSearchJob),
  ORGS: z.array(ZSearchOrg),
  USERS: z.array(ZSearchUser),
});
export type TSearchResult = z.infer<typeof ZSearchResult>;
