import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { API, FIXTURE_PASSWORD, type TTestApp } from '../../../test/test-app';
import { body, postLogin } from '../auth/auth-test-kit';

/** Helpers of the two-factor tests (imported by tests only). Codes are computed here, independently of the server. */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = '';
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const v = BASE32.indexOf(ch);
    if (v < 0) throw new Error(`not base32: ${ch}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP over a raw key, `digits` long (RFC 6238's reference algorithm with SHA-1). */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

export const currentStep = () => Math.floor(Date.now() / 30_000);

/** The code of a base32 secret for a time step (the current one unless given). */
export function codeFor(secret: string, step = currentStep()): string {
  return hotp(base32Decode(secret), step);
}

/** Waits, if needed, until the current 30-second step has at least 4 seconds left, so a test's step stays the server's. */
export async function awayFromStepEdge(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 4_000) await new Promise((r) => setTimeout(r, left + 200));
}

/** Password step of a sign-in that must answer a two-factor challenge. */
export async function passwordStep(t: TTestApp, username: string, password: string, remoteAddress?: string) {
  const res = await postLogin(t, username, password, {}, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
  const data = body(res).data;
  expect(data.token).toBeUndefined();
  return data.twoFactor as { challenge: string; step: 'verify' | 'enrol'; expiresAt: string };
}

export async function secondStep(t: TTestApp, payload: Record<string, unknown>, remoteAddress?: string) {
  return await t.call({ method: 'POST', url: `${API}/auth/login/two-factor`, payload, remoteAddress });
}

export async function setupRequest(t: TTestApp, token: string, password: string) {
  const [sealed] = await t.seal(password);
  return await t.call({ method: 'POST', url: `${API}/auth/two-factor/setup`, token, payload: { password: sealed } });
}

/** Sets up two-factor sign-in for a signed-in user; answers the secret and the recovery codes. */
export async function enrol(t: TTestApp, token: string, password = FIXTURE_PASSWORD): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await setupRequest(t, token, password);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = body(setup).data as { secret: string };
  await awayFromStepEdge();
  const confirm = await t.call({ method: 'POST', url: `${API}/auth/two-factor/confirm`, token, payload: { code: codeFor(secret) } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, recoveryCodes: body(confirm).data.recoveryCodes };
}
