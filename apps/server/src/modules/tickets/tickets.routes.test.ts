import { createHash } from 'node:crypto';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TTicket } from '@tarang/shared/tickets/ticket.schemas';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { makeSims, multipartBody } from '../sims/sims-test-kit';

/**
 * Support tickets (issue 17): raised by an organisation with a SIM's diagnosis, answered by staff with mail to the other
 * side, the SLA clock stopping while waiting on the customer and overdue marking, attachments checked by their content
 * and served safely, and another organisation's ticket not found.
 */
const { t, f, tokens } = routeTest({
  tenancy: true,
  roles: { 'Ticket raisers': scopesFrom({ tickets: true, 'sim-diagnosis': true }) },
  users: {
    c1Raiser: { email: 'c1-raiser@tickets.test', role: 'Ticket raisers', org: 'C1' },
    c2Raiser: { email: 'c2-raiser@tickets.test', role: 'Ticket raisers', org: 'C2' },
  },
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.call({ method, url: `${API}${url}`, token, ...(payload ? { payload } : {}) });

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6360000000020001e221bc330000000049454e44ae426082',
    'hex',
  ),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function raise(token = tokens.c1Raiser!, extra: object = {}): Promise<TTicket> {
  const res = await call('POST', '/tickets', token, {
    subject: 'Tracker stopped reporting',
    category: 'CONNECTIVITY',
    priority: 'HIGH',
    body: 'Since yesterday the tracker sends nothing.',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const mails = async (recipientUserId: string) =>
  (
    await t.database.pool.query('SELECT subject, body FROM outbox_messages WHERE recipient_user_id = $1 ORDER BY created_at', [
      recipientUserId,
    ])
  ).rows as { subject: string; body: string }[];

const attach = (id: string, token: string, name: string, content: Buffer) => {
  const body = multipartBody(name, content);
  return t.call({ method: 'POST', url: `${API}/tickets/${id}/attachments`, token, payload: body.payload, headers: body.headers });
};

describe('tickets', () => {
  it('raised from the diagnosis with the SIM attached; staff answer and the customer gets mail; the SLA clock stops while waiting on them', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const ticket = await raise(tokens.c1Raiser!, { diagnosisIccid: sim!.iccid });
    expect(ticket).toMatchObject({
      number: expect.stringMatching(/^TK\d{8}$/),
      status: 'OPEN',
      priority: 'HIGH',
      organization: { id: f.orgs.C1.id },
      createdBy: { side: 'ORGANIZATION' },
      sims: [{ iccid: sim!.iccid, status: 'ACTIVE' }],
      overdue: false,
    });
    expect(ticket.thread).toHaveLength(1);
    expect(ticket.diagnosis).toMatchObject({ sim: { iccid: sim!.iccid }, checks: expect.any(Array) });
    // HIGH is due within 8 hours.
    const due = Date.parse(ticket.slaDueAt!) - Date.parse(ticket.createdAt);
    expect(due).toBeGreaterThan(8 * 3_600_000 - 60_000);
    expect(due).toBeLessThan(8 * 3_600_000 + 60_000);
    // Staff hear of it (the Super Admin works tickets).
    expect((await mails(f.actors.staffAdmin.userId)).map((m) => m.subject)).toContain(
      `[${ticket.number}] New ticket: Tracker stopped reporting`,
    );

    const answered = await call('POST', `/tickets/${ticket.id}/comments`, tokens.staff, { body: 'Its SIM was suspended: resumed now.' });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().data).toMatchObject({ status: 'IN_PROGRESS', comments: 2 });
    const raiserId = ticket.createdBy.id!;
    expect((await mails(raiserId)).at(-1)).toMatchObject({ subject: `[${ticket.number}] Reply: Tracker stopped reporting` });

    const waiting = (await call('PUT', `/tickets/${ticket.id}`, tokens.staff, { status: 'WAITING_ON_CUSTOMER' })).json().data as TTicket;
    expect(waiting).toMatchObject({ status: 'WAITING_ON_CUSTOMER', slaDueAt: null, overdue: false });
    const [{ sla_left_seconds: left }] = (await t.database.pool.query('SELECT sla_left_seconds FROM tickets WHERE id = $1', [ticket.id]))
      .rows;
    expect(left).toBeGreaterThan(8 * 3600 - 120);
    // The customer answering puts it back in progress, the clock running from what was left.
    const back = (await call('POST', `/tickets/${ticket.id}/comments`, tokens.c1Raiser!, { body: 'It reports again, thank you.' })).json()
      .data as TTicket;
    expect(back.status).toBe('IN_PROGRESS');
    expect(Math.abs(Date.parse(back.slaDueAt!) - (Date.now() + left * 1000))).toBeLessThan(60_000);
    expect((await mails(f.actors.staffAdmin.userId)).at(-1)!.subject).toBe(`[${ticket.number}] Reply: Tracker stopped reporting`);

    // Past due: overdue, and found by the overdue filter.
    await t.database.pool.query(`UPDATE tickets SET sla_due_at = now() - interval '1 minute' WHERE id = $1`, [ticket.id]);
    expect((await call('GET', `/tickets/${ticket.id}`, tokens.c1Raiser!)).json().data.overdue).toBe(true);
    const overdue = (await call('GET', '/tickets?overdue=true&limit=100', tokens.staff)).json().data as TTicket[];
    expect(overdue.map((x) => x.id)).toContain(ticket.id);
    // Resolved: the clock stops; closed: no more replies.
    const resolved = (await call('PUT', `/tickets/${ticket.id}`, tokens.c1Raiser!, { status: 'RESOLVED' })).json().data as TTicket;
    expect(resolved).toMatchObject({ status: 'RESOLVED', slaDueAt: null, overdue: false });
    await call('PUT', `/tickets/${ticket.id}`, tokens.c1Raiser!, { status: 'CLOSED' });
    expect((await call('POST', `/tickets/${ticket.id}/comments`, tokens.staff, { body: 'One more thing' })).statusCode).toBe(409);
  });

  it('attachments: the type is read from the content, the name loses its path, and the file comes back as it went in', async () => {
    const ticket = await raise();
    const png = await attach(ticket.id, tokens.c1Raiser!, '../../etc/screen shot.png', PNG);
    expect(png.statusCode, png.body).toBe(201);
    const stored = (png.json().data as TTicket).attachments[0]!;
    expect(stored).toMatchObject({ fileName: 'screen shot.png', type: 'PNG', size: PNG.length });
    expect(stored.sha256).toBe(createHash('sha256').update(PNG).digest('hex'));

    const download = await t.call({ method: 'GET', url: `${API}/tickets/${ticket.id}/attachments/${stored.id}`, token: tokens.staff });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="screen shot.png"; filename*=UTF-8''screen%20shot.png`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PNG)).toBe(true);

    // A PDF named as a picture, an executable, an empty file, one past 10 MB: refused naming the file.
    for (const [name, content, status] of [
      ['photo.png', PDF, 415],
      ['tool.pdf', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), 415],
      ['notes.csv', Buffer.alloc(0), 415],
      ['huge.csv', Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), 413],
    ] as const) {
      const res = await attach(ticket.id, tokens.c1Raiser!, name, content);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().errors[0].path, name).toBe('file');
    }
    expect((await call('GET', `/tickets/${ticket.id}`, tokens.c1Raiser!)).json().data.attachments).toHaveLength(1);
  });

  it("another organisation's ticket and its attachments are not found; the organisation sets only what is its to set", async () => {
    const ticket = await raise();
    const pdf = await attach(ticket.id, tokens.c1Raiser!, 'invoice.pdf', PDF);
    const attachmentId = (pdf.json().data as TTicket).attachments[0]!.id;
    for (const [method, url, body] of [
      ['GET', `/tickets/${ticket.id}`, undefined],
      ['PUT', `/tickets/${ticket.id}`, { status: 'CLOSED' }],
      ['POST', `/tickets/${ticket.id}/comments`, { body: 'Hello' }],
      ['GET', `/tickets/${ticket.id}/attachments/${attachmentId}`, undefined],
    ] as const) {
      expect((await call(method, url, tokens.c2Raiser!, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await attach(ticket.id, tokens.c2Raiser!, 'x.pdf', PDF)).statusCode).toBe(404);
    expect(((await call('GET', '/tickets?limit=100', tokens.c2Raiser!)).json().data as TTicket[]).map((x) => x.id)).not.toContain(
      ticket.id,
    );

    const priority = await call('PUT', `/tickets/${ticket.id}`, tokens.c1Raiser!, { priority: 'URGENT' });
    expect(priority.statusCode).toBe(403);
    expect(priority.json().errors[0].path).toBe('priority');
    expect((await call('PUT', `/tickets/${ticket.id}`, tokens.c1Raiser!, { status: 'IN_PROGRESS' })).statusCode).toBe(403);
    // The assignee is a staff user who works tickets, not an organisation's user.
    const wrong = await call('PUT', `/tickets/${ticket.id}`, tokens.staff, { assigneeId: ticket.createdBy.id });
    expect(wrong.statusCode).toBe(422);
    const assigned = await call('PUT', `/tickets/${ticket.id}`, tokens.staff, {
      assigneeId: f.actors.staffAdmin.userId,
      priority: 'URGENT',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({ assignee: { id: f.actors.staffAdmin.userId }, priority: 'URGENT' });
    // Staff pick an assignee from the staff who work tickets; an organisation cannot list them.
    const assignees = (await call('GET', '/tickets/assignees', tokens.staff)).json().data as { id: string }[];
    expect(assignees.map((a) => a.id)).toContain(f.actors.staffAdmin.userId);
    expect((await call('GET', '/tickets/assignees', tokens.c1Raiser!)).statusCode).toBe(403);
    // Staff raise for an organisation, and must say which.
    expect((await call('POST', '/tickets', tokens.staff, { subject: 'S', category: 'OTHER', body: 'B' })).statusCode).toBe(400);
  });
});
