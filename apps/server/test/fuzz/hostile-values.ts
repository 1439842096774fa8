import fc from 'fast-check';

/**
 * What an attacker (or a broken client) puts where a field is expected. Every entry names its kind, so a failure
 * reports which kind of input caused it and the allow-list can name it precisely.
 */
export type THostileKind =
  | 'nul'
  | 'control'
  | 'lone-surrogate'
  | 'huge-string'
  | 'odd-text'
  | 'number-text'
  | 'date'
  | 'cursor'
  | 'wrong-type'
  | 'number'
  | 'deep-nesting'
  | 'prototype-key'
  | 'bad-encoding';

export type THostile = { kind: THostileKind; value: unknown };

const MB = 1024 * 1024;

/** Strings with NUL, C0 controls, DEL and lone surrogates, alone or inside ordinary text. */
const nulText = fc.constantFrom('\u0000', 'a\u0000b', '\u0000'.repeat(64), '8991\u0000', '%00', '\\u0000');
const controlText = fc.oneof(
  fc.integer({ min: 1, max: 0x1f }).map((c) => `x${String.fromCharCode(c)}y`),
  fc.constantFrom('\u007f', '\r\n', '\n', '\t', '\r', '\u001b[31m', ' \u0008 '),
);
const loneSurrogate = fc.constantFrom('\ud800', 'a\udfff', '\udc00\ud800', '\ud83d', 'x\ud83d\ude00\ud83d');
const hugeString = fc.constantFrom(
  'x'.repeat(MB),
  '9'.repeat(MB),
  'é'.repeat(MB / 2),
  'a,'.repeat(64 * 1024),
  'x'.repeat(64 * 1024),
  '%'.repeat(4096),
);
const oddText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '   ',
    "'; DROP TABLE users; --",
    '../../../../etc/passwd',
    '%',
    '%zz',
    '%E0%A4%A',
    '*',
    '\\',
    '_%',
    '$1',
    '{{7*7}}',
    '<script>alert(1)</script>',
    '=HYPERLINK("http://evil.example","x")',
    '\u202eevil',
    '\ufeff',
    '\u0301\u0301\u0301',
    'नमस्ते',
    '😀',
    'true',
    'null',
    'undefined',
    '[object Object]',
    '-',
    '+',
    '--',
    'a'.repeat(256),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
/** Numbers written as text, as in a query string. */
const numberText = fc.constantFrom(
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '1e-400',
  '0x10',
  '0b1',
  '1.5',
  ' 1 ',
  '1_000',
  '00000000001',
  '-1',
  '0',
  '2147483648',
  '-2147483649',
  '1,2',
);
/** Dates that parse nowhere, overflow JavaScript or PostgreSQL, or sit at the edges of either. */
const dateText = fc.constantFrom(
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00.000Z',
  '2026-02-30',
  '2026-02-29',
  '2025-02-29T00:00:00Z',
  '2026-04-31T00:00:00+05:30',
  '2026-13-01',
  '2026-00-10',
  '2026-01-01T24:00:00Z',
  '2026-01-01T25:61:61Z',
  '9999-12-31T23:59:60Z',
  '9999-12-31',
  '+275760-09-13T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  '-271821-04-20T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '+010000-01-01',
  '1970-01-01T00:00:00+24:00',
  '2026-01-01T00:00:00+99:99',
  '4714-11-24T00:00:00Z',
  '294277-01-01T00:00:00Z',
  '2026-W01',
  '20260101',
  '2026-1-1',
  '1e12',
);
/** Cursors the server never issued: garbage, base64 of junk JSON, and huge ones. Crafted variants of real ones come from the pools. */
const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const cursorText = fc.oneof(
  fc.constantFrom(
    'zzz',
    '!!!',
    '=',
    'AAAA',
    b64('not json'),
    b64('null'),
    b64('[]'),
    b64('{}'),
    b64('[1e999]'),
    b64([null, null]),
    b64(['0000-01-01', '0']),
    b64(['2026-02-30T00:00:00Z', 'a'.repeat(24)]),
    b64(['+275760-09-13T00:00:00Z', 'ffffffffffffffffffffffff']),
    b64({ s: 'iccid', v: ['\u0000'] }),
    b64({ s: 'iccid', v: [{ $gt: '' }] }),
    b64({ s: '-expiresAt', v: ['0000-01-01', '1'] }),
    b64('{"__proto__":{"x":1}}'),
    b64(`${'['.repeat(5000)}${']'.repeat(5000)}`),
    b64('A'.repeat(300)),
    Buffer.from('\u0000\u0001').toString('base64url'),
    'A'.repeat(100_000),
  ),
  fc.jsonValue({ maxDepth: 2 }).map(b64),
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('base64url')),
);
const numbers = fc.constantFrom(
  2 ** 53,
  -(2 ** 53),
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  -0,
  0,
  -1,
  0.5,
  1e21,
  2 ** 31,
  -(2 ** 31) - 1,
);
/** A value of the wrong JSON type (or shape) for almost any field. */
const wrongType = fc.oneof(
  fc.constantFrom({}, [], [[]], [{}], null, true, false, 0, 1, '', '0', ['a', 'b'], { $gt: '' }, { length: 1 }, { toString: 'x' }),
  fc.constant(Array.from({ length: 10_001 }, (_, i) => i)),
  fc.jsonValue({ maxDepth: 3 }),
);
function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
}
const deepNesting = fc.constantFrom(nested(64, 'x', false), nested(2000, 1, true), nested(2000, null, false));
const prototypeKey = fc.constantFrom(
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
  JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}'),
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
);

