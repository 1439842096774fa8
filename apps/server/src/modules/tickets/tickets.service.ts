import { newId } from '@tarang/shared/common/ids';
import {
  TICKET_ATTACHMENTS_MAX,
  TICKET_DONE_STATUSES,
  TICKET_SLA_HOURS,
  type TTicket,
  type TTicketCreate,
  type TTicketListQuery,
  type TTicketPriority,
  type TTicketStatus,
  type TTicketSummary,
  type TTicketUpdate,
} from '@tarang/shared/tickets/ticket.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { AppError, fieldError } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { assertOrganizationInScope, inScope } from '../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import { getSimDiagnosis } from '../sim-diagnosis/diagnosis.service';
import { findSimByIccid } from '../sims/sims.repository';
import type { TCheckedAttachment } from './attachment-files';

/**
 * Support tickets (issue 17, docs/decisions/032-tickets.md): raised by an organisation (or by staff for one), answered
 * in a thread, assigned on staff's side, with an SLA clock by priority that stops while the ticket waits on the
 * customer, and mail to the other side on each reply (outbox). A ticket is its organisation's: another organisation's
 * is not found.
 */

type TSide = 'ORGANIZATION' | 'STAFF';
const sideOf = (actor: TActor): TSide => (actor.scope.kind === 'all' ? 'STAFF' : 'ORGANIZATION');
const notFound = () => fieldError('NOT_FOUND', 'id', 'Ticket not found');
const reach = (actor: TActor) => inScope(actor.scope, sql`t.organization_id`) ?? sql`true`;

