import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TAuditVerifyResult, ZAuditVerifyRange } from '@tarang/shared/audit/audit.schemas';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { Form } from '@/components/form/form';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { formatDateTime } from '@/lib/date';
import { useVerifyAuditChain } from '../api/verify-audit-chain';
import { useAuditMessages } from '../utils/messages';

/** A typed seq as the form holds it: nothing for an empty field, a number for digits, the text itself otherwise (refused). */
const parseSeq = (text: string): unknown => {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h3" component="div" sx={{ fontSize: '1.25rem', fontWeight: 600 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function VerifyOutcome({ result }: { result: TAuditVerifyResult }) {
  const { t, i18n } = useTranslation('audit-trail');
  const number = useMemo(() => new Intl.NumberFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN'), [i18n.language]);
  const seconds = useMemo(
    () => new Intl.NumberFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', { maximumFractionDigits: 2 }),
    [i18n.language],
  );
  const broken = result.firstBroken;
  return (
    <Stack spacing={2} data-testid="verify-outcome">
      {broken ? (
        <Alert severity="error" role="alert" data-testid="chain-broken">
          <AlertTitle>{t('verify.broken', { seq: broken.seq })}</AlertTitle>
          {t(`verify.reasons.${broken.reason}`)}
          {broken.occurredAt && (
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              {t('verify.brokenWhen', { time: formatDateTime(broken.occurredAt) })}
            </Box>
          )}
        </Alert>
      ) : (
        <Alert severity="success" role="status" data-testid="chain-intact">
          <AlertTitle>{t('verify.intact')}</AlertTitle>
          {result.checked === 0 ? t('verify.nothingChecked') : t('verify.intactText', { from: result.fromSeq, to: result.toSeq })}
          {result.headMatches && (
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              {t('verify.headOk')}
            </Box>
          )}
        </Alert>
      )}
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Figure label={t('verify.checked')} value={number.format(result.checked)} testId="verify-checked" />
        <Figure label={t('verify.rate')} value={t('verify.perSecond', { rate: number.format(result.perSecond) })} testId="verify-rate" />
        <Figure
          label={t('verify.elapsed')}
          value={t('verify.seconds', { value: seconds.format(result.elapsedMs / 1000) })}
          testId="verify-elapsed"
        />
      </Stack>
    </Stack>
  );
}

/**
 * Verify chain (staff): recomputes the audit trail's hash chain over a range of events (by number; empty ends mean the
 * first and the newest event) and shows how many it checked, how fast, and either that the chain is intact or its
 * first broken link.
 */
export function VerifyChainDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('audit-trail');
  const id = useId();
  const messages = useAuditMessages();
  const verify = useVerifyAuditChain();
  const [result, setResult] = useState<TAuditVerifyResult | null>(null);
  const form = useSchemaForm(ZAuditVerifyRange, { defaultValues: { fromSeq: undefined, toSeq: undefined } });
  const busy = form.formState.isSubmitting;

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <Form
        form={form}
        messages={messages}
        label={t('verify.title')}
        onSubmit={async (range) => {
          setResult(null);
          // Both ends left empty: the whole chain, from its first event.
          setResult(await verify.mutateAsync(range.fromSeq === undefined && range.toSeq === undefined ? { fromSeq: 1 } : range));
        }}
      >
        <DialogTitle id={`${id}-title`}>{t('verify.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <DialogContentText>{t('verify.text')}</DialogContentText>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                name="fromSeq"
                label={t('verify.fromSeq')}
                hint={t('verify.fromHint')}
                parse={parseSeq}
                inputMode="numeric"
                fullWidth
              />
              <FormTextField
                name="toSeq"
                label={t('verify.toSeq')}
                hint={t('verify.toHint')}
                parse={parseSeq}
                inputMode="numeric"
                fullWidth
              />
            </Stack>
            <FormAlert />
            {result && <VerifyOutcome result={result} />}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('verify.close')}
          </Button>
          <SubmitButton startIcon={<VerifiedUserOutlined />}>{result ? t('verify.again') : t('verify.submit')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The page's Verify chain button and its dialog. */
export function VerifyChainButton() {
  const { t } = useTranslation('audit-trail');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<VerifiedUserOutlined />} onClick={() => setOpen(true)}>
        {t('verify.action')}
      </Button>
      {open && <VerifyChainDialog onClose={() => setOpen(false)} />}
    </>
  );
}
