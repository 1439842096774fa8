import { PASSWORD_REASONS, type TPasswordReason } from '@tarang/shared/auth/password-rules';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API, FIXTURE_PASSWORD, makeOrganization, makeRole } from '../../../test/test-app';
import {
  body,
  changePassword,
  failureShape,
  forgotPassword,
  latestOtp,
  latestOutboxMessage,
  makeOrgUser,
  postLogin,
  query,
  resetWithLink,
  resetWithOtp,
} from './auth-test-kit';

const { t, tokens } = routeTest({ config: { loginMaxFailuresPerIp: 1000 }, staff: true });

const STRONG = 'Quartz-Monsoon-8841-Lotus';

/** The refusal a client sees: 422, the reason in words as the message and on the field. */
function refusal(field: string, reason: TPasswordReason) {
  const message = PASSWORD_REASONS[reason];
  return { status: 422, success: false, code: 'WEAK_PASSWORD', message, errors: [{ path: field, message }] };
}

function answer(res: { statusCode: number; json: () => unknown }) {
  const json = body(res);
  return { status: res.statusCode, success: json.success, code: json.code, message: json.message, errors: json.errors };
}

let address = 0;
/** Each test speaks from its own address, so the per-address limits of one do not touch another. */
const nextAddress = () => `10.12.0.${++address}`;

describe('the password policy on change-password', () => {
  it("refuses patterns, common passwords and the owner's e-mail, name and phone, with the reason", async () => {
    const { user } = await makeOrgUser(t, { phone: '+919812376540' });
    // An address whose local part holds words of its own: "asha", "verma" and the whole local part are refused.
    const email = `asha.verma.${user.id.slice(-6).toLowerCase()}@kisan.example.in`;
    await query(t, 'UPDATE users SET email = $1 WHERE id = $2', [email, user.id]);
    const cases: [string, TPasswordReason][] = [
      ['aaaaaaaa', 'repeated'],
      ['password1', 'common'],
      [email, 'containsEmail'],
      [`${email.split('@')[0]}#Lotus`, 'containsEmail'],
      ['Asha2024!', 'containsName'],
      ['Verma@Quartz-8841', 'containsName'],
      ['9812376540', 'containsPhone'],
      ['Lotus-98123 76540-Quartz', 'containsPhone'],
    ];
    for (const [weak, reason] of cases) {
      const res = await changePassword(t, email, FIXTURE_PASSWORD, weak);
      expect(answer(res), weak).toEqual(refusal('newpassword', reason));
    }
    expect((await postLogin(t, email, FIXTURE_PASSWORD)).statusCode).toBe(200);

    expect((await changePassword(t, email, FIXTURE_PASSWORD, STRONG)).statusCode).toBe(200);
    expect((await postLogin(t, email, STRONG)).statusCode).toBe(200);
  });
});

describe('the password policy on reset with a code', () => {
  async function requestCode(username: string, remoteAddress: string) {
    const res = await forgotPassword(t, username, remoteAddress);
    expect(res.statusCode).toBe(200);
    return body(res).data.otpToken as string;
  }

  it("checks the owner's details only once the code is right, so a refusal tells nothing about the account", async () => {
    const from = nextAddress();
    const { username } = await makeOrgUser(t);
    const known = await requestCode(username, from);
    const otp = await latestOtp(t, username);
    const unknown = await requestCode('nobody.here@kisan.example.in', from);
    const wrong = otp === '000000' ? '111111' : '000000';

    // With a wrong code, a password holding the account's name or address is answered like any wrong code, and
    // exactly as for an address that has no account.
    const otpInvalid = { status: 400, success: false, code: 'OTP_INVALID', message: 'The code is wrong or has expired' };
    expect(failureShape(await resetWithOtp(t, wrong, known, `${username}-Lotus`, from))).toEqual(otpInvalid);
    expect(failureShape(await resetWithOtp(t, wrong, known, 'Asha-Quartz-8841-Lotus', from))).toEqual(otpInvalid);
    expect(failureShape(await resetWithOtp(t, wrong, unknown, 'Asha-Quartz-8841-Lotus', from))).toEqual(otpInvalid);
    // A generally weak password is refused before the code is looked at, for either.
    expect(answer(await resetWithOtp(t, wrong, known, 'aaaaaaaa', from))).toEqual(refusal('password', 'repeated'));
    expect(answer(await resetWithOtp(t, wrong, unknown, 'aaaaaaaa', from))).toEqual(refusal('password', 'repeated'));

    const attempts = async () =>
      (
        await query<{ attempts: number }>(t, 'SELECT attempts FROM password_resets WHERE handle_hash = encode(sha256($1::bytea), $2)', [
          known,
          'hex',
        ])
      )[0]!.attempts;
    const before = await attempts();
    // With the right code, the owner hears why; the code keeps that try.
    expect(answer(await resetWithOtp(t, otp, known, 'Asha-Quartz-8841-Lotus', from))).toEqual(refusal('password', 'containsName'));
    expect(answer(await resetWithOtp(t, otp, known, `${username}-Lotus`, from))).toEqual(refusal('password', 'containsEmail'));
    expect(await attempts()).toBe(before);
    expect((await postLogin(t, username, FIXTURE_PASSWORD, {}, from)).statusCode).toBe(200);

    expect((await resetWithOtp(t, otp, known, STRONG, from)).statusCode).toBe(200);
    expect((await postLogin(t, username, STRONG, {}, from)).statusCode).toBe(200);
  });
});