type TRow = {
  id: string;
  number: string;
  subject: string;
  category: string;
  priority: string;
  status: string;
  organization_id: string;
  trade_name: string;
  created_by_id: string | null;
  created_by_label: string;
  created_by_side: TSide;
  assignee_id: string | null;
  assignee_label: string | null;
  sla_due_at: Date | null;
  sla_left_seconds: number | null;
  overdue: boolean;
  comments: number;
  diagnosis: Record<string, unknown> | null;
  resolved_at: Date | null;
  closed_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** A user's name as others read it (the label kept at the time when the user is gone). */
const nameOf = (alias: string, label: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${label})`);

const columns = sql`t.id, t.number, t.subject, t.category, t.priority, t.status, t.organization_id, o.trade_name, t.created_by_id,
  ${nameOf('cb', 't.created_by_label')} AS created_by_label, t.created_by_side, t.assignee_id, trim(a.first_name || ' ' || a.last_name) AS assignee_label, t.sla_due_at,
  t.sla_left_seconds, coalesce(t.sla_due_at < now(), false) AS overdue,
  (SELECT count(*)::int FROM ticket_comments c WHERE c.ticket_id = t.id) AS comments, t.diagnosis, t.resolved_at, t.closed_at,
  t.created_at, t.updated_at`;
const from = sql`tickets t JOIN organizations o ON o.id = t.organization_id LEFT JOIN users a ON a.id = t.assignee_id
  LEFT JOIN users cb ON cb.id = t.created_by_id`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toSummary(r: TRow): TTicketSummary {
  return {
    id: r.id,
    number: r.number,
    subject: r.subject,
    category: r.category as TTicketSummary['category'],
    priority: r.priority as TTicketPriority,
    status: r.status as TTicketStatus,
    organization: { id: r.organization_id, tradeName: r.trade_name },
    createdBy: { id: r.created_by_id, label: r.created_by_label, side: r.created_by_side },
    assignee: r.assignee_id ? { id: r.assignee_id, label: r.assignee_label ?? '' } : null,
    slaDueAt: iso(r.sla_due_at),
    overdue: r.overdue,
    comments: r.comments,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

async function findRow(db: TExecutor, actor: TActor, id: string, lock = false): Promise<TRow | null> {
  const { rows } = await db.execute<TRow>(
    sql`SELECT ${columns} FROM ${from} WHERE t.id = ${id} AND ${reach(actor)} ${lock ? sql`FOR UPDATE OF t` : sql``}`,
  );
  return rows[0] ?? null;
}

/** Mail to the other side of a ticket: to staff, its assignee (else every staff user who works tickets); to the organisation, whoever raised it and wrote in it. */
async function mailOtherSide(deps: TDeps, tx: TExecutor, ticket: TRow, from: TSide, subject: string, body: string) {
  const { rows } = await tx.execute<{ id: string; email: string }>(
    from === 'ORGANIZATION'
      ? ticket.assignee_id
        ? sql`SELECT id, email FROM users WHERE id = ${ticket.assignee_id} AND email IS NOT NULL AND status = 'ACTIVE'`
        : sql`SELECT u.id, u.email FROM users u JOIN roles r ON r.id = u.role_id
            WHERE u.organization_id IS NULL AND u.email IS NOT NULL AND u.status = 'ACTIVE'
              AND coalesce((r.auth_scopes -> 'tickets' ->> 'allowed')::boolean, false)`
      : sql`SELECT DISTINCT u.id, u.email FROM users u
          WHERE u.email IS NOT NULL AND u.status = 'ACTIVE' AND u.organization_id = ${ticket.organization_id}
            AND (u.id = ${ticket.created_by_id} OR u.id IN (SELECT author_id FROM ticket_comments WHERE ticket_id = ${ticket.id}))`,
  );
  for (const person of rows) {
    await deps.messenger.enqueue(tx, {
      channel: 'EMAIL',
      to: person.email,
      recipientUserId: person.id,
      subject: `[${ticket.number}] ${subject}`,
      body: `${body}\n\n${deps.config.publicUrl}/tickets/${ticket.id}`,
      template: 'ticket-reply',
    });
  }
}

export async function createTicket(deps: TDeps, ctx: TRequestContext, body: TTicketCreate): Promise<TTicket> {
  const actor = requireActor(ctx);
  const side = sideOf(actor);
  let organizationId: string;
  if (body.organizationId) {
    await assertOrganizationInScope(deps.db, actor.scope, body.organizationId);
    organizationId = body.organizationId;
  } else if (actor.scope.kind === 'subtree') organizationId = actor.scope.organizationId;
  else throw fieldError('VALIDATION_FAILED', 'organizationId', 'Staff raise a ticket for an organisation: give organizationId');

  // The SIMs and requests it is about: in reach, and of its organisation's subtree.
  const simIds: string[] = [];
  for (const [i, iccid] of (body.iccids ?? []).entries()) {
    const sim = await findSimByIccid(deps.db, actor.scope, iccid);
    if (!sim) throw fieldError('NOT_FOUND', `iccids.${i}`, `SIM ${iccid} not found`);
    simIds.push(sim.id);
  }
  const requestIds = [...new Set(body.requestIds ?? [])];
  if (requestIds.length) {
    const { rows } = await deps.db.execute<{ id: string }>(sql`
      SELECT r.id FROM requests r WHERE r.id = ANY(${sql.param(requestIds)}::char(24)[])
        AND ${inScope(actor.scope, sql`r.organization_id`) ?? sql`true`}`);
    const found = new Set(rows.map((r) => r.id));
    const missing = requestIds.findIndex((id) => !found.has(id));
    if (missing >= 0) throw fieldError('NOT_FOUND', `requestIds.${missing}`, 'Request not found');
  }
  // Raise a ticket from the diagnosis page: the SIM's diagnosis as it is now, kept with the ticket.
  let diagnosis: unknown = null;
  if (body.diagnosisIccid) {
    const d = await getSimDiagnosis(deps, ctx, { iccid: body.diagnosisIccid }).catch((error) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw fieldError('NOT_FOUND', 'diagnosisIccid', 'SIM not found');
      throw error;
    });
    diagnosis = { takenAt: new Date().toISOString(), sim: d.sim, failing: d.failing, warning: d.warning, checks: d.checks };
    if (!simIds.includes(d.sim.id)) simIds.push(d.sim.id);
  }

  const id = newId();
  await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ n: string }>(sql`SELECT 'TK' || lpad(nextval('ticket_numbers')::text, 8, '0') AS n`);
    const hours = TICKET_SLA_HOURS[body.priority];
    await tx.execute(sql`
      INSERT INTO tickets (id, number, organization_id, subject, category, priority, status, created_by_id, created_by_label,
        created_by_side, sla_due_at, diagnosis)
      VALUES (${id}, ${rows[0]!.n}, ${organizationId}, ${body.subject}, ${body.category}, ${body.priority}, 'OPEN', ${actor.userId},
        ${actor.label}, ${side}, now() + make_interval(hours => ${hours}), ${diagnosis === null ? null : JSON.stringify(diagnosis)}::jsonb)`);
    await tx.execute(sql`INSERT INTO ticket_comments (id, ticket_id, author_id, author_label, author_side, body)
      VALUES (${newId()}, ${id}, ${actor.userId}, ${actor.label}, ${side}, ${body.body})`);
    if (simIds.length) {
      await tx.execute(sql`INSERT INTO ticket_sims (ticket_id, sim_id)
        SELECT ${id}, s FROM unnest(${sql.param([...new Set(simIds)])}::char(24)[]) AS s`);
    }
    if (requestIds.length) {
      await tx.execute(sql`INSERT INTO ticket_requests (ticket_id, request_id)
        SELECT ${id}, r FROM unnest(${sql.param(requestIds)}::char(24)[]) AS r`);
    }
    const ticket = (await findRow(tx, { ...actor, scope: { kind: 'all' } }, id))!;
    await mailOtherSide(deps, tx, ticket, side, `New ticket: ${body.subject}`, `${actor.label} raised a ticket:\n\n${body.body}`);
    await recordAudit(tx, ctx, {
      action: 'ticket.create',
      entityType: 'ticket',
      entityId: id,
      organizationId,
      after: { number: ticket.number, subject: body.subject, category: body.category, priority: body.priority },
    });
  });
  return await getTicket(deps, ctx, id);
}

export async function listTickets(deps: TDeps, ctx: TRequestContext, q: TTicketListQuery) {
  const actor = requireActor(ctx);
  const conditions: SQL[] = [reach(actor)];
  if (q.status) conditions.push(sql`t.status = ${q.status}`);
  if (q.priority) conditions.push(sql`t.priority = ${q.priority}`);
  if (q.category) conditions.push(sql`t.category = ${q.category}`);
  if (q.organizationId) conditions.push(sql`t.organization_id = ${q.organizationId}`);
  if (q.assigneeId) conditions.push(sql`t.assignee_id = ${q.assigneeId}`);
  if (q.overdue === 'true') conditions.push(sql`t.sla_due_at < now()`);
  if (q.overdue === 'false') conditions.push(sql`(t.sla_due_at IS NULL OR t.sla_due_at >= now())`);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(t.number ILIKE ${like} OR t.subject ILIKE ${like})`);
  }
  const where = sql.join(conditions, sql` AND `);
  const [page, count] = await Promise.all([
    deps.db.execute<TRow>(
      sql`SELECT ${columns} FROM ${from} WHERE ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
    ),
    deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM tickets t WHERE ${where}`),
  ]);
  return { rows: page.rows.map(toSummary), meta: { page: q.page, limit: q.limit, total: count.rows[0]?.n ?? 0 } };
}

