import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  auditText,
  escapeHtml,
  isPayUSuccess,
  newMihpayid,
  newTxnid,
  parseFormEncoded,
  payuEmail,
  payuFirstName,
  payuPhone,
  payuRequestHash,
  payuResponseHash,
  sameHash,
  type TPayURequestFields,
  type TPayUResponseFields,
  TXNID_PATTERN,
} from './payu';

/**
 * PayU's two hashes, checked against the formulas PayU publishes (and issue 14 restates), written out here on their
 * own rather than taken from payu.ts:
 *   request  sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT)
 *   reverse  sha512(SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key)
 */
const sha512 = (s: string) => createHash('sha512').update(s, 'utf8').digest('hex');

const SALT = 'SALT-test-1';
const FORM = {
  key: 'TRGDEV',
  txnid: 'TRG0123456789ABCDEF0123',
  amount: '1234.50',
  productinfo: 'Tarang wallet top-up',
  firstname: 'Asha',
  email: 'asha@example.in',
  udf1: '0a1b2c3d4e5f60718293a4b5',
};

describe('the request hash', () => {
  it('matches a known vector (computed outside Node, from the published formula)', () => {
    expect(payuRequestHash(FORM, SALT)).toBe(
      'cb0cc27ffc76e6c1c5d09ef93ce2146eb35be294bd289860b00282436ded30783b83ff19e6f53c7dfaec376d73b0801688547a14a08ebe6d3dd7568f7cb4d1d5',
    );
  });

  it('is sha512 of the fields in PayU order, udf1–udf5, five empty fields and the salt, in lowercase hex', () => {
    const cases: TPayURequestFields[] = [
      FORM,
      { ...FORM, udf1: undefined },
      { ...FORM, udf2: 'two', udf3: 'three', udf4: 'four', udf5: 'five' },
      { ...FORM, firstname: 'आशा', amount: '1.00' },
    ];
    for (const f of cases) {
      const { key, txnid, amount, productinfo, firstname, email } = f;
      const u = [f.udf1 ?? '', f.udf2 ?? '', f.udf3 ?? '', f.udf4 ?? '', f.udf5 ?? ''];
      const formula = `${key}|${txnid}|${amount}|${productinfo}|${firstname}|${email}|${u[0]}|${u[1]}|${u[2]}|${u[3]}|${u[4]}||||||${SALT}`;
      expect(formula.split('|')).toHaveLength(17);
      const hash = payuRequestHash(f, SALT);
      expect(hash).toBe(sha512(formula));
      expect(hash).toMatch(/^[0-9a-f]{128}$/);
    }
  });

  it('changes with every signed field and with the salt', () => {
    const base = payuRequestHash(FORM, SALT);
    for (const name of Object.keys(FORM) as (keyof typeof FORM)[]) {
      expect(payuRequestHash({ ...FORM, [name]: `${FORM[name]}x` }, SALT), name).not.toBe(base);
    }
    expect(payuRequestHash(FORM, `${SALT}x`)).not.toBe(base);
  });
});

describe('the reverse hash', () => {
  const answer = { ...FORM, status: 'success' };

  it('matches a known vector (computed outside Node, from the published formula)', () => {
    expect(payuResponseHash(answer, SALT)).toBe(
      'e5be11a77adf3e171a0dbc37ec980bc3f828a2f0163349b467f9de98555ca84a2bc589926f5efcd708af846e0824d03a5d9e582adc9ab20a9a5a4cd39c6c97c7',
    );
  });

  it('is sha512(SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key)', () => {
    const cases: TPayUResponseFields[] = [
      answer,
      { ...answer, status: 'failure' },
      { ...answer, udf2: 'two', udf3: 'three', udf4: 'four', udf5: 'five' },
      { ...answer, udf1: undefined },
    ];
    for (const f of cases) {
      const u = [f.udf1 ?? '', f.udf2 ?? '', f.udf3 ?? '', f.udf4 ?? '', f.udf5 ?? ''];
      const formula = `${SALT}|${f.status}||||||${u[4]}|${u[3]}|${u[2]}|${u[1]}|${u[0]}|${f.email}|${f.firstname}|${f.productinfo}|${f.amount}|${f.txnid}|${f.key}`;
      expect(formula.split('|')).toHaveLength(18);
      expect(payuResponseHash(f, SALT)).toBe(sha512(formula));
    }
  });

  it('puts additional_charges in front when PayU added a convenience fee', () => {
    const charged = { ...answer, additional_charges: '45.00' };
    expect(payuResponseHash(charged, SALT)).toBe(
      '19499ea9d831d05320584f409a36dbe9f62a27508565e5b162a145da12ca883c30b2e35e1d334d1a6b70f80f11d768705e6cca7795a33140c8a197328450e2d0',
    );
    expect(payuResponseHash({ ...answer, additional_charges: '' }, SALT)).toBe(payuResponseHash(answer, SALT));
  });

  it('is not the request hash, and differs per status, amount and salt', () => {
    const good = payuResponseHash(answer, SALT);
    expect(good).not.toBe(payuRequestHash(FORM, SALT));
    expect(payuResponseHash({ ...answer, status: 'failure' }, SALT)).not.toBe(good);
    expect(payuResponseHash({ ...answer, amount: '1234.51' }, SALT)).not.toBe(good);
    expect(payuResponseHash(answer, 'another salt')).not.toBe(good);
  });
});

