import type { TPlan } from '@tarang/shared/plans/plan.schemas';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDataMb } from '../utils/format';

/** A plan's allowances in the reader's words: data in MB or GB, SMS, validity in days. */
export function usePlanFormat() {
  const { t, i18n } = useTranslation('plans');
  const data = useCallback(
    (dataMb: number) =>
      dataMb === 0 ? t('units.none') : formatDataMb(dataMb, (unit, value) => t(`units.${unit}`, { value }), i18n.language),
    [t, i18n.language],
  );
  const sms = useCallback(
    (count: number) => (count === 0 ? t('units.none') : new Intl.NumberFormat(`${i18n.language}-IN`).format(count)),
    [t, i18n.language],
  );
  const validity = useCallback((days: number) => t('units.days', { count: days }), [t]);
  const overLimit = useCallback((action: TPlan['overLimitAction']) => t(`overLimit.${action}.label`), [t]);
  return { data, sms, validity, overLimit };
}