export async function getTicket(deps: TDeps, ctx: TRequestContext, id: string): Promise<TTicket> {
  const actor = requireActor(ctx);
  const row = await findRow(deps.db, actor, id);
  if (!row) throw notFound();
  const [thread, attachments, sims, requests] = await Promise.all([
    deps.db.execute<{ id: string; body: string; created_at: Date; author_id: string | null; author_label: string; author_side: TSide }>(
      sql`SELECT c.id, c.body, c.created_at, c.author_id, ${nameOf('u', 'c.author_label')} AS author_label, c.author_side
        FROM ticket_comments c LEFT JOIN users u ON u.id = c.author_id WHERE c.ticket_id = ${id} ORDER BY c.created_at, c.id`,
    ),
    deps.db.execute<{
      id: string;
      file_name: string;
      type: string;
      size: number;
      sha256: string;
      comment_id: string | null;
      created_at: Date;
      author_id: string | null;
      author_label: string;
      author_side: TSide;
    }>(sql`SELECT a.id, a.file_name, a.type, a.size, a.sha256, a.comment_id, a.created_at, a.author_id,
        ${nameOf('u', 'a.author_label')} AS author_label, a.author_side
      FROM ticket_attachments a LEFT JOIN users u ON u.id = a.author_id WHERE a.ticket_id = ${id} ORDER BY a.created_at, a.id`),
    deps.db.execute<{ id: string; iccid: string; status: string }>(sql`
      SELECT s.id, s.primary_iccid AS iccid, s.status FROM ticket_sims ts JOIN sims s ON s.id = ts.sim_id WHERE ts.ticket_id = ${id}
      ORDER BY s.primary_iccid`),
    deps.db.execute<{ id: string; batch_job_id: string | null; type: string }>(sql`
      SELECT r.id, b.batch_job_id, r.type FROM ticket_requests tr JOIN requests r ON r.id = tr.request_id
      LEFT JOIN batch_jobs b ON b.request_id = r.id WHERE tr.ticket_id = ${id}`),
  ]);
  return {
    ...toSummary(row),
    sims: sims.rows,
    requests: requests.rows.map((r) => ({ id: r.id, batchJobId: r.batch_job_id, type: r.type })),
    diagnosis: row.diagnosis,
    thread: thread.rows.map((c) => ({
      id: c.id,
      body: c.body,
      createdAt: iso(c.created_at)!,
      author: { id: c.author_id, label: c.author_label, side: c.author_side },
    })),
    attachments: attachments.rows.map((a) => ({
      id: a.id,
      fileName: a.file_name,
      type: a.type as TTicket['attachments'][number]['type'],
      size: Number(a.size),
      sha256: a.sha256,
      commentId: a.comment_id,
      createdAt: iso(a.created_at)!,
      author: { id: a.author_id, label: a.author_label, side: a.author_side },
    })),
    resolvedAt: iso(row.resolved_at),
    closedAt: iso(row.closed_at),
  };
}

