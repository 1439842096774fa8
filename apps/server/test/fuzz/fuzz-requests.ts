import fc from 'fast-check';
import type { z } from 'zod';
import { craftedCursors, hostileCursor, hostileDate, hostileJson, hostileText, type THostile } from './hostile-values';
import type { TFuzzRoute } from './route-catalogue';
import { BROKEN_MULTIPART_SHAPES, multipartRequest, multipartShapes, type TUploadFile } from './upload-files';
import { arbitraryFor, fieldFlavour, isOptional, objectShape, type TPools } from './zod-arbitrary';

/** One change from a valid-looking request: where it is (`query.search`, `body.filter.expiresFrom`, `params.id`, `body`) and what kind. */
export type TMutation = { where: string; kind: string };

export type TActorKey = 'superAdmin' | 'orgAdmin' | 'anonymous';

export type TFuzzRequest = {
  actor: TActorKey;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  mutations: TMutation[];
  /** Uploads: which file edge case went in. */
  file?: string;
};

export type TFuzzEnv = {
  pools: TPools;
  uploads: { 'sim-upload': TUploadFile[]; 'request-file': TUploadFile[] };
};

/** The first path segment after /api/v1: the resource a route belongs to, for the pools. */
const resourceOf = (url: string) => url.replace(/^\/api\/v1\//, '').split('/')[0]!;

/** Pools by field name, most specific first: `<field>@<route url>`, `<field>@<resource>`, `<field>`. */
function poolsFor(route: TFuzzRoute, pools: TPools): TPools {
  const out: TPools = {};
  const resource = resourceOf(route.url);
  for (const [key, values] of Object.entries(pools)) {
    const [field, scope] = key.split('@') as [string, string | undefined];
    if (scope === undefined) out[field] ??= values;
  }
  for (const [key, values] of Object.entries(pools)) {
    const [field, scope] = key.split('@') as [string, string | undefined];
    if (scope === resource) out[field] = values;
  }
  for (const [key, values] of Object.entries(pools)) {
    const [field, scope] = key.split('@') as [string, string | undefined];
    if (scope === route.url) out[field] = values;
  }
  return out;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text for a URL: every character percent-encoded as UTF-8, lone surrogates as the bytes a careless encoder writes. */
export function encodeText(value: string): string {
  if (!LONE_SURROGATE.test(value)) return encodeURIComponent(value);
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const isLow = code >= 0xdc00 && code <= 0xdfff;
    if (isHigh && i + 1 < value.length && value.charCodeAt(i + 1) >= 0xdc00 && value.charCodeAt(i + 1) <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (isHigh || isLow) {
      // WTF-8: the three bytes of the surrogate itself, which no UTF-8 decoder accepts.
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else out += encodeURIComponent(value[i]!);
  }
  return out;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));

/** Hostile values that matter for a field of this schema, tagged with their kind. */
function hostileFor(schema: z.ZodType | undefined, name: string, pools: TPools, json: boolean): fc.Arbitrary<THostile> {
  const flavour = schema ? fieldFlavour(schema, name) : 'text';
  const base = json ? hostileJson : hostileText;
  const options: fc.Arbitrary<THostile>[] = [base];
  if (flavour === 'date') options.push(hostileDate, hostileDate);
  if (flavour === 'cursor') {
    options.push(hostileCursor);
    const real = (pools[name] ?? []).filter((v): v is string => typeof v === 'string');
    if (real.length) options.push(fc.constantFrom(...real).chain(craftedCursors), fc.constantFrom(...real).chain(craftedCursors));
  }
  return fc.oneof(...options);
}

type TQueryOp =
  | { op: 'set'; key: string; hostile: THostile }
  | { op: 'duplicate'; key: string; second: string }
  | { op: 'unknown-key'; key: string }
  | { op: 'raw'; text: string; kind: string };

function queryOps(shape: Record<string, z.ZodType> | undefined, pools: TPools): fc.Arbitrary<TQueryOp> {
  const keys = Object.keys(shape ?? {});
  const options: fc.Arbitrary<TQueryOp>[] = [
    fc.constantFrom(
      { op: 'unknown-key', key: '__proto__' } as TQueryOp,
      { op: 'unknown-key', key: 'constructor' } as TQueryOp,
      { op: 'unknown-key', key: 'zzz' } as TQueryOp,
      { op: 'raw', text: '__proto__[admin]=1', kind: 'prototype-key' } as TQueryOp,
      { op: 'raw', text: 'constructor[prototype][admin]=1', kind: 'prototype-key' } as TQueryOp,
      { op: 'raw', text: '%zz=%E0%A4%A', kind: 'bad-encoding' } as TQueryOp,
      { op: 'raw', text: '%=%', kind: 'bad-encoding' } as TQueryOp,
      { op: 'raw', text: '&&&=&', kind: 'odd-text' } as TQueryOp,
      { op: 'raw', text: Array.from({ length: 5000 }, (_, i) => `k${i}=${i}`).join('&'), kind: 'many-keys' } as TQueryOp,
    ),
  ];
  if (keys.length) {
    options.push(
      fc
        .constantFrom(...keys)
        .chain((key) => hostileFor(shape![key], key, pools, false).map((hostile) => ({ op: 'set', key, hostile }) as TQueryOp)),
      fc
        .constantFrom(...keys)
        .chain((key) => hostileFor(shape![key], key, pools, false).map((hostile) => ({ op: 'set', key, hostile }) as TQueryOp)),
      fc.constantFrom(...keys).chain((key) =>
        fc
          .oneof(
            arbitraryFor(shape![key]!, { text: true, pools }, key).map(asText),
            hostileText.map((h) => asText(h.value)),
          )
          .map((second) => ({ op: 'duplicate', key, second }) as TQueryOp),
      ),
    );
  }
  return fc.oneof(...options);
}

/** A whole body replaced: broken JSON, other top-level types, prototype keys, deep nesting, wrong content types. */
type TBodyOp = { kind: string; raw: string | Buffer; contentType?: string };

const bodyWholeOps: fc.Arbitrary<TBodyOp> = fc.constantFrom<TBodyOp>(
  { kind: 'empty-body', raw: '' },
  { kind: 'invalid-json', raw: '{' },
  { kind: 'invalid-json', raw: '{"a":' },
  { kind: 'invalid-json', raw: "{'a':1}" },
  { kind: 'invalid-json', raw: '{"a":NaN}' },
  { kind: 'number', raw: '{"limit":1e999,"page":-1e999}' },
  { kind: 'top-level-type', raw: '[]' },
  { kind: 'top-level-type', raw: '"text"' },
  { kind: 'top-level-type', raw: '42' },
  { kind: 'top-level-type', raw: 'null' },
  { kind: 'top-level-type', raw: 'true' },
  { kind: 'prototype-key', raw: '{"__proto__":{"isAdmin":true}}' },
  { kind: 'prototype-key', raw: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { kind: 'deep-nesting', raw: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  { kind: 'deep-nesting', raw: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` },
  { kind: 'huge-body', raw: JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }) },
  { kind: 'bom', raw: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{}')]) },
  { kind: 'invalid-utf8', raw: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x22, 0x7d]) },
  { kind: 'wrong-content-type', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { kind: 'wrong-content-type', raw: '{}', contentType: 'text/plain' },
  { kind: 'wrong-content-type', raw: '<a/>', contentType: 'application/xml' },
  { kind: 'wrong-content-type', raw: '{}', contentType: 'multipart/form-data' },
  { kind: 'wrong-content-type', raw: '{}', contentType: 'application/json; charset=utf-16' },
  { kind: 'wrong-content-type', raw: '{}', contentType: 'application/json;;;=' },
);

/** Paths of the fields (and nested fields) in a value, for mutations that land inside it. */
function pathsOf(value: unknown, at: string[] = [], out: string[][] = []): string[][] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      out.push([...at, k]);
      if (at.length < 3) pathsOf(v, [...at, k], out);
    }
  } else if (Array.isArray(value) && value.length && at.length < 3) {
    out.push([...at, '0']);
    pathsOf(value[0], [...at, '0'], out);
  }
  return out;
}

function setAt(target: unknown, path: string[], value: unknown, drop = false): unknown {
  if (!path.length) return value;
  // Copies only the objects along the path: the rest may be thousands of levels deep.
  const copy = (node: unknown): Record<string, unknown> =>
    Array.isArray(node)
      ? (Object.assign([], node) as unknown as Record<string, unknown>)
      : node && typeof node === 'object'
        ? { ...node }
        : {};
  const root = copy(target);
  let node = root;
  for (const key of path.slice(0, -1)) {
    node[key] = copy(node[key]);
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (drop) delete node[last];
  else Object.defineProperty(node, last, { value, enumerable: true, configurable: true, writable: true });
  return root;
}

/** The JSON text of a body, with one key written twice (hostile first and valid last, or the other way round). */
function duplicateKeyText(body: Record<string, unknown>, key: string, hostile: unknown, hostileLast: boolean): string {
  const rest = JSON.stringify(body).slice(1, -1);
  const dup = `${JSON.stringify(key)}:${JSON.stringify(hostile) ?? 'null'}`;
  if (!rest) return `{${dup},${dup}}`;
  return hostileLast ? `{${rest},${dup}}` : `{${dup},${rest}}`;
}

const ACTOR_WEIGHTS: Record<'public' | 'signedIn', [TActorKey, number][]> = {
  public: [
    ['anonymous', 2],
    ['superAdmin', 1],
    ['orgAdmin', 1],
  ],
  signedIn: [
    ['superAdmin', 4],
    ['orgAdmin', 4],
    ['anonymous', 1],
  ],
};

function actorArb(route: TFuzzRoute): fc.Arbitrary<TActorKey> {
  const weights = ACTOR_WEIGHTS[route.access.kind === 'public' ? 'public' : 'signedIn'];
  return fc.oneof(...weights.map(([actor, weight]) => ({ weight, arbitrary: fc.constant(actor) })));
}

/** One hostile change, somewhere in the request. */
type TChange =
  | { loc: 'param'; key: string; hostile: THostile }
  | { loc: 'query'; op: TQueryOp }
  | { loc: 'header'; key: string; hostile: THostile }
  | { loc: 'body-field'; pick: number; hostile: THostile; variant: number; hostileLast: boolean }
  | { loc: 'body-whole'; op: TBodyOp };

const paramHostile = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  {
    weight: 1,
    arbitrary: fc.constantFrom<THostile>(
      { kind: 'bad-encoding', value: '%' },
      { kind: 'bad-encoding', value: '%E0%A4%A' },
      { kind: 'bad-encoding', value: '%00' },
      { kind: 'odd-text', value: '..' },
      { kind: 'odd-text', value: '.' },
    ),
  },
);

/** Requests for one route: valid-looking ones from its schemas, three in four with one to three hostile changes. */
export function requestsFor(route: TFuzzRoute, env: TFuzzEnv): fc.Arbitrary<TFuzzRequest> {
  const pools = poolsFor(route, env.pools);
  const paramShape = objectShape(route.params);
  const queryShape = objectShape(route.querystring);
  const headerShape = objectShape(route.headers);
  const hasBody = !route.multipart && (!!route.body || ['POST', 'PUT', 'PATCH'].includes(route.method));

  const params = paramShape ? arbitraryFor(route.params!, { text: true, pools }) : fc.constant({});
  const query = queryShape ? arbitraryFor(route.querystring!, { text: true, pools }) : fc.constant({});
  const headers = headerShape ? arbitraryFor(route.headers!, { text: true, pools }) : fc.constant({});
  const body = route.body ? arbitraryFor(route.body, { text: false, pools }) : fc.constant(undefined);

  const changes: fc.WeightedArbitrary<TChange>[] = [];
  const paramKeys = Object.keys(paramShape ?? {});
  if (paramKeys.length)
    changes.push({
      weight: 3,
      arbitrary: fc.record({ loc: fc.constant('param' as const), key: fc.constantFrom(...paramKeys), hostile: paramHostile }),
    });
  if (queryShape || route.method === 'GET')
    changes.push({ weight: queryShape ? 5 : 1, arbitrary: queryOps(queryShape, pools).map((op) => ({ loc: 'query' as const, op })) });
  const headerKeys = Object.keys(headerShape ?? {});
  if (headerKeys.length)
    changes.push({
      weight: 1,
      arbitrary: fc.record({ loc: fc.constant('header' as const), key: fc.constantFrom(...headerKeys), hostile: hostileText }),
    });
  if (route.body)
    changes.push({
      weight: 5,
      arbitrary: fc.record({
        loc: fc.constant('body-field' as const),
        pick: fc.nat(),
        hostile: hostileJson,
        variant: fc.nat({ max: 11 }),
        hostileLast: fc.boolean(),
      }),
    });
  if (hasBody)
    changes.push({
      weight: 2,
      arbitrary: bodyWholeOps.map((op) => ({ loc: 'body-whole' as const, op })),
    });
  const changeList: fc.Arbitrary<TChange[]> = changes.length
    ? fc.oneof(
        { weight: 1, arbitrary: fc.constant<TChange[]>([]) },
        { weight: 3, arbitrary: fc.array(fc.oneof(...changes), { minLength: 1, maxLength: 3 }) },
      )
    : fc.constant([]);

  const upload = route.multipart
    ? fc.tuple(fc.constantFrom(...env.uploads[route.url.endsWith('/request/file') ? 'request-file' : 'sim-upload']), multipartShapes)
    : fc.constant(null);

  return fc.record({ actor: actorArb(route), params, query, headers, body, upload, changes: changeList }).map((g): TFuzzRequest => {
    const mutations: TMutation[] = [];
    const p = { ...(g.params as Record<string, unknown>) };
    const pairs: [string, string][] = [];
    for (const [k, v] of Object.entries(g.query as Record<string, unknown>)) {
      if (v === undefined) continue;
      if (Array.isArray(v)) for (const item of v) pairs.push([k, asText(item)]);
      else pairs.push([k, asText(v)]);
    }
    const raw: string[] = [];
    const hdrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(g.headers as Record<string, unknown>)) if (v !== undefined) hdrs[k] = asText(v);
    const rawParams = new Set<string>();
    let value: unknown = g.body;
    let text: string | Buffer | undefined;
    let contentType = 'application/json';

    for (const change of g.changes) {
      if (change.loc === 'param') {
        p[change.key] = change.hostile.value;
        if (change.hostile.kind === 'bad-encoding') rawParams.add(change.key);
        else rawParams.delete(change.key);
        mutations.push({ where: `params.${change.key}`, kind: change.hostile.kind });
      } else if (change.loc === 'query') {
        const op = change.op;
        if (op.op === 'set') {
          const i = pairs.findIndex(([k]) => k === op.key);
          if (i >= 0) pairs.splice(i, 1);
          pairs.push([op.key, asText(op.hostile.value)]);
          mutations.push({ where: `query.${op.key}`, kind: op.hostile.kind });
        } else if (op.op === 'duplicate') {
          const first = pairs.find(([k]) => k === op.key)?.[1];
          if (first === undefined) pairs.push([op.key, op.second]);
          pairs.push([op.key, first === op.second ? `${op.second}x` : op.second]);
          mutations.push({ where: `query.${op.key}`, kind: 'duplicate-key' });
        } else if (op.op === 'unknown-key') {
          pairs.push([op.key, '1']);
          mutations.push({ where: `query.${op.key}`, kind: 'unknown-key' });
        } else {
          raw.push(op.text);
          mutations.push({ where: 'query', kind: op.kind });
        }
      } else if (change.loc === 'header') {
        // A header carries bytes 0x20-0xFF and tab only; anything else is refused by every HTTP stack before the app.
        hdrs[change.key] = Buffer.from(asText(change.hostile.value).slice(0, 8192), 'utf8')
          .toString('latin1')
          .replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
        mutations.push({ where: `headers.${change.key}`, kind: change.hostile.kind });
      } else if (change.loc === 'body-field') {
        const paths = pathsOf(value);
        const extraKeys = ['__proto__', 'constructor', 'zzz'];
        const path =
          paths.length && change.variant < 10 ? paths[change.pick % paths.length]! : [extraKeys[change.pick % extraKeys.length]!];
        const where = `body.${path.join('.')}`;
        if (change.variant === 11 && path.length === 1 && value && typeof value === 'object' && !Array.isArray(value)) {
          text = duplicateKeyText(value as Record<string, unknown>, path[0]!, change.hostile.value, change.hostileLast);
          mutations.push({ where, kind: 'duplicate-key' });
        } else if (change.variant === 9 && paths.length) {
          value = setAt(value, path, undefined, true);
          mutations.push({ where, kind: 'missing' });
        } else {
          value = setAt(value, path, change.hostile.value);
          mutations.push({ where, kind: change.hostile.kind });
        }
      } else {
        text = change.op.raw;
        if (change.op.contentType) contentType = change.op.contentType;
        mutations.push({ where: 'body', kind: change.op.kind });
      }
    }

    let url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => {
      const v = asText(p[key] ?? 'x');
      return rawParams.has(key) ? v : encodeText(v) || '%20';
    });
    const qs = [...pairs.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`), ...raw].join('&');
    if (qs) url += `?${qs}`;
    const request: TFuzzRequest = { actor: g.actor, method: route.method, url, headers: hdrs, mutations };

    if (g.upload) {
      const [file, shape] = g.upload;
      const made = multipartRequest(file, shape);
      request.payload = made.payload;
      Object.assign(request.headers, made.headers);
      request.file = file.kind;
      mutations.push({ where: 'file', kind: file.kind });
      if (shape !== 'ok') mutations.push({ where: 'body', kind: `multipart:${shape}` });
      return request;
    }
    if (!hasBody) return request;
    if (text === undefined && value !== undefined) text = JSON.stringify(value);
    if (text !== undefined) {
      request.payload = text;
      request.headers['content-type'] = contentType;
    }
    return request;
  });
}

/** One representative of each kind of hostile value, by what a field holds: the systematic sweep sends each to every field. */
const SWEEP_TEXT: THostile[] = [
  { kind: 'nul', value: 'a\u0000b' },
  { kind: 'control', value: 'x\u0001y' },
  { kind: 'lone-surrogate', value: 'a\ud800' },
  { kind: 'huge-string', value: 'x'.repeat(1024 * 1024) },
];
/** In a JSON body the 1 MB string is a little under the body limit, so that it reaches validation. */
const SWEEP_JSON: THostile[] = [
  ...SWEEP_TEXT.slice(0, 4),
  { kind: 'huge-string', value: 'x'.repeat(1_000_000) },
  { kind: 'wrong-type', value: {} },
  { kind: 'wrong-type', value: ['a', 'b'] },
  { kind: 'wrong-type', value: null },
  { kind: 'number', value: 2 ** 53 + 2 },
  { kind: 'number', value: -0.5 },
];
const SWEEP_NUMBER_TEXT: THostile[] = ['NaN', '-0', '9007199254740993', '1e309'].map((value) => ({
  kind: 'number-text',
  value,
}));
const SWEEP_DATES: THostile[] = [
  '0000-01-01',
  '2026-02-30',
  '2026-02-30T10:00:00Z',
  '+275760-09-13T00:00:00Z',
  '9999-12-31T23:59:60Z',
  '-000001-01-01T00:00:00Z',
  '0001-01-01T00:00:00.000Z',
  '1970-01-01T00:00:00+24:00',
].map((value) => ({ kind: 'date', value }));
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const SWEEP_CURSORS: THostile[] = [
  'zzz',
  b64({}),
  b64([null, null]),
  b64(['0000-01-01', '0']),
  b64(['+275760-09-13T00:00:00Z', 'ffffffffffffffffffffffff']),
  Buffer.from('not json').toString('base64url'),
  'A'.repeat(100_000),
].map((value) => ({ kind: 'cursor', value }));

/** The fields of a schema, through nested objects and arrays of objects (up to three levels), with their schemas. */
function fieldsOf(schema: z.ZodType | undefined, at: string[] = []): { path: string[]; schema: z.ZodType }[] {
  const shape = objectShape(schema);
  if (!shape || at.length > 2) return [];
  const out: { path: string[]; schema: z.ZodType }[] = [];
  for (const [key, field] of Object.entries(shape)) {
    out.push({ path: [...at, key], schema: field });
    out.push(...fieldsOf(field, [...at, key]));
    const element = arrayElement(field);
    if (element && objectShape(element)) out.push(...fieldsOf(element, [...at, key, '0']));
  }
  return out;
}

function arrayElement(schema: z.ZodType): z.ZodType | undefined {
  // biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions are read structurally
  const def = (schema as any)._zod.def;
  if (def.type === 'array') return def.element;
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional'].includes(def.type)) return arrayElement(def.innerType);
  return undefined;
}

function hostilesFor(schema: z.ZodType, name: string, pools: TPools, json: boolean): THostile[] {
  const flavour = fieldFlavour(schema, name);
  const out = [...(json ? SWEEP_JSON : SWEEP_TEXT)];
  if (flavour === 'date') out.push(...SWEEP_DATES);
  if (flavour === 'number' && !json) out.push(...SWEEP_NUMBER_TEXT);
  if (flavour === 'cursor') {
    out.push(...SWEEP_CURSORS);
    for (const real of (pools[name] ?? []).filter((v): v is string => typeof v === 'string')) {
      out.push(...fc.sample(craftedCursors(real), { numRuns: 6, seed: 7 }));
    }
  }
  return out;
}

/**
 * The systematic sweep of a route: one valid-looking request from its schemas, then that request again with each
 * field (path parameters, query, headers, body fields down to nested ones) set to one value of each hostile kind,
 * each query key duplicated, prototype keys, broken bodies, and for uploads every file edge case. Deterministic for
 * a seed, and thorough where the random search is not: every field meets NUL, controls, lone surrogates, 1 MB,
 * wrong types, impossible dates and crafted cursors on every run.
 */
export function sweepFor(route: TFuzzRoute, env: TFuzzEnv, seed: number, variant = 0): TFuzzRequest[] {
  const pools = poolsFor(route, env.pools);
  // The base request: a generated value the schema accepts (refinements included; the `variant`-th one), with known
  // ids and cursors from the pools, so that each hostile field is the only thing wrong with the request; the query
  // keeps only its required keys, so that nothing else in it (a sort or a filter the service refuses) stops the
  // request before the hostile value reaches the bottom.
  const valid = (schema: z.ZodType, text: boolean): unknown => {
    const samples = fc.sample(arbitraryFor(schema, { text, pools, poolOnly: true }), { numRuns: 60, seed });
    const accepted = samples.filter((v) => schema.safeParse(v).success);
    return accepted.length ? accepted[variant % accepted.length] : samples[0];
  };
  const required = (schema: z.ZodType, value: unknown) =>
    Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).filter(([k]) => !isOptional(objectShape(schema)![k]!)));
  const params = route.params ? (valid(route.params, true) as Record<string, unknown>) : {};
  const query = route.querystring ? required(route.querystring, valid(route.querystring, true)) : {};
  const headers = route.headers ? (valid(route.headers, true) as Record<string, unknown>) : {};
  const body = route.body ? valid(route.body, false) : undefined;
  const hasBody = !route.multipart && (!!route.body || ['POST', 'PUT', 'PATCH'].includes(route.method));

  const build = (
    mutations: TMutation[],
    change: {
      params?: Record<string, unknown>;
      query?: [string, string][];
      rawQuery?: string;
      headers?: Record<string, unknown>;
      body?: unknown;
      text?: string;
      contentType?: string;
      rawParams?: boolean;
    },
  ): TFuzzRequest => {
    const p = change.params ?? params;
    let url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => {
      const v = asText(p[key] ?? 'x');
      return change.rawParams ? v : encodeText(v) || '%20';
    });
    const pairs =
      change.query ??
      Object.entries(query).flatMap(([k, v]) =>
        v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, asText(x)] as [string, string]) : [[k, asText(v)] as [string, string]],
      );
    const qs = [...pairs.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`), ...(change.rawQuery ? [change.rawQuery] : [])].join('&');
    if (qs) url += `?${qs}`;
    const hdrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(change.headers ?? headers)) if (v !== undefined) hdrs[k] = asText(v);
    const request: TFuzzRequest = {
      actor: route.access.kind === 'public' ? 'anonymous' : 'superAdmin',
      method: route.method,
      url,
      headers: hdrs,
      mutations,
    };
    if (hasBody) {
      const value = 'body' in change ? change.body : body;
      const text = change.text ?? (value === undefined ? undefined : JSON.stringify(value));
      if (text !== undefined) {
        request.payload = text;
        request.headers['content-type'] = change.contentType ?? 'application/json';
      }
    }
    return request;
  };

  const out: TFuzzRequest[] = [build([], {})];
  for (const [key, schema] of Object.entries(objectShape(route.params) ?? {})) {
    for (const hostile of hostilesFor(schema, key, pools, false))
      out.push(build([{ where: `params.${key}`, kind: hostile.kind }], { params: { ...params, [key]: hostile.value } }));
    out.push(build([{ where: `params.${key}`, kind: 'bad-encoding' }], { params: { ...params, [key]: '%E0%A4%A' }, rawParams: true }));
  }
  const basePairs = Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, asText(v)] as [string, string]]));
  for (const [key, schema] of Object.entries(objectShape(route.querystring) ?? {})) {
    const others = basePairs.filter(([k]) => k !== key);
    for (const hostile of hostilesFor(schema, key, pools, false))
      out.push(build([{ where: `query.${key}`, kind: hostile.kind }], { query: [...others, [key, asText(hostile.value)]] }));
    const valid = basePairs.find(([k]) => k === key)?.[1] ?? '1';
    out.push(
      build([{ where: `query.${key}`, kind: 'duplicate-key' }], { query: [...others, [key, valid], [key, valid === 'a' ? 'b' : 'a']] }),
    );
  }
  if (route.method === 'GET' || route.querystring) {
    out.push(build([{ where: 'query', kind: 'prototype-key' }], { rawQuery: '__proto__=1&constructor[prototype][admin]=1' }));
    out.push(build([{ where: 'query', kind: 'bad-encoding' }], { rawQuery: '%zz=%E0%A4%A' }));
  }
  for (const [key, schema] of Object.entries(objectShape(route.headers) ?? {})) {
    for (const hostile of hostilesFor(schema, key, pools, false).filter((h) => h.kind !== 'huge-string'))
      out.push(
        build([{ where: `headers.${key}`, kind: hostile.kind }], {
          headers: {
            ...headers,
            [key]: Buffer.from(asText(hostile.value), 'utf8')
              .toString('latin1')
              .replace(/[^\t\x20-\x7e\x80-\xff]/g, '?'),
          },
        }),
      );
  }
  if (route.body) {
    for (const field of fieldsOf(route.body)) {
      const name = field.path[field.path.length - 1]!;
      for (const hostile of hostilesFor(field.schema, name, pools, true))
        out.push(build([{ where: `body.${field.path.join('.')}`, kind: hostile.kind }], { body: setAt(body, field.path, hostile.value) }));
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const first = Object.keys(body)[0];
      if (first) {
        out.push(
          build([{ where: `body.${first}`, kind: 'duplicate-key' }], {
            text: duplicateKeyText(body as Record<string, unknown>, first, 'a\u0000b', true),
          }),
        );
        out.push(
          build([{ where: `body.${first}`, kind: 'duplicate-key' }], {
            text: duplicateKeyText(body as Record<string, unknown>, first, {}, false),
          }),
        );
      }
    }
  }
  if (hasBody) {
    for (const raw of ['{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}', '', '[]', 'null', '{'])
      out.push(
        build([{ where: 'body', kind: raw.includes('proto') ? 'prototype-key' : raw ? 'top-level-type' : 'empty-body' }], { text: raw }),
      );
    out.push(build([{ where: 'body', kind: 'deep-nesting' }], { text: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` }));
    out.push(build([{ where: 'body', kind: 'wrong-content-type' }], { text: JSON.stringify(body ?? {}), contentType: 'text/plain' }));
  }
  if (route.multipart) {
    const files = env.uploads[route.url.endsWith('/request/file') ? 'request-file' : 'sim-upload'];
    for (const file of files) {
      const made = multipartRequest(file, 'ok');
      out.push({ ...build([{ where: 'file', kind: file.kind }], {}), payload: made.payload, headers: made.headers, file: file.kind });
    }
    const tiny = files.find((f) => f.kind === 'xlsx:valid-tiny') ?? files[0]!;
    for (const shape of BROKEN_MULTIPART_SHAPES) {
      const made = multipartRequest(tiny, shape);
      out.push({
        ...build([{ where: 'body', kind: `multipart:${shape}` }], {}),
        payload: made.payload,
        headers: made.headers,
        file: tiny.kind,
      });
    }
  }
  return out;
}
