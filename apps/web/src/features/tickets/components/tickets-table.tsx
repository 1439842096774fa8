import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TTicketListQuery,
  type TTicketSummary,
} from '@tarang/shared/tickets/ticket.schemas';
import type { MouseEvent } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TListColumn } from '@/components/list-screen/columns';
import { activeFilters, type TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { RowLink } from '@/components/list-screen/row-link';
import { useListController } from '@/components/list-screen/use-list-controller';
import { useSignedIn } from '@/lib/auth';
import { formatDateTime } from '@/lib/date';
import { useTickets } from '../api/get-tickets';
import { useTicketMessages } from '../utils/messages';
import { SlaDue, TicketPriorityChip, TicketStatusChip } from './ticket-chips';

export const ticketHref = (id: string) => `/tickets/${encodeURIComponent(id)}`;

/**
 * The tickets (spec /tickets): newest first, each with its number (a link to it), subject, category, priority, status,
 * organisation (staff), assignee, SLA due time with Overdue in red, replies (and, from the column menu, when it was
 * raised). Narrowed by status, priority, category, being overdue and a search of the number or subject, kept in the
 * address. A click on a row opens the ticket; the number is its link for the keyboard.
 */
export function TicketsTable() {
  const { t } = useTranslation('tickets');
  const { failure } = useTicketMessages();
  const { user } = useSignedIn();
  const staff = user.organization === null;
  const navigate = useNavigate();

  const filters = useMemo(
    (): TFilter[] => [
      {
        kind: 'text',
        key: 'search',
        search: true,
        grow: true,
        label: t('filters.search'),
        placeholder: t('filters.searchPlaceholder'),
        maxLength: 100,
      },
      {
        kind: 'select',
        key: 'status',
        label: t('filters.status'),
        anyLabel: t('filters.anyStatus'),
        options: TICKET_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
        width: 190,
      },
      {
        kind: 'select',
        key: 'priority',
        label: t('filters.priority'),
        anyLabel: t('filters.anyPriority'),
        options: TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priorities.${p}`) })),
        width: 150,
      },
      {
        kind: 'select',
        key: 'category',
        label: t('filters.category'),
        anyLabel: t('filters.anyCategory'),
        options: TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) })),
        width: 170,
      },
      {
        kind: 'select',
        key: 'overdue',
        label: t('filters.overdue'),
        anyLabel: t('filters.anySla'),
        options: [
          { value: 'true', label: t('filters.overdueOnly') },
          { value: 'false', label: t('filters.onTime') },
        ],
        width: 150,
      },
      { kind: 'organization', key: 'organizationId', label: t('filters.organization'), hidden: !staff, more: true, width: 220 },
    ],
    [t, staff],
  );
  const list = useListController({ paging: 'pages', filters });
  const filter = list.filter as Pick<TTicketListQuery, 'status' | 'priority' | 'category' | 'organizationId' | 'overdue' | 'search'>;
  const query = useTickets({ page: list.pageParams.page, limit: list.pageParams.limit, ...filter });
  const filtered = activeFilters(filters, list.filter) > 0;

  const columns = useMemo(
    (): TListColumn<TTicketSummary>[] => [
      {
        field: 'number',
        header: t('fields.number'),
        width: 110,
        mono: true,
        render: (r) => (
          <RowLink to={ticketHref(r.id)} aria-label={t('actions.open', { number: r.number })}>
            {r.number}
          </RowLink>
        ),
      },
      {
        field: 'subject',
        header: t('fields.subject'),
        minWidth: 160,
        flex: 1.5,
        // A long subject is cut short in a grid cell (the pointer shows it whole) and wraps on a phone's card.
        render: (r) => (
          <Typography
            variant="body2"
            title={r.subject}
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: { xs: 'normal', sm: 'nowrap' }, overflowWrap: 'anywhere' }}
          >
            {r.subject}
          </Typography>
        ),
      },
      { field: 'category', header: t('fields.category'), width: 110, value: (r) => t(`categories.${r.category}`) },
      {
        field: 'priority',
        header: t('fields.priority'),
        width: 85,
        value: (r) => t(`priorities.${r.priority}`),
        render: (r) => <TicketPriorityChip priority={r.priority} />,
      },
      {
        field: 'status',
        header: t('fields.status'),
        width: 165,
        value: (r) => t(`statuses.${r.status}`),
        render: (r) => <TicketStatusChip status={r.status} />,
      },
      ...(staff
        ? [
            {
              field: 'organization',
              header: t('fields.organization'),
              minWidth: 120,
              flex: 1,
              value: (r: TTicketSummary) => r.organization.tradeName,
            },
          ]
        : []),
      {
        field: 'assignee',
        header: t('fields.assignee'),
        minWidth: 100,
        flex: 0.8,
        value: (r) => r.assignee?.label ?? t('details.unassigned'),
      },
      {
        field: 'slaDueAt',
        header: t('fields.slaDueAt'),
        width: 175,
        value: (r) => (r.slaDueAt ? formatDateTime(r.slaDueAt) : ''),
        render: (r) => <SlaDue ticket={r} stacked />,
      },
      { field: 'comments', header: t('fields.comments'), width: 75, align: 'right' },
      // Newest first already: when it was raised is one click away in the column menu.
      { field: 'createdAt', header: t('fields.createdAt'), width: 165, hidden: true, value: (r) => formatDateTime(r.createdAt) },
    ],
    [t, staff],
  );

  // A click anywhere on a grid row opens its ticket (its number stays the link for the keyboard and for new tabs).
  const openRow = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, [role="checkbox"]')) return;
    const id = target.closest<HTMLElement>('.MuiDataGrid-row')?.dataset.id;
    if (id) navigate(ticketHref(id));
  };

  return (
    <Box onClick={openRow} sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}>
      <ListScreen
        resource="tickets"
        list={list}
        query={query}
        columns={columns}
        noRows={filtered ? t('list.noMatches') : t('list.none')}
        failure={failure}
        clearable
        data-testid="tickets"
      />
    </Box>
  );
}
