import { unlink } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { ZIdParams } from '@tarang/shared/common/api';
import { ZId } from '@tarang/shared/common/text';
import {
  TICKET_ATTACHMENT_MAX_BYTES,
  ZTicket,
  ZTicketComment,
  ZTicketCreate,
  ZTicketListMeta,
  ZTicketListQuery,
  ZTicketSummary,
  ZTicketUpdate,
} from '@tarang/shared/tickets/ticket.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { receiveFile } from '../../http/multipart-file';
import { contextOf, ok, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import { loadSimsConfig } from '../sims/sims.config';
import { CONTENT_TYPES, checkAttachment, contentDisposition } from './attachment-files';
import * as tickets from './tickets.service';

const ZAttachmentParams = z.object({ id: ZId, attachmentId: ZId }).strict();

/** Support tickets (issue 17, docs/decisions/032-tickets.md). */
export function ticketRoutes(app: FastifyInstance, deps: TDeps) {
  const uploadDir = loadSimsConfig(deps.config).uploadDir;
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: TICKET_ATTACHMENT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    const route = declareRoutes(scope, { tags: ['tickets'] });

    route.get('/tickets', {
      access: access.permission('tickets'),
      summary: 'Tickets in reach, newest first, with their SLA clock and whether they are overdue',
      querystring: ZTicketListQuery,
      data: z.array(ZTicketSummary),
      meta: ZTicketListMeta,
      handler: async (request) => okPage(await tickets.listTickets(deps, contextOf(request), request.query)),
    });

    route.post('/tickets', {
      access: access.permission('tickets', 'addTickets'),
      summary: 'Raise a ticket (staff for an organisation); optionally about SIMs and requests, or with a SIM’s diagnosis attached',
      body: ZTicketCreate,
      data: ZTicket,
      status: 201,
      handler: async (request) => ok(await tickets.createTicket(deps, contextOf(request), request.body), { message: 'Ticket raised' }),
    });

    route.get('/tickets/assignees', {
      access: access.permission('tickets', undefined, 'none', { staffOnly: true }),
      summary: 'Staff a ticket can be assigned to: active staff users whose role works tickets',
      data: z.array(z.object({ id: z.string(), label: z.string() })),
      handler: async () => ok(await tickets.listAssignees(deps)),
    });

    route.get('/tickets/:id', {
      access: access.permission('tickets'),
      summary: 'A ticket with its thread, attachments, SIMs, requests and diagnosis',
      params: ZIdParams,
      data: ZTicket,
      handler: async (request) => ok(await tickets.getTicket(deps, contextOf(request), request.params.id)),
    });

    route.put('/tickets/:id', {
      access: access.permission('tickets'),
      summary: 'Change a ticket: staff its status, priority and assignee; the organisation resolves, closes or reopens it',
      params: ZIdParams,
      body: ZTicketUpdate,
      data: ZTicket,
      handler: async (request) =>
        ok(await tickets.updateTicket(deps, contextOf(request), request.params.id, request.body), { message: 'Ticket saved' }),
    });

    route.post('/tickets/:id/comments', {
      access: access.permission('tickets'),
      summary: 'Reply in the ticket’s thread (mailed to the other side)',
      params: ZIdParams,
      body: ZTicketComment,
      data: ZTicket,
      status: 201,
      handler: async (request) =>
        ok(await tickets.addComment(deps, contextOf(request), request.params.id, request.body.body), { message: 'Reply sent' }),
    });

    route.post('/tickets/:id/attachments', {
      access: access.permission('tickets'),
      summary: 'Attach a PNG, JPEG, PDF, CSV or XLSX file up to 10 MB (multipart field "file"; its type is read from its content)',
      params: ZIdParams,
      consumes: ['multipart/form-data'],
      data: ZTicket,
      status: 201,
      handler: async (request) => {
        const file = await receiveFile(request, uploadDir, TICKET_ATTACHMENT_MAX_BYTES);
        try {
          const checked = await checkAttachment(file.tmpPath, file.fileName);
          return ok(await tickets.addAttachment(deps, contextOf(request), request.params.id, checked), { message: 'File attached' });
        } finally {
          await unlink(file.tmpPath).catch(() => {});
        }
      },
    });

    route.get('/tickets/:id/attachments/:attachmentId', {
      access: access.permission('tickets'),
      summary: 'Download an attachment (as an attachment, with its checksum; never shown inline)',
      params: ZAttachmentParams,
      handler: async (request, reply) => {
        const file = await tickets.readAttachment(deps, contextOf(request), request.params.id, request.params.attachmentId);
        reply
          .header('content-type', CONTENT_TYPES[file.type as keyof typeof CONTENT_TYPES])
          .header('content-disposition', contentDisposition(file.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('digest', `sha-256=${Buffer.from(file.sha256, 'hex').toString('base64')}`);
        return reply.send(file.content);
      },
    });
  });
}
