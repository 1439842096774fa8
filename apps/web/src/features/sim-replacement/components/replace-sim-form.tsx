import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TRequest } from '@tarang/shared/requests/request.schemas';
import { useRef, useState } from 'react';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { IccidField } from '@/components/form/fields/iccid-field';
import { FormCard, FormSection, FULL_ROW } from '@/components/form/form-card';
import { serverFieldErrors } from '@/components/form/server-errors';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { requestHref } from '@/features/requests/components/requests-table';
import { watchRequest } from '@/features/requests/utils/watched-requests';
import { ApiError, isApiError } from '@/lib/api-client';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { type TReplaceAnswer, type TReplacePair, useCheckReplacement, useReplaceSim } from '../api/replace-sim';
import { useReplacementMessages } from '../utils/messages';
import { EMPTY_PAIR, PAIR_FIELDS, REASON_MAX, replaceFormSchema, type TReplaceFormInput } from '../utils/replace-form';

/** A dry run that refused the pair with a 200 (its `rejected` rows) reads like the 422 the same refusal answers. */
function refusalOf(answer: TReplaceAnswer): ApiError | null {
  if (answer.rejected.length === 0 && answer.accepted > 0) return null;
  return new ApiError(422, {
    success: false,
    code: 'UNPROCESSABLE',
    message: answer.rejected[0]?.reason ?? answer.message ?? '',
    errors: answer.rejected.map((r) => ({ path: r.field, message: r.reason })),
  });
}

/**
 * Replace a SIM (spec /replace-sim): the old SIM's ICCID, the new one's and why. The pair is first checked by the
 * server's dry run (the old SIM active, suspended or barred; the new one in stock or allocated to the same
 * organisation, on the same operator); a refusal shows on the field it is about. Once the user confirms what moves,
 * the REPLACE request is made (one Idempotency-Key per pair), followed by the console until it finishes, and named
 * with a link to it.
 */
export function ReplaceSimForm() {
  const { t } = useTranslation('sim-replacement');
  const messages = useReplacementMessages();
  const { user } = useSignedIn();
  const canViewRequest = useCan('request', 'viewDetails');
  const form = useSchemaForm(replaceFormSchema, { defaultValues: EMPTY_PAIR });
  const check = useCheckReplacement();
  const replace = useReplaceSim();
  const keeper = useRef(createIdempotencyKeeper());
  const [asking, setAsking] = useState<TReplacePair | null>(null);
  const [made, setMade] = useState<{ request: TRequest; newIccid: string } | null>(null);

  /** A refusal after the confirmation: on its field when it names one, else in the form's alert. */
  const refused = (error: unknown) => {
    const placed = serverFieldErrors(error, PAIR_FIELDS);
    placed.forEach(({ field, message }, index) => {
      form.setError(field as Path<TReplaceFormInput>, { type: 'server', message }, { shouldFocus: index === 0 });
    });
    if (placed.length === 0) form.setError('root', { type: 'server', message: messages.failure(error) });
  };

  const send = async () => {
    if (!asking) return;
    const body = asking;
    try {
      const answer = await replace.mutateAsync({ body, key: keeper.current.keyFor(body) });
      keeper.current.reset();
      setAsking(null);
      if (!answer.request) {
        refused(refusalOf(answer) ?? new ApiError(422, { message: answer.message }));
        return;
      }
      const { request } = answer;
      watchRequest(user.id, { id: request.id, batchJobId: request.batchJobId, type: request.type });
      notify.success(t('made.notice', { batchJobId: request.batchJobId }));
      setMade({ request, newIccid: body.newIccid });
      form.reset(EMPTY_PAIR);
    } catch (error) {
      setAsking(null);
      // A definite refusal: the pair sent again once fixed is a new submission. A lost answer keeps the key.
      if (isApiError(error) && error.status >= 400 && error.status < 500) keeper.current.reset();
      refused(error);
    }
  };

  return (
    <Stack spacing={2}>
      {made && (
        <Alert severity="success" role="status" data-testid="replacement-made" onClose={() => setMade(null)}>
          <AlertTitle>{t('made.title', { batchJobId: made.request.batchJobId })}</AlertTitle>
          {t('made.text', { new: made.newIccid })}
          {canViewRequest && (
            <Stack direction="row" sx={{ mt: 1.5 }}>
              <Button component={RouterLink} to={requestHref(made.request.id)} variant="outlined" size="small" color="inherit">
                {t('actions.viewRequest', { batchJobId: made.request.batchJobId })}
              </Button>
            </Stack>
          )}
        </Alert>
      )}
      <FormCard
        form={form}
        messages={messages}
        label={t('form.label')}
        submitLabel={t('actions.check')}
        onSubmit={async (values) => {
          const pair: TReplacePair = { oldIccid: values.oldIccid, newIccid: values.newIccid, reason: values.reason };
          const answer = await check.mutateAsync(pair);
          const refusal = refusalOf(answer);
          if (refusal) throw refusal;
          setMade(null);
          setAsking(pair);
        }}
      >
        <FormSection title={t('form.title')} hint={t('form.hint')}>
          <IccidField name="oldIccid" label={t('form.oldIccid')} hint={t('form.oldHint')} required />
          <IccidField name="newIccid" label={t('form.newIccid')} hint={t('form.newHint')} required />
          <FormTextField
            name="reason"
            label={t('form.reason')}
            hint={t('form.reasonHint')}
            required
            autoComplete="off"
            multiline
            minRows={2}
            inputProps={{ maxLength: REASON_MAX }}
            sx={FULL_ROW}
          />
        </FormSection>
      </FormCard>
      <ConfirmDialog
        open={asking !== null}
        title={t('confirm.title', { old: asking?.oldIccid ?? '' })}
        text={t('confirm.text', { old: asking?.oldIccid ?? '', new: asking?.newIccid ?? '' })}
        confirmLabel={t('actions.replace')}
        busy={replace.isPending}
        onConfirm={() => void send()}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
