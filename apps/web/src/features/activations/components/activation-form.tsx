import PowerSettingsNewOutlined from '@mui/icons-material/PowerSettingsNewOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TActivation, TActivationCreated } from '@tarang/shared/activations/activation.schemas';
import { stableJson } from '@tarang/shared/common/stable-json';
import { formatPaise } from '@tarang/shared/format/money';
import { REQUEST_ICCID_LIST_MAX } from '@tarang/shared/requests/request.constants';
import type { TSimFilter } from '@tarang/shared/sims/sim.schemas';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { OrganizationSelect } from '@/components/ui/organization-select';
import { SectionCard } from '@/components/ui/section-card';
import { RequestCheck } from '@/features/requests/components/request-check';
import { SimsSource, type TSourceState } from '@/features/requests/components/sims-source';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import { EMPTY_LIST, parseIccidText, type TIccidList } from '@/features/requests/utils/iccid-list';
import { indiaLocalToIso, isoToIndiaLocal } from '@/features/requests/utils/schedule';
import { useOwnWallet } from '@/features/wallet/api/get-own-wallet';
import { isApiError } from '@/lib/api-client';
import { useSignedIn } from '@/lib/auth';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { type TActivationBody, useCreateActivation, usePreviewActivation } from '../api/create-activation';
import { usePlanChoices } from '../api/get-plan-choices';
import { useActivationMessages } from '../utils/messages';
import { CostSummary, canPay } from './cost-summary';
import { PlanSelect } from './plan-select';

/** SIMs handed over by another screen (the inventory's selection or filter), as /sim-actions takes them. */
export type TActivationEntry = { iccids: string[] | null; filter: TSimFilter | null; limit: number | null };

type TTarget = { iccids: string[] } | { fileId: string } | { filter: TSimFilter; limit?: number };

type TChecked = { print: string; result: TActivationCreated; list: TIccidList | null; fromFile: boolean };

type TActivationFormProps = {
  entry?: TActivationEntry;
  onCreated: (activation: TActivation) => void;
  onCancel?: () => void;
};

/**
 * A new activation (/activation/add): the buyer (staff choose the organisation), the plan at the buyer's price, the
 * SIMs (a pasted list, a file, or the inventory's filter), then the API's dry run — which SIMs can be activated, and
 * price × SIMs against the wallet's available balance — and, once the user confirms, the activation, sent with one
 * Idempotency-Key per submission (the same key again on a retry). Nothing is sent while the wallet cannot pay.
 */
