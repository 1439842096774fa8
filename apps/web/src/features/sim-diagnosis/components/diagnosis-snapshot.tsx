import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type TDiagnosisCheck, ZDiagnosisCheck } from '@tarang/shared/sims/diagnosis.schemas';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatDateTime } from '@/lib/date';
import { OUTCOME_ICON, useSummary } from './check-words';

/** A SIM's diagnosis as it was kept with a ticket raised from the diagnosis page (decision 032). */
const ZDiagnosisSnapshot = z.object({
  takenAt: z.string(),
  sim: z.object({ iccid: z.string(), status: z.string() }),
  failing: z.number(),
  warning: z.number(),
  checks: z.array(ZDiagnosisCheck),
});

/** A check of the snapshot; the profile it is about is named when the SIM has another one (its own ICCID goes without saying). */
function SnapshotCheck({ check, simIccid }: { check: TDiagnosisCheck; simIccid: string }) {
  const { t } = useTranslation('sim-diagnosis');
  const summary = useSummary()(check);
  return (
    <Box
      component="li"
      data-check={check.key}
      data-outcome={check.outcome}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.75, listStyle: 'none' }}
    >
      <Box sx={{ pt: 0.25, display: 'flex' }}>{OUTCOME_ICON[check.outcome]}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`checks.${check.key}`)}
          {check.iccid && check.iccid !== simIccid ? ` · ${check.iccid}` : ''}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {t(`outcomes.${check.outcome}`)}
          </Typography>
        </Typography>
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          {summary}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The diagnosis kept with a ticket, compactly: when it was taken, how many checks failed and warned, and those checks
 * with their outcome and finding (the passing ones are left out). A snapshot it cannot read is said to be so.
 */
export function DiagnosisSnapshot({ snapshot }: { snapshot: Record<string, unknown> }) {
  const { t } = useTranslation('sim-diagnosis');
  const parsed = ZDiagnosisSnapshot.safeParse(snapshot);
  if (!parsed.success) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('snapshot.unreadable')}
      </Typography>
    );
  }
  const d = parsed.data;
  const order = { FAIL: 0, WARN: 1, PASS: 2 } as const;
  const shown = d.checks.filter((c) => c.outcome !== 'PASS').sort((a, b) => order[a.outcome] - order[b.outcome]);
  return (
    <Box data-testid="diagnosis-snapshot">
      <Typography variant="body2" color="text.secondary">
        {t('snapshot.taken', { iccid: d.sim.iccid, at: formatDateTime(d.takenAt) })}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
        {t('counts', { failing: d.failing, warning: d.warning })}
      </Typography>
      {shown.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('snapshot.allPassed')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('checksTitle')} sx={{ m: 0, mt: 0.5, p: 0 }}>
          {shown.map((c) => (
            <SnapshotCheck key={`${c.key}-${c.iccid ?? ''}`} check={c} simIccid={d.sim.iccid} />
          ))}
        </Box>
      )}
    </Box>
  );
}
