import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ACTOR_TYPES, AUDIT_ACTION_MAX, type TAuditEvent } from '@tarang/shared/audit/audit.schemas';
import { getReport } from '@tarang/shared/reports/report-catalogue';
import { type MouseEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import type { TListColumn } from '@/components/list-screen/columns';
import { ExportButton } from '@/components/list-screen/export-button';
import { activeFilters, type TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { useListController } from '@/components/list-screen/use-list-controller';
import { exportReport } from '@/features/reports/api/report-rows';
import { reportLanguage } from '@/features/reports/components/report-screen';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { type TAuditFilter, useAuditEvents } from '../api/get-audit-events';
import { useAuditMessages } from '../utils/messages';
import { AuditEventDialog } from './audit-event-dialog';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } as const;
const ID = /^[0-9a-f]{24}$/;
const ACTION = /^[^*]*\*?$/;

/** Every filter of the list; opening an event's actor or entity sets these and empties the rest. */
const FILTER_KEYS = ['actor', 'actorId', 'actorType', 'action', 'entityType', 'entityId', 'organizationId', 'from', 'to'] as const;

/** The filters of the declared audit trail report (its export takes those the screen holds, nothing else). */
const EXPORT_KEYS = new Set((getReport('audit-trail')?.filters ?? []).map((f) => f.key));
const exportFilter = (filter: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(filter).filter(([key, value]) => EXPORT_KEYS.has(key) && value !== undefined));

/**
 * The audit trail (spec /audit-trail): every audited change in reach, newest first, in keyset pages. Filters in the
 * address: part of the actor's label (or the actor's id), the action (`sim.allocate`, a family `sim.`, a prefix
 * `sim.all*`), the entity's type and id, the organisation (with the ones under it), the actor's kind and India days.
 * A click on a row (or its number, from the keyboard) opens the event: who, when, from where, and its changes.
 */
export function AuditTrailTable() {
  const { t, i18n } = useTranslation('audit-trail');
  const { failure } = useAuditMessages();
  const canSeeOrganizations = useCan('organisation');
  const organizations = useOrganizationOptions(canSeeOrganizations);
  const names = useMemo(() => new Map((organizations.data ?? []).map((o) => [o.id, o.tradeName])), [organizations.data]);
  const [open, setOpen] = useState<TAuditEvent | null>(null);

  const filters = useMemo(
    (): TFilter[] => [
      {
        kind: 'text',
        key: 'actor',
        search: true,
        label: t('filters.actor'),
        placeholder: t('filters.actorPlaceholder'),
        maxLength: 100,
        width: 230,
      },
      {
        kind: 'text',
        key: 'action',
        label: t('filters.action'),
        placeholder: t('filters.actionPlaceholder'),
        maxLength: AUDIT_ACTION_MAX,
        validate: (v) => (ACTION.test(v) ? null : t('messages.actionStar')),
        width: 200,
      },
      {
        kind: 'text',
        key: 'entityType',
        label: t('filters.entityType'),
        placeholder: t('filters.entityTypePlaceholder'),
        maxLength: 64,
        width: 160,
      },
      { kind: 'day', key: 'from', label: t('filters.from') },
      { kind: 'day', key: 'to', label: t('filters.to') },
      { kind: 'text', key: 'entityId', label: t('filters.entityId'), maxLength: 64, width: 240, more: true },
      {
        kind: 'organization',
        key: 'organizationId',
        label: t('filters.organization'),
        hidden: !canSeeOrganizations,
        more: true,
        width: 240,
      },
      {
        kind: 'select',
        key: 'actorType',
        label: t('filters.actorType'),
        anyLabel: t('filters.anyActorType'),
        options: ACTOR_TYPES.map((v) => ({ value: v, label: t(`actorTypes.${v}`) })),
        more: true,
        width: 170,
      },
      {
        kind: 'text',
        key: 'actorId',
        label: t('filters.actorId'),
        maxLength: 24,
        validate: (v) => (ID.test(v) ? null : t('filters.actorIdInvalid')),
        more: true,
        width: 240,
      },
    ],
    [t, canSeeOrganizations],
  );
  const list = useListController({ paging: 'cursor', filters });
  const query = useAuditEvents({ ...(list.filter as TAuditFilter), ...list.cursorParams });
  const filtered = activeFilters(filters, list.filter) > 0;

  const columns = useMemo(
    (): TListColumn<TAuditEvent>[] => [
      {
        field: 'seq',
        header: t('fields.seq'),
        width: 96,
        mono: true,
        value: (r) => `#${r.seq}`,
        render: (r) => (
          <Link
            component="button"
            type="button"
            underline="hover"
            onClick={() => setOpen(r)}
            aria-label={t('list.open', { seq: r.seq, action: r.action })}
            sx={{ fontWeight: 600, ...MONO }}
          >
            #{r.seq}
          </Link>
        ),
      },
      { field: 'occurredAt', header: t('fields.occurredAt'), width: 172, value: (r) => formatDateTime(r.occurredAt) },
      {
        field: 'actor',
        header: t('fields.actor'),
        flex: 1,
        minWidth: 180,
        value: (r) => r.actorLabel ?? t(`actorTypes.${r.actorType}`),
        render: (r) => (
          <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
            <Typography variant="body2" noWrap title={r.actorLabel ?? undefined}>
              {r.actorLabel ?? t(`actorTypes.${r.actorType}`)}
            </Typography>
            {r.actorType !== 'USER' && r.actorLabel && (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {t(`actorTypes.${r.actorType}`)}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'action',
        header: t('fields.action'),
        flex: 0.9,
        minWidth: 170,
        render: (r) => (
          <Typography variant="body2" noWrap title={r.action} sx={MONO}>
            {r.action}
          </Typography>
        ),
      },
      {
        field: 'entity',
        header: t('fields.entity'),
        flex: 1,
        minWidth: 190,
        value: (r) => (r.entityId ? `${r.entityType} ${r.entityId}` : r.entityType),
        render: (r) => (
          <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
            <Typography variant="body2" noWrap>
              {r.entityType}
            </Typography>
            {r.entityId && (
              <Typography variant="caption" color="text.secondary" noWrap component="div" sx={MONO} title={r.entityId}>
                {r.entityId}
              </Typography>
            )}
          </Box>
        ),
      },
      ...(canSeeOrganizations
        ? [
            {
              field: 'organization',
              header: t('fields.organization'),
              flex: 0.9,
              minWidth: 150,
              value: (r: TAuditEvent) => (r.organizationId ? (names.get(r.organizationId) ?? r.organizationId) : t('platform')),
            },
          ]
        : []),
      { field: 'ip', header: t('fields.ip'), width: 130, hidden: true, value: (r) => r.ip ?? '' },
      { field: 'requestId', header: t('fields.requestId'), width: 200, hidden: true, mono: true, value: (r) => r.requestId ?? '' },
    ],
    [t, canSeeOrganizations, names],
  );

  // A click anywhere on a grid row opens its event (its number stays the button for the keyboard).
  const openRow = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, [role="checkbox"]')) return;
    const id = target.closest<HTMLElement>('.MuiDataGrid-row')?.dataset.id;
    const row = id ? query.data?.rows.find((r) => r.id === id) : undefined;
    if (row) setOpen(row);
  };
  const narrowTo = (values: Partial<Record<(typeof FILTER_KEYS)[number], string>>) => {
    list.update(Object.fromEntries(FILTER_KEYS.map((k) => [k, values[k] ?? null])));
    setOpen(null);
  };

  return (
    <Box onClick={openRow} sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}>
      <ListScreen
        resource="audit-trail"
        list={list}
        query={query}
        columns={columns}
        noRows={filtered ? t('list.noMatches') : t('list.none')}
        failure={failure}
        clearable
        tools={
          <ExportButton
            onExport={(format) => exportReport('audit-trail', exportFilter(list.filter), format, reportLanguage(i18n.language))}
            failure={failure}
          />
        }
        data-testid="audit-trail"
      >
        {open && (
          <AuditEventDialog
            event={open}
            organizationName={open.organizationId ? names.get(open.organizationId) : undefined}
            onClose={() => setOpen(null)}
            onShowActor={(actorId) => narrowTo({ actorId })}
            onShowEntity={(entityType, entityId) => narrowTo({ entityType, entityId })}
          />
        )}
      </ListScreen>
    </Box>
  );
}
