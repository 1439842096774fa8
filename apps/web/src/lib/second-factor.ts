/**
 * The one field of a second factor (docs/decisions/023-two-factor-sign-in.md): six digits (a space between the groups
 * allowed) are an authenticator code, `xxxx-xxxx-xxxx` a recovery code. Plain code, no schema library: the sign-in
 * page loads it.
 */
const AUTHENTICATOR_CODE = /^\d{3}\s?\d{3}$/;
const RECOVERY_CODE = /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/;

export function isSecondFactorShape(typed: string): boolean {
  const value = typed.trim();
  return AUTHENTICATOR_CODE.test(value) || RECOVERY_CODE.test(value);
}

/** The request body for what was typed: `{ code }` or `{ recoveryCode }`. */
export function secondFactorBody(typed: string): { code: string } | { recoveryCode: string } {
  const value = typed.trim();
  return AUTHENTICATOR_CODE.test(value) ? { code: value.replace(/\s/g, '') } : { recoveryCode: value };
}
