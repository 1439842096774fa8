import { JOB_STATUSES, REQUEST_TYPES } from '@tarang/shared/requests/request.constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFilter } from '@/components/list-screen/filters';
import { useCan } from '@/lib/authorization';
import type { TRequestListFilter } from '../api/get-requests';
import { useRequestPermissions } from './use-request-permissions';

/**
 * The filters of the request, termination and job lists: batch job (global search links here with it), action,
 * status, organisation (staff) and the creation dates.
 */
export function useRequestListFilters({ type }: { type: boolean }): TFilter[] {
  const { t } = useTranslation('requests');
  const perms = useRequestPermissions();
  const canSeeOrganizations = useCan('organisation');
  return useMemo(
    (): TFilter[] => [
      {
        kind: 'text',
        key: 'batchJobId',
        search: true,
        label: t('list.batchJob'),
        placeholder: t('list.batchJobPlaceholder'),
        maxLength: 40,
      },
      {
        kind: 'select',
        key: 'type',
        label: t('list.type'),
        anyLabel: t('list.anyType'),
        options: REQUEST_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) })),
        hidden: !type,
        width: 140,
      },
      {
        kind: 'select',
        key: 'status',
        label: t('list.status'),
        anyLabel: t('list.anyStatus'),
        options: JOB_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) })),
      },
      {
        kind: 'organization',
        key: 'organizationId',
        label: t('list.organization'),
        hidden: !(canSeeOrganizations && perms.staff),
        width: 200,
      },
      { kind: 'day', key: 'from', label: t('list.from') },
      { kind: 'day', key: 'to', label: t('list.to') },
    ],
    [t, type, canSeeOrganizations, perms.staff],
  );
}

/** The checked filter values as the request and job reads take them. */
export const requestListFilter = (values: Record<string, string | undefined>) => values as TRequestListFilter;
