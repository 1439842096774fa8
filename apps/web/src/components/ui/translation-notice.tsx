import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { isFullyTranslated } from '@/lib/i18n/translation-status';

/**
 * Says "only part of this page is translated" when the current language lacks some of the page's
 * keys. Pages whose namespaces are complete never show it.
 */
export function TranslationNotice({ namespaces }: { namespaces: readonly string[] }) {
  const { t, i18n } = useTranslation(['common', ...namespaces]);
  if (isFullyTranslated(namespaces, i18n.language)) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="partial-translation-notice">
      {t('partialTranslation')}
    </Alert>
  );
}
