import { MULTILINE_PATTERN, SINGLE_LINE_PATTERN } from '@tarang/shared/common/text';
import { REPORTS, type TReportDeclaration } from '@tarang/shared/reports/report-catalogue';
import { fullAuthScopes } from '@tarang/shared/roles/auth-scopes';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../src/http/error-handler';
import { makeSims } from '../src/modules/sims/sims-test-kit';
import { routeTest } from './route-test';
import { API, makeOrganization, type TTestApp } from './test-app';

/**
 * The input contract (docs/decisions/019-input-contract.md): text holds no control characters, dates are real
 * calendar dates inside the stated range, and a cursor the server did not issue is refused. Each is a 400 naming the
 * field, never a 500. The walks below read the routes from the app's own OpenAPI document, so a route added later is
 * checked the day it lands.
 */

const { t, tokens } = routeTest({
  staff: true,
  organizations: { buyer: 'Input Contract Buyer' },
  roles: { Everything: { scopes: fullAuthScopes(), org: 'buyer' } },
  users: { member: { email: 'member@input-contract.test', role: 'Everything', org: 'buyer' } },
});

/** The token a route is called with: staff, or an organisation user for what only organisations do. */
function tokenFor(method: string, path: string): string {
  const url = path.replace(/\{(\w+)\}/g, ':$1');
  const declared = t.app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
  return declared?.kind === 'permission' && declared.organizationOnly ? tokens.member : tokens.staff;
}
let doc: TDocument;

type TJsonSchema = {
  type?: string | string[];
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, TJsonSchema>;
  additionalProperties?: TJsonSchema | boolean;
  propertyNames?: TJsonSchema;
  items?: TJsonSchema | TJsonSchema[];
  prefixItems?: TJsonSchema[];
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  $ref?: string;
};
type TParameter = { in: 'query' | 'path' | 'header'; name: string; schema: TJsonSchema };
type TOperation = { parameters?: TParameter[]; requestBody?: { content: Record<string, { schema: TJsonSchema }> } };
type TDocument = { paths: Record<string, Record<string, TOperation>>; components?: { schemas?: Record<string, TJsonSchema> } };

const SOME_ID = '0123456789abcdef01234567';
const TEXT_PATTERNS = [SINGLE_LINE_PATTERN.source, MULTILINE_PATTERN.source];

beforeAll(async () => {
  const res = await t.call({ method: 'GET', url: '/api/openapi.json' });
  doc = res.json();
});

type TRes = Awaited<ReturnType<TTestApp['call']>>;
const paths = (res: TRes) => ((res.json().errors ?? []) as { path: string }[]).map((e) => e.path);

/** A 400 in the one error shape whose errors name `field`. */
function expectRefused(res: TRes, field: string, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(400);
  expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  expect(paths(res), what).toContain(field);
}

function operations(): { method: string; path: string; url: string; op: TOperation }[] {
  const out = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith(API)) continue;
    for (const [method, op] of Object.entries(ops)) out.push({ method: method.toUpperCase(), path, url: path, op });
  }
  return out;
}

const concrete = (path: string, value = SOME_ID) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'iccid' ? '8991000000000000001' : name === 'operator' ? 'AIRTEL' : value));

/** Every string schema inside a JSON schema, with where it sits. */
function stringNodes(schema: TJsonSchema | undefined, at: string, out: { at: string; node: TJsonSchema }[] = []) {
  if (!schema || typeof schema !== 'object') return out;
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return stringNodes(doc.components?.schemas?.[name], at, out);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('string') && schema.enum === undefined && schema.const === undefined) out.push({ at, node: schema });
  for (const [key, child] of Object.entries(schema.properties ?? {})) stringNodes(child, `${at}.${key}`, out);
  if (typeof schema.additionalProperties === 'object') stringNodes(schema.additionalProperties, `${at}.*`, out);
  stringNodes(schema.propertyNames, `${at}{key}`, out);
  for (const item of [schema.items ?? [], schema.prefixItems ?? []].flat()) stringNodes(item, `${at}[]`, out);
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) stringNodes(part, at, out);
  return out;
}

