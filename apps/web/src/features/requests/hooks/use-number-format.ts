import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Numbers as an Indian reader writes them (1,00,000), in the console's language. */
export function useNumberFormat(): Intl.NumberFormat {
  const { i18n } = useTranslation();
  return useMemo(() => new Intl.NumberFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', { maximumFractionDigits: 1 }), [i18n.language]);
}
