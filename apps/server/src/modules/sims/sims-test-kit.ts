import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import type { TOperator } from '@tarang/shared/sims/identifiers';
import type { TSimStatus } from '@tarang/shared/sims/sim.constants';
import type { TTestApp } from '../../../test/test-app';
import { copySims, type TGeneratedSim } from './sim-generator';

/** Test SIMs, loaded straight into the database (the API under test is not used to make its own fixtures). */

let serial = 1;

export type TMadeSim = { id?: string; iccid: string; imsi: string; msisdn: string; operators: TOperator[]; provisionedIccid?: string };

export async function makeSims(
  t: TTestApp,
  count: number,
  attrs: Partial<TGeneratedSim> | ((i: number) => Partial<TGeneratedSim>) = {},
): Promise<TMadeSim[]> {
  const now = Date.now();
  const base = (i: number): TGeneratedSim => {
    const a = typeof attrs === 'function' ? attrs(i) : attrs;
    return {
      organizationId: null,
      status: 'IN_STOCK' as TSimStatus,
      operators: ['AIRTEL'],
      label: null,
      tags: [],
      expiresAt: null,
      activatedAt: null,
      imeiLock: false,
      createdAt: new Date(now - (count - i) * 1000),
      apn: null,
      ...a,
    };
  };
  const start = serial;
  serial = await copySims(t.database.pool, { start, count, make: base });
  const out: TMadeSim[] = [];
  let s = start;
  for (let i = 0; i < count; i++) {
    const ops = base(i).operators;
    const primary = simIdentity(s, ops[0]!);
    out.push({
      iccid: primary.iccid,
      imsi: primary.imsi,
      msisdn: primary.msisdn,
      operators: ops,
      ...(ops[1] ? { provisionedIccid: simIdentity(s + 1, ops[1]).iccid } : {}),
    });
    s += ops.length;
  }
  return out;
}

/** Waits until an operation is DONE or FAILED, through the API. */
export async function waitForOperation(t: TTestApp, token: string, url: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call({ method: 'GET', url, token });
    const op = res.json().data;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if (op.status === 'DONE' || op.status === 'FAILED') return op;
    if (Date.now() > until) throw new Error(`${url} still ${op.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A multipart/form-data body with one file in the field `file`. */
export function multipartBody(fileName: string, content: Buffer | string, field = 'file') {
  const boundary = `----tarang${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
