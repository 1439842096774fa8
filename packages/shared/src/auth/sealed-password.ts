import { z } from 'zod';
import { PASSWORD_MAX } from '../common/limits';
import { text } from '../common/text';

/**
 * A password sealed for the server: a JWE compact serialisation (RSA-OAEP-256 + A256GCM) whose
 * plaintext is `{ "password": "…", "nonce": "…" }` (see docs/decisions/004-password-sealing.md).
 */
export const JWE_COMPACT_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
export const ZSealedPassword = text()
  .max(8192, 'Sealed password is too long')
  .regex(JWE_COMPACT_PATTERN, 'Passwords must be sealed with the login key (JWE compact serialisation)');

/** The password itself may hold any character: it is only ever hashed, never stored or compared as text. */
export const ZSealedPlaintext = z.object({ password: z.string().max(PASSWORD_MAX), nonce: text().max(128) }).strict();