const patternsOf = (node: TJsonSchema) => [node.pattern, ...(node.allOf ?? []).map((p) => p.pattern)].filter(Boolean);

describe('every request string goes through the contract’s text type', () => {
  it('each string a client sends (query, path, header, JSON body, at any depth) carries the control-character rule', () => {
    const bare: string[] = [];
    let checked = 0;
    for (const { method, path, op } of operations()) {
      const nodes = [
        ...(op.parameters ?? []).flatMap((p) => stringNodes(p.schema, `${p.in}.${p.name}`)),
        ...stringNodes(op.requestBody?.content['application/json']?.schema, 'body'),
      ];
      for (const { at, node } of nodes) {
        checked++;
        if (!patternsOf(node).some((p) => TEXT_PATTERNS.includes(p!))) bare.push(`${method} ${path} ${at}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    // Build request strings with text()/multilineText() from packages/shared/src/common/text.ts, never a bare z.string().
    expect(bare).toEqual([]);
  });
});

describe('control characters are a 400 naming the field, on every route', () => {
  const BAD = ['a\u0000b', 'a\u0001b', 'a\u001bb', 'a\u007fb', 'a\nb'];

  it('in every string query parameter', async () => {
    const failures: string[] = [];
    let probed = 0;
    for (const { method, path, op } of operations()) {
      for (const p of (op.parameters ?? []).filter((x) => x.in === 'query' && stringNodes(x.schema, x.name).length)) {
        for (const bad of BAD) {
          probed++;
          const url = `${concrete(path)}?${p.name}=${encodeURIComponent(bad)}`;
          // A body is checked before the query string: routes that take both get one that passes (a sealed-looking password).
          const res = await t.call({
            method: method as 'GET',
            url,
            token: tokens.staff,
            ...(op.requestBody ? { payload: { password: 'a.b.c.d.e' } } : {}),
          });
          if (res.statusCode !== 400 || !paths(res).includes(`querystring.${p.name}`)) {
            failures.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
    }
    expect(probed).toBeGreaterThan(150);
    expect(failures).toEqual([]);
  });

  it('in every path parameter', async () => {
    const failures: string[] = [];
    for (const { method, path, op } of operations()) {
      for (const p of (op.parameters ?? []).filter((x) => x.in === 'path')) {
        for (const bad of BAD) {
          const url = path.replace(`{${p.name}}`, encodeURIComponent(bad)).replace(/\{\w+\}/g, SOME_ID);
          const res = await t.call({ method: method as 'GET', url, token: tokens.staff, ...(op.requestBody ? { payload: {} } : {}) });
          if (res.statusCode !== 400 || !paths(res).includes(`params.${p.name}`)) {
            failures.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('in every string field of every JSON body (top level; nested ones are held to the rule by the walk above)', async () => {
    const failures: string[] = [];
    let probed = 0;
    for (const { method, path, op } of operations()) {
      const schema = op.requestBody?.content['application/json']?.schema;
      for (const [name, prop] of Object.entries(schema?.properties ?? {})) {
        if (!stringNodes(prop, name).some((n) => n.at === name)) continue;
        probed++;
        const res = await t.call({
          method: method as 'POST',
          url: concrete(path),
          token: tokenFor(method, path),
          payload: { [name]: 'a\u0000b' },
        });
        if (res.statusCode !== 400 || !paths(res).includes(name))
          failures.push(`${method} ${path} ${name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(probed).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });

  it('on the parameters the probe found answering 500, named one by one', async () => {
    const cases: [string, string][] = [
      ['/users?search=a%00b', 'querystring.search'],
      ['/organization?search=a%00b', 'querystring.search'],
      ['/roles?search=a%00b', 'querystring.search'],
      ['/request?batchJobId=a%00b', 'querystring.batchJobId'],
      ['/termination?batchJobId=a%00b', 'querystring.batchJobId'],
      ['/job-batch?batchJobId=a%00b', 'querystring.batchJobId'],
      ['/mno-job?batchJobId=a%00b', 'querystring.batchJobId'],
      ['/audit-trail?entityType=a%00b', 'querystring.entityType'],
      ['/audit-trail?action=a%01b', 'querystring.action'],
      ['/search/a%00b', 'params.term'],
      ['/sim?tag=a%00b', 'querystring.tag'],
      ['/sim?label=a%00b', 'querystring.label'],
    ];
    for (const [url, field] of cases) expectRefused(await t.call({ method: 'GET', url: `${API}${url}`, token: tokens.staff }), field, url);
  });

  it('trims a pasted tab or line break around a search term, but not inside it', async () => {
    for (const url of [
      '/users?search=%09Asha%0A',
      '/organization?search=%20Acme%09',
      '/sim?search=%098991%0D%0A',
      '/request?batchJobId=%09BJ1%0A',
    ]) {
      const res = await t.call({ method: 'GET', url: `${API}${url}`, token: tokens.staff });
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
    }
    expectRefused(
      await t.call({ method: 'GET', url: `${API}/users?search=As%09ha`, token: tokens.staff }),
      'querystring.search',
      'a tab inside',
    );
    const blank = await t.call({ method: 'GET', url: `${API}/search/%09%0A?from=users`, token: tokens.staff });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Enter a valid search term');
  });

  it('on the public sign-in and forgot-password, before any lookup', async () => {
    for (const url of ['/auth/forgot-password', '/auth/login']) {
      for (const username of ['admin\u0000@tarang.test', 'a\u0000', '\u0000', 'admin@tarang.test\u0007']) {
        const res = await t.call({ method: 'POST', url: `${API}${url}`, payload: { username, password: 'a.b.c.d.e' } });
        expectRefused(res, 'username', `${url} ${JSON.stringify(username)}`);
      }
    }
  });

  it('in the name of an uploaded file', async () => {
    const upload = (url: string, disposition: string) => {
      const boundary = '----tarangcontract';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: text/csv\r\n\r\n`;
      return t.call({
        method: 'POST',
        url: `${API}${url}`,
        token: tokens.staff,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.from(`${head}iccid\n8991000000000000001\n\r\n--${boundary}--\r\n`),
      });
    };
    for (const url of ['/request/file', '/sim/large-data']) {
      for (const disposition of [
        'filename="a\u0000b.csv"',
        "filename*=UTF-8''a%00b.csv",
        'filename="a\u0001b.csv"',
        `filename="${'x'.repeat(300)}.csv"`,
      ]) {
        const res = await upload(url, disposition);
        expectRefused(res, 'file', `${url} ${JSON.stringify(disposition).slice(0, 40)}`);
        expect(res.json().message).toMatch(/file name/);
      }
    }
  });

  it('allows tab and line breaks in text areas only', async () => {
    const org = await makeOrganization(t, 'Textarea Org');
    const made = await t.call({
      method: 'POST',
      url: `${API}/roles`,
      token: tokens.staff,
      payload: { name: 'Night shift', description: 'Line one\r\n\tLine two', organizationId: org.id, authScopes: {} },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.description).toBe('Line one\r\n\tLine two');
    const named = await t.call({
      method: 'POST',
      url: `${API}/roles`,
      token: tokens.staff,
      payload: { name: 'Night\nshift', authScopes: {} },
    });
    expectRefused(named, 'name', 'a line break in a role name');
    const nul = await t.call({
      method: 'POST',
      url: `${API}/roles`,
      token: tokens.staff,
      payload: { name: 'Day', description: 'a\u0000b', authScopes: {} },
    });
    expectRefused(nul, 'description', 'NUL in a description');
  });
});

describe('dates are real calendar dates inside 2000-01-01 … 2199-12-31', () => {
  const BAD_DATES = [
    '0000-01-01',
    '2026-02-30',
    '+275760-09-13',
    '1999-12-31',
    '2200-01-01',
    '2026-02-30T00:00:00Z',
    '0000-01-01T00:00:00Z',
  ];
  const cases: [string, string[]][] = [
    ['/request', ['from', 'to']],
    ['/termination', ['from', 'to']],
    ['/job-batch', ['from', 'to']],
    ['/mno-job', ['from', 'to']],
    ['/report/mno-job-report/summary', ['from', 'to']],
    ['/audit-trail', ['from', 'to']],
    ['/sim', ['expiresFrom', 'expiresTo']],
    ['/sim/export', ['expiresFrom', 'expiresTo']],
  ];

  it('refuses impossible and out-of-range dates on every dated list, naming the field', async () => {
    for (const [route, fields] of cases) {
      for (const field of fields) {
        for (const value of BAD_DATES) {
          const url = `${API}${route}?${field}=${encodeURIComponent(value)}`;
          expectRefused(await t.call({ method: 'GET', url, token: tokens.staff }), `querystring.${field}`, url);
        }
      }
    }
  });

  it('accepts the ends of the range', async () => {
    for (const [route, [from, to]] of cases) {
      const res = await t.call({
        method: 'GET',
        url: `${API}${route}?${from}=2000-01-01T00:00:00Z&${to}=2199-12-31T23:59:59Z`,
        token: tokens.staff,
      });
      expect(res.statusCode, `${route} ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  // The declared reports' day filters: calendar days only (a date-time is refused too).
  const dayCases = (REPORTS as readonly TReportDeclaration[]).flatMap((r): [string, string[]][] => {
    const days = r.filters.filter((f) => f.kind === 'day').map((f) => f.key);
    return days.length ? [[`/report/${r.id}`, days]] : [];
  });

  it('refuses anything but a calendar day in range on every day filter of a report, naming the field', async () => {
    expect(dayCases.length).toBeGreaterThan(2);
    for (const [route, fields] of dayCases) {
      for (const field of fields) {
        for (const value of [...BAD_DATES, '2026-01-15T20:00:00Z']) {
          const url = `${API}${route}?${field}=${encodeURIComponent(value)}`;
          expectRefused(await t.call({ method: 'GET', url, token: tokens.staff }), `querystring.${field}`, url);
        }
      }
    }
  });

  it('accepts the first and the last month of the range on every day filter of a report', async () => {
    for (const [route] of dayCases) {
      for (const range of ['from=2000-01-01&to=2000-01-31', 'from=2199-12-01&to=2199-12-31']) {
        const res = await t.call({ method: 'GET', url: `${API}${route}?${range}`, token: tokens.staff });
        expect(res.statusCode, `${route} ${res.body.slice(0, 200)}`).toBe(200);
      }
    }
  });

  it('refuses an impossible date in a body (a request’s schedule, a filter in a move)', async () => {
    const scheduled = await t.call({
      method: 'POST',
      url: `${API}/request`,
      token: tokens.staff,
      payload: { type: 'ACTIVATE', iccids: ['8991000000000000001'], scheduledAt: '2026-02-30T10:00:00+05:30' },
    });
    expectRefused(scheduled, 'scheduledAt', 'scheduledAt 2026-02-30');
    const moved = await t.call({
      method: 'PUT',
      url: `${API}/sim/rollback`,
      token: tokens.staff,
      payload: { filter: { expiresFrom: '0000-01-01' } },
    });
    expectRefused(moved, 'filter.expiresFrom', 'filter.expiresFrom 0000-01-01');
  });

  it('answers an export with an unstorable date as a JSON error before any of the file is sent', async () => {
    await makeSims(t, 3);
    for (const format of ['csv', 'xlsx']) {
      const res = await t.call({ method: 'GET', url: `${API}/sim/export?format=${format}&expiresFrom=0000-01-01`, token: tokens.staff });
      expectRefused(res, 'querystring.expiresFrom', `export ${format}`);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    const whole = await t.call({ method: 'GET', url: `${API}/sim/export?format=csv&expiresFrom=2000-01-01`, token: tokens.staff });
    expect(whole.statusCode).toBe(200);
  });
});

describe('a cursor the server did not issue is a 400, never a 500', () => {
  const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  const unb64 = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  const JUNK = [
    '!!!not-base64!!!',
    'a b',
    '%00',
    'Zm9v', // "foo": base64, not JSON
    b64('{"a":'),
    b64({ a: 1 }),
    b64([1, 2, 3]),
    b64(null),
    b64('"x"'),
    b64(12),
    b64([]),
    'x'.repeat(401),
  ];
  let requestCursor: string;
  let simCursors: Record<string, string>;
  let expiringCursor: string;

  beforeAll(async () => {
    const org = await makeOrganization(t, 'Cursor Org');
    const soon = new Date(Date.now() + 5 * 86_400_000);
    const sims = await makeSims(t, 6, (i) => ({
      organizationId: org.id,
      status: 'ALLOCATED',
      expiresAt: new Date(soon.getTime() + i * 60_000),
    }));
    for (const sim of sims.slice(0, 2)) {
      const res = await t.call({
        method: 'POST',
        url: `${API}/request`,
        token: tokens.staff,
        payload: { type: 'ACTIVATE', iccids: [sim.iccid] },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const page = (url: string) =>
      t.call({ method: 'GET', url: `${API}${url}`, token: tokens.staff }).then((r) => r.json().meta.nextCursor as string);
    requestCursor = await page('/request?limit=1');
    simCursors = {
      iccid: await page('/sim?limit=1&sort=iccid'),
      status: await page('/sim?limit=1&sort=status'),
      createdAt: await page('/sim?limit=1&sort=-createdAt'),
      expiresAt: await page('/sim?limit=1&sort=expiresAt'),
    };
    expiringCursor = await page('/sim/expiring-soon?limit=1');
    for (const c of [requestCursor, expiringCursor, ...Object.values(simCursors)]) expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  /** Cursors made from a real one: each field out of range or of the wrong type. */
  function tampered(real: string): string[] {
    const value = unb64(real);
    const positions: unknown[][] = Array.isArray(value) ? [value] : [value.v];
    const wrap = (v: unknown[]) => b64(Array.isArray(value) ? v : { ...value, v });
    const out: string[] = [];
    for (const v of positions) {
      for (let i = 0; i < v.length; i++) {
        for (const replacement of [
          '0000-01-01T00:00:00.000000Z',
          '+275760-09-13T00:00:00.000Z',
          '2026-02-30T00:00:00.000000Z',
          '1999-12-31T23:59:59.000000Z',
          'a\u0000b',
          42,
          true,
          { x: 1 },
          ['x'],
          '1e999',
        ]) {
          const copy = [...v];
          copy[i] = replacement;
          out.push(wrap(copy));
        }
      }
      out.push(wrap([...v, 'extra']), wrap(v.slice(0, 1)), wrap([...v].reverse()));
    }
    if (!Array.isArray(value)) out.push(b64({ ...value, k: 'iccid' === value.k ? 'status' : 'iccid' }), b64({ ...value, extra: 1 }));
    return out;
  }

  it('keeps real cursors working', async () => {
    for (const [url, cursor] of [
      ['/request', requestCursor],
      ['/sim?sort=iccid', simCursors.iccid],
      ['/sim?sort=status', simCursors.status],
      ['/sim?sort=-createdAt', simCursors.createdAt],
      ['/sim?sort=expiresAt', simCursors.expiresAt],
      ['/sim/expiring-soon', expiringCursor],
    ] as const) {
      const res = await t.call({
        method: 'GET',
        url: `${API}${url}${url.includes('?') ? '&' : '?'}limit=1&cursor=${cursor}`,
        token: tokens.staff,
      });
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.json().data).toHaveLength(1);
    }
  });

  it('refuses junk and tampered cursors on every keyset list', async () => {
    const newestFirst = [...JUNK, ...tampered(requestCursor)];
    const cases: [string, string[]][] = [
      ['/request', newestFirst],
      ['/termination', newestFirst],
      ['/job-batch', newestFirst],
      ['/mno-job', newestFirst],
      ['/sim?sort=iccid', [...JUNK, ...tampered(simCursors.iccid!)]],
      ['/sim?sort=status', [...JUNK, ...tampered(simCursors.status!)]],
      ['/sim?sort=-createdAt', [...JUNK, ...tampered(simCursors.createdAt!)]],
      ['/sim?sort=expiresAt', [...JUNK, ...tampered(simCursors.expiresAt!)]],
      ['/sim/expiring-soon', [...JUNK, ...tampered(expiringCursor)]],
      // A cursor of one list is not a cursor of another.
      ['/sim?sort=iccid', [requestCursor, simCursors.status!]],
      ['/request', [simCursors.createdAt!]],
      [`/job/${SOME_ID}/tasks`, [...JUNK, '-1', '1.5', '1e999', '9'.repeat(19)]],
      ['/audit-trail', [...JUNK, '-1', '1.5', '1e999']],
    ];
    const failures: string[] = [];
    let probed = 0;
    for (const [route, cursors] of cases) {
      for (const cursor of cursors) {
        probed++;
        const url = `${API}${route}${route.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
        const res = await t.call({ method: 'GET', url, token: tokens.staff });
        if (res.statusCode !== 400 || !paths(res).includes('querystring.cursor')) {
          failures.push(`${route} ${JSON.stringify(cursor).slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(probed).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  });
});

describe('the error handler’s safety net for values the database refuses', () => {
  it('turns PostgreSQL data exceptions into a 400 (and logs them), other database errors stay a 500', async () => {
    const logged: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
    });
    registerErrorHandler(app);
    const pool = t.database.pool;
    const queries: Record<string, [string, unknown[]]> = {
      nul: ['SELECT $1::text', ['a\u0000b']],
      date: ['SELECT $1::date', ['2026-02-30']],
      year0: ['SELECT $1::timestamptz', ['0000-01-01T00:00:00Z']],
      format: ['SELECT $1::timestamptz', ['not a date']],
      number: ['SELECT $1::int', ['abc']],
      overflow: ['SELECT $1::int', ['99999999999']],
      jsonNul: ['SELECT $1::jsonb', ['{"a":"\\u0000"}']],
      syntax: ['SELEKT 1', []],
    };
    app.get('/q/:name', async (request) => {
      const [text, values] = queries[(request.params as { name: string }).name]!;
      await pool.query(text, values);
      return { ok: true };
    });
    await app.ready();
    for (const name of ['nul', 'date', 'year0', 'format', 'number', 'overflow', 'jsonNul']) {
      const res = await app.inject({ method: 'GET', url: `/q/${name}` });
      expect(res.statusCode, `${name} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body).not.toMatch(/invalid|syntax|SQL|postgres/i);
    }
    const syntax = await app.inject({ method: 'GET', url: '/q/syntax' });
    expect(syntax.statusCode).toBe(500);
    expect(syntax.json().code).toBe('INTERNAL');
    expect(logged.filter((l) => l.msg === 'database refused a value from the request')).toHaveLength(7);
    expect(logged.map((l) => l.sqlState)).toEqual(expect.arrayContaining(['22021', '22008', '22007', '22P02', '22003', '22P05']));
    await app.close();
  });
});