/**
 * The SLA clock on a status change: waiting on the customer stops it (what is left is kept), leaving that starts it
 * again from what was left, resolving or closing ends it, and reopening starts a fresh one for the priority.
 */
function clockOn(status: TTicketStatus, before: TRow, priority: TTicketPriority): SQL {
  const done = TICKET_DONE_STATUSES.includes(status);
  const wasDone = TICKET_DONE_STATUSES.includes(before.status as TTicketStatus);
  if (done) return sql`sla_due_at = NULL, sla_left_seconds = NULL`;
  if (status === 'WAITING_ON_CUSTOMER') {
    if (before.status === 'WAITING_ON_CUSTOMER') return sql`sla_due_at = sla_due_at`;
    return sql`sla_left_seconds = greatest(0, extract(epoch FROM (coalesce(sla_due_at, now()) - now())))::int, sla_due_at = NULL`;
  }
  if (wasDone) return sql`sla_due_at = now() + make_interval(hours => ${TICKET_SLA_HOURS[priority]}), sla_left_seconds = NULL`;
  if (before.status === 'WAITING_ON_CUSTOMER') {
    return sql`sla_due_at = now() + make_interval(secs => coalesce(sla_left_seconds, 0)), sla_left_seconds = NULL`;
  }
  return sql`sla_due_at = sla_due_at`;
}

/** What each side may set: staff any status, priority and assignee; the organisation only resolves, closes or reopens its ticket. */
const ORGANIZATION_STATUSES: readonly TTicketStatus[] = ['OPEN', 'RESOLVED', 'CLOSED'];