describe('helpers', () => {
  it('compares hashes whatever their case, and refuses any other value', () => {
    const hash = payuResponseHash({ ...FORM, status: 'success' }, SALT);
    expect(sameHash(hash, hash)).toBe(true);
    expect(sameHash(hash.toUpperCase(), hash)).toBe(true);
    const flipped = `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`;
    expect(sameHash(flipped, hash)).toBe(false);
    expect(sameHash('', hash)).toBe(false);
    expect(sameHash(hash.slice(0, 64), hash)).toBe(false);
  });

  it('makes txnids of "TRG" and 20 hex digits, each new, within PayU 25 characters', () => {
    const ids = new Set(Array.from({ length: 200 }, newTxnid));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(TXNID_PATTERN);
      expect(id.length).toBeLessThanOrEqual(25);
    }
    expect(newMihpayid()).toMatch(/^[1-9]\d{14}$/);
  });

  it('keeps | and symbols out of the first name and e-mail PayU is sent', () => {
    expect(payuFirstName('Asha')).toBe('Asha');
    expect(payuFirstName("A|sha <b> D'Souza-Rao")).toBe("Asha b D'Souza-Rao");
    expect(payuFirstName('आशा')).toBe('आशा');
    expect(payuFirstName('|||')).toBe('Customer');
    expect(payuFirstName('x'.repeat(80))).toHaveLength(60);
    expect(payuEmail('asha@example.in')).toBe('asha@example.in');
    expect(payuEmail('a|b@example.in')).toBeNull();
    expect(payuEmail(null)).toBeNull();
    expect(payuEmail('not-an-address')).toBeNull();
    expect(payuPhone('+919876543210')).toBe('9876543210');
    expect(payuPhone('+4915112345678')).toBe('4915112345678');
    expect(payuPhone(null)).toBeNull();
  });

  it('counts only status "success" as paid', () => {
    expect(isPayUSuccess('success')).toBe(true);
    for (const status of ['failure', 'failed', 'pending', 'userCancelled', '', 'successful']) expect(isPayUSuccess(status)).toBe(false);
  });

  it('reads a form-encoded body, refusing a field sent twice', () => {
    expect(parseFormEncoded('a=1&b=x+y&c=%7C%26&__proto__=z')).toEqual({ a: '1', b: 'x y', c: '|&', ['__proto__']: 'z' });
    expect(Object.getPrototypeOf(parseFormEncoded('__proto__=z'))).toBe(Object.prototype);
    expect(() => parseFormEncoded('hash=a&hash=b')).toThrow(/hash/);
  });

  it('keeps what the audit trail can store of a value: bounded, lone surrogates replaced', () => {
    expect(auditText('success', 32)).toBe('success');
    expect(auditText('a\ud800b\udc00', 32)).toBe('a\ufffdb\ufffd');
    expect(auditText('😀', 32)).toBe('😀');
    expect(auditText('x😀', 2)).toBe('x\ufffd');
    expect(auditText('', 10)).toBeNull();
    expect(auditText(undefined, 10)).toBeNull();
  });

  it('escapes text for HTML', () => {
    expect(escapeHtml(`<script>alert("x&'y")</script>`)).toBe('&#60;script&#62;alert(&#34;x&#38;&#39;y&#34;)&#60;/script&#62;');
  });
});