describe('the password policy on an invitation link', () => {
  it("refuses the invited user's own e-mail and keeps the link usable", async () => {
    const from = nextAddress();
    const { user, username } = await makeOrgUser(t, { status: 'INVITED' });
    const sent = await t.call({ method: 'POST', url: `${API}/users/${user.id}/send-mail`, token: tokens.staff });
    expect(sent.statusCode).toBe(200);
    const token = /\/auth\/reset-password\/([A-Za-z0-9_-]+)\?link=1/.exec((await latestOutboxMessage(t, username))?.body ?? '')?.[1];
    expect(token).toBeTruthy();

    expect(answer(await resetWithLink(t, token!, username, from))).toEqual(refusal('password', 'containsEmail'));
    expect(answer(await resetWithLink(t, token!, 'Verma1234', from))).toEqual(refusal('password', 'containsName'));
    expect(answer(await resetWithLink(t, token!, 'password1', from))).toEqual(refusal('password', 'common'));
    expect((await resetWithLink(t, token!, STRONG, from)).statusCode).toBe(200);
    expect((await postLogin(t, username, STRONG, {}, from)).statusCode).toBe(200);
  });
});

describe('the password policy on a new user with an initial password', () => {
  it("refuses the new user's name and phone, and accepts a strong password", async () => {
    const org = await makeOrganization(t, 'Pawan Logistics');
    const role = await makeRole(t, 'Dispatcher', scopesFrom({ user: true }), { organizationId: org.id });
    const create = async (password: string) => {
      const [sealed] = await t.seal(password);
      return await t.call({
        method: 'POST',
        url: `${API}/users`,
        token: tokens.staff,
        payload: {
          firstName: 'Kavya',
          lastName: 'Raghunathan',
          email: 'kavya.r@pawan.example.in',
          phone: '+919845012345',
          role: role.id,
          organizationId: org.id,
          password: sealed,
        },
      });
    };
    expect(answer(await create('Kavya@2024'))).toEqual(refusal('password', 'containsName'));
    expect(answer(await create('Raghunathan#Quartz-88'))).toEqual(refusal('password', 'containsName'));
    expect(answer(await create('Quartz-9845012345'))).toEqual(refusal('password', 'containsPhone'));
    expect(answer(await create('kavya.r@pawan.example.in'))).toEqual(refusal('password', 'containsEmail'));
    expect(answer(await create('aaaaaaaa'))).toEqual(refusal('password', 'repeated'));
    const [count] = await query<{ n: number }>(t, "SELECT count(*)::int AS n FROM users WHERE email = 'kavya.r@pawan.example.in'");
    expect(count!.n).toBe(0);

    expect((await create(STRONG)).statusCode).toBe(202);
    expect((await postLogin(t, 'kavya.r@pawan.example.in', STRONG, {}, nextAddress())).statusCode).toBe(200);
  });
});
