import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import { formatPaise } from '@tarang/shared/format/money';
import type { TDiagnosisCheck } from '@tarang/shared/sims/diagnosis.schemas';
import { useTranslation } from 'react-i18next';
import { displayDay, formatDateTime } from '@/lib/date';

/**
 * How a diagnosis check reads: its outcome's icon, its evidence as a reader sees it, and its sentence in the reader's
 * language. The diagnosis page and the diagnosis kept with a ticket share them.
 */

/** A check's outcome as an icon (its word is said beside it). */
export const OUTCOME_ICON = {
  PASS: <CheckCircleRounded color="success" aria-hidden />,
  WARN: <ErrorRounded color="warning" aria-hidden />,
  FAIL: <CancelRounded color="error" aria-hidden />,
} as const;

/** Evidence in integer paise: shown in rupees, and left out when null (a role that may not see the wallet). */
export const MONEY_EVIDENCE = new Set(['available', 'renewalPrice']);

/**
 * Evidence values as a reader sees them: times in India time, days as DD/MM/YYYY, money in rupees, booleans and the
 * plan's over-limit action as words.
 */
export function useEvidenceText() {
  const { t } = useTranslation('sim-diagnosis');
  return (key: string, value: string | number | boolean | null): string => {
    if (value === null || value === '') return '—';
    if (typeof value === 'boolean') return t(value ? 'evidence.yes' : 'evidence.no');
    if (typeof value === 'number' && MONEY_EVIDENCE.has(key)) return formatPaise(value);
    if (typeof value === 'number' && key === 'usedMb') return value.toFixed(1);
    if (typeof value === 'string' && key === 'ingestedThrough') return displayDay(value);
    if (typeof value === 'string' && key === 'overLimitAction') return t(`overLimit.${value}`, { defaultValue: value });
    if (typeof value === 'string' && /At$/.test(key) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    if (typeof value === 'number' && /^bytes/.test(key)) return `${(value / 1024).toFixed(1)} KB`;
    return String(value);
  };
}

/**
 * A check's sentence in the reader's language, from its reason and evidence (the server's English otherwise). When
 * the role may not see the money a sentence names, its `_hidden` wording says the same without the figures.
 */
export function useSummary() {
  const { t } = useTranslation('sim-diagnosis');
  const text = useEvidenceText();
  return (check: TDiagnosisCheck): string => {
    const values = Object.fromEntries(Object.entries(check.evidence).map(([k, v]) => [k, text(k, v)]));
    const hidden = Object.entries(check.evidence).some(([k, v]) => MONEY_EVIDENCE.has(k) && v === null);
    return t(`reasons.${check.key}.${check.reason}`, {
      ...values,
      context: hidden ? 'hidden' : undefined,
      defaultValue: check.summary,
      interpolation: { escapeValue: false },
    });
  };
}
