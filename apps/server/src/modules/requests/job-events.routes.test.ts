import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API, FIXTURE_PASSWORD, makeUser, type TSession } from '../../../test/test-app';
import { postLogout } from '../auth/auth-test-kit';
import { makeSims } from '../sims/sims-test-kit';
import { openJobEventCount } from './job-events.service';

/** `GET /job-batch/{id}/events`: streams end with the session, and are capped per user and per process. */

// The queue worker does not run here, and the request is scheduled an hour ahead: its job stays QUEUED.
const { t, f, roles, tokens } = routeTest({
  config: { liveStreamsPerUser: 5, liveStreamsMax: 8 },
  tenancy: true,
  roles: { 'Job watcher': scopesFrom({ request: true, job: true, 'sim-actions': true }) },
});
let base: string;
let jobId: string;
let users = 0;

beforeAll(async () => {
  const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
  const made = await t.call({
    method: 'POST',
    url: `${API}/request`,
    token: tokens.staff,
    payload: { type: 'SUSPEND', iccids: [sim!.iccid], scheduledAt: new Date(Date.now() + 3_600_000).toISOString() },
  });
  expect(made.statusCode, made.body).toBe(201);
  jobId = made.json().data.request.jobId;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${API}`;
});

async function watcher(): Promise<TSession> {
  users += 1;
  const email = `watcher.${users}@events.test`;
  await makeUser(t, { email, roleId: roles['Job watcher']!.id, organizationId: f.orgs.C1.id });
  return await t.login(email, FIXTURE_PASSWORD);
}

type TStream = { status: number; headers: IncomingHttpHeaders; body: string; ended: Promise<number>; close: () => void };

/**
 * Opens a stream over real HTTP, on a connection of its own; `ended` resolves (to the time it ended) when the server
 * closes it, `close` hangs up from this side.
 */
function open(token: string): Promise<TStream> {
  return new Promise((resolve, reject) => {
    const request = get(
      `${base}/job-batch/${jobId}/events`,
      { agent: false, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        let finished: (at: number) => void = () => {};
        const stream: TStream = {
          status: response.statusCode!,
          headers: response.headers,
          body: '',
          ended: new Promise((done) => {
            finished = done;
          }),
          close: () => request.destroy(),
        };
        let answered = false;
        const answer = () => {
          if (!answered) resolve(stream);
          answered = true;
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          stream.body += chunk;
          if (stream.body.includes('\n\n')) answer();
        });
        response.on('close', () => {
          finished(Date.now());
          answer();
        });
      },
    );
    // Before an answer, a failure fails the test; after it, hanging up from this side is not one.
    request.on('error', (error) => reject(error));
  });
}

const still = async (s: TStream, ms: number) =>
  (await Promise.race([s.ended.then(() => 'ended'), sleep(ms).then(() => 'open')])) === 'open';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Closes streams from this side and waits until the server has let go of them: it notices a client gone at its next
 * write at the latest (one tick, a second).
 */
async function closeAll(streams: TStream[], left = 0) {
  for (const s of streams) s.close();
  await Promise.all(streams.map((s) => s.ended));
  const deadline = Date.now() + 3000;
  while (openJobEventCount(t.deps) > left && Date.now() < deadline) await sleep(25);
  expect(openJobEventCount(t.deps)).toBe(left);
}

describe('GET /job-batch/{id}/events', () => {
  it('closes an open stream within 5 s of logout, with an end event', async () => {
    const session = await watcher();
    const stream = await open(session.token);
    expect(stream.status).toBe(200);
    expect(stream.body).toMatch(/^event: progress\ndata: \{"status":"QUEUED"/);
    expect(await still(stream, 1500)).toBe(true);
    expect((await postLogout(t, session.refresh)).statusCode).toBe(200);
    const loggedOut = Date.now();
    const ended = await Promise.race([stream.ended, sleep(8000).then(() => Number.NaN)]);
    expect(ended - loggedOut).toBeLessThan(5000);
    await closeAll([stream]);
    expect(stream.body).toMatch(/event: end\ndata: \{"reason":"signed_out"\}\n\n$/);
    // And the place it held is free again: the same user (signed in anew) opens five.
    const again = await t.login(`watcher.${users}@events.test`, FIXTURE_PASSWORD);
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => open(again.token)));
    expect(five.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    await closeAll(five);
  }, 20_000);

  it('closes the stream when the user is disabled', async () => {
    const session = await watcher();
    const stream = await open(session.token);
    const disabled = await t.call({
      method: 'PUT',
      url: `${API}/users/${session.data.user.id}`,
      token: f.actors.staffAdmin.token,
      payload: { status: 'DISABLED' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const at = Date.now();
    const ended = await Promise.race([stream.ended, sleep(8000).then(() => Number.NaN)]);
    expect(ended - at).toBeLessThan(5000);
    await closeAll([stream]);
  }, 20_000);

  it('answers the sixth stream of one user 429, and frees a place when a stream closes', async () => {
    const session = await watcher();
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => open(session.token)));
    expect(five.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await open(session.token);
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.parse(sixth.body)).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    // Another user is not held back by it.
    const other = await open((await watcher()).token);
    expect(other.status).toBe(200);
    await closeAll([five[0]!], 5);
    const replacement = await open(session.token);
    expect(replacement.status).toBe(200);
    await closeAll([...five.slice(1), other, replacement]);
  }, 20_000);

  it('caps the streams of the whole process (TARANG_LIVE_STREAMS_MAX)', async () => {
    const sessions = await Promise.all([1, 2].map(() => watcher()));
    const held = [
      ...(await Promise.all([1, 2, 3, 4, 5].map(() => open(sessions[0]!.token)))),
      ...(await Promise.all([1, 2, 3].map(() => open(sessions[1]!.token)))),
    ];
    expect(held.map((s) => s.status)).toEqual(Array(8).fill(200));
    const refused = await open((await watcher()).token);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).message).toMatch(/as many live progress streams as it can/);
    await closeAll(held);
  }, 20_000);
});