export function ActivationForm({ entry, onCreated, onCancel }: TActivationFormProps) {
  const { t } = useTranslation('activations');
  const { t: tr } = useTranslation('requests');
  const number = useNumberFormat();
  const { user } = useSignedIn();
  const { failure, success } = useActivationMessages();
  const staff = user.organization === null;

  const [organizationId, setOrganizationId] = useState<string | null>(user.organization?.id ?? null);
  const [blueprintId, setBlueprintId] = useState('');
  const [source, setSource] = useState<TSourceState>(() => ({
    kind: entry?.filter ? 'filter' : 'paste',
    text: entry?.iccids?.join('\n') ?? '',
    file: null,
  }));
  const [scheduled, setScheduled] = useState(false);
  const [scheduleText, setScheduleText] = useState(() => isoToIndiaLocal(Date.now() + 3600_000));
  const [proceed, setProceed] = useState(false);
  const [checked, setChecked] = useState<TChecked | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const keeper = useRef(createIdempotencyKeeper());

  const organizations = useOrganizationOptions(staff);
  const plans = usePlanChoices({ staff, organizationId });
  const wallet = useOwnWallet(organizationId);
  const previewMutation = usePreviewActivation();
  const createMutation = useCreateActivation();

  const choices = plans.data ?? [];
  const plan = choices.find((c) => c.blueprintId === blueprintId) ?? null;
  const buyerName = staff
    ? (organizations.data?.find((o) => o.id === organizationId)?.tradeName ?? '')
    : (user.organization?.tradeName ?? '');

  const list: TIccidList = useMemo(() => (source.kind === 'paste' ? parseIccidText(source.text) : EMPTY_LIST), [source.kind, source.text]);
  const fileId = source.kind === 'upload' ? (source.file?.id ?? null) : null;
  const target: TTarget | null = useMemo(() => {
    if (source.kind === 'filter') return entry?.filter ? { filter: entry.filter, ...(entry.limit ? { limit: entry.limit } : {}) } : null;
    if (source.kind === 'upload') return fileId ? { fileId } : null;
    return list.iccids.length && !list.tooMany ? { iccids: list.iccids } : null;
  }, [source.kind, entry, list, fileId]);

  const sourceError =
    source.kind === 'filter'
      ? undefined
      : source.kind === 'upload'
        ? showErrors && !fileId
          ? tr('errors.noFile')
          : undefined
        : list.tooMany
          ? tr('errors.tooMany', { max: number.format(REQUEST_ICCID_LIST_MAX) })
          : list.iccids.length === 0 && (showErrors || list.issues.length > 0)
            ? tr('errors.noSims')
            : undefined;
  const organizationError = showErrors && staff && !organizationId ? t('errors.noOrganization') : undefined;
  const planError = showErrors && organizationId && !plan && choices.length > 0 ? t('errors.noPlan') : undefined;

  // What the check depends on: the plan (its price and its buyer) and the SIMs; the start time does not change it.
  const checkBody: TActivationBody | null = plan && target ? { blueprintId: plan.blueprintId, ...target } : null;
  const print = checkBody ? stableJson(checkBody) : null;
  const current = checked && checked.print === print ? checked : null;
  const preview = current?.result.preview ?? null;
  const cost = current?.result.cost ?? null;
  const invalidCount = current && preview ? preview.invalid + (current.list?.issues.length ?? 0) : 0;
  const affordable = cost ? canPay(cost) : false;

  const scheduleIso = scheduled ? indiaLocalToIso(scheduleText) : null;
  const scheduleError = scheduled
    ? !scheduleIso
      ? tr('errors.scheduleInvalid')
      : Date.parse(scheduleIso) < Date.now()
        ? tr('errors.schedulePast')
        : undefined
    : undefined;

  /** The dry run. After a refused confirmation it runs again and the refusal stays on screen (`keepError`). */
  const check = async (keepError = false) => {
    setShowErrors(true);
    if (!keepError) setSubmitError(null);
    if (!checkBody || !print) return;
    try {
      const result = await previewMutation.mutateAsync(checkBody);
      setChecked({ print, result, list: 'iccids' in checkBody ? list : null, fromFile: 'fileId' in checkBody });
      setProceed(false);
    } catch (error) {
      setChecked(null);
      setSubmitError(failure(error));
    }
  };

  const submitBody = (): TActivationBody | null => {
    if (!checkBody || !current || !preview) return null;
    return {
      ...checkBody,
      ...(scheduleIso ? { scheduledAt: scheduleIso } : {}),
      ...(preview.invalid > 0 ? { proceedWithValid: true } : {}),
    };
  };

  const canSubmit = !!preview && preview.valid > 0 && (invalidCount === 0 || proceed) && affordable && !scheduleError;

  const submit = async () => {
    setShowErrors(true);
    setSubmitError(null);
    const body = submitBody();
    if (!body || !canSubmit) return;
    try {
      const result = await createMutation.mutateAsync({ body, key: keeper.current.keyFor(body) });
      setConfirming(false);
      keeper.current.reset();
      if (!result.activation) return;
      notify.success(success(result.message, 'createdPlain'));
      onCreated(result.activation);
    } catch (error) {
      setConfirming(false);
      setSubmitError(failure(error));
      // The SIMs or the wallet changed since the check (422): check again so the summary shows what holds now.
      if (isApiError(error) && error.status === 422) void check(true);
    }
  };

  const busy = previewMutation.isPending || createMutation.isPending;
  const available = wallet.data?.available;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canSubmit) setConfirming(true);
        else setShowErrors(true);
      }}
      aria-label={t('form.label')}
    >
      <Stack spacing={2.5}>
        <SectionCard title={t('form.planTitle')}>
          <Stack spacing={2}>
            {staff && (
              <OrganizationSelect
                organizations={organizations.data ?? []}
                loading={organizations.isPending}
                value={organizationId}
                onChange={(id) => {
                  setOrganizationId(id);
                  setBlueprintId('');
                }}
                label={t('form.organization')}
                required
                error={!!organizationError}
                helperText={organizationError ?? t('form.organizationHelp')}
                sx={{ maxWidth: 520 }}
              />
            )}
            <PlanSelect
              choices={choices}
              value={blueprintId}
              onChange={setBlueprintId}
              loading={plans.isFetching && !plans.data}
              disabled={staff && !organizationId}
              error={planError ?? (plans.isError ? failure(plans.error) : undefined)}
              hint={staff && !organizationId ? t('form.organizationFirst') : undefined}
            />
            {organizationId && available !== undefined && (
              <Box>
                <Chip
                  variant="outlined"
                  color="primary"
                  data-testid="buyer-wallet"
                  label={t('form.walletAvailable', { name: buyerName, amount: formatPaise(available) })}
                />
              </Box>
            )}
          </Stack>
        </SectionCard>

        <SectionCard title={t('form.simsTitle')}>
          <SimsSource
            state={source}
            onChange={setSource}
            filter={entry?.filter ?? null}
            limit={entry?.limit ?? null}
            fromSelection={entry?.iccids ? entry.iccids.length : null}
            list={list}
            error={sourceError}
          />
        </SectionCard>

        <SectionCard title={t('form.checkTitle')}>
          <RequestCheck
            help={t('form.checkHelp')}
            stale={t('form.stale')}
            made={checked !== null}
            current={current && preview ? { preview, list: current.list, fromFile: current.fromFile } : null}
            pending={previewMutation.isPending}
            busy={busy}
            onCheck={() => void check()}
            proceed={proceed}
            onProceed={setProceed}
            testId="section-check"
          >
            {cost && plan && preview && preview.valid > 0 && <CostSummary cost={cost} planName={plan.name} walletOf={buyerName} />}
          </RequestCheck>
        </SectionCard>

        <SectionCard title={t('form.submitTitle')}>
          <Stack spacing={2} sx={{ maxWidth: 640 }}>
            <FormControlLabel
              control={<Switch checked={scheduled} onChange={(e) => setScheduled(e.target.checked)} />}
              label={t('form.scheduleLater')}
            />
            {scheduled && (
              <TextField
                type="datetime-local"
                label={tr('form.scheduleAt')}
                value={scheduleText}
                onChange={(e) => setScheduleText(e.target.value)}
                error={!!scheduleError}
                helperText={scheduleError ?? t('form.scheduleHelp')}
                size="small"
                sx={{ maxWidth: 320 }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
            {submitError && (
              <Alert severity="error" role="alert" data-testid="submit-error">
                {submitError}
              </Alert>
            )}
            {!current && (
              <Typography variant="body2" color="text.secondary">
                {t('form.checkFirst')}
              </Typography>
            )}
            {current && cost && !affordable && (
              <Typography variant="body2" color="error">
                {t('form.cannotPay')}
              </Typography>
            )}
            <Stack direction="row" spacing={1.5}>
              <Button
                type="submit"
                variant="contained"
                startIcon={createMutation.isPending ? <CircularProgress size={16} color="inherit" /> : <PowerSettingsNewOutlined />}
                disabled={!canSubmit || busy}
              >
                {preview && cost && preview.valid > 0
                  ? t('form.submitCount', {
                      count: preview.valid,
                      formatted: number.format(preview.valid),
                      amount: formatPaise(cost.amount),
                    })
                  : t('form.submit')}
              </Button>
              {onCancel && (
                <Button onClick={onCancel} disabled={createMutation.isPending}>
                  {t('form.cancel')}
                </Button>
              )}
            </Stack>
          </Stack>
        </SectionCard>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('confirm.createTitle')}
        text={
          cost && plan
            ? t('confirm.createText', {
                count: cost.sims,
                formatted: number.format(cost.sims),
                plan: plan.name,
                amount: formatPaise(cost.amount),
                name: buyerName,
              })
            : ''
        }
        confirmLabel={t('confirm.createConfirm')}
        busy={createMutation.isPending}
        onConfirm={() => void submit()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
