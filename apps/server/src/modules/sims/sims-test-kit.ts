import { crc32, deflateRawSync } from 'node:zlib';
import type { TOperator } from '@tarang/shared/sims/identifiers';
import type { TSimStatus } from '@tarang/shared/sims/sim.constants';
import type { TTestApp } from '../../../test/test-app';
import { copySims, simIdentity, type TGeneratedSim } from './sim-generator';

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

/** A zip archive (deflated entries) written by hand, for hostile-file tests. */
export function zipOf(entries: { name: string; data: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = deflateRawSync(e.data, { level: 9 });
    const name = Buffer.from(e.name);
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.declared ?? e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
