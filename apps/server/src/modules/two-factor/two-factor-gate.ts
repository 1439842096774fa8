import type { TTwoFactorChallenge } from '@tarang/shared/auth/two-factor.schemas';
import type { TDeps } from '../../app-deps';
import type { TConfig } from '../../config';
import { newOpaqueToken, sha256 } from '../auth/tokens';
import { findTwoFactor, insertChallenge } from './two-factor.repository';

/** How long the second step of a sign-in waits for a code; setting up an authenticator gets longer. */
export const VERIFY_CHALLENGE_TTL_SECONDS = 5 * 60;
export const ENROL_CHALLENGE_TTL_SECONDS = 15 * 60;

/** Staff (users of no organisation) must have two-factor sign-in unless the server says otherwise; others may. */
export function twoFactorRequired(config: TConfig, user: { organizationId: string | null }): boolean {
  return user.organizationId === null && config.staffTwoFactor === 'required';
}

/**
 * After a correct password: the second step due, if any, as a new single-use challenge (stored as SHA-256). `verify`
 * when the user has two-factor sign-in; `enrol` when they must have it and do not yet (a staff user): that challenge
 * allows nothing but setting it up, which then starts the session. Null: no second step, sign the user in.
 */
export async function twoFactorStepFor(
  deps: TDeps,
  user: { id: string; organizationId: string | null },
): Promise<TTwoFactorChallenge | null> {
  const row = await findTwoFactor(deps.db, user.id);
  const enabled = Boolean(row?.enabledAt && row.secret);
  if (!enabled && !twoFactorRequired(deps.config, user)) return null;
  const challenge = newOpaqueToken();
  const ttl = enabled ? VERIFY_CHALLENGE_TTL_SECONDS : ENROL_CHALLENGE_TTL_SECONDS;
  const expiresAt = new Date(Date.now() + ttl * 1000);
  await insertChallenge(deps.db, { userId: user.id, handleHash: sha256(challenge), purpose: enabled ? 'VERIFY' : 'ENROL', expiresAt });
  return { challenge, step: enabled ? 'verify' : 'enrol', expiresAt: expiresAt.toISOString() };
}
