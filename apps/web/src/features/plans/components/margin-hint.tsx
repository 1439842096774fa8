import { formatPaise } from '@tarang/shared/format/money';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * The margin a price typed in the form's `price` field makes over `ownPrice` (price − own price, as ₹), live while it
 * is typed; nothing while the field holds no amount.
 */
export function useLiveMargin(ownPrice: number): string | undefined {
  const { t } = useTranslation('plans');
  const price = useWatch({ name: 'price' }) as unknown;
  if (typeof price !== 'number' || !Number.isFinite(price)) return t('share.marginPending', { own: formatPaise(ownPrice) });
  return t('share.marginLive', { margin: formatPaise(price - ownPrice), own: formatPaise(ownPrice) });
}
