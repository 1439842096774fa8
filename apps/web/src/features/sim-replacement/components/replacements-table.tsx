import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Typography from '@mui/material/Typography';
import { REPLACEMENT_STATES, type TReplacement, type TReplacementState } from '@tarang/shared/sims/replacement.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { RowLink } from '@/components/list-screen/row-link';
import { useListController } from '@/components/list-screen/use-list-controller';
import { requestHref } from '@/features/requests/components/requests-table';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { useReplacements } from '../api/get-replacements';
import { useRetryReplacement } from '../api/retry-replacement';
import { useReplacementMessages } from '../utils/messages';
import { ReplacementStateChip } from './replacement-state-chip';

/** The API finds a SIM's replacements by its whole ICCID (old or new). */
const WHOLE_ICCID = /^\d{19,20}$/;
const DIGITS = /^\d*$/;

const simHref = (iccid: string) => `/sim-details?number=${encodeURIComponent(iccid)}`;

/**
 * The replacements (Replace Sim): newest first, each pair with its SIMs (links to their details), operator,
 * organisation (staff), reason, where it stands and the operator's error, its request and when it was made. Narrowed by
 * a SIM and a state, kept in the address. Read again every few seconds while one is on its way; a Failed one can be
 * sent again (Retry).
 */
export function ReplacementsTable() {
  const { t } = useTranslation('sim-replacement');
  const { failure, message } = useReplacementMessages();
  const { user } = useSignedIn();
  const staff = user.organization === null;
  const canViewRequest = useCan('request', 'viewDetails');
  // The SIM's page reads the SIM with the inventory's View Details.
  const canOpenSimPage = useCan('sim-details');
  const canReadSim = useCan('sim-inventory', 'viewDetails');
  const canViewSim = canOpenSimPage && canReadSim;
  const { mutateAsync: retry } = useRetryReplacement();

  const filters = useMemo(
    (): TFilter[] => [
      {
        kind: 'text',
        key: 'iccid',
        search: true,
        label: t('filters.iccid'),
        placeholder: t('filters.iccidPlaceholder'),
        inputMode: 'numeric',
        maxLength: 20,
        width: 260,
        validate: (value) =>
          value === '' || WHOLE_ICCID.test(value) ? null : t(DIGITS.test(value) ? 'filters.iccidWhole' : 'messages.iccidDigits'),
      },
      {
        kind: 'select',
        key: 'state',
        label: t('filters.state'),
        anyLabel: t('filters.anyState'),
        options: REPLACEMENT_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
        width: 180,
      },
    ],
    [t],
  );
  const list = useListController({ paging: 'pages', filters });
  const query = useReplacements({
    page: list.pageParams.page,
    limit: list.pageParams.limit,
    iccid: list.filter.iccid,
    state: list.filter.state as TReplacementState | undefined,
  });

  const columns = useMemo((): TListColumn<TReplacement>[] => {
    const sim = (iccid: string) =>
      canViewSim ? (
        <RowLink to={simHref(iccid)} aria-label={t('actions.openSim', { iccid })}>
          {iccid}
        </RowLink>
      ) : (
        iccid
      );
    return [
      {
        field: 'oldIccid',
        header: t('fields.oldIccid'),
        width: 195,
        mono: true,
        value: (r) => r.old.iccid,
        render: (r) => sim(r.old.iccid),
      },
      {
        field: 'newIccid',
        header: t('fields.newIccid'),
        width: 195,
        mono: true,
        value: (r) => r.new.iccid,
        render: (r) => sim(r.new.iccid),
      },
      { field: 'operator', header: t('fields.operator'), width: 90 },
      ...(staff
        ? [
            {
              field: 'organization',
              header: t('fields.organization'),
              minWidth: 140,
              flex: 1,
              value: (r: TReplacement) => r.organization?.tradeName ?? '—',
            },
          ]
        : []),
      { field: 'reason', header: t('fields.reason'), minWidth: 130, flex: 1 },
      {
        field: 'state',
        header: t('fields.state'),
        width: 120,
        value: (r) => t(`states.${r.state}`),
        render: (r) => <ReplacementStateChip state={r.state} />,
      },
      {
        field: 'error',
        header: t('fields.error'),
        minWidth: 130,
        flex: 1,
        value: (r) => (r.error ? message(r.error) : ''),
        render: (r) =>
          r.error ? (
            <Typography variant="body2" color="error" noWrap title={message(r.error)}>
              {message(r.error)}
            </Typography>
          ) : null,
      },
      {
        field: 'batchJobId',
        header: t('fields.request'),
        width: 120,
        mono: true,
        render: (r) =>
          canViewRequest ? (
            <RowLink to={requestHref(r.requestId)} aria-label={t('actions.viewRequest', { batchJobId: r.batchJobId })}>
              {r.batchJobId}
            </RowLink>
          ) : (
            r.batchJobId
          ),
      },
      { field: 'createdAt', header: t('fields.createdAt'), width: 165, value: (r) => formatDateTime(r.createdAt) },
    ];
  }, [t, staff, canViewRequest, canViewSim, message]);

  const actions = useMemo(
    (): TRowAction<TReplacement>[] => [
      {
        key: 'retry',
        label: t('actions.retry'),
        name: (r) => t('actions.retryNamed', { iccid: r.old.iccid }),
        icon: <ReplayOutlined fontSize="small" />,
        color: 'warning',
        permission: { module: 'replace-sim' },
        visible: (r) => r.state === 'FAILED',
        confirm: (r) => ({
          title: t('retry.title'),
          text: t('retry.text', { old: r.old.iccid, new: r.new.iccid, operator: r.operator }),
          confirmLabel: t('actions.retry'),
        }),
        run: async (r) => {
          await retry(r.id);
          return t('retry.done', { old: r.old.iccid });
        },
      },
    ],
    [t, retry],
  );

  return (
    <ListScreen
      resource="sim-replacement"
      label={t('list.label')}
      title={t('list.title')}
      noRows={t('list.none')}
      list={list}
      query={query}
      columns={columns}
      actions={actions}
      failure={failure}
      clearable
      data-testid="replacements"
    />
  );
}
