import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Numbers with Indian digit grouping (12,34,567) in the console's language. */
export function useNumberFormat(): Intl.NumberFormat {
  const { i18n } = useTranslation();
  return useMemo(() => new Intl.NumberFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN'), [i18n.language]);
}
