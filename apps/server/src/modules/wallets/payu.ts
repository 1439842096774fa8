import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * PayU hosted checkout, as PayU publishes it (issue 14; docs.payu.in "Generate Hash", "Collect Payment API - PayU Hosted
 * Checkout"): pure functions, no database. The console posts a form to PayU's `_payment` endpoint (or to the simulator)
 * with the fields made here; PayU posts its answer back, form-encoded, to `surl` or `furl`, signed with the reverse hash.
 *
 *   request hash  sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT)
 *   reverse hash  sha512(SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key)
 *                 (with `additional_charges|` in front when PayU adds a convenience fee)
 *
 * both in lowercase hex. Every value enters the hash as it is written in the form, so `amount` is rupees with two
 * decimals ("1234.50"), made from paise without floating point.
 */

export const PAYU_PRODUCT_INFO = 'Tarang wallet top-up';

/** The fields of the hosted-checkout form that the request hash covers. */
export type TPayURequestFields = {
  key: string;
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
};

/** The fields of PayU's answer that the reverse hash covers. */
export type TPayUResponseFields = TPayURequestFields & {
  status: string;
  /** Present when PayU charged the customer a convenience fee on top of `amount`. */
  additional_charges?: string;
};

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');
const udfs = (f: TPayURequestFields) => [f.udf1 ?? '', f.udf2 ?? '', f.udf3 ?? '', f.udf4 ?? '', f.udf5 ?? ''];

/** The request hash of the checkout form. */
export function payuRequestHash(fields: TPayURequestFields, salt: string): string {
  const { key, txnid, amount, productinfo, firstname, email } = fields;
  return sha512([key, txnid, amount, productinfo, firstname, email, ...udfs(fields), '', '', '', '', '', salt].join('|'));
}

/** The reverse hash of PayU's answer. */
export function payuResponseHash(fields: TPayUResponseFields, salt: string): string {
  const { key, txnid, amount, productinfo, firstname, email, status } = fields;
  const reversed = [salt, status, '', '', '', '', '', ...udfs(fields).reverse(), email, firstname, productinfo, amount, txnid, key];
  const charges = fields.additional_charges ? [fields.additional_charges] : [];
  return sha512([...charges, ...reversed].join('|'));
}

/** Whether a hash received equals the one expected (lowercase hex; compared in constant time). */
export function sameHash(received: string, expected: string): boolean {
  const a = Buffer.from(received.trim().toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A txnid: "TRG" and 20 hex digits (80 random bits), within PayU's 25 characters. */
export function newTxnid(): string {
  return `TRG${randomBytes(10).toString('hex').toUpperCase()}`;
}

export const TXNID_PATTERN = /^TRG[0-9A-F]{20}$/;

/** A payment id as PayU writes its `mihpayid` (digits), for the simulator. */
export function newMihpayid(): string {
  return `${randomInt(1, 10)}${Array.from({ length: 14 }, () => randomInt(0, 10)).join('')}`;
}

/**
 * The first name PayU is sent: letters of any script, spaces, dots, apostrophes and hyphens (no `|`, which would
 * shift the fields of the hash), at most 60 characters; "Customer" when nothing is left.
 */
export function payuFirstName(name: string): string {
  const kept = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M} .'-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60)
    .trim();
  return kept || 'Customer';
}

/** An e-mail address PayU can be sent (one line, no `|`, at most 100 characters), or null. */
export function payuEmail(email: string | null | undefined): string | null {
  const value = email?.trim() ?? '';
  return /^[^\s|@]+@[^\s|@]+\.[^\s|@]+$/.test(value) && value.length <= 100 ? value : null;
}

/** The phone PayU is sent: an Indian mobile as its ten digits, any other number as its digits; null when none. */
export function payuPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const indian = /^\+91(\d{10})$/.exec(phone);
  if (indian) return indian[1]!;
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 6 && digits.length <= 15 ? digits : null;
}

/** PayU's answer says the payment went through only with status "success"; anything else (failure, pending) did not. */
export function isPayUSuccess(status: string): boolean {
  return status.trim().toLowerCase() === 'success';
}

/** The origin of a URL (for a Content-Security-Policy `form-action`), or null when it is not an http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The sources the console's Content-Security-Policy `form-action` must allow so that its checkout form can be posted
 * to the gateway: PayU's endpoint (or the simulator) when it is not the console's own origin.
 */
export function payuFormActionSources(config: { payuUrl: string }): string[] {
  const origin = originOf(config.payuUrl);
  return origin ? [origin] : [];
}

/** Text for an HTML page: & < > " ' escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A form-encoded body (`application/x-www-form-urlencoded`, as PayU and the browser post it) as its fields. A field
 * named twice is refused: which of the two a hash covered would be a guess.
 */
export function parseFormEncoded(body: string): Record<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(body)) {
    if (fields.has(name)) throw new Error(`The field "${name}" is sent twice`);
    fields.set(name, value);
  }
  return Object.fromEntries(fields);
}

/**
 * A value of PayU's answer as the audit trail keeps it: at most `max` characters, a lone UTF-16 surrogate (which JSON
 * in PostgreSQL refuses) replaced by U+FFFD.
 */
export function auditText(value: string | null | undefined, max: number): string | null {
  if (!value) return null;
  return value.slice(0, max).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