export async function updateTicket(deps: TDeps, ctx: TRequestContext, id: string, body: TTicketUpdate): Promise<TTicket> {
  const actor = requireActor(ctx);
  const side = sideOf(actor);
  await deps.db.transaction(async (tx) => {
    const before = await findRow(tx, actor, id, true);
    if (!before) throw notFound();
    if (side === 'ORGANIZATION') {
      if (body.priority !== undefined || body.assigneeId !== undefined) {
        throw fieldError(
          'FORBIDDEN',
          body.priority !== undefined ? 'priority' : 'assigneeId',
          'Only staff change the priority or the assignee',
        );
      }
      if (body.status && !ORGANIZATION_STATUSES.includes(body.status)) {
        throw fieldError('FORBIDDEN', 'status', 'An organisation resolves, closes or reopens its ticket; staff set the rest');
      }
    }
    if (body.assigneeId) {
      const { rows } = await tx.execute<{ ok: boolean }>(sql`
        SELECT true AS ok FROM users u JOIN roles r ON r.id = u.role_id
        WHERE u.id = ${body.assigneeId} AND u.organization_id IS NULL AND u.status = 'ACTIVE'
          AND coalesce((r.auth_scopes -> 'tickets' ->> 'allowed')::boolean, false)`);
      if (!rows[0]) throw fieldError('UNPROCESSABLE', 'assigneeId', 'The assignee must be an active staff user who works tickets');
    }
    const priority = (body.priority ?? before.priority) as TTicketPriority;
    const status = (body.status ?? before.status) as TTicketStatus;
    const sets: SQL[] = [sql`updated_at = now()`];
    if (body.status && body.status !== before.status) {
      sets.push(sql`status = ${status}`, clockOn(status, before, priority));
      if (status === 'RESOLVED') sets.push(sql`resolved_at = now()`);
      if (status === 'CLOSED') sets.push(sql`closed_at = now()`);
      if (!TICKET_DONE_STATUSES.includes(status)) sets.push(sql`resolved_at = NULL, closed_at = NULL`);
    }
    if (body.priority && body.priority !== before.priority) {
      const delta = TICKET_SLA_HOURS[body.priority] - TICKET_SLA_HOURS[before.priority as TTicketPriority];
      sets.push(sql`priority = ${body.priority}`);
      // The clock keeps what has run and gains (or loses) the difference between the two priorities' hours.
      if (!body.status || body.status === before.status) {
        sets.push(
          sql`sla_due_at = sla_due_at + make_interval(hours => ${delta})`,
          sql`sla_left_seconds = CASE WHEN sla_left_seconds IS NULL THEN NULL ELSE greatest(0, sla_left_seconds + ${delta * 3600}) END`,
        );
      }
    }
    if (body.assigneeId !== undefined) sets.push(sql`assignee_id = ${body.assigneeId}`);
    await tx.execute(sql`UPDATE tickets SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    await recordAudit(tx, ctx, {
      action: 'ticket.update',
      entityType: 'ticket',
      entityId: id,
      organizationId: before.organization_id,
      before: { status: before.status, priority: before.priority, assigneeId: before.assignee_id },
      after: { status, priority, assigneeId: body.assigneeId === undefined ? before.assignee_id : body.assigneeId },
    });
  });
  return await getTicket(deps, ctx, id);
}

/**
 * A reply in the thread, mailed to the other side. The customer answering a ticket waiting on them puts it back in
 * progress (the clock runs again); staff's first answer takes an open ticket in progress; a reply reopens nothing that
 * is closed (409).
 */
export async function addComment(deps: TDeps, ctx: TRequestContext, id: string, body: string): Promise<TTicket> {
  const actor = requireActor(ctx);
  const side = sideOf(actor);
  await deps.db.transaction(async (tx) => {
    const ticket = await findRow(tx, actor, id, true);
    if (!ticket) throw notFound();
    if (ticket.status === 'CLOSED') throw new AppError('CONFLICT', 'The ticket is closed: reopen it to write in it');
    await tx.execute(sql`INSERT INTO ticket_comments (id, ticket_id, author_id, author_label, author_side, body)
      VALUES (${newId()}, ${id}, ${actor.userId}, ${actor.label}, ${side}, ${body})`);
    const next: TTicketStatus | null =
      side === 'ORGANIZATION' && (ticket.status === 'WAITING_ON_CUSTOMER' || ticket.status === 'RESOLVED')
        ? 'IN_PROGRESS'
        : side === 'STAFF' && ticket.status === 'OPEN'
          ? 'IN_PROGRESS'
          : null;
    const clock = next ? sql`, status = ${next}, ${clockOn(next, ticket, ticket.priority as TTicketPriority)}` : sql``;
    await tx.execute(sql`UPDATE tickets SET updated_at = now() ${clock} WHERE id = ${id}`);
    await mailOtherSide(deps, tx, ticket, side, `Reply: ${ticket.subject}`, `${actor.label} wrote:\n\n${body}`);
  });
  return await getTicket(deps, ctx, id);
}

export async function addAttachment(deps: TDeps, ctx: TRequestContext, id: string, file: TCheckedAttachment): Promise<TTicket> {
  const actor = requireActor(ctx);
  const side = sideOf(actor);
  await deps.db.transaction(async (tx) => {
    const ticket = await findRow(tx, actor, id, true);
    if (!ticket) throw notFound();
    if (ticket.status === 'CLOSED') throw new AppError('CONFLICT', 'The ticket is closed: reopen it to attach files');
    const { rows } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ticket_attachments WHERE ticket_id = ${id}`);
    if ((rows[0]?.n ?? 0) >= TICKET_ATTACHMENTS_MAX) {
      throw fieldError('UNPROCESSABLE', 'file', `A ticket holds at most ${TICKET_ATTACHMENTS_MAX} attachments`);
    }
    const attachmentId = newId();
    await tx.execute(sql`INSERT INTO ticket_attachments (id, ticket_id, file_name, type, size, sha256, author_id, author_label, author_side)
      VALUES (${attachmentId}, ${id}, ${file.fileName}, ${file.type}, ${file.content.length}, ${file.sha256}, ${actor.userId},
        ${actor.label}, ${side})`);
    await tx.execute(sql`INSERT INTO ticket_attachment_files (attachment_id, content) VALUES (${attachmentId}, ${file.content})`);
    await tx.execute(sql`UPDATE tickets SET updated_at = now() WHERE id = ${id}`);
    await mailOtherSide(deps, tx, ticket, side, `Attachment: ${ticket.subject}`, `${actor.label} attached ${file.fileName}.`);
    await recordAudit(tx, ctx, {
      action: 'ticket.attach',
      entityType: 'ticket',
      entityId: id,
      organizationId: ticket.organization_id,
      after: { attachmentId, fileName: file.fileName, type: file.type, size: file.content.length, sha256: file.sha256 },
    });
  });
  return await getTicket(deps, ctx, id);
}

