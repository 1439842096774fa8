import { SIM_OPERATORS, SIM_STATUSES } from '@tarang/shared/sims/sim.constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFilter } from '@/components/list-screen/filters';
import { isSimSearchText } from '../utils/sim-filter';

const PLAN_ID = /^[0-9a-f]{24}$/;

/**
 * The inventory's search box (first or last digits of an ICCID, IMSI or MSISDN) and filters: status, operator,
 * organisation (with its descendants) or provider stock (staff), and under "More filters" the expiry range, IMEI
 * lock, tag, label and plan. Every change goes to the address bar, so the list can be linked.
 */
export function useSimFilters({ isStaff, showOrganizations }: { isStaff: boolean; showOrganizations: boolean }): TFilter[] {
  const { t } = useTranslation('sims');
  return useMemo(
    (): TFilter[] => [
      {
        kind: 'text',
        key: 'search',
        search: true,
        grow: true,
        width: 300,
        label: t('filters.search'),
        placeholder: t('filters.searchPlaceholder'),
        inputMode: 'numeric',
        maxLength: 25,
        validate: (value) => (isSimSearchText(value) ? null : t('filters.searchInvalid')),
      },
      {
        kind: 'select',
        key: 'status',
        multiple: true,
        label: t('filters.status'),
        anyLabel: t('filters.any'),
        options: SIM_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
      },
      {
        kind: 'select',
        key: 'operator',
        multiple: true,
        label: t('filters.operator'),
        anyLabel: t('filters.any'),
        options: SIM_OPERATORS.map((o) => ({ value: o, label: o })),
      },
      {
        kind: 'organization',
        key: 'organizationId',
        label: t('filters.organization'),
        extra: isStaff ? { key: 'inStock', value: 'true', label: t('filters.stock') } : undefined,
        hidden: !showOrganizations,
        width: 280,
      },
      { kind: 'day', key: 'expiresFrom', label: t('filters.expiresFrom'), more: true, width: 160 },
      { kind: 'day', key: 'expiresTo', label: t('filters.expiresTo'), more: true, width: 160 },
      {
        kind: 'select',
        key: 'imeiLock',
        label: t('filters.imeiLock'),
        anyLabel: t('filters.any'),
        options: [
          { value: 'true', label: t('filters.locked') },
          { value: 'false', label: t('filters.unlocked') },
        ],
        more: true,
      },
      {
        kind: 'text',
        key: 'tag',
        label: t('filters.tag'),
        more: true,
        width: 150,
        validate: (value) => (value.length > 50 ? t('filters.tooLong', { max: 50 }) : null),
      },
      {
        kind: 'text',
        key: 'label',
        label: t('filters.label'),
        placeholder: t('filters.labelPlaceholder'),
        more: true,
        width: 150,
        validate: (value) => (value.length > 100 ? t('filters.tooLong', { max: 100 }) : null),
      },
      {
        kind: 'text',
        key: 'planId',
        label: t('filters.plan'),
        placeholder: t('filters.planPlaceholder'),
        more: true,
        width: 210,
        validate: (value) => (PLAN_ID.test(value) ? null : t('filters.planInvalid')),
      },
    ],
    [t, isStaff, showOrganizations],
  );
}
