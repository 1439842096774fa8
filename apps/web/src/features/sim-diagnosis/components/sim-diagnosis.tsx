import RefreshRounded from '@mui/icons-material/RefreshRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TDiagnosisCheck, TSimDiagnosis } from '@tarang/shared/sims/diagnosis.schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionCard } from '@/components/ui/section-card';
import { useRequestMessages } from '@/features/requests/utils/messages';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useRefreshSimDiagnosis, useSimDiagnosis } from '../api/get-sim-diagnosis';
import { simIdentifierOf } from '../utils/identifier';
import { CheckFix } from './check-fix';
import { MONEY_EVIDENCE, OUTCOME_ICON, useEvidenceText, useSummary } from './check-words';

function CheckRow({
  check,
  diagnosis,
  onRefresh,
  refreshing,
  onChanged,
}: {
  check: TDiagnosisCheck;
  diagnosis: TSimDiagnosis;
  onRefresh: () => void;
  refreshing: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation('sim-diagnosis');
  const summary = useSummary()(check);
  const evidence = useEvidenceText();
  const operator = check.iccid ? diagnosis.profiles.find((p) => p.iccid === check.iccid)?.operator : undefined;
  const shown = Object.entries(check.evidence).filter(([k, v]) => k !== 'operator' && !(MONEY_EVIDENCE.has(k) && v === null));
  return (
    <Box
      component="li"
      data-check={check.key}
      data-outcome={check.outcome}
      sx={{
        display: 'flex',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        gap: 1.5,
        alignItems: 'flex-start',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        listStyle: 'none',
      }}
    >
      <Box sx={{ pt: 0.25 }}>{OUTCOME_ICON[check.outcome]}</Box>
      <Box sx={{ flex: 1, minWidth: { xs: 'calc(100% - 40px)', sm: 0 } }}>
        <Typography sx={{ fontWeight: 600 }}>
          {t(`checks.${check.key}`)}
          {operator ? ` · ${operator}` : ''}
          <Typography component="span" sx={{ ml: 1 }} variant="caption" color="text.secondary">
            {t(`outcomes.${check.outcome}`)}
          </Typography>
        </Typography>
        <Typography variant="body2">{summary}</Typography>
        {shown.length > 0 && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0, wordBreak: 'break-word' }}>
            {shown.map(([k, v]) => `${t(`evidence.${k}`, { defaultValue: k })}: ${evidence(k, v)}`).join(' · ')}
          </Typography>
        )}
      </Box>
      <CheckFix check={check} diagnosis={diagnosis} onRefresh={onRefresh} refreshing={refreshing} onChanged={onChanged} />
    </Box>
  );
}

/**
 * Raise a ticket about the SIM with its diagnosis attached: the ticket form names the SIM, and for staff starts with the
 * SIM's organisation.
 */
function raiseTicketHref(d: TSimDiagnosis): string {
  const query = new URLSearchParams({ diagnosis: d.sim.iccid });
  if (d.sim.organization) query.set('organizationId', d.sim.organization.id);
  return `/tickets/add?${query}`;
}

/**
 * SIM diagnosis (spec /sim-diagnosis?number=…): a SIM found by its ICCID, MSISDN or IMSI, and one list of checks —
 * failing ones first — each with its evidence and the fix the role may take. Refresh asks the SIM's operators again;
 * an operator that does not answer is said, and what it said last stays.
 */
export function SimDiagnosis({ number, onNumber }: { number: string; onNumber: (number: string) => void }) {
  const { t } = useTranslation('sim-diagnosis');
  const { failure } = useRequestMessages();
  const [typed, setTyped] = useState(number);
  const [typedError, setTypedError] = useState<string | null>(null);
  const id = simIdentifierOf(number);
  const query = useSimDiagnosis(id);
  const refresh = useRefreshSimDiagnosis(id);
  const canRefresh = useCan('sim-diagnosis', 'refresh');
  const canRaiseTicket = useCan('tickets', 'addTickets');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!simIdentifierOf(typed)) {
      setTypedError(t('lookup.invalid'));
      return;
    }
    setTypedError(null);
    onNumber(typed.trim().replace(/[\s-]/g, ''));
  };
  const doRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (d) => (d.unanswered.length ? notify.warning(t('refresh.partly')) : notify.success(t('refresh.done'))),
      onError: (error) => notify.error(failure(error)),
    });

  const d = query.data;
  const order = { FAIL: 0, WARN: 1, PASS: 2 } as const;
  const checks = d ? [...d.checks].sort((a, b) => order[a.outcome] - order[b.outcome]) : [];
  const checkedAt = d?.profiles
    .map((p) => p.network?.checkedAt)
    .filter((v): v is string => !!v)
    .sort()
    .at(0);

  return (
    <Stack spacing={2.5}>
      <Box
        component="form"
        onSubmit={submit}
        role="search"
        aria-label={t('lookup.label')}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <TextField
          label={t('lookup.label')}
          placeholder={t('lookup.placeholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={!!typedError}
          helperText={typedError ?? t('lookup.hint')}
          size="small"
          sx={{ flex: 1, maxWidth: 420 }}
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 30 } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchRounded />}>
          {t('lookup.submit')}
        </Button>
      </Box>

      {id && query.isPending && (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      )}
      {id && query.isError && (
        <Alert severity={(query.error as { status?: number }).status === 404 ? 'warning' : 'error'} role="alert">
          {(query.error as { status?: number }).status === 404 ? t('notFound', { number }) : failure(query.error)}
        </Alert>
      )}
      {!id && number && (
        <Alert severity="warning" role="alert">
          {t('lookup.invalid')}
        </Alert>
      )}

      {d && (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            useFlexGap
            sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, flexWrap: 'wrap' }}
          >
            <Link component={RouterLink} to={`/sim-details?number=${d.sim.iccid}`} sx={{ fontFamily: 'monospace', fontSize: '1rem' }}>
              {d.sim.iccid}
            </Link>
            <Chip size="small" label={d.sim.status} />
            {d.sim.organization && <Chip size="small" variant="outlined" label={d.sim.organization.tradeName} />}
            <Box sx={{ flex: 1 }} />
            <Typography variant="body2" color="text.secondary" data-testid="diagnosis-counts">
              {t('counts', { failing: d.failing, warning: d.warning })}
            </Typography>
            {canRefresh && (
              <Button startIcon={<RefreshRounded />} onClick={doRefresh} disabled={refresh.isPending}>
                {refresh.isPending ? t('refresh.running') : t('refresh.button')}
              </Button>
            )}
            {canRaiseTicket && (
              <Button component={RouterLink} to={raiseTicketHref(d)} variant="outlined" startIcon={<SupportAgentOutlined />}>
                {t('raiseTicket')}
              </Button>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {checkedAt ? t('checkedAt', { at: formatDateTime(checkedAt) }) : t('neverChecked')}
          </Typography>
          {d.unanswered.map((u) => (
            <Alert key={u.operator} severity="warning">
              {t('unanswered', { operator: u.operator })}
            </Alert>
          ))}
          <SectionCard title={t('checksTitle')}>
            <Box component="ul" aria-label={t('checksTitle')} sx={{ m: 0, p: 0 }}>
              {checks.map((c) => (
                <CheckRow
                  key={`${c.key}-${c.iccid ?? ''}`}
                  check={c}
                  diagnosis={d}
                  onRefresh={doRefresh}
                  refreshing={refresh.isPending}
                  onChanged={() => void query.refetch()}
                />
              ))}
            </Box>
          </SectionCard>
        </>
      )}
    </Stack>
  );
}