const tagged = (kind: THostileKind, arb: fc.Arbitrary<unknown>): fc.Arbitrary<THostile> => arb.map((value) => ({ kind, value }));

/** Hostile text, for any place that carries a string: path segments, query values, headers, JSON strings. */
export const hostileText: fc.Arbitrary<THostile> = fc.oneof(
  { weight: 3, arbitrary: tagged('nul', nulText) },
  { weight: 2, arbitrary: tagged('control', controlText) },
  { weight: 1, arbitrary: tagged('lone-surrogate', loneSurrogate) },
  { weight: 1, arbitrary: tagged('huge-string', hugeString) },
  { weight: 2, arbitrary: tagged('odd-text', oddText) },
  { weight: 2, arbitrary: tagged('number-text', numberText) },
  { weight: 3, arbitrary: tagged('date', dateText) },
  { weight: 2, arbitrary: tagged('cursor', cursorText) },
  { weight: 1, arbitrary: tagged('prototype-key', fc.constantFrom('__proto__', 'constructor', 'toString')) },
) as fc.Arbitrary<THostile>;

/** Hostile JSON values: hostile text plus wrong types, extreme numbers, deep nesting and prototype keys. */
export const hostileJson: fc.Arbitrary<THostile> = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  { weight: 2, arbitrary: tagged('wrong-type', wrongType) },
  { weight: 2, arbitrary: tagged('number', numbers) },
  { weight: 1, arbitrary: tagged('deep-nesting', deepNesting) },
  { weight: 1, arbitrary: tagged('prototype-key', prototypeKey) },
) as fc.Arbitrary<THostile>;

/** Dates and cursors, given more often to fields whose schema is a date or a cursor. */
export const hostileDate: fc.Arbitrary<THostile> = tagged('date', dateText);
export const hostileCursor: fc.Arbitrary<THostile> = tagged('cursor', cursorText);

/**
 * Crafted cursors from a real one: a cursor the server issued is decoded (base64url JSON) and one of its leaves is
 * replaced by a hostile value, or the text is cut, flipped or stretched.
 */
export function craftedCursors(real: string): fc.Arbitrary<THostile> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(real, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const leafMutations: fc.Arbitrary<string>[] = [];
  if (decoded !== undefined && typeof decoded === 'object' && decoded !== null) {
    const paths: (string | number)[][] = [];
    const walk = (v: unknown, at: (string | number)[]) => {
      if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...at, Array.isArray(v) ? Number(k) : k]);
      else paths.push(at);
    };
    walk(decoded, []);
    if (paths.length) {
      leafMutations.push(
        fc
          .tuple(
            fc.constantFrom(...paths),
            fc.oneof(dateText, nulText, numberText, wrongType, fc.constantFrom(null, Number.POSITIVE_INFINITY, -1, '')),
          )
          .map(([at, leaf]) => {
            const copy = structuredClone(decoded) as Record<string | number, unknown>;
            let node = copy;
            for (const k of at.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
            node[at[at.length - 1]!] = leaf;
            return b64(copy);
          }),
      );
    }
  }
  const textual = fc.oneof(
    fc.integer({ min: 0, max: Math.max(0, real.length - 1) }).map((n) => real.slice(0, n)),
    fc
      .integer({ min: 0, max: Math.max(0, real.length - 1) })
      .map((n) => `${real.slice(0, n)}${real[n] === 'A' ? 'B' : 'A'}${real.slice(n + 1)}`),
    fc.constantFrom(`${real}${real}`, `${real}=`, real.toLowerCase(), real.toUpperCase(), `${real}\u0000`),
  );
  return tagged('cursor', leafMutations.length ? fc.oneof(textual, ...leafMutations) : textual);
}