/** An attachment's bytes, for its ticket's readers only (another organisation's is not found). */
export async function readAttachment(deps: TDeps, ctx: TRequestContext, id: string, attachmentId: string) {
  const actor = requireActor(ctx);
  const { rows } = await deps.db.execute<{ file_name: string; type: string; sha256: string; content: Buffer }>(sql`
    SELECT a.file_name, a.type, a.sha256, f.content FROM ticket_attachments a JOIN ticket_attachment_files f ON f.attachment_id = a.id
    JOIN tickets t ON t.id = a.ticket_id
    WHERE a.id = ${attachmentId} AND a.ticket_id = ${id} AND ${reach(actor)}`);
  const row = rows[0];
  if (!row) throw fieldError('NOT_FOUND', 'attachmentId', 'Attachment not found');
  return { fileName: row.file_name, type: row.type, sha256: row.sha256, content: row.content };
}

/** Staff who can be assigned a ticket: active staff users whose role works tickets, by name. */
export async function listAssignees(deps: TDeps): Promise<{ id: string; label: string }[]> {
  const { rows } = await deps.db.execute<{ id: string; label: string }>(sql`
    SELECT u.id, ${nameOf('u', 'coalesce(u.email, u.id)')} AS label FROM users u JOIN roles r ON r.id = u.role_id
    WHERE u.organization_id IS NULL AND u.status = 'ACTIVE' AND coalesce((r.auth_scopes -> 'tickets' ->> 'allowed')::boolean, false)
    ORDER BY 2 LIMIT 500`);
  return rows;
}
